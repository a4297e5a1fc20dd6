// Conditions on strings holding a lone surrogate, with the answers DynamoDB
// Local gave (docs/strings.md): a lone surrogate compares as the byte `?`.
import { describe, expect, it } from 'vitest';
import { evaluateCondition, type Item } from '@dynotable/core';
import { between, call, compare, inList, L, M, not, S, SS } from './builders.js';

const item: Item = {
  e: S('\ud800'),
  k: S('k\udbff-tail'),
  l: L(S('\ud800')),
  m: M({ a: S('x\udc00') }),
  ss: SS('\ud800', 'z'),
  pair: S('k😀'),
};
const check = (condition: Parameters<typeof evaluateCondition>[0]) => evaluateCondition(condition, item);

describe('a lone surrogate in a condition compares as `?`', () => {
  it('is equal to `?` and to any other lone surrogate, and not to U+FFFD', () => {
    for (const same of ['?', '\udbff', '\udc00']) {
      expect(check(compare('e', '=', S(same))), same).toBe(true);
      expect(check(compare('e', '<>', S(same))), same).toBe(false);
      expect(check(inList('e', S('x'), S(same))), same).toBe(true);
      expect(check(between('e', S(same), S(same))), same).toBe(true);
    }
    expect(check(compare('e', '=', S('\ufffd')))).toBe(false);
    expect(check(not(compare('e', '=', S('\ufffd'))))).toBe(true);
  });

  it('matches `?` in begins_with and contains, on strings and string sets', () => {
    expect(check(call('begins_with', 'k', S('k?')))).toBe(true);
    expect(check(call('begins_with', 'k', S('k\ud800-')))).toBe(true);
    expect(check(call('contains', 'k', S('?-t')))).toBe(true);
    expect(check(call('contains', 'ss', S('?')))).toBe(true);
    expect(check(call('contains', 'ss', S('\udfff')))).toBe(true);
    expect(check(call('contains', 'ss', S('\ufffd')))).toBe(false);
  });

  it('does not take the high half of a pair for a lone surrogate', () => {
    // `k\ud83d` is `k?` as bytes, which `k😀` does not begin with.
    expect(check(call('begins_with', 'pair', S('k\ud83d')))).toBe(false);
    expect(check(call('begins_with', 'pair', S('k😀')))).toBe(true);
  });

  it('makes lists, maps and sets that hold such strings equal by bytes', () => {
    expect(check(compare('l', '=', L(S('?'))))).toBe(true);
    expect(check(compare('m', '=', M({ a: S('x?') })))).toBe(true);
    expect(check(compare('ss', '=', SS('z', '\udbff')))).toBe(true);
    expect(check(compare('ss', '=', SS('z', '\ufffd')))).toBe(false);
  });
});
