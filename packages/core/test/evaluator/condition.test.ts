// Every expected result here was confirmed on DynamoDB Local (a Query FilterExpression
// over a one-item partition, or a PutItem ConditionExpression for "no item").
import { describe, expect, it } from 'vitest';
import { evaluateCondition } from '@dynotable/core';
import type { Comparator, Condition } from '@dynotable/core';
import { and, B, between, BOOL, compare, inList, L, M, N, NS, not, NULL, or, S, SS } from './builders.js';
import { item } from './fixture.js';

const check = (condition: Condition) => evaluateCondition(condition, item);
const ALL: Comparator[] = ['=', '<>', '<', '<=', '>', '>='];
/** The results of `=, <>, <, <=, >, >=` in that order. */
function results(left: string, right: Parameters<typeof compare>[2]): boolean[] {
  return ALL.map((operator) => check(compare(left, operator, right)));
}

describe('comparisons', () => {
  it('order strings by UTF-8 bytes', () => {
    expect(results('s', S('abc'))).toEqual([true, false, false, true, false, true]);
    expect(results('s', S('abd'))).toEqual([false, true, true, true, false, false]);
    expect(check(compare('s', '<', S('😀')))).toBe(true);
    expect(check(compare(S('😀'), '>', S('\uFFFD')))).toBe(true);
  });

  it('order numbers numerically', () => {
    expect(results('n', N('10'))).toEqual([true, false, false, true, false, true]);
    expect(results('n', N('9'))).toEqual([false, true, false, false, true, true]);
    expect(check(compare('n', '=', N('1e1')))).toBe(true);
  });

  it('order binary as unsigned bytes', () => {
    expect(results('b', B(1, 255))).toEqual([true, false, false, true, false, true]);
    expect(results('b', B(2))).toEqual([false, true, true, true, false, false]);
    expect(check(compare('b', '>', B(1, 128)))).toBe(true);
    expect(check(compare('b', '<', B(1, 255, 0)))).toBe(true);
  });

  it('give false for ordering across types, true only for <>', () => {
    expect(results('s', N('1'))).toEqual([false, true, false, false, false, false]);
    expect(check(compare('s', '<', 'n'))).toBe(false);
    expect(check(compare('s', '>', 'n'))).toBe(false);
  });

  it('do not order booleans, lists or other non-scalars (false, not an error, at runtime)', () => {
    expect(check(compare('t', '<', 't2'))).toBe(false);
    expect(check(compare('t', '>', 't2'))).toBe(false);
    expect(check(compare('l', '<', 'm'))).toBe(false);
  });

  it('test equality of every type, including sets, lists and maps', () => {
    expect(results('t', BOOL(true)).slice(0, 2)).toEqual([true, false]);
    expect(results('z', NULL).slice(0, 2)).toEqual([true, false]);
    expect(check(compare('ss', '=', SS('abc', 'b', 'a')))).toBe(true);
    expect(check(compare('ns', '=', NS('2', '1.0')))).toBe(true);
    expect(check(compare('m', '=', M({ k: L(N('1'), N('2')), a: S('x') })))).toBe(true);
    expect(check(compare('m.a', '=', 'l[0]'))).toBe(true);
  });

  it('treat a missing attribute as unequal to everything, itself included', () => {
    expect(results('mi', S('abc'))).toEqual([false, true, false, false, false, false]);
    expect(check(compare('mi', '=', 'mi2'))).toBe(false);
    expect(check(compare('mi', '<>', 'mi2'))).toBe(true);
    expect(check(compare('mi', '<', 'mi2'))).toBe(false);
    expect(check(compare('n', '>=', 'mi'))).toBe(false);
  });

  it('read nested paths and list indexes, missing when the step does not apply', () => {
    expect(check(compare('l[2][0]', '=', S('y')))).toBe(true);
    expect(check(compare('m.k[1]', '=', N('2')))).toBe(true);
    expect(check(compare('m.k[5]', '=', N('2')))).toBe(false);
    expect(check(compare('l.a', '=', S('y')))).toBe(false);
    expect(check(compare('s[0]', '=', S('y')))).toBe(false);
    expect(check(compare('ss[0]', '=', S('a')))).toBe(false);
  });

  it('compare two literals', () => {
    expect(evaluateCondition(compare(N('1'), '=', N('1.0')), undefined)).toBe(true);
  });
});

describe('BETWEEN', () => {
  it('is inclusive at both ends', () => {
    expect(check(between('s', S('abc'), S('abd')))).toBe(true);
    expect(check(between('n', N('10'), N('10')))).toBe(true);
    expect(check(between('n', N('1E1'), N('1.0E1')))).toBe(true);
  });

  it('is false when bounds found at runtime are reversed, of another type or missing', () => {
    expect(check(between('n', N('30'), 'n2'))).toBe(false);
    expect(check(between('n', 's', N('100')))).toBe(false);
    expect(check(between('s', S('a'), 'n2'))).toBe(false);
    expect(check(between('n', 'mi', N('100')))).toBe(false);
    expect(check(between('mi', 'n', 'n2'))).toBe(false);
    expect(check(between('t', 't2', 't'))).toBe(false);
  });
});

describe('IN', () => {
  it('is true when the operand equals any element', () => {
    expect(check(inList('n', N('1'), N('10.0')))).toBe(true);
    expect(check(inList('n', N('1'), N('1')))).toBe(false);
    expect(check(inList('n', S('10')))).toBe(false);
  });

  it('is false for a missing operand, and skips missing elements', () => {
    expect(check(inList('mi', 'mi2', 'n'))).toBe(false);
    expect(check(inList('n', 'mi', N('10')))).toBe(true);
    expect(evaluateCondition(inList(N('1'), N('1'), N('2')), undefined)).toBe(true);
  });
});

describe('AND, OR, NOT', () => {
  it('combine as parsed: AND binds tighter than OR', () => {
    // n = 10 OR (s = 'zzz' AND n = 0) → true; (n = 10 OR s = 'zzz') AND n = 0 → false
    expect(check(or(compare('n', '=', N('10')), and(compare('s', '=', S('zzz')), compare('n', '=', N('0')))))).toBe(true);
    expect(check(and(or(compare('n', '=', N('10')), compare('s', '=', S('zzz'))), compare('n', '=', N('0'))))).toBe(false);
    expect(check(and(not(compare('n', '=', N('10'))), compare('n', '=', N('10'))))).toBe(false);
  });
});

describe('no item', () => {
  it('behaves as an item with no attributes', () => {
    expect(evaluateCondition(compare('a', '=', N('1')), undefined)).toBe(false);
    expect(evaluateCondition(compare('a', '<>', N('1')), undefined)).toBe(true);
    expect(evaluateCondition(not(compare('a', '=', N('1'))), undefined)).toBe(true);
    expect(evaluateCondition(between('a', N('1'), N('2')), undefined)).toBe(false);
    expect(evaluateCondition(inList('a', N('1'), N('2')), undefined)).toBe(false);
  });
});
