import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareBytes, compareNumbers, compareScalars, compareStrings, normalizeNumber } from '@dynotable/core';
import { numberText } from '../support/arbitraries-values.js';

const utf8 = new TextEncoder();

/** Oracle: unsigned byte order of the UTF-8 encodings. */
function byteOrder(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Strings dense in the characters where UTF-16 and UTF-8 order disagree. */
const trickyString = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'A', 'z', '\u00bf', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uf8ff', '\uffff', '😀', '\u{10000}', '\u{10ffff}'),
    fc.integer({ min: 0xe000, max: 0xffff }).map((code) => String.fromCharCode(code)),
    fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
  ),
  maxLength: 6,
});

describe('compareStrings', () => {
  it('agrees with UTF-8 byte order, including U+E000+ against astral characters', () => {
    fc.assert(
      fc.property(fc.oneof(trickyString, fc.string({ unit: 'binary' })), fc.oneof(trickyString, fc.string({ unit: 'binary' })), (a, b) => {
        expect(Math.sign(compareStrings(a, b))).toBe(Math.sign(byteOrder(utf8.encode(a), utf8.encode(b))));
      }),
    );
  });

  it('encodes a lone surrogate as the byte `?`, as DynamoDB Local does (docs/strings.md)', () => {
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
    const dynamoBytes = (text: string) => utf8.encode(text.replace(lone, '?'));
    const unit = fc.oneof(
      fc.constantFrom('?', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00', '\ufffd', '\u0000', 'a', '@', '>', '\uffff', '\ue000'),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
    );
    const text = fc.array(unit, { maxLength: 6 }).map((units) => units.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(compareStrings(a, b)), JSON.stringify([a, b])).toBe(Math.sign(byteOrder(dynamoBytes(a), dynamoBytes(b))));
      }),
      { numRuns: 2000 },
    );
    expect(compareStrings('k\ud800', 'k\udbff')).toBe(0);
    expect(compareStrings('k\ud800', 'k?')).toBe(0);
    expect(compareStrings('k\ude00\ud83d', 'k??')).toBe(0);
    expect(compareStrings('k\ud800', 'k\ufffd')).toBeLessThan(0);
    expect(compareStrings('k\ud800', 'k\ud800\udc00')).toBeLessThan(0);
    expect(compareStrings('k\ud800x', 'k\ud800\udc00')).toBeLessThan(0);
    expect(compareStrings('k\udc00', 'k@')).toBeLessThan(0);
  });

  it('orders the documented examples', () => {
    expect(compareStrings('a', 'A')).toBeGreaterThan(0);
    expect(compareStrings('\u00bf', 'z')).toBeGreaterThan(0);
    expect(compareStrings('\uffff', '😀')).toBeLessThan(0);
    expect(compareStrings('ab', 'a')).toBeGreaterThan(0);
  });
});

describe('compareNumbers', () => {
  it('agrees with an integer oracle for any spelling', () => {
    fc.assert(
      fc.property(numberText, numberText, (a, b) => {
        const oracle = scaledInteger(a) - scaledInteger(b);
        expect(Math.sign(compareNumbers(a, b))).toBe(oracle === 0n ? 0 : oracle > 0n ? 1 : -1);
      }),
    );
  });

  it('orders 38-digit numbers, exponents and negatives exactly', () => {
    expect(compareNumbers('12345678901234567890123456789012345678', '12345678901234567890123456789012345679')).toBeLessThan(0);
    expect(compareNumbers('1E125', '9.9999999999999999999999999999999999999E+124')).toBeGreaterThan(0);
    expect(compareNumbers('-1E-130', '1E-130')).toBeLessThan(0);
    expect(compareNumbers('-2', '-10')).toBeGreaterThan(0);
    expect(compareNumbers('1.50', '1.5')).toBe(0);
    expect(compareNumbers('0.1', '1E-1')).toBe(0);
    // Digits far below 1E-130 (the oracle's scale must reach them).
    expect(compareNumbers('-1.0000000000000003e-130', '-1E-124')).toBeGreaterThan(0);
    expect(Math.sign(Number(scaledInteger('-1.0000000000000003e-130') - scaledInteger('-1E-124')))).toBe(1);
  });
});

/**
 * The number times 10^170 as a BigInt: exact for every DynamoDB number (38
 * significant digits from 1E-130 reach 10^-167).
 */
function scaledInteger(text: string): bigint {
  const canonical = normalizeNumber(text);
  const negative = canonical.startsWith('-');
  const [integer = '', fraction = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  const magnitude = BigInt(integer + fraction.padEnd(170, '0'));
  return negative ? -magnitude : magnitude;
}

describe('compareBytes', () => {
  it('treats bytes as unsigned', () => {
    expect(compareBytes(new Uint8Array([0x7f]), new Uint8Array([0x80]))).toBeLessThan(0);
    expect(compareBytes(new Uint8Array([0xff]), new Uint8Array([0x00, 0x00]))).toBeGreaterThan(0);
    expect(compareBytes(new Uint8Array([1]), new Uint8Array([1, 0]))).toBeLessThan(0);
  });

  it('agrees with the oracle', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 6 }), fc.uint8Array({ maxLength: 6 }), (a, b) => {
        expect(Math.sign(compareBytes(a, b))).toBe(Math.sign(byteOrder(a, b)));
      }),
    );
  });
});

describe('compareScalars', () => {
  it('orders same-typed key values and refuses mixed ones', () => {
    expect(compareScalars({ N: '10' }, { N: '9' })).toBeGreaterThan(0);
    expect(compareScalars({ S: '10' }, { S: '9' })).toBeLessThan(0);
    expect(compareScalars({ B: new Uint8Array([2]) }, { B: new Uint8Array([10]) })).toBeLessThan(0);
    expect(compareScalars({ S: '1' }, { N: '1' })).toBeUndefined();
    expect(compareScalars({ BOOL: true }, { BOOL: true })).toBeUndefined();
  });
});
