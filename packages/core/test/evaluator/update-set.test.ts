// Every expected result and error message here was confirmed on DynamoDB Local
// (UpdateItem with ReturnValues ALL_NEW on a freshly put item).
import { describe, expect, it } from 'vitest';
import type { Item, UpdateNode } from '@dynotable/core';
import { call, L, M, minus, N, NULL, plus, S, SS, update } from './builders.js';
import { errorOf as errorOn, INVALID_PATH, MISSING, PRECISION, run as runOn, WRONG_TYPE } from './run-update.js';

const base: Item = {
  a: N('1'),
  b: N('2'),
  s: S('x'),
  z: NULL,
  l: L(S('l0'), S('l1'), S('l2')),
  m: M({ x: N('1'), n: M({ y: S('y') }) }),
  ss: SS('a', 'b'),
};

/** Runs on `base` unless told otherwise; `null` stands for "no item". */
const run = (node: UpdateNode, item: Item | null = base) => runOn(node, item);
const errorOf = (node: UpdateNode, item: Item | null = base) => errorOn(node, item);

describe('SET', () => {
  it('evaluates every operand on the original item', () => {
    const swapped = run(update({ set: [['a', 'b'], ['b', 'a']] }));
    expect(swapped.a).toEqual(N('2'));
    expect(swapped.b).toEqual(N('1'));
    const later = run(update({ set: [['c', plus('a', 'b')], ['a', N('100')]] }));
    expect(later.c).toEqual(N('3'));
    expect(run(update({ set: [['l[0]', S('new')], ['l[1]', 'l[0]']] })).l).toEqual(L(S('new'), S('l0'), S('l2')));
    expect(run(update({ set: [['a', 'b']], add: [['b', N('10')]] }))).toMatchObject({ a: N('2'), b: N('12') });
  });

  it('creates an attribute and nested map keys whose parent exists', () => {
    expect(run(update({ set: [['a', N('1')]] }), null)).toEqual({ a: N('1') });
    const nested = run(update({ set: [['m.n.z', N('1')], ['m.w', N('1')]] }));
    expect(nested.m).toEqual(M({ x: N('1'), n: M({ y: S('y'), z: N('1') }), w: N('1') }));
    expect(run(update({ set: [['a', 'm.n']] })).a).toEqual(M({ y: S('y') }));
  });

  it.each(['q.r', 'm.q.r', 's.r', 's[0]', 'm[0]', 'l.x', 'q[0]', 'l[3].x', 'l[0].x', 'ss[0]'])(
    'refuses the path %s whose parent is missing or of the wrong kind',
    (target) => {
      expect(errorOf(update({ set: [[target, N('1')]] })).message).toBe(INVALID_PATH);
    },
  );

  it('refuses a nested path when there is no item', () => {
    expect(errorOf(update({ set: [['a.b', N('1')]] }), null).message).toBe(INVALID_PATH);
  });

  it('appends past the end of a list, several indexes in index order', () => {
    expect(run(update({ set: [['l[10]', N('1')]] })).l).toEqual(L(S('l0'), S('l1'), S('l2'), N('1')));
    expect(run(update({ set: [['l[10]', N('1')], ['l[7]', N('2')]] })).l).toEqual(L(S('l0'), S('l1'), S('l2'), N('2'), N('1')));
    expect(run(update({ set: [['l[1]', N('1')], ['l[5]', N('2')]] })).l).toEqual(L(S('l0'), N('1'), S('l2'), N('2')));
    expect(run(update({ set: [['l[5]', N('2')], ['l[3]', N('1')]] })).l).toEqual(L(S('l0'), S('l1'), S('l2'), N('1'), N('2')));
  });

  it('refers to missing attributes only through if_not_exists', () => {
    for (const source of ['mi', 'm.zz', 'l[9]', 's.x', 's[0]', 'ss[0]']) {
      expect(errorOf(update({ set: [['a', source]] })).message, source).toBe(MISSING);
    }
    expect(errorOf(update({ set: [['a', 'b']] }), null).message).toBe(MISSING);
  });

  it('computes + and - exactly, numbers only', () => {
    expect(run(update({ set: [['a', minus('a', N('0.5'))]] })).a).toEqual(N('0.5'));
    expect(run(update({ set: [['a', plus(N('0.1'), N('0.2'))]] })).a).toEqual(N('0.3'));
    expect(run(update({ set: [['a', plus(N('1E5'), N('1'))]] })).a).toEqual(N('100001'));
    expect(run(update({ set: [['a', plus(N('-5'), N('2'))]] })).a).toEqual(N('-3'));
    expect(run(update({ set: [['a', plus(N('1E30'), N('1E-7'))]] })).a).toEqual(N('1000000000000000000000000000000.0000001'));
    expect(run(update({ set: [['a', plus(N('99999999999999999999999999999999999999'), N('1'))]] })).a).toEqual(N('100000000000000000000000000000000000000'));
    expect(errorOf(update({ set: [['a', plus('s', N('1'))]] })).message).toBe(WRONG_TYPE);
    expect(errorOf(update({ set: [['a', plus('mi', N('1'))]] })).message).toBe(MISSING);
    expect(errorOf(update({ set: [['a', minus(N('1'), 'mi')]] })).message).toBe(MISSING);
  });

  it('refuses results beyond 38 digits or the number range', () => {
    expect(errorOf(update({ set: [['a', plus(N('1E+20'), N('1E-20'))]] })).message).toBe(PRECISION);
    expect(errorOf(update({ set: [['a', plus(N('12345678901234567890123456789012345678'), N('0.1'))]] })).message).toBe(PRECISION);
    expect(errorOf(update({ set: [['a', plus(N('99999999999999999999999999999999999999'), N('2'))]] })).message).toBe(PRECISION);
    // 39 digits and out of range: precision is reported first.
    expect(errorOf(update({ set: [['a', plus(N('9.9999999999999999999999999999999999999E+125'), N('1E+125'))]] })).message).toBe(PRECISION);
    expect(errorOf(update({ set: [['a', plus(N('9E125'), N('9E125'))]] })).message).toBe(
      'Number overflow. Attempting to store a number with magnitude larger than supported range',
    );
    expect(errorOf(update({ set: [['a', minus(N('-9E125'), N('9E125'))]] })).message).toBe(
      'Number overflow. Attempting to store a number with magnitude larger than supported range',
    );
    expect(errorOf(update({ set: [['a', minus(N('2E-130'), N('1.5E-130'))]] })).message).toBe(
      'Number underflow. Attempting to store a number with magnitude smaller than supported range',
    );
  });

  it('writes canonical numbers', () => {
    // DynamoDB Local echoes "0.0" and "3.00" here; the canonical forms are what GetItem returns.
    expect(run(update({ set: [['a', plus(N('1.5'), N('-1.5'))]] })).a).toEqual(N('0'));
    expect(run(update({ set: [['a', plus(N('1.25'), N('1.75'))]] })).a).toEqual(N('3'));
    expect(run(update({ set: [['a', minus(N('1E-100'), N('1E-100'))]] })).a).toEqual(N('0'));
    expect(run(update({ set: [['a', N('1.50E3')]] })).a).toEqual(N('1500'));
    expect(run(update({ set: [['a', L(N('1.0'), N('1E2'))]] })).a).toEqual(L(N('1'), N('100')));
  });

  it('if_not_exists takes the attribute when present (even NULL), else the fallback', () => {
    const result = run(update({ set: [['a', call('if_not_exists', 'a', N('9'))], ['c', call('if_not_exists', 'c', N('9'))]] }));
    expect(result).toMatchObject({ a: N('1'), c: N('9') });
    expect(run(update({ set: [['a', call('if_not_exists', 'm.zz', N('9'))]] })).a).toEqual(N('9'));
    expect(run(update({ set: [['a', call('if_not_exists', 's.x', 'b')]] })).a).toEqual(N('2'));
    expect(run(update({ set: [['a', call('if_not_exists', 's', 'b')]] })).a).toEqual(S('x'));
    expect(run(update({ set: [['a', call('if_not_exists', 'z', N('5'))]] })).a).toEqual(NULL);
    expect(run(update({ set: [['a', plus(call('if_not_exists', 'm.x', N('9')), N('9'))]] })).a).toEqual(N('10'));
    expect(errorOf(update({ set: [['a', call('if_not_exists', 'mi', 'mi2')]] })).message).toBe(MISSING);
  });

  it('list_append joins two lists, either way round', () => {
    expect(run(update({ set: [['l', call('list_append', 'l', L(N('9')))]] })).l).toEqual(L(S('l0'), S('l1'), S('l2'), N('9')));
    expect(run(update({ set: [['l', call('list_append', L(N('9')), 'l')]] })).l).toEqual(L(N('9'), S('l0'), S('l1'), S('l2')));
    expect(run(update({ set: [['l', call('list_append', 'l', 'l')]] })).l).toEqual(L(S('l0'), S('l1'), S('l2'), S('l0'), S('l1'), S('l2')));
    expect(run(update({ set: [['l', call('list_append', L(), L())]] })).l).toEqual(L());
    const empty = L();
    expect(run(update({ set: [['l', call('list_append', call('if_not_exists', 'mi', empty), 'l')]] })).l).toEqual(base.l);
  });

  it('list_append refuses non-lists and missing attributes', () => {
    expect(errorOf(update({ set: [['l', call('list_append', 'l', 'a')]] })).message).toBe(WRONG_TYPE);
    expect(errorOf(update({ set: [['l', call('list_append', 'l', 'ss')]] })).message).toBe(WRONG_TYPE);
    expect(errorOf(update({ set: [['l', call('list_append', L(N('1')), 's')]] })).message).toBe(WRONG_TYPE);
    expect(errorOf(update({ set: [['l', call('list_append', 'mi', 'l')]] })).message).toBe(MISSING);
    expect(errorOf(update({ set: [['l', call('list_append', 'l', 'mi')]] })).message).toBe(MISSING);
  });
});
