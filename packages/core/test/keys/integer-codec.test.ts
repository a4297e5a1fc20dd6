import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KeyCodecError, compareStrings, sortableInteger } from '@dynotable/core';

describe('sortableInteger', () => {
  const five = sortableInteger(5);

  it('zero-pads non-negative numbers and complements negative ones', () => {
    expect(five.encode(1842)).toBe('01842');
    expect(five.encode(0)).toBe('00000');
    expect(five.encode(99999)).toBe('99999');
    expect(five.encode(-1)).toBe('-99999');
    expect(five.encode(-99999)).toBe('-00001');
    expect(five.encode('-42')).toBe('-99958');
    expect(five.encode(12n)).toBe('00012');
  });

  it('refuses values that do not fit instead of truncating them', () => {
    expect(() => five.encode(100000)).toThrow(KeyCodecError);
    expect(() => five.encode(-100000)).toThrow('does not fit in 5 digits');
    expect(() => five.encode(1.5)).toThrow('not a safe integer');
    expect(() => five.encode('1e3')).toThrow('not an integer');
    expect(() => five.encode(2 ** 60)).toThrow(KeyCodecError);
  });

  it('refuses texts that are not its encodings', () => {
    for (const text of ['1842', '001842', '-00000', '+01842', 'abcde', '-1']) expect(() => five.decode(text)).toThrow(KeyCodecError);
  });

  it('orders like the numbers and decodes back, for any width', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.bigInt(), fc.bigInt(), (width, x, y) => {
        const limit = 10n ** BigInt(width);
        const a = x % limit;
        const b = y % limit;
        const codec = sortableInteger(width);
        const ea = codec.encode(a);
        const eb = codec.encode(b);
        expect(Math.sign(compareStrings(ea, eb))).toBe(a === b ? 0 : a < b ? -1 : 1);
        expect(codec.decode(ea)).toBe(a);
        expect(new RegExp(`^(?:${codec.pattern})$`).test(ea)).toBe(true);
      }),
    );
  });
});
