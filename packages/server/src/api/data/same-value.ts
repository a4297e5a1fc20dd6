/**
 * Whether two attribute values are equal as DynamoDB's `=` sees them: numbers
 * by value (1 = 1.0), sets regardless of order, lists in order, maps whole.
 */
import { compareBytes, compareNumbers, type AttributeValue } from '@dynotable/core';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return compareBytes(a, b) === 0;
}

function sameSet<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  return a.length === b.length && a.every((x) => b.some((y) => same(x, y)));
}

export function sameValue(a: AttributeValue, b: AttributeValue): boolean {
  if ('S' in a) return 'S' in b && a.S === b.S;
  if ('N' in a) return 'N' in b && compareNumbers(a.N, b.N) === 0;
  if ('B' in a) return 'B' in b && sameBytes(a.B, b.B);
  if ('BOOL' in a) return 'BOOL' in b && a.BOOL === b.BOOL;
  if ('NULL' in a) return 'NULL' in b;
  if ('SS' in a) return 'SS' in b && sameSet(a.SS, b.SS, (x, y) => x === y);
  if ('NS' in a) return 'NS' in b && sameSet(a.NS, b.NS, (x, y) => compareNumbers(x, y) === 0);
  if ('BS' in a) return 'BS' in b && sameSet(a.BS, b.BS, sameBytes);
  if ('L' in a) return 'L' in b && a.L.length === b.L.length && a.L.every((element, i) => sameValue(element, b.L[i]!));
  if (!('M' in b)) return false;
  const names = Object.keys(a.M);
  return names.length === Object.keys(b.M).length && names.every((name) => Object.hasOwn(b.M, name) && sameValue(a.M[name]!, b.M[name]!));
}
