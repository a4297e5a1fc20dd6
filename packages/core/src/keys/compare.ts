/**
 * Comparators that order exactly as DynamoDB does: strings by their UTF-8
 * bytes, numbers numerically, binary as unsigned bytes.
 */
import { compareNumbers } from '../values/number.js';
import type { AttributeValue } from '../values/types.js';

/**
 * UTF-8 byte order equals Unicode code point order. JS `<` compares UTF-16 code
 * units, which puts astral characters (surrogate pairs, 0xD800–0xDFFF) below
 * U+E000–U+FFFF; shifting the ranges fixes that without encoding the strings.
 */
export function compareStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codeUnitRank(x) - codeUnitRank(y);
  }
  return a.length - b.length;
}

function codeUnitRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/** Byte-wise comparison, each byte unsigned. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

/**
 * Orders two scalar values of the same key type (S, N or B). Returns undefined
 * when the values are of different or non-scalar types: DynamoDB does not order them.
 */
export function compareScalars(a: AttributeValue, b: AttributeValue): number | undefined {
  if ('S' in a && 'S' in b) return compareStrings(a.S, b.S);
  if ('N' in a && 'N' in b) return compareNumbers(a.N, b.N);
  if ('B' in a && 'B' in b) return compareBytes(a.B, b.B);
  return undefined;
}
