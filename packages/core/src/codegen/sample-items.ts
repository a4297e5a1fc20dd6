/**
 * Deterministic sample items for the generated integration test: values of
 * the declared types within declared ranges and lengths; attributes a
 * partition key is built from take two values, so each partition holds several
 * items; everything else is distinct per item. An attribute has the same value
 * for the same index in every entity, so a Match's playerId names a Player.
 */
import type { AttributeSpec, EntitySpec, TableSpec } from '../model/types.js';
import { templateFields } from './key-code.js';
import { valueConversion } from './typescript-names.js';

export type SampleValue = string | number | boolean | Uint8Array | SampleValue[] | Set<string | Uint8Array> | { [key: string]: SampleValue };
export type SampleItem = Record<string, SampleValue>;

const PARTITIONS = 2;

function text(attribute: AttributeSpec, k: number): string {
  const letters = attribute.name.replace(/[^A-Za-z]/g, '').slice(0, 3).toLowerCase() || 'v';
  const min = attribute.minLength ?? 1;
  const max = attribute.maxLength ?? Math.max(min, 32);
  let value = `${letters}${String(k).padStart(Math.max(0, min - letters.length), '0')}`;
  if (value.length > max) value = String(k).padStart(max, '0').slice(-max);
  return value;
}

function integer(attribute: AttributeSpec, k: number): number {
  const min = attribute.min ?? 0;
  const max = attribute.max ?? min + 1000;
  // Values that cross digit counts and sign first: they find naive padding.
  const special = [...new Set([9, 10, 99, 100, 1000, -1, -10, 0, min, max])].filter((n) => n >= min && n <= max);
  if (k < special.length) return special[k]!;
  // Then distinct values from the bottom of the range, wrapping when it is small.
  const span = max - min + 1;
  let n = min;
  for (let seen = special.length; ; n = min + ((n - min + 1) % span)) {
    if (special.includes(n) && span > special.length) continue;
    if (seen === k) return n;
    seen += 1;
  }
}

const HOUR = 3_600_000;
const START = Date.UTC(2026, 5, 23);

function instant(k: number): number {
  // Not in index order, so a key sorted by time differs from insertion order.
  return START + ((k * 5) % 13) * HOUR + k * 1000;
}

export function sampleValue(attribute: AttributeSpec, k: number): SampleValue {
  switch (attribute.type) {
    case 'number':
      if (valueConversion(attribute) === 'safeInteger') return integer(attribute, k);
      if (attribute.integer) return String((attribute.min ?? 0) + k);
      return `${k % 3 === 0 && (attribute.min ?? -1) < 0 ? '-' : ''}${k}.5`;
    case 'timestamp':
      if (attribute.format === 'epoch-seconds') return Math.floor(instant(k) / 1000);
      if (attribute.format === 'epoch-millis') return instant(k);
      return new Date(instant(k)).toISOString().replace('.000Z', 'Z');
    case 'date':
      return new Date(START + k * 24 * HOUR).toISOString().slice(0, 10);
    case 'uuid':
      return `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;
    case 'enum':
      return attribute.values && attribute.values.length > 0 ? attribute.values[k % attribute.values.length]! : text(attribute, k);
    case 'boolean':
      return k % 2 === 0;
    case 'binary':
      return new Uint8Array([k % 256, 1]);
    case 'list':
      return [`v${k}`];
    case 'map':
      return { note: `n${k}` };
    case 'stringSet':
      return new Set([`s${k}`]);
    case 'numberSet':
      return new Set([String(k)]);
    case 'binarySet':
      return new Set([new Uint8Array([k % 256])]);
    default:
      return text(attribute, k);
  }
}

/** Attributes whose values repeat across items: those the partition keys are built from, unless the table key needs them distinct. */
function groupedAttributes(entity: EntitySpec, table: TableSpec): Set<string> {
  const partitionKeys = new Set([table.partitionKey.name, ...table.globalSecondaryIndexes.flatMap((index) => index.partitionKeys.map((key) => key.name))]);
  const grouped = new Set<string>();
  for (const [keyAttribute, template] of Object.entries(entity.keys)) {
    if (partitionKeys.has(keyAttribute)) for (const field of templateFields(template)) grouped.add(field);
  }
  const sortTemplate = table.sortKey ? entity.keys[table.sortKey.name] : undefined;
  const sortFields = sortTemplate ? templateFields(sortTemplate).filter((field) => !grouped.has(field)) : [];
  // Without a distinct field in the sort key, the table key itself must be distinct per item.
  if (sortFields.length === 0) for (const field of templateFields(entity.keys[table.partitionKey.name] ?? '')) grouped.delete(field);
  for (const attribute of entity.attributes) if (attribute.unique) grouped.delete(attribute.name);
  return grouped;
}

function sampleItem(entity: EntitySpec, table: TableSpec, k: number): SampleItem {
  const grouped = groupedAttributes(entity, table);
  const item: SampleItem = {};
  for (const attribute of entity.attributes) {
    if (!attribute.required && k % 2 === 1) continue;
    item[attribute.name] = sampleValue(attribute, grouped.has(attribute.name) ? k % PARTITIONS : k);
  }
  return item;
}

export function sampleItems(entity: EntitySpec, table: TableSpec, count: number): SampleItem[] {
  return Array.from({ length: count }, (_, k) => sampleItem(entity, table, k));
}

/** A TypeScript literal for a sample value. */
export function sampleLiteral(value: SampleValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Uint8Array) return `new Uint8Array([${[...value].join(', ')}])`;
  if (Array.isArray(value)) return `[${value.map(sampleLiteral).join(', ')}]`;
  if (value instanceof Set) return `new Set([${[...value].map(sampleLiteral).join(', ')}])`;
  return `{ ${Object.entries(value)
    .map(([key, item]) => `${JSON.stringify(key)}: ${sampleLiteral(item)}`)
    .join(', ')} }`;
}
