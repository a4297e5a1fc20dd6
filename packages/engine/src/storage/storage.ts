/**
 * The engine's storage: an ordered key-value store of items in "spaces" (one
 * per table, one per secondary index). It knows nothing of DynamoDB: the engine
 * encodes keys (keys/encode.ts), computes index entries and sizes, and hands
 * storage atomic batches of writes. The in-memory and the on-disk stores
 * implement this one interface and run one shared test suite.
 */
import type { Item } from '@dynotable/core';

/** A table's space is its name; an index's space is `table` + NUL + `index`. */
export type SpaceName = string;

export function tableSpace(table: string): SpaceName {
  return table;
}

export function indexSpace(table: string, index: string): SpaceName {
  return `${table}\u0000${index}`;
}

/**
 * An item at its place. `partition` and `sort` are order-preserving byte
 * strings (one char per byte); `sort` is '' for a table without a sort key.
 * Stores keep an item as its DynamoDB JSON text: reads that return it whole
 * splice `json` into the response, and only reads that look inside it
 * (conditions, filters, projections, updates) decode `item`.
 */
export interface StoredItem {
  readonly partition: string;
  readonly sort: string;
  /** The item as DynamoDB JSON text (core's itemToWireJson). */
  readonly json: string;
  /** The item, decoded from `json` afresh on every read: read it once and keep it. */
  readonly item: Item;
  /** DynamoDB's size of the item (or index entry) in bytes. */
  readonly size: number;
}

/** One write of an atomic batch: a put when `item` or `json` is set, otherwise a delete. */
export interface ItemWrite {
  space: SpaceName;
  partition: string;
  sort: string;
  item?: Item;
  /**
   * `itemToWireJson(item)` when the writer has it already (an index entry
   * sharing the table item's text); stores then write it without looking at
   * `item`, which a writer that only has the text (a stream record) leaves out.
   */
  json?: string;
  size?: number;
  /** The writer knows nothing is stored at this key (a stream record's new sequence number): a put need not look. */
  fresh?: boolean;
}

export interface SortBound {
  key: string;
  inclusive: boolean;
}

/** Bounds on the sort string within one partition; prefix selects begins_with. */
export interface SortRange {
  lower?: SortBound;
  upper?: SortBound;
}

/** A position to resume after (exclusive), as in ExclusiveStartKey. */
export interface Position {
  partition: string;
  sort: string;
}

/** Table metadata as the engine keeps it: an opaque JSON-serializable record. */
export interface TableRecord {
  name: string;
  /** JSON-serializable; the engine owns its shape. */
  meta: unknown;
}

export interface SpaceStats {
  itemCount: number;
  sizeBytes: number;
}

export interface Storage {
  /** Every stored table record, as saved. */
  tables(): TableRecord[];
  saveTable(record: TableRecord): void;
  /** Removes the table's record and every space that starts with its name. */
  dropTable(name: string): void;
  /** Removes every item of one space (a deleted index). */
  dropSpace(space: SpaceName): void;
  /** Gives every item of space `from` to space `to`, which must be empty (a deleted table's stream kept for a day). */
  renameSpace(from: SpaceName, to: SpaceName): void;

  get(space: SpaceName, partition: string, sort: string): StoredItem | undefined;
  /** Items of one partition in sort order (or reverse), within the range, after `after`. */
  range(space: SpaceName, partition: string, range: SortRange, forward: boolean, after?: string): Iterable<StoredItem>;
  /**
   * Every item of a space in scan order: partitions ordered by
   * (partitionToken(partition), partition), then by sort. With segments, only
   * partitions whose token falls in the segment's share of the token space.
   */
  scan(space: SpaceName, segment: { index: number; total: number }, after?: Position): Iterable<StoredItem>;
  /** Applies all writes or none. */
  write(writes: readonly ItemWrite[]): void;
  /**
   * Runs `body`, whose storage calls (writes, table records, drops) then
   * apply all or none on a durable store, e.g. a table record with the index
   * entries it describes. Nothing else may run inside it.
   */
  atomic<T>(body: () => T): T;
  stats(space: SpaceName): SpaceStats;
  close(): void;
}
