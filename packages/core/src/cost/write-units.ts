/**
 * Write units of one write to a table, from the item before and after it:
 * the base table by the larger of the two item sizes, and each secondary
 * index by how the item's entry changed there (core's classifyIndexChange).
 */
import type { TableSpec } from '../model/types.js';
import type { IndexEntryChange, WriteMode } from '../size/capacity.js';
import { classifyIndexChange, deleteWriteUnits, indexWriteUnits, putWriteUnits } from '../size/capacity.js';
import { itemSize } from '../size/item-size.js';
import type { Item } from '../values/types.js';
import { indexEntry, secondaryIndexes } from './index-entries.js';

export interface IndexWriteUnits {
  readonly index: string;
  readonly kind: 'gsi' | 'lsi';
  /** How the item's entry changed: added (put), removed (delete), moved (delete + put), updated, unchanged, absent. */
  readonly change: IndexEntryChange['kind'];
  readonly units: number;
}

export interface WriteUnitsBreakdown {
  /** The base table's own write. */
  readonly table: number;
  /** One row per secondary index of the table, in declaration order. */
  readonly indexes: readonly IndexWriteUnits[];
  readonly total: number;
}

/**
 * A transactional write doubles the table's units (the documented rule). For
 * the index entries no source says; they are written after the item, outside
 * the transaction, so they are counted at the standard rate. (DynamoDB Local
 * reports every unit of a transaction at the standard rate, the table's too.)
 */
export const TRANSACTION_DOUBLES_INDEX_WRITES = false;

/**
 * One PutItem, UpdateItem or DeleteItem: `before` undefined for a new item,
 * `after` undefined for a delete.
 */
export function writeUnitsForChange(table: TableSpec, before: Item | undefined, after: Item | undefined, mode: WriteMode = 'standard'): WriteUnitsBreakdown {
  const base =
    after === undefined
      ? deleteWriteUnits(before === undefined ? undefined : itemSize(before), mode)
      : putWriteUnits(before === undefined ? undefined : itemSize(before), itemSize(after), mode);
  const indexFactor = mode === 'transactional' && TRANSACTION_DOUBLES_INDEX_WRITES ? 2 : 1;
  const indexes = secondaryIndexes(table).map((index) => {
    const change = classifyIndexChange(indexEntry(table, index, before), indexEntry(table, index, after));
    return { index: index.name, kind: index.kind, change: change.kind, units: indexWriteUnits(change) * indexFactor };
  });
  return { table: base, indexes, total: base + indexes.reduce((sum, row) => sum + row.units, 0) };
}

/** Adds breakdowns of the same table (the actions of one transaction). */
export function sumWriteUnits(parts: readonly WriteUnitsBreakdown[]): WriteUnitsBreakdown {
  const first = parts[0];
  if (!first) return { table: 0, indexes: [], total: 0 };
  const indexes = first.indexes.map((row, i) => {
    const rows = parts.map((part) => part.indexes[i]!);
    const changes = new Set(rows.map((r) => r.change).filter((change) => change !== 'absent'));
    const change: IndexEntryChange['kind'] = changes.has('removed') && changes.has('added') ? 'moved' : (rows.find((r) => r.change !== 'absent')?.change ?? 'absent');
    return { ...row, change, units: rows.reduce((sum, r) => sum + r.units, 0) };
  });
  const table = parts.reduce((sum, part) => sum + part.table, 0);
  return { table, indexes, total: table + indexes.reduce((sum, row) => sum + row.units, 0) };
}

/**
 * A base-key change: TransactWriteItems with a Delete of the old item and a
 * Put of the new one (no two actions may touch the same item, and they do not).
 */
export function moveWriteUnits(table: TableSpec, before: Item, after: Item): WriteUnitsBreakdown {
  return sumWriteUnits([writeUnitsForChange(table, before, undefined, 'transactional'), writeUnitsForChange(table, undefined, after, 'transactional')]);
}
