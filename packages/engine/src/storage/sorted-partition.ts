/**
 * The items of one partition, kept sorted by their sort string with binary
 * search: reads are O(log n), and range reads walk a contiguous slice.
 */
import type { SortRange, StoredItem } from './storage.js';

export class SortedPartition {
  private readonly entries: StoredItem[] = [];
  /**
   * Each entry's sort string at the same index: the binary search reads these
   * without first reaching each entry object, one memory load per step
   * instead of two (what a point read of a large table waits on).
   */
  private readonly sorts: string[] = [];

  /** The partition's key string, which its items share. */
  constructor(readonly key: string) {}

  get size(): number {
    return this.entries.length;
  }

  /** Index of the first entry whose sort is >= key (or > key when `after`). */
  private lowerBound(key: string, after: boolean): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const sort = this.sorts[mid]!;
      if (sort < key || (after && sort === key)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  get(sort: string): StoredItem | undefined {
    const at = this.lowerBound(sort, false);
    return this.sorts[at] === sort ? this.entries[at] : undefined;
  }

  /** Puts an entry; returns the entry it replaced. */
  put(entry: StoredItem): StoredItem | undefined {
    // Appending past the last entry (a stream's next record, keys written in order) needs no search.
    const last = this.sorts[this.sorts.length - 1];
    if (last === undefined || last < entry.sort) {
      this.entries.push(entry);
      this.sorts.push(entry.sort);
      return undefined;
    }
    const at = this.lowerBound(entry.sort, false);
    if (this.sorts[at] === entry.sort) {
      const existing = this.entries[at]!;
      this.entries[at] = entry;
      return existing;
    }
    this.entries.splice(at, 0, entry);
    this.sorts.splice(at, 0, entry.sort);
    return undefined;
  }

  /** Deletes the entry at `sort`; returns it. */
  delete(sort: string): StoredItem | undefined {
    const at = this.lowerBound(sort, false);
    if (this.sorts[at] !== sort) return undefined;
    const existing = this.entries[at]!;
    this.entries.splice(at, 1);
    this.sorts.splice(at, 1);
    return existing;
  }

  /** The entry at `index` in sort order. */
  at(index: number): StoredItem {
    return this.entries[index]!;
  }

  /** The indexes [start, end) of the entries within the range, after `after` when forward (before it when not). */
  bounds(range: SortRange, forward: boolean, after?: string): [number, number] {
    let start = range.lower ? this.lowerBound(range.lower.key, !range.lower.inclusive) : 0;
    let end = range.upper ? this.lowerBound(range.upper.key, range.upper.inclusive) : this.entries.length;
    if (after !== undefined) {
      if (forward) start = Math.max(start, this.lowerBound(after, true));
      else end = Math.min(end, this.lowerBound(after, false));
    }
    return [start, end];
  }

  *range(range: SortRange, forward: boolean, after?: string): Generator<StoredItem> {
    const [start, end] = this.bounds(range, forward, after);
    if (forward) {
      for (let i = start; i < end; i++) yield this.entries[i]!;
    } else {
      for (let i = end - 1; i >= start; i--) yield this.entries[i]!;
    }
  }
}
