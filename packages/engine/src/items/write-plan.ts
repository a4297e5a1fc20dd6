/**
 * The write pipeline shared by every item write (PutItem, UpdateItem,
 * DeleteItem, BatchWriteItem, TransactWriteItems): given the item before and
 * after, the storage writes for the item and its index entries, the checks
 * DynamoDB makes on the new item (size, index key types), and the write units
 * it costs on the table and on each index (docs/dynamodb-rules.md#capacity).
 */
import {
  attributeValuesEqual,
  ITEM_TOO_LARGE_MESSAGE,
  MAX_ITEM_SIZE_BYTES,
  UPDATED_ITEM_TOO_LARGE_MESSAGE,
  validationError,
  classifyIndexChange,
  deleteWriteUnits,
  indexWriteUnits,
  putWriteUnits,
  type Item,
  type WriteMode,
} from '@dynotable/core';
import { itemToWireJson } from '../storage/item-codec.js';
import { indexSpace, tableSpace, type ItemWrite, type StoredItem } from '../storage/storage.js';
import type { TableMeta } from '../tables/meta.js';
import type { CapacityTally } from '../capacity/consumed.js';
import { checkIndexKeys, indexEntry, type IndexEntry, type IndexKeySource } from './index-entries.js';
import type { EncodedPosition } from './keys.js';
import type { StreamChange } from '../streams/record.js';

/** The item a write replaces: a stored item, or one with its value decoded already. */
export type PriorItem = Pick<StoredItem, 'item' | 'size'> & { json?: string };

export interface WritePlan {
  /** Storage writes, applied together: the item, then its index entries. */
  writes: ItemWrite[];
  /** Write units on the table. */
  tableUnits: number;
  /** Write units per index that the write touched (indexes costing 0 are absent). */
  indexUnits: Map<string, number>;
  /** The change, for the stream: set only when the table's stream is enabled and the item changes. */
  change?: StreamChange;
}

function sameProjection(a: Item, b: Item): boolean {
  if (a === b) return true;
  return attributeValuesEqual({ M: a }, { M: b });
}

function sameKey(a: IndexEntry, b: IndexEntry): boolean {
  return a.partition === b.partition && a.sort === b.sort;
}

/**
 * Plans a put or an update (`after` set) or a delete (`after` undefined) of
 * the item at `position`. `before` is the stored item, if any. Throws
 * DynamoDB's ValidationException for an index key of the wrong type or an
 * empty one, worded for the request (`source`: an UpdateExpression's update
 * or a put); the
 * item-size check is the caller's (checkWrittenItemSize: PutItem and
 * UpdateItem word it differently).
 */
export function planWrite(
  table: TableMeta,
  position: EncodedPosition,
  before: PriorItem | undefined,
  after: Item | undefined,
  afterSize: number,
  mode: WriteMode = 'standard',
  source: IndexKeySource = 'put',
): WritePlan {
  if (after !== undefined && table.indexes.length > 0) checkIndexKeys(table, after, source);
  const tableUnits =
    after === undefined ? deleteWriteUnits(before?.size, mode) : putWriteUnits(before?.size, afterSize, mode);
  // The text the stores keep, made once for the item and the index entries that project all of it.
  const afterJson = after === undefined ? undefined : itemToWireJson(after);
  // The same text is the same item: writing it over itself changes nothing in storage, and
  // every index entry stays where it is with the same projection, which costs no index units.
  if (afterJson !== undefined && before?.json === afterJson) return { writes: [], tableUnits, indexUnits: new Map() };
  const space = tableSpace(table.name);
  const streamed = table.stream?.enabled === true;
  const writes: ItemWrite[] = [
    after === undefined
      ? { space, partition: position.partition, sort: position.sort }
      : { space, partition: position.partition, sort: position.sort, item: after, json: afterJson, size: afterSize },
  ];
  const indexUnits = new Map<string, number>();
  if (table.indexes.length === 0) {
    return { writes, tableUnits, indexUnits, change: streamed ? { table, before, after, afterJson, afterSize } : undefined };
  }
  // A stored item decodes on every read of `item`: only once, here, when the table has indexes.
  const beforeItem = before?.item;
  for (const index of table.indexes) {
    const previous = beforeItem && indexEntry(table, index, beforeItem, before!.size);
    const next = after && indexEntry(table, index, after, afterSize);
    if (previous === undefined && next === undefined) continue;
    const indexSpaceName = indexSpace(table.name, index.name);
    const moved = previous !== undefined && (next === undefined || !sameKey(previous, next));
    if (moved) writes.push({ space: indexSpaceName, partition: previous.partition, sort: previous.sort });
    if (next) {
      const json = next.item === after ? afterJson : undefined;
      writes.push({ space: indexSpaceName, partition: next.partition, sort: next.sort, item: next.item, json, size: next.size });
    }
    const change = classifyIndexChange(
      previous && { key: '', size: previous.size, projection: '' },
      next && {
        // Only whether the keys and the projections differ matters to the classification.
        key: moved ? 'moved' : '',
        size: next.size,
        projection: previous && !moved && !sameProjection(previous.item, next.item) ? 'changed' : '',
      },
    );
    const units = indexWriteUnits(change) * (mode === 'transactional' ? 2 : 1);
    if (units > 0) indexUnits.set(index.name, units);
  }
  // The stream's change shares the decoded item.
  const decoded = before && { item: beforeItem!, size: before.size, json: before.json };
  return { writes, tableUnits, indexUnits, change: streamed ? { table, before: decoded, after, afterJson, afterSize } : undefined };
}

/** Adds a plan's units to a tally. */
export function tallyWrite(tally: CapacityTally, plan: WritePlan): void {
  tally.addTable(0, plan.tableUnits);
  for (const [name, units] of plan.indexUnits) tally.addIndex(name, 0, units);
}

/**
 * DynamoDB's 400 KB limit on a new item of `size` bytes, worded per operation.
 * On a table with LSIs the item and its LSI entries count together (measured
 * on DynamoDB Local: an ALL-projected LSI halves the room).
 */
export function checkWrittenItemSize(table: TableMeta, item: Item, size: number, operation: 'put' | 'update'): void {
  let total = size;
  if (total <= MAX_ITEM_SIZE_BYTES) {
    for (const index of table.indexes) {
      if (index.kind !== 'local') continue;
      const entry = indexEntry(table, index, item, size);
      if (entry) total += entry.size;
    }
  }
  if (total > MAX_ITEM_SIZE_BYTES) throw validationError(operation === 'put' ? ITEM_TOO_LARGE_MESSAGE : UPDATED_ITEM_TOO_LARGE_MESSAGE);
}
