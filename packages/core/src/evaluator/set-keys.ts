/**
 * Set members as plain strings that are equal exactly when DynamoDB considers
 * the members equal, so set operations are hash lookups even on large sets.
 */
import { normalizeNumber } from '../values/number.js';

export const stringKey = (member: string): string => member;

/** `1`, `1.0` and `1E0` share one key: the canonical number text. */
export const numberKey = (member: string): string => normalizeNumber(member);

export const bytesKey = (member: Uint8Array): string => Array.from(member, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The members of `a` that are (`keep` true) or are not (`keep` false) in `b`. */
export function filterMembers<T>(a: readonly T[], b: readonly T[], key: (member: T) => string, keep: boolean): T[] {
  const keys = new Set(b.map(key));
  return a.filter((member) => keys.has(key(member)) === keep);
}
