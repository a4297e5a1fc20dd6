import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NumberValue, fromNative, toNative, validateItem } from '@dynotable/core';
import { item } from '../support/arbitraries-values.js';

describe('toNative / fromNative', () => {
  it('keeps a 38-digit number exact', () => {
    const stored = { n: { N: '12345678901234567890123456789012345678' } };
    const native = toNative(stored);
    expect(native['n']).toBeInstanceOf(NumberValue);
    expect((native['n'] as NumberValue).value).toBe('12345678901234567890123456789012345678');
    expect(fromNative(native)).toEqual(stored);
  });

  it('uses JS numbers only when they are exact and safe', () => {
    const native = toNative({ a: { N: '1.5' }, b: { N: '0.1' }, c: { N: '9007199254740993' }, d: { N: '1E40' }, e: { N: '-42' } });
    expect(native['a']).toBe(1.5);
    expect(native['b']).toBe(0.1);
    expect(native['c']).toBeInstanceOf(NumberValue);
    expect(native['d']).toBeInstanceOf(NumberValue);
    expect(native['e']).toBe(-42);
  });

  it('keeps sets as Set, binary as Uint8Array and NULL as null', () => {
    const native = toNative({ ss: { SS: ['a'] }, ns: { NS: ['1', '1E40'] }, b: { B: new Uint8Array([255]) }, z: { NULL: true } });
    expect(native['ss']).toEqual(new Set(['a']));
    expect(native['ns']).toBeInstanceOf(Set);
    expect(native['b']).toEqual(new Uint8Array([255]));
    expect(native['z']).toBeNull();
  });

  it('normalizes numbers and applies DynamoDB validation when reading native values', () => {
    expect(fromNative({ a: new NumberValue('1.50'), b: 2, c: new Set([new NumberValue('1E2'), 3]) })).toEqual({
      a: { N: '1.5' },
      b: { N: '2' },
      c: { NS: ['100', '3'] },
    });
    expect(() => fromNative({ a: new NumberValue('1E200') })).toThrow('Number overflow');
  });

  it('AttributeValue -> native -> AttributeValue gives the stored item', () => {
    fc.assert(
      fc.property(item, (value) => {
        const stored = validateItem(value);
        expect(fromNative(toNative(stored))).toEqual(stored);
      }),
    );
  });
});
