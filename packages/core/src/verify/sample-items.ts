/** Sample records as DynamoDB items (with every key attribute the entity has), and returned items back to identities. */
import type { AttributeValue, Item } from '../values/types.js';
import type { AttributeSpec, EntitySpec, KeyType, Model, TableSpec } from '../model/types.js';
import { compileKeyTemplate } from '../keys/template.js';
import { entityKeyValues } from '../design/index.js';
import { encodeBase64 } from '../values/base64.js';
import type { SampleValue } from './sample-values.js';
import type { SampleRecord } from './samples.js';
import { identityAttributes } from './samples.js';

const encoder = new TextEncoder();

export function recordToItem(model: Model, entity: EntitySpec, record: SampleRecord): Item {
  const table = model.tables.find((t) => t.name === entity.table)!;
  const item: Item = {};
  for (const spec of entity.attributes) {
    const value = record.values[spec.name];
    if (value !== undefined) item[spec.name] = toAttributeValue(value, spec);
  }
  for (const [name, text] of Object.entries(entityKeyValues(model, entity.name, record.values))) {
    item[name] = keyTypeOf(table, name) === 'N' ? { N: text } : { S: text };
  }
  return item;
}

function keyTypeOf(table: TableSpec, attribute: string): KeyType | undefined {
  const keys = [
    table.partitionKey,
    table.sortKey,
    ...table.globalSecondaryIndexes.flatMap((index) => [...index.partitionKeys, ...index.sortKeys]),
    ...table.localSecondaryIndexes.map((index) => index.sortKey),
  ];
  return keys.find((key) => key?.name === attribute)?.type;
}

function toAttributeValue(value: SampleValue, spec?: AttributeSpec): AttributeValue {
  if (typeof value === 'string') return spec?.type === 'binarySet' ? { BS: [encoder.encode(value)] } : { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (value instanceof Uint8Array) return { B: value };
  if (Array.isArray(value)) return { L: value.map((v) => toAttributeValue(v)) };
  if (value instanceof Set) {
    const members = [...value] as Array<string | number>;
    if (spec?.type === 'binarySet') return { BS: members.map((m) => encoder.encode(String(m))) };
    return typeof members[0] === 'number' ? { NS: members.map(String) } : { SS: members.map(String) };
  }
  return { M: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toAttributeValue(v)])) };
}

/** A record's identity: its id attributes' values, or all of its values when it declares none. */
export function recordIdentity(entity: EntitySpec, record: SampleRecord): string {
  const ids = [...identityAttributes(entity)];
  const names = ids.length > 0 ? ids : entity.attributes.map((a) => a.name);
  return JSON.stringify(names.map((name) => (record.values[name] === undefined ? null : String(record.values[name]))));
}

/**
 * The identity of a returned item: read from its attributes, or, when the index
 * projects only keys, parsed back out of the entity's key templates. Undefined
 * when the item is not one of the entity's.
 */
export function itemIdentity(entity: EntitySpec, item: Item): string | undefined {
  const ids = [...identityAttributes(entity)];
  const names = ids.length > 0 ? ids : entity.attributes.map((a) => a.name);
  const parsed: Record<string, string> = {};
  for (const [keyName, template] of Object.entries(entity.keys)) {
    const value = item[keyName];
    const text = value && 'S' in value ? value.S : value && 'N' in value ? value.N : undefined;
    if (text === undefined) continue;
    const fields = compileKeyTemplate(template).parse(text);
    if (fields === undefined) return undefined; // a key of another shape: another entity's item
    Object.assign(parsed, fields);
  }
  const values = names.map((name) => scalarText(item[name]) ?? parsed[name]);
  return values.some((v) => v === undefined) ? undefined : JSON.stringify(values);
}

function scalarText(value: AttributeValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  return undefined;
}

/** An item as plain JSON for reports: numbers stay exact text where a JS number would round them. */
export function plainItem(item: Item): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, plainValue(value)]));
}

function plainValue(value: AttributeValue): unknown {
  if ('S' in value) return value.S;
  if ('N' in value) return Number.isSafeInteger(Number(value.N)) || String(Number(value.N)) === value.N ? Number(value.N) : value.N;
  if ('B' in value) return encodeBase64(value.B);
  if ('BOOL' in value) return value.BOOL;
  if ('NULL' in value) return null;
  if ('L' in value) return value.L.map(plainValue);
  if ('M' in value) return plainItem(value.M);
  if ('SS' in value) return value.SS;
  if ('NS' in value) return value.NS;
  return value.BS.map(encodeBase64);
}
