/**
 * The in-memory storage: a map of partitions per space, each partition a
 * sorted array of items kept as JSON text. Scan order is kept as a lazily
 * sorted list of partitions.
 */
import { SortedPartition } from './sorted-partition.js';
import { batchTexts, JsonStoredItem } from './stored-item.js';
import type { ItemWrite, Position, SortRange, SpaceName, SpaceStats, Storage, StoredItem, TableRecord } from './storage.js';
import { compareScanOrder, partitionToken, segmentRange } from './token.js';

class Space {
  readonly partitions = new Map<string, SortedPartition>();
  private scanOrder: string[] | undefined;
  itemCount = 0;
  sizeBytes = 0;

  partitionsInScanOrder(): string[] {
    this.scanOrder ??= [...this.partitions.keys()].sort(compareScanOrder);
    return this.scanOrder;
  }

  /** Puts the item's text. */
  put(partitionKey: string, sort: string, json: string, size: number): void {
    let partition = this.partitions.get(partitionKey);
    if (partition === undefined) {
      partition = new SortedPartition(partitionKey);
      this.partitions.set(partitionKey, partition);
      this.scanOrder = undefined;
    }
    // Every item of the partition shares its key string, rather than each holding a copy.
    const entry = new JsonStoredItem(partition.key, sort, json, size);
    const replaced = partition.put(entry);
    if (replaced) this.sizeBytes -= replaced.size;
    else this.itemCount++;
    this.sizeBytes += entry.size;
  }

  delete(partitionKey: string, sort: string): void {
    const partition = this.partitions.get(partitionKey);
    if (partition === undefined) return;
    const removed = partition.delete(sort);
    if (removed === undefined) return;
    this.itemCount--;
    this.sizeBytes -= removed.size;
    if (partition.size === 0) {
      this.partitions.delete(partitionKey);
      this.scanOrder = undefined;
    }
  }
}

/** The first index whose element is not `before` (elements satisfying it come first). */
function lowerBound(order: string[], before: (key: string) => boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(order[mid]!)) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class MemoryStorage implements Storage {
  private readonly records = new Map<string, TableRecord>();
  private readonly spaces = new Map<SpaceName, Space>();

  tables(): TableRecord[] {
    return [...this.records.values()].map((record) => structuredClone(record));
  }

  saveTable(record: TableRecord): void {
    this.records.set(record.name, structuredClone(record));
  }

  dropTable(name: string): void {
    this.records.delete(name);
    for (const space of [...this.spaces.keys()]) {
      if (space === name || space.startsWith(`${name}\u0000`)) this.spaces.delete(space);
    }
  }

  dropSpace(space: SpaceName): void {
    this.spaces.delete(space);
  }

  renameSpace(from: SpaceName, to: SpaceName): void {
    const found = this.spaces.get(from);
    if (found === undefined) return;
    this.spaces.delete(from);
    this.spaces.set(to, found);
  }

  get(space: SpaceName, partition: string, sort: string): StoredItem | undefined {
    return this.spaces.get(space)?.partitions.get(partition)?.get(sort);
  }

  range(space: SpaceName, partition: string, range: SortRange, forward: boolean, after?: string): Iterable<StoredItem> {
    const found = this.spaces.get(space)?.partitions.get(partition);
    return found ? found.range(range, forward, after) : [];
  }

  *scan(space: SpaceName, segment: { index: number; total: number }, after?: Position): Generator<StoredItem> {
    const found = this.spaces.get(space);
    if (found === undefined) return;
    const { start, end } = segmentRange(segment.index, segment.total);
    const order = found.partitionsInScanOrder();
    // Partitions are sorted by token: start at the segment (or the resume point), stop past it.
    let first = lowerBound(order, (key) => partitionToken(key) < start);
    if (after !== undefined) {
      first = Math.max(first, lowerBound(order, (key) => compareScanOrder(key, after.partition) < 0));
    }
    for (let i = first; i < order.length; i++) {
      const key = order[i]!;
      if (partitionToken(key) >= end) break;
      const partition = found.partitions.get(key);
      if (partition === undefined) continue;
      const resume = after !== undefined && key === after.partition ? after.sort : undefined;
      // One generator for the whole walk: delegating to each partition's costs a resumption per item.
      const [from, to] = partition.bounds({}, true, resume);
      for (let at = from; at < to; at++) yield partition.at(at);
    }
  }

  write(writes: readonly ItemWrite[]): void {
    // Nothing here can fail half-way: the engine validates before writing.
    const textOf = batchTexts();
    for (const write of writes) {
      let space = this.spaces.get(write.space);
      if (write.json === undefined && write.item === undefined) {
        space?.delete(write.partition, write.sort);
        continue;
      }
      if (space === undefined) {
        space = new Space();
        this.spaces.set(write.space, space);
      }
      space.put(write.partition, write.sort, write.json ?? textOf(write.item!), write.size ?? 0);
    }
  }

  /** In memory nothing is lost to a crash, and the engine validates before it writes. */
  atomic<T>(body: () => T): T {
    return body();
  }

  stats(space: SpaceName): SpaceStats {
    const found = this.spaces.get(space);
    return { itemCount: found?.itemCount ?? 0, sizeBytes: found?.sizeBytes ?? 0 };
  }

  close(): void {
    this.records.clear();
    this.spaces.clear();
  }
}
