import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatNumber, itemFromWire, itemToWire, normalizeNumber, parseNumber, validateItem } from '@dynotable/core';

/** The slow, general path: parse with decimal.js, then format. */
const slow = (text: string) => formatNumber(parseNumber(text));

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom('0', '1', '2', '5', '9'), { minLength: min, maxLength: max }).map((d) => d.join(''));

const numberText = fc
  .tuple(fc.constantFrom('', '-'), digits(1, 42), fc.option(digits(1, 42), { nil: undefined }))
  .map(([sign, integer, fraction]) => `${sign}${integer}${fraction === undefined ? '' : `.${fraction}`}`);

describe('normalizeNumber', () => {
  it('agrees with the general path on any plain decimal text, canonical or not', () => {
    fc.assert(
      fc.property(numberText, (text) => {
        let expected: string | Error;
        try {
          expected = slow(text);
        } catch (error) {
          expected = error as Error;
        }
        if (expected instanceof Error) expect(() => normalizeNumber(text)).toThrow(expected.message);
        else expect(normalizeNumber(text)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses 39 significant digits even in canonical form', () => {
    expect(() => normalizeNumber('123456789012345678901234567890123456789')).toThrow(/38/);
    expect(normalizeNumber('12345678901234567890123456789012345678')).toBe('12345678901234567890123456789012345678');
  });
});

describe('attribute maps', () => {
  it('keep an attribute named __proto__ as an ordinary attribute', () => {
    const wire = JSON.parse('{"__proto__":{"S":"x"},"a":{"N":"1.50"}}') as unknown;
    const item = validateItem(itemFromWire(wire));
    expect(Object.keys(item)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(JSON.stringify(itemToWire(item))).toBe('{"__proto__":{"S":"x"},"a":{"N":"1.5"}}');
  });
});

describe('reading deeply nested wire values', () => {
  it('refuses a document nested far beyond 32 levels with the nesting message, not a stack overflow', () => {
    let value: unknown = { S: 'leaf' };
    for (let i = 0; i < 100_000; i++) value = { L: [value] };
    expect(() => itemFromWire({ a: value })).toThrow(/Nesting Levels have exceeded supported limits/);
  });
});
