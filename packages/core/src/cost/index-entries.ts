/**
 * A table's secondary indexes and the entry an item gets in each: present when
 * the item has the index's key attributes, holding the table's keys, the
 * index's keys and the projected attributes.
 */
import type { TableIndex } from '../model/lookup.js';
import { indexKeyAttributes, tableIndexes } from '../model/lookup.js';
import type { TableSpec } from '../model/types.js';
import { itemSize } from '../size/item-size.js';
import type { AttributeValue, Item } from '../values/types.js';

/** A GSI or LSI of a table (model's tableIndexes without the base table). */
export type SecondaryIndex = TableIndex & { readonly name: string; readonly kind: 'gsi' | 'lsi' };

export interface IndexEntry {
  /** The index key values, as text: a change means the entry moved. */
  readonly key: string;
  /** Bytes of the projected entry (names and values), as capacity counts it. */
  readonly size: number;
  /** The projected attributes, as text: a change with the same key is an update. */
  readonly projection: string;
}

export function secondaryIndexes(table: TableSpec): SecondaryIndex[] {
  return tableIndexes(table).filter((index): index is SecondaryIndex => index.kind !== 'table');
}

export function findSecondaryIndex(table: TableSpec, name: string): SecondaryIndex | undefined {
  return secondaryIndexes(table).find((index) => index.name === name);
}

/** The table's key attribute names. */
function tableKeyNames(table: TableSpec): string[] {
  return table.sortKey ? [table.partitionKey.name, table.sortKey.name] : [table.partitionKey.name];
}

/** Every key attribute of the index: a multi-attribute GSI key has up to four of each role. */
function indexKeyNames(index: SecondaryIndex): string[] {
  return indexKeyAttributes(index).map((key) => key.name);
}

/** The attributes the index entry holds (present ones only). */
export function projectItem(table: TableSpec, index: SecondaryIndex, item: Item): Item {
  if (index.projection.type === 'ALL') return { ...item };
  const names = new Set([...tableKeyNames(table), ...indexKeyNames(index)]);
  if (index.projection.type === 'INCLUDE') for (const name of index.projection.attributes) names.add(name);
  const projected: Item = {};
  for (const name of names) if (item[name] !== undefined) projected[name] = item[name];
  return projected;
}

/** Whether the item has every key attribute of the index (otherwise the index skips it: sparse). */
function inIndex(index: SecondaryIndex, item: Item): boolean {
  return indexKeyNames(index).every((name) => item[name] !== undefined);
}

/** The item's entry in the index, or undefined when it has none. */
export function indexEntry(table: TableSpec, index: SecondaryIndex, item: Item | undefined): IndexEntry | undefined {
  if (item === undefined || !inIndex(index, item)) return undefined;
  const projected = projectItem(table, index, item);
  return {
    key: indexKeyNames(index)
      .map((name) => valueText(item[name]!))
      .join('\u0000'),
    size: itemSize(projected),
    projection: valueText({ M: projected }),
  };
}

/** A deterministic text of a value, to tell whether two values are equal. */
function valueText(value: AttributeValue): string {
  if ('B' in value) return `B:${Array.from(value.B).join(',')}`;
  if ('M' in value) {
    const names = Object.keys(value.M).sort();
    return `M:{${names.map((name) => `${JSON.stringify(name)}=${valueText(value.M[name]!)}`).join(',')}}`;
  }
  if ('L' in value) return `L:[${value.L.map(valueText).join(',')}]`;
  if ('BS' in value) return `BS:[${value.BS.map((bytes) => Array.from(bytes).join('.')).join(',')}]`;
  return JSON.stringify(value);
}
