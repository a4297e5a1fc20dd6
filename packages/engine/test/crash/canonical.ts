/**
 * Canonical text for items as the SDK returns them, so a stored item and an
 * expected one compare as strings: map keys and set members sorted, binary as
 * base64.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { TableDef } from './schema.js';
import { keyAttributes } from './schema.js';

export type Item = Record<string, AttributeValue>;

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

function canonicalValue(value: AttributeValue): unknown {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: true };
  if (value.SS !== undefined) return { SS: [...value.SS].sort() };
  if (value.NS !== undefined) return { NS: [...value.NS].sort() };
  if (value.BS !== undefined) return { BS: value.BS.map(base64).sort() };
  if (value.L !== undefined) return { L: value.L.map(canonicalValue) };
  if (value.M !== undefined) return { M: canonicalMap(value.M) };
  throw new Error(`unknown attribute value ${JSON.stringify(value)}`);
}

function canonicalMap(map: Item): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(map).sort()) out[name] = canonicalValue(map[name]!);
  return out;
}

/** The item's canonical text; 'absent' for no item. */
export function canonicalItem(item: Item | undefined): string {
  return item === undefined ? 'absent' : JSON.stringify(canonicalMap(item));
}

/** The primary key of `item` in `table`, as an item. */
function keyOf(table: TableDef, item: Item): Item {
  const key: Item = {};
  for (const attribute of keyAttributes(table)) {
    const value = item[attribute.name];
    if (value === undefined) throw new Error(`item without key attribute ${attribute.name}: ${canonicalItem(item)}`);
    key[attribute.name] = value;
  }
  return key;
}

/** A unique id for an item's place: table name and canonical key. */
export function keyId(table: TableDef, key: Item): string {
  return `${table.name} ${canonicalItem(keyOf(table, key))}`;
}

/** JSON for reports: binary values as base64. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? { base64: base64(v) } : v));
}
