/** What a secondary index must hold, recomputed from its table's items. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { canonicalItem } from './canonical.js';
import type { Item } from './canonical.js';
import type { IndexDef, KeyAttribute, TableDef } from './schema.js';
import { keyAttributes } from './schema.js';

function hasType(value: AttributeValue | undefined, attribute: KeyAttribute): boolean {
  return value !== undefined && (value as unknown as Record<string, unknown>)[attribute.type] !== undefined;
}

/** The entry `item` gives `index`, or undefined when the item lacks an index key (sparse index). */
export function indexEntry(table: TableDef, index: IndexDef, item: Item): Item | undefined {
  const indexKeys = index.range === undefined ? [index.hash] : [index.hash, index.range];
  if (!indexKeys.every((key) => hasType(item[key.name], key))) return undefined;
  if (index.projection.type === 'ALL') return item;
  const entry: Item = {};
  const names = [...keyAttributes(table), ...indexKeys].map((k) => k.name);
  if (index.projection.type === 'INCLUDE') names.push(...index.projection.attributes);
  for (const name of names) {
    const value = item[name];
    if (value !== undefined) entry[name] = value;
  }
  return entry;
}

/** The canonical texts of every entry the index must hold, sorted. */
export function expectedIndexEntries(table: TableDef, index: IndexDef, items: readonly Item[]): string[] {
  const entries: string[] = [];
  for (const item of items) {
    const entry = indexEntry(table, index, item);
    if (entry !== undefined) entries.push(canonicalItem(entry));
  }
  return entries.sort();
}

export interface IndexDifference {
  missing: string[];
  unexpected: string[];
}

/** Multiset difference of two sorted lists of canonical entries. */
export function compareEntries(expected: readonly string[], actual: readonly string[]): IndexDifference {
  const counts = new Map<string, number>();
  for (const entry of expected) counts.set(entry, (counts.get(entry) ?? 0) + 1);
  const unexpected: string[] = [];
  for (const entry of actual) {
    const count = counts.get(entry) ?? 0;
    if (count === 0) unexpected.push(entry);
    else counts.set(entry, count - 1);
  }
  const missing: string[] = [];
  for (const [entry, count] of counts) for (let i = 0; i < count; i++) missing.push(entry);
  return { missing: missing.sort(), unexpected };
}
