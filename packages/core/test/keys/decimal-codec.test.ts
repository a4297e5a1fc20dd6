import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KeyCodecError, compareNumbers, compareStrings, normalizeNumber, sortableDecimal } from '@dynotable/core';

describe('sortableDecimal', () => {
  const price = sortableDecimal(4, 2);

  it('writes a fixed number of digits on both sides of the point', () => {
    expect(price.encode('12.5')).toBe('0012.50');
    expect(price.encode(0)).toBe('0000.00');
    expect(price.encode(-0.01)).toBe('-9999.99');
    expect(price.encode('-9999.99')).toBe('-0000.01');
    expect(price.encode({ value: '1E2' })).toBe('0100.00');
    expect(sortableDecimal(3, 0).encode('7')).toBe('007');
  });

  it('refuses extra fractional digits and values too large, never rounding', () => {
    expect(() => price.encode('1.234')).toThrow('more than 2 fractional digits');
    expect(() => price.encode('10000')).toThrow('does not fit in 4 integer digits');
    expect(() => price.encode('-10000')).toThrow(KeyCodecError);
    expect(() => price.encode('abc')).toThrow(KeyCodecError);
    expect(price.encode('1.2300')).toBe('0001.23');
  });

  it('decodes to the canonical number text', () => {
    expect(price.decode('0012.50')).toBe('12.5');
    expect(price.decode('-9999.99')).toBe('-0.01');
    expect(price.decode('0000.00')).toBe('0');
    expect(() => price.decode('12.50')).toThrow(KeyCodecError);
  });

  it('orders like the numbers and decodes back', () => {
    const value = fc
      .tuple(fc.bigInt({ min: -(10n ** 6n) + 1n, max: 10n ** 6n - 1n }), fc.integer({ min: 0, max: 3 }))
      .map(([units, drop]) => normalizeNumber(`${units}E-${2 + drop}`))
      .filter((text) => !/\.\d{3}/.test(text));
    fc.assert(
      fc.property(value, value, (a, b) => {
        const ea = price.encode(a);
        const eb = price.encode(b);
        expect(Math.sign(compareStrings(ea, eb))).toBe(Math.sign(compareNumbers(a, b)));
        expect(price.decode(ea)).toBe(a);
      }),
    );
  });
});
