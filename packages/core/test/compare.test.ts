import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareStrings, compareNumbers } from '@dynotable/core';

const utf8 = new TextEncoder();
function byteOrder(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

describe('compareStrings', () => {
  it('orders by UTF-8 bytes, not UTF-16 code units', () => {
    expect(Math.sign(compareStrings('\uE000', '😀'))).toBe(-1);
    expect('\uE000' < '😀').toBe(false);
  });
  it('agrees with byte order for any strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
      expect(Math.sign(compareStrings(a, b))).toBe(Math.sign(byteOrder(a, b)));
    }));
  });
});

describe('compareNumbers', () => {
  it('compares 38-digit numbers exactly', () => {
    expect(compareNumbers('12345678901234567890123456789012345678', '12345678901234567890123456789012345679')).toBe(-1);
    expect(compareNumbers('-1e-130', '1e-130')).toBe(-1);
  });
});
