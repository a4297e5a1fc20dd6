/**
 * Table lifecycle through the AWS SDK: CreateTable, DescribeTable, ListTables,
 * DeleteTable and UpdateTable, on every target. Where DynamoDB Local words a
 * message differently from DynamoDB, the engine is held to DynamoDB's text
 * and Local to its own, as each comment says.
 */
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  DescribeTableCommand,
  ListTablesCommand,
  PutItemCommand,
  QueryCommand,
  UpdateTableCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { refusal } from './requests.js';
import { describeEachTarget, type ConformanceTarget } from './targets.js';

function onDemand(TableName: string, extra: Partial<CreateTableCommandInput> = {}): CreateTableCommandInput {
  return {
    TableName,
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
    ...extra,
  };
}

/** The same refusal everywhere; `local` when DynamoDB Local words it differently. */
async function expectRefusal(
  target: ConformanceTarget,
  request: Promise<unknown>,
  expected: { name: string; message: string },
  local?: { name: string; message: string },
): Promise<void> {
  expect(await refusal(request)).toEqual(target.isDynamoDbLocal && local ? local : expected);
}

describeEachTarget('tables: create, describe, list, delete', (target) => {
  it('creates a table with indexes and describes it in DynamoDB\'s shape', async () => {
    const TableName = target.tableName('tbl-shape');
    const created = await target.client.send(
      new CreateTableCommand({
        TableName,
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'N' },
          { AttributeName: 'g', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        GlobalSecondaryIndexes: [
          { IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a'] } },
        ],
        LocalSecondaryIndexes: [
          {
            IndexName: 'byPkG',
            KeySchema: [
              { AttributeName: 'pk', KeyType: 'HASH' },
              { AttributeName: 'g', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    // DynamoDB answers CREATING; DynamoDB Local ACTIVE. Both are ACTIVE for DescribeTable and SDK waiters.
    expect(['CREATING', 'ACTIVE']).toContain(created.TableDescription?.TableStatus);
    await waitUntilTableExists({ client: target.client, maxWaitTime: 30, minDelay: 1 }, { TableName });
    const { Table: table } = await target.client.send(new DescribeTableCommand({ TableName }));
    expect(table).toMatchObject({
      TableName,
      TableStatus: 'ACTIVE',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      ItemCount: 0,
      TableSizeBytes: 0,
      ProvisionedThroughput: { NumberOfDecreasesToday: 0, ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
      BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' },
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      DeletionProtectionEnabled: false,
    });
    expect(table?.CreationDateTime).toBeInstanceOf(Date);
    expect(table?.TableArn).toMatch(new RegExp(`^arn:aws:dynamodb:[^:]+:\\d{12}:table/${TableName}$`));
    expect(table?.LatestStreamArn).toBe(`${table?.TableArn}/stream/${table?.LatestStreamLabel}`);
    expect(table?.GlobalSecondaryIndexes).toEqual([
      expect.objectContaining({
        IndexName: 'byG',
        KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a'] },
        IndexStatus: 'ACTIVE',
        IndexSizeBytes: 0,
        ItemCount: 0,
        IndexArn: `${table?.TableArn}/index/byG`,
      }),
    ]);
    expect(table?.LocalSecondaryIndexes).toEqual([
      expect.objectContaining({ IndexName: 'byPkG', Projection: { ProjectionType: 'KEYS_ONLY' }, IndexArn: `${table?.TableArn}/index/byPkG` }),
    ]);
  });

  it('counts items in DescribeTable', async () => {
    const TableName = target.tableName('tbl-count');
    await target.client.send(new CreateTableCommand(onDemand(TableName)));
    for (const pk of ['a', 'b', 'c']) {
      await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, v: { S: 'x'.repeat(10) } } }));
    }
    const { Table: table } = await target.client.send(new DescribeTableCommand({ TableName }));
    // Sizes: pk (2 + 1) + v (1 + 10) = 14 bytes each.
    expect(table).toMatchObject({ ItemCount: 3, TableSizeBytes: 42 });
  });

  it('refuses an existing table', async () => {
    const TableName = target.tableName('tbl-twice');
    await target.client.send(new CreateTableCommand(onDemand(TableName)));
    await expectRefusal(
      target,
      target.client.send(new CreateTableCommand(onDemand(TableName))),
      { name: 'ResourceInUseException', message: `Table already exists: ${TableName}` },
      { name: 'ResourceInUseException', message: 'Cannot create preexisting table' },
    );
  });

  it('gives DynamoDB\'s messages for inconsistent definitions', async () => {
    const TableName = target.tableName('tbl-invalid');
    const invalid = (message: string) => ({ name: 'ValidationException', message });
    const send = (extra: Partial<CreateTableCommandInput>) => target.client.send(new CreateTableCommand(onDemand(TableName, extra)));
    // The same on DynamoDB Local:
    await expectRefusal(target, send({ BillingMode: undefined }), invalid('No provisioned throughput specified for the table'));
    await expectRefusal(
      target,
      send({ AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'pk', AttributeType: 'N' }] }),
      invalid('Cannot have two attributes with the same name'),
    );
    await expectRefusal(
      target,
      send({ StreamSpecification: { StreamEnabled: true } }),
      invalid('Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.'),
    );
    const withG = { AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' as const }, { AttributeName: 'g', AttributeType: 'S' as const }] };
    await expectRefusal(
      target,
      send({ ...withG, GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'INCLUDE' } }] }),
      invalid('If Projection type INCLUDE is specified, some non-key attributes to include in the projection must be specified as well'),
    );
    await expectRefusal(
      target,
      send({ ...withG, GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL', NonKeyAttributes: ['a'] } }] }),
      invalid('No attributes should be specified to be projected unless projection type is INCLUDE'),
    );
    // DynamoDB's texts; DynamoDB Local has its own:
    await expectRefusal(
      target,
      send({ AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'x', AttributeType: 'S' }] }),
      invalid('One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions'),
      invalid('The number of attributes in key schema must match the number of attributes defined in attribute definitions.'),
    );
    await expectRefusal(
      target,
      send({ KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }] }),
      invalid('One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [pk, sk], AttributeDefinitions: [pk]'),
      invalid('Range Key not specified in Attribute Definitions.  Type unknown.'),
    );
    await expectRefusal(
      target,
      send({ ...withG, LocalSecondaryIndexes: [{ IndexName: 'byPkG', KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'g', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } }] }),
      invalid('One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex'),
      invalid('Local Secondary indices are not allowed on hash tables, only hash and range tables'),
    );
    // DynamoDB refuses throughput on an on-demand table; DynamoDB Local ignores it.
    if (!target.isDynamoDbLocal) {
      await expectRefusal(
        target,
        send({ ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } }),
        invalid('One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST'),
      );
    }
  });

  it('pages ListTables with Limit and ExclusiveStartTableName', async () => {
    const names = [target.tableName('tbl-list'), target.tableName('tbl-list'), target.tableName('tbl-list')];
    for (const TableName of names) await target.client.send(new CreateTableCommand(onDemand(TableName)));
    const seen: string[] = [];
    let ExclusiveStartTableName: string | undefined;
    do {
      const page = await target.client.send(new ListTablesCommand({ Limit: 2, ExclusiveStartTableName }));
      expect(page.TableNames!.length).toBeLessThanOrEqual(2);
      seen.push(...page.TableNames!);
      ExclusiveStartTableName = page.LastEvaluatedTableName;
    } while (ExclusiveStartTableName !== undefined);
    expect(seen).toEqual([...seen].sort());
    expect(seen.filter((name) => names.includes(name))).toEqual([...names].sort());
    const last = [...names].sort().at(-1)!;
    const after = await target.client.send(new ListTablesCommand({ ExclusiveStartTableName: last }));
    expect(after.TableNames).not.toContain(last);
  });

  it('deletes a table, honouring deletion protection', async () => {
    const TableName = target.tableName('tbl-delete');
    await target.client.send(new CreateTableCommand(onDemand(TableName, { DeletionProtectionEnabled: true })));
    await expectRefusal(target, target.client.send(new DeleteTableCommand({ TableName })), {
      name: 'ValidationException',
      message: 'Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.',
    });
    await target.client.send(new UpdateTableCommand({ TableName, DeletionProtectionEnabled: false }));
    const deleted = await target.client.send(new DeleteTableCommand({ TableName }));
    // DynamoDB answers DELETING; DynamoDB Local ACTIVE.
    expect(deleted.TableDescription?.TableStatus).toBe(target.isDynamoDbLocal ? 'ACTIVE' : 'DELETING');
    await expectRefusal(
      target,
      target.client.send(new DescribeTableCommand({ TableName })),
      { name: 'ResourceNotFoundException', message: `Requested resource not found: Table: ${TableName} not found` },
      { name: 'ResourceNotFoundException', message: 'Cannot do operations on a non-existent table' },
    );
  });
});

describeEachTarget('tables: UpdateTable', (target) => {
  it('creates a GSI over existing items that answers Query, then deletes it', async () => {
    const TableName = target.tableName('tbl-gsi');
    await target.client.send(new CreateTableCommand(onDemand(TableName)));
    for (const [pk, g] of [['a', 'red'], ['b', 'blue'], ['c', 'red'], ['d', undefined]] as const) {
      await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, ...(g ? { g: { S: g } } : {}) } }));
    }
    const updated = await target.client.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: [{ AttributeName: 'g', AttributeType: 'S' }],
        GlobalSecondaryIndexUpdates: [
          { Create: { IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } } },
        ],
      }),
    );
    expect(updated.TableDescription?.GlobalSecondaryIndexes?.[0]).toMatchObject({ IndexName: 'byG', IndexStatus: 'CREATING' });
    // DynamoDB Local keeps a new index CREATING and may not have filled it; the engine fills it at once.
    if (!target.isDynamoDbLocal) {
      const { Table: table } = await target.client.send(new DescribeTableCommand({ TableName }));
      expect(table?.GlobalSecondaryIndexes?.[0]).toMatchObject({ IndexStatus: 'ACTIVE', ItemCount: 3 });
      const red = await target.client.send(
        new QueryCommand({ TableName, IndexName: 'byG', KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': { S: 'red' } } }),
      );
      expect(red.Items?.map((item) => item.pk?.S).sort()).toEqual(['a', 'c']);
      await target.client.send(new UpdateTableCommand({ TableName, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byG' } }] }));
      const after = await target.client.send(new DescribeTableCommand({ TableName }));
      expect(after.Table?.GlobalSecondaryIndexes).toBeUndefined();
    }
  });

  it('refuses two index creations or deletions in one call', async () => {
    const TableName = target.tableName('tbl-gsi2');
    await target.client.send(
      new CreateTableCommand(
        onDemand(TableName, {
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'g', AttributeType: 'S' }],
          GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
        }),
      ),
    );
    await expectRefusal(
      target,
      target.client.send(
        new UpdateTableCommand({
          TableName,
          AttributeDefinitions: [{ AttributeName: 'g', AttributeType: 'S' }],
          GlobalSecondaryIndexUpdates: [
            { Delete: { IndexName: 'byG' } },
            { Create: { IndexName: 'byG2', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } } },
          ],
        }),
      ),
      { name: 'LimitExceededException', message: 'Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table' },
    );
    await expectRefusal(
      target,
      target.client.send(
        new UpdateTableCommand({
          TableName,
          GlobalSecondaryIndexUpdates: [{ Create: { IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } } }],
        }),
      ),
      { name: 'ValidationException', message: 'Attempting to create an index which already exists' },
    );
  });

  it('switches billing mode and streams', async () => {
    const TableName = target.tableName('tbl-billing');
    await target.client.send(new CreateTableCommand(onDemand(TableName)));
    await target.client.send(
      new UpdateTableCommand({ TableName, BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 3 } }),
    );
    const { Table: provisioned } = await target.client.send(new DescribeTableCommand({ TableName }));
    expect(provisioned?.ProvisionedThroughput).toMatchObject({ ReadCapacityUnits: 2, WriteCapacityUnits: 3 });
    expect(provisioned?.BillingModeSummary?.BillingMode).toBe('PROVISIONED');
    await expectRefusal(
      target,
      target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: false } })),
      { name: 'ValidationException', message: 'Table has no stream to disable' },
    );
    await target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }));
    await expectRefusal(
      target,
      target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } })),
      { name: 'ValidationException', message: 'Table already has an enabled stream' },
    );
    await target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: false } }));
    const { Table: table } = await target.client.send(new DescribeTableCommand({ TableName }));
    expect(table?.StreamSpecification).toBeUndefined();
    expect(table?.LatestStreamArn).toBeDefined();
  });
});
