/** UpdateTable. "Local" marks messages confirmed on DynamoDB Local, "DynamoDB" where Local words them differently. */
import { describe, expect, it } from 'vitest';
import { engineAt, expectValidation, failure, HASH, N, NOW_MS, onDemandTable, putDirect, RANGE, S } from './support.js';
import { indexSpace } from '../../src/storage/storage.js';

function provisioned(engine: ReturnType<typeof engineAt>) {
  engine.execute('CreateTable', {
    TableName: 'things',
    AttributeDefinitions: [S('pk'), S('sk')],
    KeySchema: [HASH('pk'), RANGE('sk')],
    ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
  });
}

const describeTable = (engine: ReturnType<typeof engineAt>) =>
  engine.execute('DescribeTable', { TableName: 'things' }).Table as Record<string, unknown>;

describe('UpdateTable', () => {
  it('refuses a request with nothing to update (DynamoDB; Local says "Nothing to update")', () => {
    const engine = engineAt();
    provisioned(engine);
    expectValidation(
      engine,
      'UpdateTable',
      { TableName: 'things' },
      'At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required',
    );
    expectValidation(
      engine,
      'UpdateTable',
      { TableName: 'things', GlobalSecondaryIndexUpdates: [] },
      'At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required',
    );
  });

  it('changes throughput, refusing an unchanged value (DynamoDB)', () => {
    const engine = engineAt();
    provisioned(engine);
    const updated = engine.execute('UpdateTable', { TableName: 'things', ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 3 } });
    expect(updated.TableDescription).toMatchObject({ TableStatus: 'UPDATING' });
    expect(describeTable(engine).ProvisionedThroughput).toEqual({ NumberOfDecreasesToday: 0, ReadCapacityUnits: 7, WriteCapacityUnits: 3 });
    expectValidation(
      engine,
      'UpdateTable',
      { TableName: 'things', ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 3 } },
      'The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: 7. Requested ReadCapacityUnits: 7. Current WriteCapacityUnits provisioned for the table: 3. Requested WriteCapacityUnits: 3. Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.',
    );
  });

  it('switches billing modes, keeping the time of the last switch to on-demand', () => {
    const engine = engineAt();
    provisioned(engine);
    engine.clock.ms = NOW_MS + 60_000;
    engine.execute('UpdateTable', { TableName: 'things', BillingMode: 'PAY_PER_REQUEST' });
    expect(describeTable(engine)).toMatchObject({
      ProvisionedThroughput: { NumberOfDecreasesToday: 0, ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
      BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST', LastUpdateToPayPerRequestDateTime: (NOW_MS + 60_000) / 1000 },
    });
    // Local
    expectValidation(engine, 'UpdateTable', { TableName: 'things', BillingMode: 'PROVISIONED' }, 'No provisioned throughput specified for the table');
    expectValidation(
      engine,
      'UpdateTable',
      { TableName: 'things', ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } },
      'One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST',
    );
    engine.clock.ms = NOW_MS + 120_000;
    engine.execute('UpdateTable', { TableName: 'things', BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 3 } });
    expect(describeTable(engine)).toMatchObject({
      ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 3 },
      BillingModeSummary: { BillingMode: 'PROVISIONED', LastUpdateToPayPerRequestDateTime: (NOW_MS + 60_000) / 1000 },
    });
  });

  it('creates a GSI backfilled from existing items, skipping items without the key or with a mistyped key', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    putDirect(engine, 'things', { pk: { S: 'a' }, g: { N: '2' }, v: { S: 'one' } });
    putDirect(engine, 'things', { pk: { S: 'b' }, g: { N: '1' } });
    putDirect(engine, 'things', { pk: { S: 'c' } });
    putDirect(engine, 'things', { pk: { S: 'd' }, g: { S: 'text' } });
    const response = engine.execute('UpdateTable', {
      TableName: 'things',
      AttributeDefinitions: [N('g')],
      GlobalSecondaryIndexUpdates: [{ Create: { IndexName: 'byG', KeySchema: [HASH('g')], Projection: { ProjectionType: 'ALL' } } }],
    });
    const [creating] = (response.TableDescription as Record<string, unknown>).GlobalSecondaryIndexes as Record<string, unknown>[];
    expect(creating).toMatchObject({ IndexName: 'byG', IndexStatus: 'CREATING' });
    const table = describeTable(engine);
    expect(table.AttributeDefinitions).toEqual([S('pk'), N('g')]);
    const [index] = table.GlobalSecondaryIndexes as Record<string, unknown>[];
    expect(index).toMatchObject({ IndexName: 'byG', IndexStatus: 'ACTIVE', ItemCount: 2 });
    const entries = [...engine.context.storage.scan(indexSpace('things', 'byG'), { index: 0, total: 1 })];
    expect(entries.map((entry) => entry.item.pk)).toEqual(expect.arrayContaining([{ S: 'a' }, { S: 'b' }]));
    expect(entries).toHaveLength(2);
  });

  it('deletes a GSI with its entries', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things', {
      AttributeDefinitions: [S('pk'), S('g')],
      GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [HASH('g')], Projection: { ProjectionType: 'ALL' } }],
    }));
    putDirect(engine, 'things', { pk: { S: 'a' }, g: { S: 'x' } });
    engine.execute('UpdateTable', { TableName: 'things', GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byG' } }] });
    const table = describeTable(engine);
    expect(table.GlobalSecondaryIndexes).toBeUndefined();
    expect(table.AttributeDefinitions).toEqual([S('pk')]);
    expect(engine.context.storage.stats(indexSpace('things', 'byG'))).toEqual({ itemCount: 0, sizeBytes: 0 });
  });

  it('updates GSI throughput on a provisioned table', () => {
    const engine = engineAt();
    engine.execute('CreateTable', {
      TableName: 'things',
      AttributeDefinitions: [S('pk'), S('g')],
      KeySchema: [HASH('pk')],
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
      GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [HASH('g')], Projection: { ProjectionType: 'ALL' }, ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } }],
    });
    engine.execute('UpdateTable', {
      TableName: 'things',
      GlobalSecondaryIndexUpdates: [{ Update: { IndexName: 'byG', ProvisionedThroughput: { ReadCapacityUnits: 4, WriteCapacityUnits: 2 } } }],
    });
    const [index] = describeTable(engine).GlobalSecondaryIndexes as Record<string, unknown>[];
    expect(index!.ProvisionedThroughput).toEqual({ NumberOfDecreasesToday: 0, ReadCapacityUnits: 4, WriteCapacityUnits: 2 });
  });

  it('refuses broken index updates', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things', {
      AttributeDefinitions: [S('pk'), S('g')],
      GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [HASH('g')], Projection: { ProjectionType: 'ALL' } }],
    }));
    const create = (name: string, attribute = 'g') => ({ Create: { IndexName: name, KeySchema: [HASH(attribute)], Projection: { ProjectionType: 'ALL' } } });
    // Local
    expectValidation(engine, 'UpdateTable', { TableName: 'things', GlobalSecondaryIndexUpdates: [create('byG')] }, 'Attempting to create an index which already exists');
    expect(failure(engine, 'UpdateTable', { TableName: 'things', GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byG' } }, create('other')] })).toEqual({
      name: 'LimitExceededException',
      message: 'Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table',
    });
    expect(failure(engine, 'UpdateTable', { TableName: 'things', GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'missing' } }] })).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Requested resource not found',
    });
    expectValidation(engine, 'UpdateTable', { TableName: 'things', GlobalSecondaryIndexUpdates: [{}] }, 'Update global secondary index action is null');
    expectValidation(
      engine,
      'UpdateTable',
      { TableName: 'things', AttributeDefinitions: [N('g')], GlobalSecondaryIndexUpdates: [create('other')] },
      'invalid attribute, SchemaElement redefined should be of same type as previously defined',
    );
    // DynamoDB's CreateTable message for an undefined key attribute (Local says "No Attribute Schema Defined")
    expectValidation(
      engine,
      'UpdateTable',
      { TableName: 'things', GlobalSecondaryIndexUpdates: [create('other', 'h')] },
      'One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [h], AttributeDefinitions: [pk, g]',
    );
    // The failed requests changed nothing.
    expect((describeTable(engine).GlobalSecondaryIndexes as unknown[]).length).toBe(1);
  });

  it('enables and disables streams, keeping the last stream ARN (Local)', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    expectValidation(engine, 'UpdateTable', { TableName: 'things', StreamSpecification: { StreamEnabled: false } }, 'Table has no stream to disable');
    engine.execute('UpdateTable', { TableName: 'things', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } });
    expect(describeTable(engine).StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' });
    expectValidation(
      engine,
      'UpdateTable',
      { TableName: 'things', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } },
      'Table already has an enabled stream',
    );
    engine.execute('UpdateTable', { TableName: 'things', StreamSpecification: { StreamEnabled: false } });
    const table = describeTable(engine);
    expect(table.StreamSpecification).toBeUndefined();
    expect(table.LatestStreamArn).toMatch(/^arn:aws:dynamodb:us-east-1:123456789012:table\/things\/stream\//);
  });

  it('names a missing table (DynamoDB)', () => {
    expect(failure(engineAt(), 'UpdateTable', { TableName: 'nothing', BillingMode: 'PAY_PER_REQUEST' })).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Requested resource not found: Table: nothing not found',
    });
  });
});
