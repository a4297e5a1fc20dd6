/**
 * Order by meaning: what the question asks for, independent of how the keys
 * encode it. Numbers compare as numbers even when stored as text, times as
 * instants whatever their format, text by UTF-8 bytes (DynamoDB's order for
 * strings, which is also code-point order).
 */
import type { AttributeSpec } from '../model/types.js';
import { compareStrings } from '../keys/compare.js';
import { timeValue, type SampleValue } from './sample-values.js';

export function meaningOf(value: SampleValue | undefined, spec: AttributeSpec | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  if (spec?.type === 'number') return typeof value === 'number' ? value : Number(value);
  if (spec?.type === 'timestamp' || spec?.type === 'date') return timeValue(value, spec);
  if (typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}

/** Missing values sort first, as an absent attribute would never be in the key at all. */
export function compareMeaning(a: number | string | undefined, b: number | string | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return compareStrings(String(a), String(b));
}
