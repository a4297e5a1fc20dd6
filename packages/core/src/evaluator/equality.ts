/** DynamoDB's `=`: same type, then equal by that type's rules. */
import { compareBytes } from '../keys/compare.js';
import { compareNumbers } from '../values/number.js';
import { dynamoDbStringForm } from '../values/strings.js';
import type { AttributeValue } from '../values/types.js';
import { ownEntry } from './path.js';
import { bytesKey, filterMembers, numberKey } from './set-keys.js';

export function attributeValuesEqual(a: AttributeValue, b: AttributeValue): boolean {
  if ('S' in a) return 'S' in b && stringsEqual(a.S, b.S);
  if ('N' in a) return 'N' in b && numbersEqual(a.N, b.N);
  if ('B' in a) return 'B' in b && bytesEqual(a.B, b.B);
  if ('BOOL' in a) return 'BOOL' in b && a.BOOL === b.BOOL;
  if ('NULL' in a) return 'NULL' in b;
  if ('SS' in a) return 'SS' in b && sameSet(a.SS, b.SS, dynamoDbStringForm);
  if ('NS' in a) return 'NS' in b && sameSet(a.NS, b.NS, numberKey);
  if ('BS' in a) return 'BS' in b && sameSet(a.BS, b.BS, bytesKey);
  if ('L' in a) return 'L' in b && a.L.length === b.L.length && a.L.every((x, i) => attributeValuesEqual(x, b.L[i]!));
  if ('M' in a) return 'M' in b && mapsEqual(a.M, b.M);
  return false;
}

/**
 * Equal as DynamoDB compares strings: by their bytes, where a lone surrogate
 * is the byte `?` (docs/strings.md), so `"\ud800" = "?"` holds.
 */
export function stringsEqual(a: string, b: string): boolean {
  if (a === b) return true;
  // A lone surrogate becomes one '?': the forms keep every other unit where it was.
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // The first difference, outside surrogates, is one in the forms too.
    if (!isSurrogateUnit(x) && !isSurrogateUnit(y)) return false;
    break;
  }
  return dynamoDbStringForm(a) === dynamoDbStringForm(b);
}

function isSurrogateUnit(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

export function numbersEqual(a: string, b: string): boolean {
  return compareNumbers(a, b) === 0;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return compareBytes(a, b) === 0;
}

/** Sets hold no duplicates, so equal sizes plus inclusion one way is equality. */
function sameSet<T>(a: readonly T[], b: readonly T[], key: (member: T) => string): boolean {
  return a.length === b.length && filterMembers(a, b, key, true).length === a.length;
}

function mapsEqual(a: Record<string, AttributeValue>, b: Record<string, AttributeValue>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const other = ownEntry(b, key);
    return other !== undefined && attributeValuesEqual(a[key]!, other);
  });
}
