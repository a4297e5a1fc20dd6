/**
 * Equality of wire values as DynamoDB's `=` sees it: numbers by value (1.50
 * equals 1.5), sets regardless of order, maps and lists member by member.
 */
import { compareNumbers, type WireAttributeValue } from '@dynotable/core';

function sameMembers(a: readonly string[], b: readonly string[], equal: (x: string, y: string) => boolean): boolean {
  return a.length === b.length && a.every((x) => b.some((y) => equal(x, y)));
}

const numbersEqual = (a: string, b: string) => compareNumbers(a, b) === 0;
const textsEqual = (a: string, b: string) => a === b;

export function valuesEqual(a: WireAttributeValue, b: WireAttributeValue): boolean {
  if ('S' in a) return 'S' in b && a.S === b.S;
  if ('N' in a) return 'N' in b && numbersEqual(a.N, b.N);
  if ('B' in a) return 'B' in b && a.B === b.B;
  if ('BOOL' in a) return 'BOOL' in b && a.BOOL === b.BOOL;
  if ('NULL' in a) return 'NULL' in b;
  if ('SS' in a) return 'SS' in b && sameMembers(a.SS, b.SS, textsEqual);
  if ('NS' in a) return 'NS' in b && sameMembers(a.NS, b.NS, numbersEqual);
  if ('BS' in a) return 'BS' in b && sameMembers(a.BS, b.BS, textsEqual);
  if ('L' in a) return 'L' in b && a.L.length === b.L.length && a.L.every((member, index) => valuesEqual(member, b.L[index]!));
  if (!('M' in b)) return false;
  const names = Object.keys(a.M);
  return names.length === Object.keys(b.M).length && names.every((name) => Object.hasOwn(b.M, name) && valuesEqual(a.M[name]!, b.M[name]!));
}
