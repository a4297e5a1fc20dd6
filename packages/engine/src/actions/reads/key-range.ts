/**
 * A Query's sort key condition as bounds on the encoded sort strings of one
 * partition. Index sort strings are the index sort value followed by the
 * table key; encoded values are prefix-free, so every entry whose sort value
 * equals v starts with encode(v), and those entries sit together right after
 * encode(v) itself. `prefixEnd` is the first string past all of them.
 */
import type { AttributeValue, KeyCondition } from '@dynotable/core';
import { encodeKeyValue } from '../../keys/encode.js';
import type { SortRange } from '../../storage/storage.js';

/** S and B encodings end with this terminator; begins_with matches before it. */
const TERMINATOR_LENGTH = 2;

/** The least string greater than every string starting with `prefix` (byte strings, chars 0–255). */
function prefixEnd(prefix: string): string {
  let end = prefix.length;
  while (end > 0 && prefix.charCodeAt(end - 1) === 0xff) end--;
  // An all-0xFF prefix has no successor; no encoded key value is one.
  if (end === 0) return '\u00ff'.repeat(prefix.length + 1);
  return prefix.slice(0, end - 1) + String.fromCharCode(prefix.charCodeAt(end - 1) + 1);
}

/**
 * The range of a key condition's sort part. A multi-attribute sort key's
 * equalities on its leading attributes are a prefix of every matching sort
 * string: the last attribute's range is taken within that prefix.
 */
export function keyConditionRange(keyCondition: KeyCondition): SortRange {
  const prefix = (keyCondition.sortPrefix ?? []).map((part) => encodeKeyValue(part.value)).join('');
  const range = sortRange(keyCondition.sortKey);
  if (prefix === '') return range;
  return {
    lower: range.lower ? { key: prefix + range.lower.key, inclusive: range.lower.inclusive } : { key: prefix, inclusive: true },
    upper: range.upper ? { key: prefix + range.upper.key, inclusive: range.upper.inclusive } : { key: prefixEnd(prefix), inclusive: false },
  };
}

function sortRange(sortKey: KeyCondition['sortKey']): SortRange {
  if (sortKey === undefined) return {};
  const [first, second] = sortKey.values as [AttributeValue, AttributeValue | undefined];
  const at = encodeKeyValue(first);
  switch (sortKey.operator) {
    case '=':
      return { lower: { key: at, inclusive: true }, upper: { key: prefixEnd(at), inclusive: false } };
    case '<':
      return { upper: { key: at, inclusive: false } };
    case '<=':
      return { upper: { key: prefixEnd(at), inclusive: false } };
    case '>':
      return { lower: { key: prefixEnd(at), inclusive: true } };
    case '>=':
      return { lower: { key: at, inclusive: true } };
    case 'BETWEEN':
      return { lower: { key: at, inclusive: true }, upper: { key: prefixEnd(encodeKeyValue(second!)), inclusive: false } };
    case 'begins_with': {
      // The escaped bytes of a prefix are a prefix of the escaped bytes of every value that begins with it.
      const prefix = at.slice(0, at.length - TERMINATOR_LENGTH);
      return { lower: { key: prefix, inclusive: true }, upper: { key: prefixEnd(prefix), inclusive: false } };
    }
  }
}

/** Whether a sort string lies within the range. */
export function inSortRange(sort: string, range: SortRange): boolean {
  if (range.lower && (range.lower.inclusive ? sort < range.lower.key : sort <= range.lower.key)) return false;
  if (range.upper && (range.upper.inclusive ? sort > range.upper.key : sort >= range.upper.key)) return false;
  return true;
}
