// Which error an update reports when more than one action (or operand) fails.
// Every case was run on DynamoDB Local (UpdateItem on a freshly put item).
import { describe, expect, it } from 'vitest';
import type { Item, UpdateNode } from '@dynotable/core';
import { BS, call, L, M, N, minus, plus, S, SS, update } from './builders.js';
import { errorOf, INVALID_PATH, MISSING, run, WRONG_TYPE } from './run-update.js';

const one = N('1');

describe('operands are all evaluated, left to right', () => {
  const item: Item = { a: N('1'), s: S('x'), l: L() };

  it.each<[string, UpdateNode, string]>([
    ['if_not_exists(a, nope), a present', update({ set: [['b', call('if_not_exists', 'a', 'nope')]] }), MISSING],
    ['if_not_exists(a, nope.x), a present', update({ set: [['b', call('if_not_exists', 'a', 'nope.x')]] }), MISSING],
    ['if_not_exists(a, a[0]), a present', update({ set: [['b', call('if_not_exists', 'a', 'a[0]')]] }), MISSING],
    ['list_append(l, nope)', update({ set: [['b', call('list_append', 'l', 'nope')]] }), MISSING],
    ['list_append(nope, l)', update({ set: [['b', call('list_append', 'nope', 'l')]] }), MISSING],
    ['a + nope', update({ set: [['b', plus('a', 'nope')]] }), MISSING],
    ['nope - a', update({ set: [['b', minus('nope', 'a')]] }), MISSING],
    // The left operand's type is checked before the right one is read.
    ['s + nope', update({ set: [['b', plus('s', 'nope')]] }), WRONG_TYPE],
    ['nope + s', update({ set: [['b', plus('nope', 's')]] }), MISSING],
    ['list_append(s, nope)', update({ set: [['b', call('list_append', 's', 'nope')]] }), WRONG_TYPE],
    ['list_append(nope, s)', update({ set: [['b', call('list_append', 'nope', 's')]] }), MISSING],
    ['s - nope.q', update({ set: [['b', minus('s', 'nope.q')]] }), WRONG_TYPE],
    // Function operands are evaluated before the arithmetic looks at either side.
    ['s - if_not_exists(x, nope)', update({ set: [['b', minus('s', call('if_not_exists', 'x', 'nope'))]] }), MISSING],
    ['if_not_exists(x, s) - nope', update({ set: [['b', minus(call('if_not_exists', 'x', 's'), 'nope')]] }), WRONG_TYPE],
    ['if_not_exists(x, :l) - nope', update({ set: [['b', minus(call('if_not_exists', 'x', L()), 'nope')]] }), WRONG_TYPE],
    ['if_not_exists(x, s) - if_not_exists(y, nope)', update({ set: [['b', minus(call('if_not_exists', 'x', 's'), call('if_not_exists', 'y', 'nope'))]] }), MISSING],
    ['if_not_exists(s, nope) - :n', update({ set: [['b', minus(call('if_not_exists', 's', 'nope'), one)]] }), MISSING],
  ])('SET b = %s fails', (_label, node, message) => {
    expect(errorOf(node, item).message).toBe(message);
  });

  it('if_not_exists still returns the present value; the fallback is only evaluated', () => {
    expect(run(update({ set: [['b', plus(call('if_not_exists', 'a', S('x')), one)]] }), item).b).toEqual(N('2'));
    expect(run(update({ set: [['b', call('if_not_exists', 'nope', 'a')]] }), item).b).toEqual(N('1'));
  });

  it('an unused fallback of the wrong type is no error, a used one is', () => {
    expect(errorOf(update({ set: [['b', plus(call('if_not_exists', 'zz', S('x')), one)]] }), item).message).toBe(WRONG_TYPE);
  });
});

describe('the failing action reported', () => {
  const item: Item = {
    a: N('1'),
    s: S('x'),
    b: S('x'),
    e: S('x'),
    r: S('x'),
    t: S('x'),
    m: M({ x: S('x') }),
    n: M({}),
  };
  const flat: Item = { a: N('1'), s: S('x'), m: BS([1]) };

  it.each<[string, UpdateNode, string]>([
    ['SET c = flag ADD s :n', update({ set: [['c', 'flag']], add: [['s', one]] }), WRONG_TYPE],
    ['SET c = flag ADD e :n', update({ set: [['c', 'flag']], add: [['e', one]] }), WRONG_TYPE],
    ['SET e = flag ADD b :n', update({ set: [['e', 'flag']], add: [['b', one]] }), MISSING],
    ['SET c = s + :n, d = flag', update({ set: [['c', plus('s', one)], ['d', 'flag']] }), MISSING],
    ['SET d = flag, c = s + :n', update({ set: [['d', 'flag'], ['c', plus('s', one)]] }), MISSING],
    ['SET c = s + :n, d = if_not_exists(nope, :n)', update({ set: [['c', plus('s', one)], ['d', call('if_not_exists', 'nope', one)]] }), WRONG_TYPE],
    ['SET b = flag, e = e + :n', update({ set: [['b', 'flag'], ['e', plus('e', one)]] }), WRONG_TYPE],
    ['SET e = e + :n, b = flag', update({ set: [['e', plus('e', one)], ['b', 'flag']] }), WRONG_TYPE],
    ['SET e = flag, b = b + :n', update({ set: [['e', 'flag'], ['b', plus('b', one)]] }), MISSING],
    ['SET b = flag, r = r + :n', update({ set: [['b', 'flag'], ['r', plus('r', one)]] }), WRONG_TYPE],
    ['SET r = r + :n, b = flag', update({ set: [['r', plus('r', one)], ['b', 'flag']] }), MISSING],
    ['SET n.x = flag ADD m.x :n', update({ set: [['n.x', 'flag']], add: [['m.x', one]] }), MISSING],
    ['SET m.x = m.x + :n, n.x = flag', update({ set: [['m.x', plus('m.x', one)], ['n.x', 'flag']] }), MISSING],
    ['SET m.y = flag, m.x = m.x + :n', update({ set: [['m.y', 'flag'], ['m.x', plus('m.x', one)]] }), MISSING],
    ['SET m.x = m.x + :n, m.y = flag', update({ set: [['m.x', plus('m.x', one)], ['m.y', 'flag']] }), MISSING],
    ['SET m.y = flag, a = a + :n, m.x = m.x + :n', update({ set: [['m.y', 'flag'], ['a', plus('a', one)], ['m.x', plus('m.x', one)]] }), MISSING],
    ['SET d = flag, t = t + :n', update({ set: [['d', 'flag'], ['t', plus('t', one)]] }), WRONG_TYPE],
    ['SET n.x = flag, m.x = m.x + :n', update({ set: [['n.x', 'flag'], ['m.x', plus('m.x', one)]] }), MISSING],
  ])('%s', (_label, node, message) => {
    expect(errorOf(node, item).message).toBe(message);
  });

  it.each<[string, UpdateNode, string]>([
    // Path errors are not checked first: they win here because of where `n.a` falls.
    ['REMOVE n.a SET b = nope', update({ remove: ['n.a'], set: [['b', 'nope']] }), INVALID_PATH],
    ['SET b = nope, n.a = :v', update({ set: [['b', 'nope'], ['n.a', one]] }), INVALID_PATH],
    ['SET b = nope ADD n.a :v', update({ set: [['b', 'nope']], add: [['n.a', one]] }), INVALID_PATH],
    ['SET b = nope DELETE n.a :v', update({ set: [['b', 'nope']], delete: [['n.a', SS('x')]] }), INVALID_PATH],
    ['SET c = s + :n REMOVE n.a', update({ set: [['c', plus('s', one)]], remove: ['n.a'] }), INVALID_PATH],
    ['SET c = nope, zz.x = :n', update({ set: [['c', 'nope'], ['zz.x', one]] }), MISSING],
    ['SET a.x = :n, c = nope', update({ set: [['a.x', one], ['c', 'nope']] }), MISSING],
    ['SET c = nope REMOVE a.x', update({ set: [['c', 'nope']], remove: ['a.x'] }), MISSING],
    // Within one action the target path is checked before the operand.
    ['SET n.a.b = nope', update({ set: [['n.a.b', 'nope']] }), INVALID_PATH],
    ['SET c = flag DELETE m :ss', update({ set: [['c', 'flag']], delete: [['m', SS('x')]] }), WRONG_TYPE],
  ])('%s (n missing, m a binary set)', (_label, node, message) => {
    expect(errorOf(node, flat).message).toBe(message);
  });
});
