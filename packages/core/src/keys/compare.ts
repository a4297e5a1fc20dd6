/**
 * Comparators that order exactly as DynamoDB does: strings by their UTF-8
 * bytes, numbers numerically, binary as unsigned bytes.
 */
import { compareNumbers } from '../values/number.js';
import { compareDynamoDbStrings } from '../values/strings.js';
import type { AttributeValue } from '../values/types.js';

/**
 * DynamoDB's string order: by UTF-8 bytes, which is code point order (JS `<`
 * compares UTF-16 code units and puts astral characters below U+E000–U+FFFF),
 * with each lone surrogate encoded as `?` (values/strings.ts). Zero exactly
 * when the two strings are one key value.
 */
export function compareStrings(a: string, b: string): number {
  return compareDynamoDbStrings(a, b);
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
