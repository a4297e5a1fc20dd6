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

/**
 * The least string greater than every string starting with `prefix` (byte
 * strings, chars 0–255), or undefined when there is none: an all-0xFF prefix
 * (a binary begins_with 0xFF, 0xFF 0xFF…) is followed by every longer string
 * of 0xFF bytes, so only the end of the partition bounds it.
 */
export function prefixEnd(prefix: string): string | undefined {
  let end = prefix.length;
  while (end > 0 && prefix.charCodeAt(end - 1) === 0xff) end--;
  if (end === 0) return undefined;
  return prefix.slice(0, end - 1) + String.fromCharCode(prefix.charCodeAt(end - 1) + 1);
}

/** An exclusive upper bound at the end of a prefix, or none. */
function beforePrefixEnd(prefix: string): SortRange['upper'] {
  const key = prefixEnd(prefix);
  return key === undefined ? undefined : { key, inclusive: false };
}

/** A range from `lower`, with an upper bound when there is one. */
function range(lower: SortRange['lower'], upper: SortRange['upper']): SortRange {
  const result: SortRange = {};
  if (lower !== undefined) result.lower = lower;
  if (upper !== undefined) result.upper = upper;
  return result;
}

/**
 * The range of a key condition's sort part. A multi-attribute sort key's
 * equalities on its leading attributes are a prefix of every matching sort
 * string: the last attribute's range is taken within that prefix.
 */
export function keyConditionRange(keyCondition: KeyCondition): SortRange {
  const prefix = (keyCondition.sortPrefix ?? []).map((part) => encodeKeyValue(part.value)).join('');
  const within = sortRange(keyCondition.sortKey);
  if (prefix === '') return within;
  return range(
    within.lower ? { key: prefix + within.lower.key, inclusive: within.lower.inclusive } : { key: prefix, inclusive: true },
    within.upper ? { key: prefix + within.upper.key, inclusive: within.upper.inclusive } : beforePrefixEnd(prefix),
  );
}

function sortRange(sortKey: KeyCondition['sortKey']): SortRange {
  if (sortKey === undefined) return {};
  const [first, second] = sortKey.values as [AttributeValue, AttributeValue | undefined];
  const at = encodeKeyValue(first);
  switch (sortKey.operator) {
    case '=':
      return range({ key: at, inclusive: true }, beforePrefixEnd(at));
    case '<':
      return { upper: { key: at, inclusive: false } };
    case '<=':
      return range(undefined, beforePrefixEnd(at));
    case '>': {
      // Past every string starting with `at`; when none can be (never for an encoded value), nothing is.
      const end = prefixEnd(at);
      return end === undefined ? { lower: { key: at, inclusive: false }, upper: { key: at, inclusive: false } } : { lower: { key: end, inclusive: true } };
    }
    case '>=':
      return { lower: { key: at, inclusive: true } };
    case 'BETWEEN':
      return range({ key: at, inclusive: true }, beforePrefixEnd(encodeKeyValue(second!)));
    case 'begins_with': {
      // The escaped bytes of a prefix are a prefix of the escaped bytes of every value that begins with it.
      const prefix = at.slice(0, at.length - TERMINATOR_LENGTH);
      return range({ key: prefix, inclusive: true }, beforePrefixEnd(prefix));
    }
  }
}

/** Whether a sort string lies within the range. */
export function inSortRange(sort: string, range: SortRange): boolean {
  if (range.lower && (range.lower.inclusive ? sort < range.lower.key : sort <= range.lower.key)) return false;
  if (range.upper && (range.upper.inclusive ? sort > range.upper.key : sort >= range.upper.key)) return false;
  return true;
}
