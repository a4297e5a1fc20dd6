/**
 * A canonical text for items and values, so DynamoDB Local's answers and core's
 * compare exactly: numbers normalized, binary as hex, set members sorted (sets
 * have no order on the wire), map keys sorted.
 */
import { normalizeNumber } from '@dynotable/core';
import type { AttributeValue, Item } from '@dynotable/core';

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

function canonicalValue(value: AttributeValue): unknown {
  if ('S' in value) return { S: value.S };
  if ('N' in value) return { N: normalizeNumber(value.N) };
  if ('B' in value) return { B: hex(value.B) };
  if ('BOOL' in value) return { BOOL: value.BOOL };
  if ('NULL' in value) return { NULL: value.NULL };
  if ('SS' in value) return { SS: [...value.SS].sort() };
  if ('NS' in value) return { NS: value.NS.map(normalizeNumber).sort() };
  if ('BS' in value) return { BS: value.BS.map(hex).sort() };
  if ('L' in value) return { L: value.L.map(canonicalValue) };
  if ('M' in value) return { M: canonicalMap(value.M) };
  return { unknown: Object.keys(value) };
}

function canonicalMap(map: Record<string, AttributeValue>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(map).sort()) sorted[key] = canonicalValue(map[key]!);
  return sorted;
}

export function canonicalItem(item: Item): string {
  return JSON.stringify(canonicalMap(item));
}

/** Readable text of an item or value for failure reports (binary shown as hex). */
export function show(value: unknown): string {
  const text = JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Uint8Array ? `0x${hex(inner)}` : inner));
  // Private-use characters are invisible in a terminal; spell them out.
  return text.replace(/[\ue000-\uf8ff]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
}
