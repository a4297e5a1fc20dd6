/** DescribeTable, ListTables and DeleteTable. "Local" marks messages confirmed on DynamoDB Local. */
import { describe, expect, it } from 'vitest';
import { itemSize, type Item } from '@dynotable/core';
import { engineAt, expectValidation, failure, HASH, onDemandTable, putDirect, RANGE, S } from './support.js';

describe('DescribeTable', () => {
  it('counts items and bytes of the table and each index', () => {
    const engine = engineAt();
    engine.execute(
      'CreateTable',
      onDemandTable('things', {
        AttributeDefinitions: [S('pk'), S('g')],
        GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [HASH('g')], Projection: { ProjectionType: 'KEYS_ONLY' } }],
      }),
    );
    const items: Item[] = [
      { pk: { S: 'a' }, g: { S: 'x' }, data: { S: 'hello' } },
      { pk: { S: 'b' }, data: { N: '42' } },
    ];
    for (const item of items) putDirect(engine, 'things', item);
    const table = engine.execute('DescribeTable', { TableName: 'things' }).Table as Record<string, unknown>;
    expect(table.ItemCount).toBe(2);
    expect(table.TableSizeBytes).toBe(itemSize(items[0]!) + itemSize(items[1]!));
    const [index] = table.GlobalSecondaryIndexes as Record<string, unknown>[];
    expect(index).toMatchObject({
      ItemCount: 1,
      IndexSizeBytes: itemSize({ pk: { S: 'a' }, g: { S: 'x' } }),
      ProvisionedThroughput: { NumberOfDecreasesToday: 0, ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
    });
  });

  it('names the missing table (DynamoDB; Local says "Cannot do operations on a non-existent table")', () => {
    expect(failure(engineAt(), 'DescribeTable', { TableName: 'nothing' })).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Requested resource not found: Table: nothing not found',
    });
  });

  it('validates the table name (framework)', () => {
    expectValidation(
      engineAt(),
      'DescribeTable',
      {},
      "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null",
    );
  });
});

describe('ListTables', () => {
  const names = ['delta', 'alpha', 'charlie', 'bravo', 'echo'];
  function withTables() {
    const engine = engineAt();
    for (const name of names) engine.execute('CreateTable', onDemandTable(name));
    return engine;
  }

  it('lists every table in order', () => {
    expect(withTables().execute('ListTables', {})).toEqual({ TableNames: [...names].sort() });
  });

  it('pages with Limit and ExclusiveStartTableName, with a resume point only while tables remain (Local)', () => {
    const engine = withTables();
    const seen: string[] = [];
    let start: string | undefined;
    let pages = 0;
    do {
      const page = engine.execute('ListTables', { Limit: 2, ...(start ? { ExclusiveStartTableName: start } : {}) });
      seen.push(...(page.TableNames as string[]));
      start = page.LastEvaluatedTableName as string | undefined;
      pages++;
    } while (start !== undefined);
    expect(seen).toEqual([...names].sort());
    expect(pages).toBe(3);
    expect(engine.execute('ListTables', { Limit: 5 })).toEqual({ TableNames: [...names].sort() });
    // A start name need not exist: listing resumes after it.
    expect(engine.execute('ListTables', { ExclusiveStartTableName: 'bz-' })).toEqual({ TableNames: ['charlie', 'delta', 'echo'] });
  });

  it('validates Limit (framework; Local words it differently)', () => {
    expectValidation(
      engineAt(),
      'ListTables',
      { Limit: 0 },
      "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
    );
    expectValidation(
      engineAt(),
      'ListTables',
      { Limit: 101 },
      "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100",
    );
  });
});

describe('DeleteTable', () => {
  it('answers DELETING with the last counts and removes the table and its items', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things', { AttributeDefinitions: [S('pk'), S('sk')], KeySchema: [HASH('pk'), RANGE('sk')] }));
    putDirect(engine, 'things', { pk: { S: 'a' }, sk: { S: '1' } });
    const deleted = engine.execute('DeleteTable', { TableName: 'things' }).TableDescription as Record<string, unknown>;
    expect(deleted).toMatchObject({ TableName: 'things', TableStatus: 'DELETING', ItemCount: 1 });
    expect(engine.execute('ListTables', {})).toEqual({ TableNames: [] });
    engine.execute('CreateTable', onDemandTable('things', { AttributeDefinitions: [S('pk'), S('sk')], KeySchema: [HASH('pk'), RANGE('sk')] }));
    const again = engine.execute('DescribeTable', { TableName: 'things' }).Table as Record<string, unknown>;
    expect(again.ItemCount).toBe(0);
    expect(again.TableId).not.toBe(deleted.TableId);
  });

  it('refuses a protected table until protection is lifted (Local)', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things', { DeletionProtectionEnabled: true }));
    expectValidation(
      engine,
      'DeleteTable',
      { TableName: 'things' },
      'Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.',
    );
    engine.execute('UpdateTable', { TableName: 'things', DeletionProtectionEnabled: false });
    expect(engine.execute('DeleteTable', { TableName: 'things' }).TableDescription).toMatchObject({ TableStatus: 'DELETING' });
  });

  it('names a missing table (DynamoDB)', () => {
    expect(failure(engineAt(), 'DeleteTable', { TableName: 'nothing' })).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Requested resource not found: Table: nothing not found',
    });
  });
});
