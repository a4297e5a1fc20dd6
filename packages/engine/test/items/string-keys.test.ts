/**
 * String keys with every kind of code unit (astral characters, lone high and
 * low surrogate halves, pairs in the wrong order, U+FFFD, U+0000, `?`) on the
 * engine in memory and on disk. DynamoDB Local (docs/strings.md) encodes a
 * lone surrogate as the byte `?`, so the oracle here is the UTF-8 bytes of the
 * string with each lone surrogate replaced by `?`, written independently of
 * core: two keys are one item exactly when those bytes are equal, Query and
 * GetItem order and find items by them, and an item keeps the key string as
 * it was last written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine.js';
import { openEngine } from '../../src/storage/open-engine.js';
import { temporaryDirectories } from '../storage/temp-dirs.js';
import { byteOrder, dynamoBytes, identity, keyString } from './string-model.js';

const newDirectory = temporaryDirectories('dynotable-strings-');

type Wire = Record<string, unknown>;

interface Subject {
  name: string;
  open(): Engine;
}

const subjects: Subject[] = [
  { name: 'in memory', open: () => createEngine({ region: 'us-east-1' }) },
  { name: 'on disk', open: () => openEngine({ region: 'us-east-1', dataDir: newDirectory() }) },
];

function createTables(engine: Engine): void {
  engine.execute('CreateTable', {
    TableName: 'hash',
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'g', AttributeType: 'S' },
    ],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
  });
  engine.execute('CreateTable', {
    TableName: 'range',
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
  });
}

const S = (text: string) => ({ S: text });
const sOf = (value: unknown) => (value as { S: string }).S;
const nOf = (value: unknown) => Number((value as { N: string }).N);

/** What a model of DynamoDB holds after the puts: per identity, the last key string written and its number. */
function lastWrites(keys: string[]): Map<string, { key: string; n: number }> {
  const model = new Map<string, { key: string; n: number }>();
  keys.forEach((key, n) => model.set(identity(key), { key, n }));
  return model;
}

describe.each(subjects)('string keys on the engine $name', ({ open }) => {
  it('merges keys exactly when DynamoDB does, and replaces what the last put replaced', () => {
    const engine = open();
    try {
      createTables(engine);
      let run = 0;
      fc.assert(
        fc.property(fc.array(keyString, { minLength: 1, maxLength: 12 }), (keys) => {
          const prefix = `r${run++}|`;
          const seen = new Map<string, { key: string; n: number }>();
          keys.forEach((key, n) => {
            const output = engine.execute('PutItem', { TableName: 'hash', Item: { pk: S(prefix + key), n: { N: String(n) } }, ReturnValues: 'ALL_OLD' });
            const before = seen.get(identity(key));
            if (before === undefined) expect(output.Attributes, JSON.stringify(key)).toBeUndefined();
            else expect(output.Attributes, JSON.stringify([before.key, key])).toEqual({ pk: S(prefix + before.key), n: { N: String(before.n) } });
            seen.set(identity(key), { key, n });
          });
          // GetItem with any spelling of a key finds the last write, its key string as written.
          for (const key of keys) {
            const last = seen.get(identity(key))!;
            expect(engine.execute('GetItem', { TableName: 'hash', Key: { pk: S(prefix + key) } }).Item).toEqual({ pk: S(prefix + last.key), n: { N: String(last.n) } });
          }
        }),
        { numRuns: 150, seed: 0x5712, endOnFailure: true },
      );
    } finally {
      engine.close();
    }
  });

  it('orders sort keys by DynamoDB bytes, forwards and backwards, and finds them with key conditions', () => {
    const engine = open();
    try {
      createTables(engine);
      let run = 0;
      fc.assert(
        fc.property(fc.array(keyString, { minLength: 1, maxLength: 12 }), keyString, (keys, probe) => {
          const pk = S(`p${run++}`);
          keys.forEach((key, n) => engine.execute('PutItem', { TableName: 'range', Item: { pk, sk: S(key), n: { N: String(n) } } }));
          const expected = [...lastWrites(keys).values()].sort((a, b) => byteOrder(a.key, b.key));
          const query = (extra: Wire = {}, condition = '', values: Wire = {}) =>
            (
              engine.execute('Query', {
                TableName: 'range',
                KeyConditionExpression: `pk = :pk${condition}`,
                ExpressionAttributeValues: { ':pk': pk, ...values },
                ...extra,
              }).Items as Wire[]
            ).map((item) => ({ key: sOf(item.sk), n: nOf(item.n) }));
          expect(query()).toEqual(expected);
          expect(query({ ScanIndexForward: false })).toEqual([...expected].reverse());
          expect(query({ Limit: 2 }).length).toBe(Math.min(2, expected.length));
          // Key conditions compare DynamoDB's bytes too.
          const probeBytes = dynamoBytes(probe);
          const where = (test: (c: number) => boolean) => expected.filter((e) => test(byteOrder(e.key, probe)));
          expect(query({}, ' AND sk = :v', { ':v': S(probe) })).toEqual(where((c) => c === 0));
          expect(query({}, ' AND sk < :v', { ':v': S(probe) })).toEqual(where((c) => c < 0));
          expect(query({}, ' AND sk >= :v', { ':v': S(probe) })).toEqual(where((c) => c >= 0));
          expect(query({}, ' AND begins_with(sk, :v)', { ':v': S(probe) })).toEqual(
            expected.filter((e) => dynamoBytes(e.key).subarray(0, probeBytes.length).equals(probeBytes)),
          );
        }),
        { numRuns: 150, seed: 0x5713, endOnFailure: true },
      );
    } finally {
      engine.close();
    }
  });

  it('keys index entries by DynamoDB bytes', () => {
    const engine = open();
    try {
      createTables(engine);
      let run = 0;
      fc.assert(
        fc.property(fc.array(keyString, { minLength: 1, maxLength: 8 }), keyString, (values, probe) => {
          const prefix = `i${run++}|`;
          values.forEach((g, n) => engine.execute('PutItem', { TableName: 'hash', Item: { pk: S(`${prefix}${n}`), g: S(prefix + g) } }));
          const found = (engine.execute('Query', { TableName: 'hash', IndexName: 'byG', KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': S(prefix + probe) } }).Items as Wire[])
            .map((item) => sOf(item.pk))
            .sort();
          const expected = values.flatMap((g, n) => (identity(g) === identity(probe) ? [`${prefix}${n}`] : [])).sort();
          expect(found).toEqual(expected);
        }),
        { numRuns: 100, seed: 0x5714, endOnFailure: true },
      );
    } finally {
      engine.close();
    }
  });

  it('keeps the issue keys apart as DynamoDB Local does: k\\ud800 and k\\udbff are one item, k\\ufffd another', () => {
    const engine = open();
    try {
      createTables(engine);
      for (const [n, key] of ['k\ud800', 'k\udbff', 'k\ufffd'].entries()) engine.execute('PutItem', { TableName: 'hash', Item: { pk: S(key), n: { N: String(n) } } });
      const items = (engine.execute('Scan', { TableName: 'hash' }).Items as Wire[]).map((item) => [sOf(item.pk), nOf(item.n)]).sort((a, b) => Number(a[1]) - Number(b[1]));
      expect(items).toEqual([
        ['k\udbff', 1],
        ['k\ufffd', 2],
      ]);
    } finally {
      engine.close();
    }
  });

  it('counts a lone surrogate as one byte in key limits and capacity, U+FFFD as three', () => {
    const engine = open();
    try {
      createTables(engine);
      const put = (Item: Wire) => engine.execute('PutItem', { TableName: 'range', Item, ReturnConsumedCapacity: 'TOTAL' });
      const refused = (Item: Wire) => {
        try {
          put(Item);
          return undefined;
        } catch (error) {
          return (error as Error).message;
        }
      };
      expect(refused({ pk: S('\ud800'.repeat(2048)), sk: S('s') })).toBeUndefined();
      expect(refused({ pk: S('\ud800'.repeat(2049)), sk: S('s') })).toMatch(/2048 bytes/);
      expect(refused({ pk: S('\ufffd'.repeat(683)), sk: S('s') })).toMatch(/2048 bytes/);
      expect(refused({ pk: S('p'), sk: S('\udc00'.repeat(1024)) })).toBeUndefined();
      expect(refused({ pk: S('p'), sk: S('\udc00'.repeat(1025)) })).toMatch(/1024 bytes/);
      // pk, sk, v and the values p and s0: 8 bytes, so 1016 one-byte characters fill 1 KB.
      const units = (v: string) => (put({ pk: S('p'), sk: S('s0'), v: S(v) }).ConsumedCapacity as { CapacityUnits: number }).CapacityUnits;
      expect(units('\ud800'.repeat(1016))).toBe(1);
      expect(units('\ud800'.repeat(1017))).toBe(2);
    } finally {
      engine.close();
    }
  });
});

describe('string keys on disk across a restart', () => {
  it('are found again by any spelling DynamoDB merges, with the string as last written', () => {
    const dataDir = newDirectory();
    const first = openEngine({ region: 'us-east-1', dataDir });
    createTables(first);
    const keys = ['k\ud800', 'k\udbff', 'k\ufffd', 'k\ude00\ud83d', 'k\ud83d\ude00', 'k\u0000', 'k'];
    keys.forEach((key, n) => first.execute('PutItem', { TableName: 'range', Item: { pk: S('p'), sk: S(key), n: { N: String(n) } } }));
    first.close();
    const second = openEngine({ region: 'us-east-1', dataDir });
    try {
      const items = (second.execute('Query', { TableName: 'range', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('p') } }).Items as Wire[]).map((item) => sOf(item.sk));
      expect(items).toEqual(['k', 'k\u0000', 'k\udbff', 'k\ude00\ud83d', 'k\ufffd', 'k\ud83d\ude00']);
      expect(second.execute('GetItem', { TableName: 'range', Key: { pk: S('p'), sk: S('k?') } }).Item).toEqual({ pk: S('p'), sk: S('k\udbff'), n: { N: '1' } });
      expect(second.execute('GetItem', { TableName: 'range', Key: { pk: S('p'), sk: S('k\udfff\udfff') } }).Item).toEqual({ pk: S('p'), sk: S('k\ude00\ud83d'), n: { N: '3' } });
    } finally {
      second.close();
    }
  });
});
