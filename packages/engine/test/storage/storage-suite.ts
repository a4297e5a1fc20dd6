/**
 * The storage contract, written once and run against every store
 * (memory.test.ts, sqlite.test.ts). Expected results are computed from plain
 * sorted lists of the keys written, never taken from a store.
 */
import { itemToWire, type Item } from '@dynotable/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexSpace, tableSpace } from '../../src/storage/storage.js';
import type { ItemWrite, SortBound, Storage, StoredItem } from '../../src/storage/storage.js';
import { compareScanOrder, partitionToken, segmentRange } from '../../src/storage/token.js';

export interface StoreFactory {
  /** A fresh, empty store. */
  open(): Storage;
  /** Called after each test with the store it opened. */
  dispose?(storage: Storage): void;
}

export function put(space: string, partition: string, sort: string, item: Item, size = 10): ItemWrite {
  return { space, partition, sort, item, size };
}

export function del(space: string, partition: string, sort: string): ItemWrite {
  return { space, partition, sort };
}

function keys(entries: Iterable<StoredItem>): [string, string][] {
  return [...entries].map((entry) => [entry.partition, entry.sort]);
}

/** Sort keys with NUL, 0xFF, prefixes of each other and equal heads: the edges of byte order. */
export const SORTS = ['', '\u0000', '\u0000\u0001', '\u0001', 'a', 'a\u0000', 'ab', 'b', '\u007f', '\u0080', '\u00ff', '\u00ff\u00ff'];

function bounds(): (SortBound | undefined)[] {
  const picked = ['\u0000', 'a', 'a\u0000', 'ab', 'c', '\u00ff'];
  return [undefined, ...picked.flatMap((key) => [{ key, inclusive: true }, { key, inclusive: false }])];
}

function withinBounds(sort: string, lower: SortBound | undefined, upper: SortBound | undefined): boolean {
  if (lower && (sort < lower.key || (!lower.inclusive && sort === lower.key))) return false;
  if (upper && (sort > upper.key || (!upper.inclusive && sort === upper.key))) return false;
  return true;
}

/** Items in `count` partitions of `perPartition` sorts each, in one space. */
export function spread(space: string, count: number, perPartition: number): ItemWrite[] {
  const writes: ItemWrite[] = [];
  for (let p = 0; p < count; p++) {
    for (let s = 0; s < perPartition; s++) {
      writes.push(put(space, `P${p}\u0000\u0001`, `S${String(s).padStart(5, '0')}`, { n: { N: String(p * 1000 + s) } }));
    }
  }
  return writes;
}

function scanOrdered(writes: ItemWrite[]): [string, string][] {
  return writes
    .map((write): [string, string] => [write.partition, write.sort])
    .sort((a, b) => compareScanOrder(a[0], b[0]) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
}

export function storageSuite(name: string, factory: StoreFactory): void {
  describe(`${name} storage`, () => {
    let store: Storage;
    beforeEach(() => {
      store = factory.open();
    });
    afterEach(() => {
      factory.dispose?.(store);
    });

    it('puts, replaces and deletes items, keeping counts and sizes', () => {
      const t = tableSpace('t');
      store.write([put(t, 'p', 'a', { v: { S: 'one' } }, 7), put(t, 'p', 'b', { v: { S: 'two' } }, 5)]);
      const found = store.get(t, 'p', 'a');
      expect(found && { partition: found.partition, sort: found.sort, item: found.item, json: found.json, size: found.size }).toEqual({
        partition: 'p',
        sort: 'a',
        item: { v: { S: 'one' } },
        json: '{"v":{"S":"one"}}',
        size: 7,
      });
      expect(store.stats(t)).toEqual({ itemCount: 2, sizeBytes: 12 });

      store.write([put(t, 'p', 'a', { v: { S: 'uno' } }, 3)]);
      expect(store.get(t, 'p', 'a')?.item).toEqual({ v: { S: 'uno' } });
      expect(store.stats(t)).toEqual({ itemCount: 2, sizeBytes: 8 });

      store.write([del(t, 'p', 'b'), del(t, 'p', 'missing'), del('nowhere', 'p', 'b')]);
      expect(store.get(t, 'p', 'b')).toBeUndefined();
      expect(store.stats(t)).toEqual({ itemCount: 1, sizeBytes: 3 });
      expect(store.stats('nowhere')).toEqual({ itemCount: 0, sizeBytes: 0 });
      expect(store.get('nowhere', 'p', 'a')).toBeUndefined();
    });

    it('applies a batch in order, so a later write to the same key wins', () => {
      const t = tableSpace('t');
      store.write([put(t, 'p', 's', { v: { N: '1' } }, 4), del(t, 'p', 's'), put(t, 'p', 's', { v: { N: '2' } }, 6)]);
      expect(store.get(t, 'p', 's')?.item).toEqual({ v: { N: '2' } });
      expect(store.stats(t)).toEqual({ itemCount: 1, sizeBytes: 6 });
    });

    it('reads a partition in byte order, forward and backward, for every bound combination and resume point', () => {
      const t = tableSpace('t');
      store.write([...SORTS.map((sort) => put(t, 'p', sort, { s: { S: sort } })), put(t, 'other', 'a', {})]);
      const sorted = [...SORTS].sort();
      for (const lower of bounds()) {
        for (const upper of bounds()) {
          for (const forward of [true, false]) {
            for (const after of [undefined, ...SORTS, 'a\u0000\u0000']) {
              let expected = sorted.filter((sort) => withinBounds(sort, lower, upper));
              if (after !== undefined) expected = expected.filter((sort) => (forward ? sort > after : sort < after));
              if (!forward) expected.reverse();
              const got = [...store.range(t, 'p', { lower, upper }, forward, after)];
              expect(got.map((entry) => entry.sort), JSON.stringify({ lower, upper, forward, after })).toEqual(expected);
              for (const entry of got) expect(entry).toMatchObject({ partition: 'p', item: { s: { S: entry.sort } } });
            }
          }
        }
      }
      expect([...store.range(t, 'absent', {}, true)]).toEqual([]);
      expect([...store.range('nowhere', 'p', {}, false)]).toEqual([]);
    });

    it('walks long partitions whole, in both directions, and stops early without harm', () => {
      const t = tableSpace('t');
      const writes = spread(t, 1, 2500);
      store.write(writes);
      const sorts = writes.map((write) => write.sort);
      expect([...store.range(t, writes[0]!.partition, {}, true)].map((entry) => entry.sort)).toEqual(sorts);
      expect([...store.range(t, writes[0]!.partition, {}, false)].map((entry) => entry.sort)).toEqual([...sorts].reverse());
      let seen = 0;
      for (const entry of store.range(t, writes[0]!.partition, {}, true)) {
        if (++seen === 40) {
          expect(entry.sort).toBe(sorts[39]);
          break;
        }
      }
      store.write([del(t, writes[0]!.partition, sorts[0]!)]);
      expect(store.stats(t).itemCount).toBe(2499);
    });

    it('scans in token order, then partition, then sort', () => {
      const t = tableSpace('t');
      const writes = spread(t, 300, 3);
      store.write(writes);
      expect(keys(store.scan(t, { index: 0, total: 1 }))).toEqual(scanOrdered(writes));
    });

    it('covers every item exactly once across the segments of a parallel scan', () => {
      const t = tableSpace('t');
      const writes = spread(t, 200, 2);
      store.write(writes);
      const all = scanOrdered(writes);
      for (const total of [1, 2, 3, 7, 64]) {
        const found: [string, string][] = [];
        for (let index = 0; index < total; index++) {
          const { start, end } = segmentRange(index, total);
          const segment = keys(store.scan(t, { index, total }));
          for (const [partition] of segment) expect(partitionToken(partition)).toSatisfy((token: number) => token >= start && token < end);
          found.push(...segment);
        }
        expect(found).toEqual(all);
      }
    });

    it('resumes a scan after any position, within a segment too', () => {
      const t = tableSpace('t');
      const writes = spread(t, 60, 3);
      store.write(writes);
      const all = scanOrdered(writes);
      for (let at = 0; at < all.length; at += 7) {
        const [partition, sort] = all[at]!;
        expect(keys(store.scan(t, { index: 0, total: 1 }, { partition, sort }))).toEqual(all.slice(at + 1));
      }
      // A position between items resumes at the next one.
      const [partition, sort] = all[10]!;
      expect(keys(store.scan(t, { index: 0, total: 1 }, { partition, sort: `${sort}\u0000` }))).toEqual(all.slice(11));
      for (let index = 0; index < 4; index++) {
        const segment = keys(store.scan(t, { index, total: 4 }));
        if (segment.length < 2) continue;
        const [p, s] = segment[0]!;
        expect(keys(store.scan(t, { index, total: 4 }, { partition: p, sort: s }))).toEqual(segment.slice(1));
      }
    });

    it('keeps spaces apart, and drops a table with its indexes but not a table whose name it prefixes', () => {
      const spaces = [tableSpace('a'), indexSpace('a', 'gsi'), tableSpace('ab'), indexSpace('ab', 'gsi')];
      store.write(spaces.map((space) => put(space, 'p', 's', { from: { S: space } }, 2)));
      store.saveTable({ name: 'a', meta: { n: 1 } });
      store.saveTable({ name: 'ab', meta: { n: 2 } });
      for (const space of spaces) expect(store.get(space, 'p', 's')?.item).toEqual({ from: { S: space } });

      store.dropSpace(indexSpace('ab', 'gsi'));
      expect(store.get(indexSpace('ab', 'gsi'), 'p', 's')).toBeUndefined();
      expect(store.stats(indexSpace('ab', 'gsi'))).toEqual({ itemCount: 0, sizeBytes: 0 });

      store.dropTable('a');
      expect(store.tables()).toEqual([{ name: 'ab', meta: { n: 2 } }]);
      expect(store.get(tableSpace('a'), 'p', 's')).toBeUndefined();
      expect(store.get(indexSpace('a', 'gsi'), 'p', 's')).toBeUndefined();
      expect(store.stats(tableSpace('a'))).toEqual({ itemCount: 0, sizeBytes: 0 });
      expect(store.get(tableSpace('ab'), 'p', 's')?.item).toEqual({ from: { S: tableSpace('ab') } });

      // A space written again after its drop starts from nothing.
      store.write([put(indexSpace('ab', 'gsi'), 'q', 's', {}, 4)]);
      expect(store.stats(indexSpace('ab', 'gsi'))).toEqual({ itemCount: 1, sizeBytes: 4 });
    });

    it('puts an item given only as its text (a stream record), binary included, and counts a fresh key as new', () => {
      const space = indexSpace('t', '#stream/x');
      const binary = { B: { B: new Uint8Array([0, 1, 255]) }, n: { N: '5' } };
      const text = JSON.stringify(itemToWire(binary));
      store.write([
        { space, partition: 'record', sort: '1', json: '{"a":{"S":"x"}}', size: 4, fresh: true },
        { space, partition: 'record', sort: '2', json: text, size: 6, fresh: true },
      ]);
      expect(store.get(space, 'record', '1')?.item).toEqual({ a: { S: 'x' } });
      expect(store.get(space, 'record', '2')?.item).toEqual(binary);
      expect(store.get(space, 'record', '2')?.json).toBe(text);
      expect(store.stats(space)).toEqual({ itemCount: 2, sizeBytes: 10 });
      store.write([del(space, 'record', '1')]);
      expect(store.stats(space)).toEqual({ itemCount: 1, sizeBytes: 6 });
    });

    it('renames a space with its items and counts, which then outlives its old table', () => {
      const from = indexSpace('t', '#stream/x');
      const to = indexSpace('#kept', 't/x');
      store.write([put(tableSpace('t'), 'p', 's', { a: { S: 'table' } }, 3), put(from, 'p', 's1', { n: { N: '1' } }, 5), put(from, 'p', 's2', { n: { N: '2' } }, 7)]);
      store.renameSpace(from, to);
      expect(keys(store.range(to, 'p', {}, true))).toEqual([
        ['p', 's1'],
        ['p', 's2'],
      ]);
      expect(store.stats(to)).toEqual({ itemCount: 2, sizeBytes: 12 });
      expect(store.get(from, 'p', 's1')).toBeUndefined();
      expect(store.stats(from)).toEqual({ itemCount: 0, sizeBytes: 0 });

      store.dropTable('t');
      expect(store.get(to, 'p', 's2')?.item).toEqual({ n: { N: '2' } });
      // The old name starts from nothing; a missing space renames to nothing.
      store.write([put(from, 'q', 's', {}, 1)]);
      expect(store.stats(from)).toEqual({ itemCount: 1, sizeBytes: 1 });
      store.renameSpace(indexSpace('none', 'x'), indexSpace('#kept', 'none'));
      expect(store.stats(indexSpace('#kept', 'none'))).toEqual({ itemCount: 0, sizeBytes: 0 });
    });

    it('saves table records as given, and replaces them by name', () => {
      const meta = { name: 't', nested: { list: [1, 'two', null, true], empty: {} }, unicode: 'é🦀', zero: 0 };
      store.saveTable({ name: 't', meta });
      store.saveTable({ name: 'u', meta: { v: 1 } });
      store.saveTable({ name: 'u', meta: { v: 2 } });
      const records = store.tables().sort((a, b) => (a.name < b.name ? -1 : 1));
      expect(records).toEqual([
        { name: 't', meta },
        { name: 'u', meta: { v: 2 } },
      ]);
    });

    it('returns binary, non-ASCII and oddly named attributes exactly as written', () => {
      const t = tableSpace('t');
      const bytes = new Uint8Array([0, 1, 127, 128, 254, 255]);
      const item: Item = {
        bin: { B: bytes },
        empty: { B: new Uint8Array(0) },
        set: { BS: [new Uint8Array([1]), new Uint8Array([2, 3])] },
        text: { S: 'héllo 🦀 \u0000 "quoted" \\ \ud800' },
        nested: { M: { deep: { L: [{ B: new Uint8Array([9]) }, { N: '-1.5E+10' }, { NULL: true }, { BOOL: false }] } } },
        ['__proto__']: { S: 'an ordinary attribute' },
        'b': { SS: ['x', 'y'] },
        ns: { NS: ['1', '2'] },
      };
      const partition = '\u0000\u00ff\u0080p';
      const sort = '\u00ff\u0000';
      store.write([put(t, partition, sort, item)]);
      for (const read of [store.get(t, partition, sort), [...store.range(t, partition, {}, true)][0], [...store.scan(t, { index: 0, total: 1 })][0]]) {
        expect(read?.partition).toBe(partition);
        expect(read?.sort).toBe(sort);
        expect(read?.item).toStrictEqual(item);
        expect(Object.hasOwn(read!.item, '__proto__')).toBe(true);
        expect(read?.item.bin).toEqual({ B: bytes });
        // The text reads return whole is the item's DynamoDB JSON.
        expect(read?.json).toBe(JSON.stringify(itemToWire(item)));
      }
    });

    it('runs the body of atomic and returns its value', () => {
      const t = tableSpace('t');
      const result = store.atomic(() => {
        store.write([put(t, 'p', 'a', {})]);
        store.saveTable({ name: 't', meta: {} });
        return 42;
      });
      expect(result).toBe(42);
      expect(store.stats(t).itemCount).toBe(1);
      expect(store.tables().map((record) => record.name)).toEqual(['t']);
    });
  });
}
