/**
 * Storage per entity: each item's bytes plus 100 bytes of overhead, and each
 * index entry's bytes (the table's keys, the index's keys and the projected
 * attributes) plus 100 bytes, times the declared item count.
 */
import { findAttribute, indexKeyAttributes } from '../model/lookup.js';
import type { EntitySpec, Model } from '../model/types.js';
import { itemSize } from '../size/item-size.js';
import { costTable, entitySamples, itemFromSamples, itemSizeBasis } from './entity-item.js';
import type { SecondaryIndex } from './index-entries.js';
import { indexEntry, secondaryIndexes } from './index-entries.js';

/** Billed on top of every stored item and every index entry. */
export const STORAGE_OVERHEAD_BYTES = 100;

export interface IndexStorage {
  readonly index: string;
  /** Bytes of one entry, overhead included. */
  readonly entryBytes: number;
  /** Entries: the item count, times the share of items a sparse index holds. */
  readonly entries: number;
  readonly bytes: number;
}

export interface EntityStorage {
  readonly entity: string;
  readonly table: string;
  /** Undefined when the entity declares no count: its storage is not counted. */
  readonly items?: number;
  /** Bytes of one item, overhead included. */
  readonly itemBytes: number;
  /** Bytes of one item from the declared attributes and keys alone, no overhead. */
  readonly estimatedItemBytes: number;
  /** The entity's averageItemBytes, when declared (used when above the estimate). */
  readonly declaredItemBytes?: number;
  /** Which of count and averageItemBytes are assumptions. */
  readonly assumed: readonly ('count' | 'averageItemBytes')[];
  readonly indexes: readonly IndexStorage[];
  /** Items and index entries together. */
  readonly bytes: number;
}

/**
 * The share of an entity's items a sparse index holds: for each condition on an
 * enum attribute, one value in so many (values taken as equally common);
 * conditions on other attributes count as always met.
 */
export function sparseShare(entity: EntitySpec, index: SecondaryIndex): number {
  const conditions = indexKeyAttributes(index).map((key) => entity.keysWhen[key.name]);
  const seen = new Set<string>();
  let share = 1;
  for (const condition of conditions) {
    for (const name of Object.keys(condition ?? {})) {
      if (seen.has(name)) continue;
      seen.add(name);
      const values = findAttribute(entity, name)?.values;
      if (values && values.length > 0) share /= values.length;
    }
  }
  return share;
}

export function entityStorage(model: Model, entity: EntitySpec): EntityStorage {
  const table = costTable(model, entity.table);
  const item = itemFromSamples(table, entity, entitySamples(entity, 'average'));
  const itemBytes = itemSize(item) + STORAGE_OVERHEAD_BYTES;
  const items = entity.count;
  const indexes = secondaryIndexes(table).flatMap((index): IndexStorage[] => {
    const entry = indexEntry(table, index, item);
    if (!entry) return [];
    const entryBytes = entry.size + STORAGE_OVERHEAD_BYTES;
    const entries = (items ?? 0) * sparseShare(entity, index);
    return [{ index: index.name, entryBytes, entries, bytes: entries * entryBytes }];
  });
  const bytes = (items ?? 0) * itemBytes + indexes.reduce((sum, row) => sum + row.bytes, 0);
  const basis = itemSizeBasis(table, entity);
  return {
    entity: entity.name,
    table: table.name,
    ...(items === undefined ? {} : { items }),
    itemBytes,
    estimatedItemBytes: basis.estimatedBytes,
    ...(basis.declaredBytes === undefined ? {} : { declaredItemBytes: basis.declaredBytes }),
    assumed: (entity.assumed ?? []).filter((field) => entity[field] !== undefined),
    indexes,
    bytes,
  };
}
