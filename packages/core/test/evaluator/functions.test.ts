// Every expected result here was confirmed on DynamoDB Local (a Query FilterExpression
// over a one-item partition, or a PutItem ConditionExpression for "no item").
import { describe, expect, it } from 'vitest';
import { evaluateCondition } from '@dynotable/core';
import type { AttributeValue, Condition } from '@dynotable/core';
import { B, between, BOOL, call, compare, inList, L, M, N, not, S, SS } from './builders.js';
import { item } from './fixture.js';

const check = (condition: Condition) => evaluateCondition(condition, item);
const size = (path: string) => call('size', path);

describe('size()', () => {
  it('counts elements of sets, lists and maps, bytes of binary, and string length', () => {
    const sizes: [string, string][] = [['s', '3'], ['b', '2'], ['l', '5'], ['m', '2'], ['ss', '3'], ['ns', '2'], ['bs', '2'], ['e', '0'], ['eb', '0'], ['l[2]', '1'], ['m.k', '2']];
    for (const [path, expected] of sizes) {
      expect(check(compare(size(path), '=', N(expected))), path).toBe(true);
      expect(check(compare(size(path), '<>', N(expected))), path).toBe(false);
    }
  });

  it('counts UTF-16 code units of a string, as DynamoDB Local does', () => {
    // 'héllo😀' is 10 UTF-8 bytes, 6 code points, 7 UTF-16 code units.
    expect(check(compare(size('u'), '=', N('7')))).toBe(true);
    expect(check(compare(size('u'), '=', N('10')))).toBe(false);
  });

  it('has no value for numbers, booleans, null and missing attributes', () => {
    for (const path of ['n', 't', 'z', 'mi']) {
      expect(check(compare(size(path), '>=', N('0'))), path).toBe(false);
      expect(check(compare(size(path), '<>', N('1'))), path).toBe(true);
      expect(check(not(compare(size(path), '=', N('1')))), path).toBe(true);
    }
    expect(evaluateCondition(compare(size('a'), '<', N('1')), undefined)).toBe(false);
  });

  it('is a number operand anywhere a comparison takes one', () => {
    expect(check(compare(size('s'), '=', S('3')))).toBe(false);
    expect(check(compare(size('s'), '=', size('ss')))).toBe(true);
    expect(check(inList(size('s'), N('3')))).toBe(true);
    expect(check(between(size('s'), N('1'), N('4')))).toBe(true);
  });
});

describe('begins_with()', () => {
  const cases: [string, AttributeValue, boolean][] = [
    ['s', S('ab'), true], ['s', S(''), true], ['s', S('abc'), true], ['s', S('abcd'), false], ['u', S('hé'), true],
    ['b', B(1), true], ['b', B(), true], ['b', B(1, 255, 0), false],
    ['s', B(97), false], ['b', S('a'), false], ['ss', S('a'), false], ['l', S('x'), false], ['mi', S('a'), false],
  ];
  it.each(cases)('begins_with(%s, %o) is %s', (path, prefix, expected) => {
    expect(check(call('begins_with', path, prefix))).toBe(expected);
  });

  it('is false for a number or missing attribute found at runtime', () => {
    expect(check(call('begins_with', 's', 'n'))).toBe(false);
    expect(check(call('begins_with', 's', 'mi'))).toBe(false);
    expect(check(not(call('begins_with', 'n', 'sx')))).toBe(true);
  });
});

describe('contains()', () => {
  const cases: [string, AttributeValue, boolean][] = [
    ['s', S('bc'), true], ['s', S(''), true], ['s', S('abcd'), false], ['s', N('1'), false], ['u', S('😀'), true],
    ['ss', S('a'), true], ['ss', S('ab'), false], ['ss', N('1'), false],
    ['ns', N('1'), true], ['ns', N('1.0'), true], ['ns', S('1'), false],
    ['bs', B(1), true], ['bs', B(3), false],
    ['b', B(255), true], ['b', B(1, 255), true],
    ['l', S('x'), true], ['l', N('1.00'), true], ['l', L(S('y')), true], ['l', M({ q: S('r') }), true], ['l', SS('p'), true], ['l', S('z'), false],
    ['m', S('a'), false], ['m', S('x'), false], ['n', N('1'), false], ['t', BOOL(true), false], ['mi', S('a'), false],
  ];
  it.each(cases)('contains(%s, %o) is %s', (path, operand, expected) => {
    expect(check(call('contains', path, operand))).toBe(expected);
  });

  it('takes its operand from a path at runtime', () => {
    expect(check(call('contains', 'ss', 's'))).toBe(true);
    expect(check(call('contains', 'l', 'sx'))).toBe(true);
    expect(check(call('contains', 's', 'mi'))).toBe(false);
    expect(check(call('contains', 'ss', 'ns'))).toBe(false);
  });
});

describe('attribute_type()', () => {
  const types: [string, string][] = [['s', 'S'], ['n', 'N'], ['b', 'B'], ['t', 'BOOL'], ['z', 'NULL'], ['l', 'L'], ['m', 'M'], ['ss', 'SS'], ['ns', 'NS'], ['bs', 'BS'], ['l[2]', 'L'], ['m.k', 'L']];
  const all = ['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS'];
  it.each(types)('%s has type %s and no other', (path, type) => {
    for (const candidate of all) expect(check(call('attribute_type', path, S(candidate)))).toBe(candidate === type);
  });

  it('is false for a missing attribute', () => {
    for (const candidate of all) expect(check(call('attribute_type', 'mi', S(candidate)))).toBe(false);
    expect(evaluateCondition(call('attribute_type', 'a', S('NULL')), undefined)).toBe(false);
  });
});

describe('attribute_exists() / attribute_not_exists()', () => {
  const cases: [string, boolean][] = [
    ['s', true], ['z', true], ['mi', false], ['m.a', true], ['m.zz', false], ['m.k[1]', true], ['m.k[2]', false],
    ['l[3].q', true], ['l[3].r', false], ['l[0]', true], ['l[5]', false],
    ['s.a', false], ['s[0]', false], ['m[0]', false], ['l.a', false], ['mi.a', false], ['mi[0]', false],
  ];
  it.each(cases)('%s exists: %s', (path, exists) => {
    expect(check(call('attribute_exists', path))).toBe(exists);
    expect(check(call('attribute_not_exists', path))).toBe(!exists);
  });

  it('finds nothing when there is no item', () => {
    expect(evaluateCondition(call('attribute_exists', 'a'), undefined)).toBe(false);
    expect(evaluateCondition(call('attribute_not_exists', 'a.b[1]'), undefined)).toBe(true);
    expect(evaluateCondition(not(call('contains', 'a', S('1'))), undefined)).toBe(true);
  });
});

