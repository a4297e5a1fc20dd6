/**
 * Capacity units consumed by reads and writes, from item sizes in bytes.
 * Reads are counted in 4 KB blocks and writes in 1 KB blocks, always rounded up.
 */

export const READ_BLOCK_BYTES = 4096;
export const WRITE_BLOCK_BYTES = 1024;

/** strong = 1 per block, eventual = 0.5, transactional = 2. */
export type ReadConsistency = 'strong' | 'eventual' | 'transactional';
/** standard = 1 per block, transactional = 2. */
export type WriteMode = 'standard' | 'transactional';

const READ_FACTOR: Record<ReadConsistency, number> = { strong: 1, eventual: 0.5, transactional: 2 };
const WRITE_FACTOR: Record<WriteMode, number> = { standard: 1, transactional: 2 };

/** 4 KB blocks for a read of this many bytes; never less than one. */
export function readBlocks(sizeBytes: number): number {
  return Math.max(1, Math.ceil(sizeBytes / READ_BLOCK_BYTES));
}

/** 1 KB blocks for a write of this many bytes; never less than one. */
export function writeBlocks(sizeBytes: number): number {
  return Math.max(1, Math.ceil(sizeBytes / WRITE_BLOCK_BYTES));
}

/**
 * Read units for one item (GetItem, or one item of BatchGetItem or
 * TransactGetItems). A missing item (size 0) still costs one block.
 */
export function itemReadUnits(sizeBytes: number, consistency: ReadConsistency = 'strong'): number {
  return readBlocks(sizeBytes) * READ_FACTOR[consistency];
}

/** BatchGetItem: each item rounded up to 4 KB on its own, then summed. */
export function batchGetReadUnits(itemSizes: readonly number[], consistency: ReadConsistency = 'strong'): number {
  return itemSizes.reduce((sum, size) => sum + itemReadUnits(size, consistency), 0);
}

/**
 * Query and Scan: the sizes of all items read (Scan: evaluated, before any
 * filter or projection) are summed, then rounded up once. An empty result
 * still costs one block.
 */
export function queryReadUnits(itemSizes: readonly number[], consistency: ReadConsistency = 'strong'): number {
  const total = itemSizes.reduce((sum, size) => sum + size, 0);
  return readBlocks(total) * READ_FACTOR[consistency];
}

/** Write units for one item of this size; the rounding happens before the ×2. */
export function itemWriteUnits(sizeBytes: number, mode: WriteMode = 'standard'): number {
  return writeBlocks(sizeBytes) * WRITE_FACTOR[mode];
}

/**
 * PutItem and UpdateItem: the larger of the item before and after the write
 * (`undefined` when there was no item before).
 */
export function putWriteUnits(oldSizeBytes: number | undefined, newSizeBytes: number, mode: WriteMode = 'standard'): number {
  return itemWriteUnits(Math.max(oldSizeBytes ?? 0, newSizeBytes), mode);
}

/**
 * UpdateItem is billed like PutItem: max(before, after).
 * @alias (of putWriteUnits, for knip's duplicate-export check)
 */
export const updateWriteUnits = putWriteUnits;

/** DeleteItem: the size of the deleted item; one unit when there was none. */
export function deleteWriteUnits(oldSizeBytes: number | undefined, mode: WriteMode = 'standard'): number {
  return itemWriteUnits(oldSizeBytes ?? 0, mode);
}

/** BatchWriteItem: each item rounded up to 1 KB on its own, then summed. */
export function batchWriteUnits(itemSizes: readonly number[]): number {
  return itemSizes.reduce((sum, size) => sum + itemWriteUnits(size), 0);
}

/**
 * How one write changed an item's entry in a secondary index. Sizes are of the
 * projected index entry.
 */
export type IndexEntryChange =
  | { kind: 'absent' } // not in the index before nor after
  | { kind: 'added'; newSize: number }
  | { kind: 'removed'; oldSize: number }
  | { kind: 'unchanged' } // same index key, identical projection
  | { kind: 'updated'; oldSize: number; newSize: number } // same index key, projection changed
  | { kind: 'moved'; oldSize: number; newSize: number }; // index key changed: delete + put

/** Write units charged to one secondary index for one base-table write. */
export function indexWriteUnits(change: IndexEntryChange): number {
  switch (change.kind) {
    case 'absent':
    case 'unchanged':
      return 0;
    case 'added':
      return writeBlocks(change.newSize);
    case 'removed':
      return writeBlocks(change.oldSize);
    case 'updated':
      return Math.max(writeBlocks(change.oldSize), writeBlocks(change.newSize));
    case 'moved':
      return writeBlocks(change.oldSize) + writeBlocks(change.newSize);
  }
}

/**
 * Classifies an index entry change from the entry before and after the write
 * (`undefined` when the item is not in the index).
 */
export function classifyIndexChange(
  before: { key: string; size: number; projection: string } | undefined,
  after: { key: string; size: number; projection: string } | undefined,
): IndexEntryChange {
  if (before === undefined && after === undefined) return { kind: 'absent' };
  if (before === undefined) return { kind: 'added', newSize: after!.size };
  if (after === undefined) return { kind: 'removed', oldSize: before.size };
  if (before.key !== after.key) return { kind: 'moved', oldSize: before.size, newSize: after.size };
  if (before.projection === after.projection) return { kind: 'unchanged' };
  return { kind: 'updated', oldSize: before.size, newSize: after.size };
}
