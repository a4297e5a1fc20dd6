/**
 * Write units on the table and on each index (docs/dynamodb-rules.md#capacity, measured on DynamoDB
 * Local with ReturnConsumedCapacity INDEXES): an index entry added, removed,
 * unchanged, updated in place or moved; LSIs reported apart; item collection
 * metrics for tables with LSIs.
 */
import { describe, expect, it } from 'vitest';
import { engineWith, N, S } from './support.js';

const spec = {
  name: 'indexed',
  sort: true,
  gsis: [{ name: 'gsi', partition: 'g' }],
  lsis: [{ name: 'lsi', sort: 'g', projection: 'KEYS_ONLY' as const }],
};
const key = { pk: S('a'), sk: S('b') };

function units(output: Record<string, unknown>) {
  const consumed = output.ConsumedCapacity as {
    Table: { CapacityUnits: number };
    GlobalSecondaryIndexes?: Record<string, { CapacityUnits: number }>;
    LocalSecondaryIndexes?: Record<string, { CapacityUnits: number }>;
  };
  return {
    table: consumed.Table.CapacityUnits,
    gsi: consumed.GlobalSecondaryIndexes?.gsi?.CapacityUnits ?? 0,
    lsi: consumed.LocalSecondaryIndexes?.lsi?.CapacityUnits ?? 0,
  };
}

describe('index write units', () => {
  it('follows the measured rules for added, moved, updated and unchanged entries', () => {
    const engine = engineWith(spec);
    const put = (item: Record<string, unknown>) =>
      units(engine.execute('PutItem', { TableName: 'indexed', Item: { ...key, ...item }, ReturnConsumedCapacity: 'INDEXES' }));
    // 1509-byte item: 2 units; GSI (ALL) entry 2; LSI (KEYS_ONLY) entry 1.
    expect(put({ g: S('x'), d: S('a'.repeat(1500)) })).toEqual({ table: 2, gsi: 2, lsi: 1 });
    // Key moved: old entry deleted plus new one put.
    expect(put({ g: S('y') })).toEqual({ table: 2, gsi: 3, lsi: 2 });
    // Same index key, projection changed (ALL) or not (KEYS_ONLY).
    expect(put({ g: S('y'), q: N(1) })).toEqual({ table: 1, gsi: 1, lsi: 0 });
    // Leaving the indexes.
    expect(put({})).toEqual({ table: 1, gsi: 1, lsi: 1 });
    // Never in them.
    expect(put({ q: N(2) })).toEqual({ table: 1, gsi: 0, lsi: 0 });
  });

  it('bills an item written over itself on the table only, and keeps it and its index entries', () => {
    const engine = engineWith(spec);
    const item = { ...key, g: S('x'), d: S('a'.repeat(1500)) };
    const put = () => units(engine.execute('PutItem', { TableName: 'indexed', Item: item, ReturnConsumedCapacity: 'INDEXES' }));
    expect(put()).toEqual({ table: 2, gsi: 2, lsi: 1 });
    expect(put()).toEqual({ table: 2, gsi: 0, lsi: 0 });
    const update = engine.execute('UpdateItem', {
      TableName: 'indexed',
      Key: key,
      UpdateExpression: 'SET g = :g',
      ExpressionAttributeValues: { ':g': S('x') },
      ReturnConsumedCapacity: 'INDEXES',
    });
    expect(units(update)).toEqual({ table: 2, gsi: 0, lsi: 0 });
    const query = (index: string) =>
      engine.execute('Query', {
        TableName: 'indexed',
        IndexName: index,
        KeyConditionExpression: index === 'gsi' ? 'g = :g' : 'pk = :p AND g = :g',
        ExpressionAttributeValues: index === 'gsi' ? { ':g': S('x') } : { ':p': S('a'), ':g': S('x') },
      }).Items as Record<string, unknown>[];
    expect(query('gsi')).toEqual([item]);
    expect(query('lsi')).toEqual([{ ...key, g: S('x') }]);
    expect(engine.execute('GetItem', { TableName: 'indexed', Key: key }).Item).toEqual(item);
  });

  it('omits indexes that cost nothing and answers TOTAL without a breakdown', () => {
    const engine = engineWith(spec);
    const output = engine.execute('PutItem', { TableName: 'indexed', Item: key, ReturnConsumedCapacity: 'INDEXES' });
    expect(output.ConsumedCapacity).toEqual({
      TableName: 'indexed',
      CapacityUnits: 1,
      WriteCapacityUnits: 1,
      Table: { CapacityUnits: 1, WriteCapacityUnits: 1 },
    });
    const total = engine.execute('PutItem', { TableName: 'indexed', Item: { ...key, g: S('x') }, ReturnConsumedCapacity: 'TOTAL' });
    expect(total.ConsumedCapacity).toEqual({ TableName: 'indexed', CapacityUnits: 3, WriteCapacityUnits: 3 });
  });

  it('refuses an index key of the wrong type', () => {
    const engine = engineWith(spec);
    expect(() => engine.execute('PutItem', { TableName: 'indexed', Item: { ...key, g: N(1) } })).toThrow(
      /^One or more parameter values were invalid: Type mismatch for Index Key/,
    );
  });

  it('keeps the index in step with the table', () => {
    const engine = engineWith(spec);
    engine.execute('PutItem', { TableName: 'indexed', Item: { ...key, g: S('x') } });
    engine.execute('UpdateItem', { TableName: 'indexed', Key: key, UpdateExpression: 'SET g = :g', ExpressionAttributeValues: { ':g': S('y') } });
    const query = (value: string) =>
      engine.execute('Query', {
        TableName: 'indexed',
        IndexName: 'gsi',
        KeyConditionExpression: 'g = :g',
        ExpressionAttributeValues: { ':g': S(value) },
      }).Count;
    expect([query('x'), query('y')]).toEqual([0, 1]);
    engine.execute('DeleteItem', { TableName: 'indexed', Key: key });
    expect(query('y')).toBe(0);
  });
});

describe('ItemCollectionMetrics', () => {
  it('is returned with SIZE for tables with an LSI only', () => {
    const engine = engineWith(spec, { name: 'plain', sort: true });
    const withLsi = engine.execute('PutItem', { TableName: 'indexed', Item: key, ReturnItemCollectionMetrics: 'SIZE' });
    expect(withLsi.ItemCollectionMetrics).toEqual({ ItemCollectionKey: { pk: S('a') }, SizeEstimateRangeGB: [0, 1] });
    expect(engine.execute('PutItem', { TableName: 'indexed', Item: key })).toEqual({});
    expect(engine.execute('PutItem', { TableName: 'plain', Item: key, ReturnItemCollectionMetrics: 'SIZE' })).toEqual({});
  });
});
