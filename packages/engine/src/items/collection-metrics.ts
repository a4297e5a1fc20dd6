/**
 * ItemCollectionMetrics (ReturnItemCollectionMetrics=SIZE), returned for
 * tables with local secondary indexes: the partition key of the item
 * collection written and an estimate of its size in GB, counting the table's
 * items and their LSI entries in that partition.
 */
import { itemToWire, type Item } from '@dynotable/core';
import type { Storage } from '../storage/storage.js';
import { indexSpace, tableSpace } from '../storage/storage.js';
import type { TableMeta } from '../tables/meta.js';
import type { EncodedPosition } from './keys.js';

const GB = 1024 * 1024 * 1024;

function partitionBytes(storage: Storage, space: string, partition: string): number {
  let bytes = 0;
  for (const stored of storage.range(space, partition, {}, true)) bytes += stored.size;
  return bytes;
}

/** The metrics, or undefined when not asked for or the table has no LSI. */
export function itemCollectionMetrics(
  storage: Storage,
  table: TableMeta,
  position: EncodedPosition,
  item: Item,
  mode: unknown,
): Record<string, unknown> | undefined {
  if (mode !== 'SIZE') return undefined;
  const locals = table.indexes.filter((index) => index.kind === 'local');
  if (locals.length === 0) return undefined;
  let bytes = partitionBytes(storage, tableSpace(table.name), position.partition);
  for (const index of locals) bytes += partitionBytes(storage, indexSpace(table.name, index.name), position.partition);
  const gb = Math.floor(bytes / GB);
  const partitionName = table.keys.partition.name;
  return {
    ItemCollectionKey: itemToWire({ [partitionName]: item[partitionName]! }),
    SizeEstimateRangeGB: [gb, gb + 1],
  };
}
