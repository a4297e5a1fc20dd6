import { describe, expect, it } from 'vitest';
import { itemSize, moveWriteUnits, writeUnitsForChange } from '@dynotable/core';
import type { Item } from '@dynotable/core';
import { table } from './fixtures.js';

const KB = 1024;

/** An item of exactly `bytes` bytes with these string attributes (the body takes up the rest). */
function sized(bytes: number, attributes: Record<string, string>): Item {
  const item: Item = {};
  for (const [name, value] of Object.entries(attributes)) item[name] = { S: value };
  item['body'] = { S: '' };
  item['body'] = { S: 'x'.repeat(bytes - itemSize(item)) };
  return item;
}

const indexed = table({
  globalSecondaryIndexes: [
    { name: 'ByStatus', partitionKey: { name: 'GSI1PK', type: 'S' }, sortKey: { name: 'GSI1SK', type: 'S' }, partitionKeys: [{ name: 'GSI1PK', type: 'S' }], sortKeys: [{ name: 'GSI1SK', type: 'S' }], projection: { type: 'ALL' } },
    { name: 'Slim', partitionKey: { name: 'GSI2PK', type: 'S' }, partitionKeys: [{ name: 'GSI2PK', type: 'S' }], sortKeys: [], projection: { type: 'KEYS_ONLY' } },
  ],
});

describe('write units per call', () => {
  it('rounds the item up to 1 KB: 1024 bytes is 1 WCU, 1025 is 2', () => {
    const plain = table();
    expect(itemSize(sized(KB, { PK: 'A', SK: 'B' }))).toBe(KB);
    expect(writeUnitsForChange(plain, undefined, sized(KB, { PK: 'A', SK: 'B' })).total).toBe(1);
    expect(writeUnitsForChange(plain, undefined, sized(KB + 1, { PK: 'A', SK: 'B' })).total).toBe(2);
    expect(writeUnitsForChange(plain, sized(KB + 1, { PK: 'A', SK: 'B' }), undefined).total).toBe(2);
  });

  it('bills an update on the larger of the item before and after', () => {
    const before = sized(KB, { PK: 'A', SK: 'B' });
    const after = sized(2 * KB + 1, { PK: 'A', SK: 'B' });
    expect(writeUnitsForChange(table(), before, after).table).toBe(3);
    expect(writeUnitsForChange(table(), after, before).table).toBe(3);
  });

  it('adds an entry to every index the new item has keys for', () => {
    const item = sized(KB + 1, { PK: 'A', SK: 'B', GSI1PK: 'T', GSI1SK: 'S#open', GSI2PK: 'H' });
    const result = writeUnitsForChange(indexed, undefined, item);
    // ALL projects the whole 1025-byte item (2 KB blocks); KEYS_ONLY only the few key bytes (1 block).
    expect(result.indexes).toEqual([
      { index: 'ByStatus', kind: 'gsi', change: 'added', units: 2 },
      { index: 'Slim', kind: 'gsi', change: 'added', units: 1 },
    ]);
    expect(result.total).toBe(2 + 2 + 1);
  });

  it('skips an index the item has no keys for (sparse)', () => {
    const result = writeUnitsForChange(indexed, undefined, sized(500, { PK: 'A', SK: 'B', GSI1PK: 'T', GSI1SK: 'S' }));
    expect(result.indexes.map((row) => [row.change, row.units])).toEqual([
      ['added', 1],
      ['absent', 0],
    ]);
  });

  it('charges a moved index key a delete and a put, an only-projected change one write, an unprojected change nothing', () => {
    const before = sized(KB, { PK: 'A', SK: 'B', GSI1PK: 'T', GSI1SK: 'S#open', GSI2PK: 'H', note: 'a' });
    const moved = sized(KB, { PK: 'A', SK: 'B', GSI1PK: 'T', GSI1SK: 'S#shut', GSI2PK: 'H', note: 'a' });
    const noted = sized(KB, { PK: 'A', SK: 'B', GSI1PK: 'T', GSI1SK: 'S#open', GSI2PK: 'H', note: 'b' });
    expect(writeUnitsForChange(indexed, before, moved).indexes.map((row) => [row.change, row.units])).toEqual([
      ['moved', 2],
      ['unchanged', 0],
    ]);
    expect(writeUnitsForChange(indexed, before, moved).total).toBe(3);
    expect(writeUnitsForChange(indexed, before, noted).indexes.map((row) => [row.change, row.units])).toEqual([
      ['updated', 1],
      ['unchanged', 0],
    ]);
  });

  it('leaving a sparse index is a delete of the entry', () => {
    const before = sized(KB, { PK: 'A', SK: 'B', GSI1PK: 'T', GSI1SK: 'S#open' });
    const after = sized(KB, { PK: 'A', SK: 'B', status: 'closed!' });
    expect(writeUnitsForChange(indexed, before, after).indexes[0]).toEqual({ index: 'ByStatus', kind: 'gsi', change: 'removed', units: 1 });
  });

  it('moves an item to a new base key as a transactional delete and put, the table at twice the units', () => {
    const before = sized(KB, { PK: 'T', SK: 'S#open', GSI1PK: 'T', GSI1SK: 'X' });
    const after = sized(KB + 1, { PK: 'T', SK: 'S#pending', GSI1PK: 'T', GSI1SK: 'X' });
    const move = moveWriteUnits(indexed, before, after);
    expect(move.table).toBe(2 * (1 + 2));
    expect(move.indexes[0]).toEqual({ index: 'ByStatus', kind: 'gsi', change: 'moved', units: 1 + 2 });
    expect(move.total).toBe(6 + 3);
  });
});
