// Every expected result and error message here was confirmed on DynamoDB Local
// (UpdateItem with ReturnValues ALL_NEW on a freshly put item).
import { describe, expect, it } from 'vitest';
import { applyUpdateDetailed } from '@dynotable/core';
import type { AttributeValue, Item, UpdateNode } from '@dynotable/core';
import { BS, L, M, N, NS, S, SS, update } from './builders.js';
import { errorOf as errorOn, INVALID_PATH, PRECISION, run as runOn, WRONG_TYPE } from './run-update.js';

const base: Item = {
  a: N('1'),
  s: S('x'),
  l: L(S('l0'), S('l1'), S('l2')),
  m: M({ x: N('1'), k: L(N('1'), M({ p: S('p'), q: S('q') })) }),
  ss: SS('a', 'b'),
  ns: NS('1', '2'),
  bs: BS([1]),
};

const run = (node: UpdateNode, item: Item | null = base) => runOn(node, item);
const errorOf = (node: UpdateNode, item: Item | null = base) => errorOn(node, item);
const without = (name: string): Item => Object.fromEntries(Object.entries(base).filter(([key]) => key !== name));

describe('REMOVE', () => {
  it.each(['mi', 'm.zz', 'l[9]'])('ignores %s, which is not there', (target) => {
    expect(run(update({ remove: [target] }))).toEqual(base);
  });

  it('removes nothing when there is no item', () => {
    expect(run(update({ remove: ['a'] }), null)).toEqual({});
  });

  it.each(['s.x', 's[0]', 'mi[0]', 'mi.x', 'm[0]', 'l.x', 'm.zz.q', 'l[9].q', 'l[0].q', 'l[0][0]', 'ss[0]'])(
    'refuses %s, whose parent is missing or of the wrong kind',
    (target) => {
      expect(errorOf(update({ remove: [target] })).message).toBe(INVALID_PATH);
    },
  );

  it('shifts later list elements left; several indexes name original positions', () => {
    expect(run(update({ remove: ['l[1]'] })).l).toEqual(L(S('l0'), S('l2')));
    expect(run(update({ remove: ['l[0]', 'l[2]'] })).l).toEqual(L(S('l1')));
    expect(run(update({ remove: ['l[0]', 'l[1]', 'l[2]'] })).l).toEqual(L());
    expect(run(update({ remove: ['m.k[1].p', 'm.k[0]'] })).m).toEqual(M({ x: N('1'), k: L(M({ q: S('q') })) }));
  });

  it('leaves an emptied map in place', () => {
    expect(run(update({ remove: ['m.k[1].p', 'm.k[1].q'] })).m).toEqual(M({ x: N('1'), k: L(N('1'), M({})) }));
  });

  it('removes every attribute', () => {
    expect(run(update({ remove: Object.keys(base) }))).toEqual({});
  });

  it('runs after SET and ADD, whose indexes also name original positions', () => {
    expect(run(update({ set: [['l[1]', S('new')]], remove: ['l[0]'] })).l).toEqual(L(S('new'), S('l2')));
    expect(run(update({ set: [['l[5]', S('new')]], remove: ['l[0]'] })).l).toEqual(L(S('l1'), S('l2'), S('new')));
    expect(run(update({ set: [['l[0]', S('new')]], remove: ['l[2]', 'l[1]'] })).l).toEqual(L(S('new')));
    expect(run(update({ set: [['c', 'l']], remove: ['l[0]'] })).c).toEqual(base.l);
    const numbers = { l: L(N('1'), N('2'), N('3')) };
    expect(run(update({ add: [['l[1]', N('10')]], remove: ['l[0]'] }), numbers).l).toEqual(L(N('12'), N('3')));
    expect(run(update({ set: [['l[1]', 'l[2]'], ['l[2]', N('10')]], remove: ['l[0]'] }), numbers).l).toEqual(L(N('3'), N('10')));
  });
});

describe('ADD', () => {
  it('adds to a number, a missing attribute counting as 0', () => {
    expect(run(update({ add: [['a', N('5')]] })).a).toEqual(N('6'));
    expect(run(update({ add: [['a', N('-1')]] })).a).toEqual(N('0'));
    expect(run(update({ add: [['c', N('5')]] })).c).toEqual(N('5'));
    expect(run(update({ add: [['m.c', N('5')]] })).m).toEqual(M({ ...(base.m as { M: Record<string, AttributeValue> }).M, c: N('5') }));
    expect(run(update({ add: [['m.x', N('-1')]] })).m).toMatchObject({ M: { x: N('0') } });
    // DynamoDB Local echoes "1.50" in ALL_NEW but stores and returns the canonical "1.5".
    expect(run(update({ add: [['a', N('1.50')]] }), null)).toEqual({ a: N('1.5') });
    expect(run(update({ add: [['a', N('1')], ['c', N('1')]] }))).toMatchObject({ a: N('2'), c: N('1') });
  });

  it('appends past the end of a list, in index order with SET', () => {
    const numbers = { l: L(N('1'), N('2'), N('3')) };
    expect(run(update({ add: [['l[7]', N('5')]] }), numbers).l).toEqual(L(N('1'), N('2'), N('3'), N('5')));
    expect(run(update({ add: [['l[5]', N('7')]], set: [['l[4]', N('10')]] }), numbers).l).toEqual(L(N('1'), N('2'), N('3'), N('10'), N('7')));
    expect(run(update({ add: [['l[5]', N('7')], ['l[4]', N('10')]] }), numbers).l).toEqual(L(N('1'), N('2'), N('3'), N('10'), N('7')));
    expect(run(update({ set: [['l[2]', N('10')]], add: [['l[5]', N('7')]] }), numbers).l).toEqual(L(N('1'), N('2'), N('10'), N('7')));
  });

  it('checks the precision and range of the sum', () => {
    expect(run(update({ add: [['a', N('99999999999999999999999999999999999999')]] })).a).toEqual(N('100000000000000000000000000000000000000'));
    expect(errorOf(update({ add: [['a', N('9.9999999999999999999999999999999999999E+125')]] })).message).toBe(PRECISION);
  });

  it('joins sets of the same type, numerically for numbers', () => {
    expect(run(update({ add: [['ss', SS('c', 'a')]] })).ss).toEqual(SS('a', 'b', 'c'));
    expect(run(update({ add: [['ns', NS('3', '1.0')]] })).ns).toEqual(NS('1', '2', '3'));
    expect(run(update({ add: [['bs', BS([1], [2])]] })).bs).toEqual(BS([1], [2]));
    expect(run(update({ add: [['c', SS('x')]] })).c).toEqual(SS('x'));
    expect(run(update({ add: [['m.c', NS('1')]] })).m).toMatchObject({ M: { c: NS('1') } });
    expect(run(update({ add: [['a', NS('1.50', '2')]] }), null)).toEqual({ a: NS('1.5', '2') });
  });

  it('refuses mismatched types', () => {
    const cases: [string, AttributeValue][] = [
      ['s', N('5')], ['a', SS('5')], ['ss', NS('1')], ['ns', SS('3')], ['ns', N('1')], ['m', N('1')], ['l[1]', N('5')], ['l[0]', SS('1')],
    ];
    for (const [target, value] of cases) expect(errorOf(update({ add: [[target, value]] })).message, target).toBe(WRONG_TYPE);
  });

  it('refuses a path whose parent is missing', () => {
    expect(errorOf(update({ add: [['mi.c', N('5')]] })).message).toBe(INVALID_PATH);
  });
});

describe('DELETE', () => {
  it('removes a subset, numbers compared numerically', () => {
    expect(run(update({ delete: [['ss', SS('a')]] })).ss).toEqual(SS('b'));
    expect(run(update({ delete: [['ss', SS('z')]] })).ss).toEqual(SS('a', 'b'));
    expect(run(update({ delete: [['ns', NS('1.0')]] })).ns).toEqual(NS('2'));
  });

  it('removes the attribute when no member is left', () => {
    expect(run(update({ delete: [['ss', SS('a', 'b')]] }))).toEqual(without('ss'));
    expect(run(update({ delete: [['ss', SS('a', 'b', 'z')]] }))).toEqual(without('ss'));
    expect(run(update({ delete: [['bs', BS([1])]] }))).toEqual(without('bs'));
    const sets = { k: L(SS('a'), SS('b')) };
    expect(run(update({ delete: [['k[0]', SS('a')]] }), sets).k).toEqual(L(SS('b')));
    expect(run(update({ delete: [['k[1]', SS('b')]], remove: ['k[0]'] }), sets).k).toEqual(L());
  });

  it('ignores a missing attribute', () => {
    for (const target of ['mi', 'm.zz', 'l[9]']) expect(run(update({ delete: [[target, NS('1')]] }))).toEqual(base);
    expect(run(update({ delete: [['a', SS('x')]] }), null)).toEqual({});
  });

  it('refuses mismatched types and missing parents', () => {
    const cases: [string, AttributeValue][] = [['ss', NS('1')], ['a', NS('1')], ['l', SS('l0')], ['s', SS('x')], ['l[0]', SS('l0')]];
    for (const [target, value] of cases) expect(errorOf(update({ delete: [[target, value]] })).message, target).toBe(WRONG_TYPE);
    expect(errorOf(update({ delete: [['mi.zz', NS('1')]] })).message).toBe(INVALID_PATH);
  });
});

describe('applyUpdateDetailed', () => {
  it('reports the paths written and their top-level attributes', () => {
    const node = update({ set: [['m.x', N('7')], ['c', N('7')]], remove: ['l[0]', 'mi'], add: [['m.y', N('1')]], delete: [['ss', SS('a')]] });
    const { updatedPaths, updatedAttributeNames } = applyUpdateDetailed(node, base);
    expect(updatedPaths).toEqual([...node.set.map((a) => a.path), ...node.remove, ...node.add.map((a) => a.path), ...node.delete.map((a) => a.path)]);
    expect(updatedAttributeNames).toEqual(['m', 'c', 'l', 'mi', 'ss']);
  });
});
