/**
 * Storage format 1 to 2 (src/storage/sqlite-format-2.ts). Format 1 placed a
 * key string with a lone surrogate where TextEncoder put it (the surrogate as
 * U+FFFD, EF BF BD) and counted the surrogate as 3 bytes in sizes. The
 * fixtures here are written that way, by a copy of the old encoding below
 * through the storage layer, and marked format 1; opening them with the
 * engine migrates them.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { itemSize, type AttributeValue, type Item } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine.js';
import { encodeKeyValue } from '../../src/keys/encode.js';
import { openEngine } from '../../src/storage/open-engine.js';
import { SqliteStorage } from '../../src/storage/sqlite.js';
import { DATABASE_FILE } from '../../src/storage/sqlite-open.js';
import { STORAGE_FORMAT, StorageFormatError } from '../../src/storage/sqlite-schema.js';
import { indexSpace, tableSpace, type ItemWrite } from '../../src/storage/storage.js';
import type { TableMeta } from '../../src/tables/meta.js';
import { temporaryDirectories } from './temp-dirs.js';
import { LONE_SURROGATE } from '../items/string-model.js';

const newDirectory = temporaryDirectories('dynotable-format2-');

const utf8 = new TextEncoder();

/** Format 1's key encoding: a string's bytes from TextEncoder (numbers and binary encode as they still do). */
function formerKey(value: AttributeValue): string {
  if (!('S' in value)) return encodeKeyValue(value);
  let out = '';
  for (const byte of utf8.encode(value.S)) out += byte === 0 ? '\u0000\u00ff' : String.fromCharCode(byte);
  return out + '\u0000\u0001';
}

function loneSurrogates(text: string): number {
  return text.match(LONE_SURROGATE)?.length ?? 0;
}

function loneSurrogatesIn(value: AttributeValue): number {
  if ('S' in value) return loneSurrogates(value.S);
  if ('SS' in value) return value.SS.reduce((sum, member) => sum + loneSurrogates(member), 0);
  if ('M' in value) return loneSurrogatesInItem(value.M);
  if ('L' in value) return value.L.reduce((sum, member) => sum + loneSurrogatesIn(member), 0);
  return 0;
}

function loneSurrogatesInItem(item: Item): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + loneSurrogates(name) + loneSurrogatesIn(value), 0);
}

/** Format 1's size: a lone surrogate counted as U+FFFD, 3 bytes instead of 1. */
function formerSize(item: Item): number {
  return itemSize(item) + 2 * loneSurrogatesInItem(item);
}

function pick(item: Item, names: (string | undefined)[]): Item {
  const picked: Item = {};
  for (const name of names) if (name !== undefined && item[name] !== undefined) picked[name] = item[name]!;
  return picked;
}

/** The rows format 1 wrote for an item: the table's and one per index that holds it. */
function formerWrites(table: TableMeta, item: Item): ItemWrite[] {
  const { partition, sort } = table.keys;
  const writes: ItemWrite[] = [
    { space: tableSpace(table.name), partition: formerKey(item[partition.name]!), sort: sort ? formerKey(item[sort.name]!) : '', item, size: formerSize(item) },
  ];
  for (const index of table.indexes) {
    const indexPartition = item[index.keys.partition.name];
    const indexSort = index.keys.sort && item[index.keys.sort.name];
    if (indexPartition === undefined || indexSort === undefined) continue;
    let entrySort = indexSort ? formerKey(indexSort) : '';
    if (index.kind === 'global') entrySort += formerKey(item[partition.name]!);
    if (sort) entrySort += formerKey(item[sort.name]!);
    const entry =
      index.projection.type === 'ALL' ? item : pick(item, [partition.name, sort?.name, index.keys.partition.name, index.keys.sort?.name]);
    writes.push({ space: indexSpace(table.name, index.name), partition: formerKey(indexPartition), sort: entrySort, item: entry, size: formerSize(entry) });
  }
  return writes;
}

/**
 * A data directory as format 1 left it: the tables created by the engine,
 * the items written where format 1 put them, user_version 1.
 */
function formatOneDirectory(tables: object[], items: Record<string, Item[]>): string {
  const dataDir = newDirectory();
  const engine = openEngine({ dataDir });
  for (const table of tables) engine.execute('CreateTable', table);
  engine.close();
  const storage = SqliteStorage.open(dataDir);
  const metas = new Map(storage.tables().map((record) => [record.name, record.meta as TableMeta]));
  for (const [name, list] of Object.entries(items)) {
    for (const item of list) storage.write(formerWrites(metas.get(name)!, item));
  }
  storage.close();
  setVersion(dataDir, 1);
  return dataDir;
}

function raw<T>(dataDir: string, body: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    return body(db);
  } finally {
    db.close();
  }
}

function setVersion(dataDir: string, version: number): void {
  raw(dataDir, (db) => db.pragma(`user_version = ${version}`));
}

function versionOf(dataDir: string): number {
  return raw(dataDir, (db) => db.pragma('user_version', { simple: true }) as number);
}

/** Every row and space as stored, to tell whether anything changed. */
function dump(dataDir: string): unknown {
  return raw(dataDir, (db) => ({
    items: db.prepare('SELECT space, token, hex(pk), hex(sk), item, size FROM items ORDER BY space, token, pk, sk').raw().all(),
    spaces: db.prepare('SELECT * FROM spaces ORDER BY id').raw().all(),
  }));
}

const S = (text: string) => ({ S: text });

const TABLE = {
  TableName: 'things',
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
    { AttributeName: 'g', AttributeType: 'S' },
    { AttributeName: 'h', AttributeType: 'S' },
    { AttributeName: 'l', AttributeType: 'S' },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'byG',
      KeySchema: [
        { AttributeName: 'g', KeyType: 'HASH' },
        { AttributeName: 'h', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
  LocalSecondaryIndexes: [
    {
      IndexName: 'byL',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'l', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    },
  ],
};

const ITEMS: Item[] = [
  // A lone surrogate in the table's partition key.
  { pk: S('p\ud800'), sk: S('a'), g: S('g'), h: S('h1'), l: S('l1') },
  // In the sort key, and in both GSI keys and the LSI key.
  { pk: S('p'), sk: S('s\udc00x'), g: S('g\udbff'), h: S('h\ud83d'), l: S('l\ude00') },
  // Only outside the keys: the item stays, its size shrinks.
  { pk: S('p'), sk: S('plain'), g: S('g'), h: S('h3'), l: S('l3'), note: S('n\ud800'), ['a\udfff']: { SS: ['\ud800', 'x'] } },
  // U+FFFD itself, a proper pair, and text that only looks like an escape: not moved.
  { pk: S('p'), sk: S('\ufffd'), g: S('g\ufffd'), h: S('h4'), l: S('l4') },
  { pk: S('q\ud83d\ude00'), sk: S('pair'), g: S('g'), h: S('h5'), l: S('l5') },
  { pk: S('p'), sk: S('b'), g: S('g'), h: S('h6'), l: S('l6'), text: S('\\ud800') },
  // No GSI entry; its LSI entry moves with the table key.
  { pk: S('r\udfff'), sk: S('z\ud800'), l: S('l7') },
];

function keyOf(item: Item): Item {
  return { pk: item.pk!, sk: item.sk! };
}

function scanAll(engine: Engine, extra: Record<string, unknown> = {}): Item[] {
  const items: Item[] = [];
  let start: unknown;
  do {
    const page = engine.execute('Scan', { TableName: 'things', Limit: 2, ...extra, ...(start ? { ExclusiveStartKey: start } : {}) });
    items.push(...(page.Items as Item[]));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
}

function query(engine: Engine, condition: string, values: Record<string, unknown>, extra: Record<string, unknown> = {}): Item[] {
  return engine.execute('Query', { TableName: 'things', KeyConditionExpression: condition, ExpressionAttributeValues: values, ...extra }).Items as Item[];
}

/** What DescribeTable counts, without what differs between two creations of one table. */
function counts(engine: Engine): unknown {
  const table = engine.execute('DescribeTable', { TableName: 'things' }).Table as Record<string, unknown>;
  const indexCounts = (list: unknown) => (list as Record<string, unknown>[]).map((index) => [index.IndexName, index.ItemCount, index.IndexSizeBytes]);
  return {
    items: table.ItemCount,
    bytes: table.TableSizeBytes,
    global: indexCounts(table.GlobalSecondaryIndexes),
    local: indexCounts(table.LocalSecondaryIndexes),
  };
}

describe('storage format 2', () => {
  it('is what the current code writes', () => {
    expect(STORAGE_FORMAT).toBe(2);
    const dataDir = newDirectory();
    const engine = openEngine({ dataDir });
    engine.execute('CreateTable', TABLE);
    engine.execute('PutItem', { TableName: 'things', Item: ITEMS[0] });
    engine.close();
    expect(versionOf(dataDir)).toBe(2);
  });

  it('moves format-1 items and index entries whose keys hold a lone surrogate to where their keys find them', () => {
    const dataDir = formatOneDirectory([TABLE], { things: ITEMS });
    const before = dump(dataDir);
    // The fixture is format 1's: `p\ud800` is stored as p EF BF BD (then the end of the string), not as p 3F.
    const stored = raw(dataDir, (db) =>
      db.prepare(`SELECT s.idx, hex(i.pk), hex(i.sk) FROM items i JOIN spaces s ON s.id = i.space WHERE i.item LIKE '%"h1"%' ORDER BY s.idx`).raw().all(),
    );
    expect(stored).toEqual([
      ['', '70EFBFBD0001', '610001'],
      ['byG', '670001', '683100017' + '0EFBFBD0001610001'],
    ]);
    expect(versionOf(dataDir)).toBe(1);

    const engine = openEngine({ dataDir });
    try {
      for (const item of ITEMS) {
        expect(engine.execute('GetItem', { TableName: 'things', Key: keyOf(item) }).Item, JSON.stringify(item)).toEqual(item);
      }
      // Any spelling of the same bytes finds the item, as in DynamoDB.
      expect(engine.execute('GetItem', { TableName: 'things', Key: { pk: S('p?'), sk: S('a') } }).Item).toEqual(ITEMS[0]);
      expect(engine.execute('GetItem', { TableName: 'things', Key: { pk: S('p\ufffd'), sk: S('a') } }).Item).toBeUndefined();

      // Query on the table: in DynamoDB's byte order, `?` (0x3F) where the surrogate is.
      const sks = (items: Item[]) => items.map((item) => (item.sk as { S: string }).S);
      expect(sks(query(engine, 'pk = :p', { ':p': S('p') }))).toEqual(['b', 'plain', 's\udc00x', '\ufffd']);
      expect(sks(query(engine, 'pk = :p AND sk = :s', { ':p': S('p'), ':s': S('s?x') }))).toEqual(['s\udc00x']);
      expect(query(engine, 'pk = :p', { ':p': S('p\udbff') })).toEqual([ITEMS[0]]);
      expect(query(engine, 'pk = :p AND begins_with(sk, :s)', { ':p': S('r?'), ':s': S('z?') })).toEqual([ITEMS[6]]);

      // Query on the GSI, by its own keys.
      const gsi = { IndexName: 'byG' };
      expect(query(engine, 'g = :g', { ':g': S('g\ud800') }, gsi)).toEqual([ITEMS[1]]);
      expect(query(engine, 'g = :g AND h = :h', { ':g': S('g?'), ':h': S('h\udfff') }, gsi)).toEqual([ITEMS[1]]);
      expect(query(engine, 'g = :g', { ':g': S('g') }, gsi)).toEqual([ITEMS[0], ITEMS[2], ITEMS[4], ITEMS[5]]);
      expect(query(engine, 'g = :g', { ':g': S('g\ufffd') }, gsi)).toEqual([ITEMS[3]]);

      // Query on the LSI (keys only).
      const lsi = { IndexName: 'byL' };
      expect(query(engine, 'pk = :p AND l = :l', { ':p': S('p'), ':l': S('l?') }, lsi)).toEqual([{ pk: S('p'), sk: S('s\udc00x'), l: S('l\ude00') }]);
      expect(query(engine, 'pk = :p', { ':p': S('r\ud800') }, lsi)).toEqual([{ pk: S('r\udfff'), sk: S('z\ud800'), l: S('l7') }]);

      // Scan, a page of two at a time (ExclusiveStartKey through moved items): every item once.
      const key = (item: Item) => JSON.stringify(keyOf(item));
      expect(scanAll(engine).map(key).sort()).toEqual(ITEMS.map(key).sort());
      expect(scanAll(engine, { IndexName: 'byG' }).map(key).sort()).toEqual(ITEMS.slice(0, 6).map(key).sort());
      expect(scanAll(engine, { IndexName: 'byL' }).map(key).sort()).toEqual(ITEMS.map(key).sort());

      // Counts and sizes are what the current code keeps for these items.
      const fresh = createEngine({});
      fresh.execute('CreateTable', TABLE);
      for (const item of ITEMS) fresh.execute('PutItem', { TableName: 'things', Item: item });
      expect(counts(engine)).toEqual(counts(fresh));
      fresh.close();
    } finally {
      engine.close();
    }
    expect(versionOf(dataDir)).toBe(2);
    const after = dump(dataDir);
    expect(after).not.toEqual(before);
    // Migrated once: the next open changes nothing.
    openEngine({ dataDir }).close();
    expect(dump(dataDir)).toEqual(after);
  });

  it('bumps a format-1 database without such keys, changing no row', () => {
    const items = [ITEMS[3]!, ITEMS[4]!, ITEMS[5]!, { pk: S('p'), sk: S('\u0000é'), g: S('g'), h: S('\\uDFFF'), l: S('x') }];
    const dataDir = formatOneDirectory([TABLE], { things: items });
    const before = dump(dataDir);
    const engine = openEngine({ dataDir });
    engine.close();
    expect(versionOf(dataDir)).toBe(2);
    expect(dump(dataDir)).toEqual(before);
  });

  it('refuses a read-only open of a format-1 database, saying to open it once without --read-only', () => {
    const dataDir = formatOneDirectory([TABLE], { things: ITEMS.slice(0, 2) });
    expect(() => SqliteStorage.open(dataDir, { readOnly: true })).toThrow(
      `${join(dataDir, DATABASE_FILE)} uses storage format 1, which must be migrated to format 2 before it can be read; open it once without --read-only.`,
    );
    expect(versionOf(dataDir)).toBe(1);
  });

  it('refuses, changing nothing, when two items would come to one key, and migrates once one of them is gone', () => {
    const HASH = {
      TableName: 'hashed',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    };
    const items: Item[] = [
      // Onto an item that is where it belongs.
      { pk: S('k\ud800'), n: { N: '1' } },
      { pk: S('k?'), n: { N: '2' } },
      // Two moving items onto one place: both are `k??` now.
      { pk: S('a\ud800?'), n: { N: '3' } },
      { pk: S('a?\udfff'), n: { N: '4' } },
      // One moving into the place another leaves: no conflict.
      { pk: S('m\ud800?'), n: { N: '5' } },
      { pk: S('m\ufffd\udc00'), n: { N: '6' } },
    ];
    const dataDir = formatOneDirectory([HASH, TABLE], { hashed: items, things: ITEMS });
    const before = dump(dataDir);
    const file = join(dataDir, DATABASE_FILE);
    let refusal: unknown;
    try {
      openEngine({ dataDir }).close();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(StorageFormatError);
    expect((refusal as Error).message).toBe(
      `${file} uses storage format 1, which cannot be migrated to format 2 as it is: these pairs of items have one key now, ` +
        'because a lone surrogate in a key is the byte ? as in DynamoDB (see docs/strings.md), and a table holds one item per key:\n' +
        '  table hashed: the items with keys {"pk":{"S":"a?\\udfff"}} and {"pk":{"S":"a\\ud800?"}}\n' +
        '  table hashed: the items with keys {"pk":{"S":"k?"}} and {"pk":{"S":"k\\ud800"}}\n' +
        'Nothing was changed. Open the data directory with the DynoTable version that wrote it, delete one item of each pair ' +
        '(or put it again under another key first), then open it with this version again.',
    );
    expect(versionOf(dataDir)).toBe(1);
    expect(dump(dataDir)).toEqual(before);

    // What the message says to do, as format 1 would do it: delete `k?` and `a?\udfff`.
    raw(dataDir, (db) => {
      for (const pk of ['k?', 'a?\udfff']) {
        const size = db.prepare('DELETE FROM items WHERE pk = ? RETURNING size').pluck().get(Buffer.from(formerKey(S(pk)), 'latin1')) as number;
        db.prepare("UPDATE spaces SET item_count = item_count - 1, size_bytes = size_bytes - ? WHERE tbl = 'hashed' AND idx = ''").run(size);
      }
    });
    const engine = openEngine({ dataDir });
    try {
      const kept = [items[0]!, items[2]!, items[4]!, items[5]!];
      for (const item of kept) expect(engine.execute('GetItem', { TableName: 'hashed', Key: { pk: item.pk } }).Item).toEqual(item);
      expect(engine.execute('GetItem', { TableName: 'hashed', Key: { pk: S('k?') } }).Item).toEqual(items[0]);
      const table = engine.execute('DescribeTable', { TableName: 'hashed' }).Table as { ItemCount: number; TableSizeBytes: number };
      expect(table.ItemCount).toBe(4);
      expect(table.TableSizeBytes).toBe(kept.reduce((sum, item) => sum + itemSize(item), 0));
      expect(engine.execute('GetItem', { TableName: 'things', Key: keyOf(ITEMS[1]!) }).Item).toEqual(ITEMS[1]);
    } finally {
      engine.close();
    }
    expect(versionOf(dataDir)).toBe(2);
  });
});
