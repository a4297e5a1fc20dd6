/**
 * Reading scalar values from items in any of the shapes callers hold (core's
 * Item, the wire's JSON, plain values), and writing key values back.
 */
import type { KeyType } from '../model/types.js';
import { normalizeNumber } from '../values/number.js';

/** The text of a value a key or a sparse condition can read: S, N, BOOL, or a plain string, number or boolean. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record['S'] === 'string') return record['S'];
    if (typeof record['N'] === 'string') return record['N'];
    if (typeof record['BOOL'] === 'boolean') return String(record['BOOL']);
  }
  return undefined;
}

/** The text of a stored key value (S or N); undefined when absent or of another type. */
export function keyText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record['S'] === 'string') return record['S'];
  if (typeof record['N'] === 'string') return record['N'];
  return undefined;
}

/** How a stored value is named in a message: its text, or its type when it has none a key could hold. */
export function describeStored(value: unknown): string {
  const text = keyText(value);
  if (text !== undefined) return text;
  if (typeof value === 'object' && value !== null) {
    const type = Object.keys(value)[0];
    if (type !== undefined) return `a ${type} value`;
  }
  return `the plain value ${JSON.stringify(value)}`;
}

/** Numbers a person typed are kept as numbers, so a timestamp field may read epoch milliseconds. */
export function isNumberValue(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'bigint') return true;
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)['N'] === 'string';
}

export function keyValue(type: KeyType, text: string): { S: string } | { N: string } {
  return type === 'N' ? { N: text } : { S: text };
}

/** Two key texts are the same value: exactly for S, as numbers for N (DynamoDB stores N canonically). */
export function sameKeyText(type: KeyType, stored: string | undefined, expected: string): boolean {
  if (stored === expected) return true;
  if (type !== 'N' || stored === undefined) return false;
  try {
    return normalizeNumber(stored) === normalizeNumber(expected);
  } catch {
    return false;
  }
}
