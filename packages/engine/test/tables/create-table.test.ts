/**
 * CreateTable. Messages marked "Local" were confirmed on DynamoDB Local;
 * "framework" messages follow DynamoDB's constraint validation, which
 * DynamoDB Local does not perform (it answers its own texts or an internal
 * failure); "DynamoDB" marks messages real DynamoDB gives where DynamoDB
 * Local words them differently.
 */
import { describe, expect, it } from 'vitest';
import { engineAt, expectValidation, failure, HASH, N, NOW_MS, onDemandTable, RANGE, S } from './support.js';

const gsi = (name: string, keys: unknown[], projection: Record<string, unknown> = { ProjectionType: 'ALL' }, extra = {}) => ({
  IndexName: name,
  KeySchema: keys,
  Projection: projection,
  ...extra,
});

describe('CreateTable', () => {
  it('creates an on-demand table, answering CREATING, then describes it ACTIVE', () => {
    const engine = engineAt();
    const created = engine.execute('CreateTable', onDemandTable('things')).TableDescription as Record<string, unknown>;
    expect(created.TableStatus).toBe('CREATING');
    expect(created).toMatchObject({
      TableName: 'things',
      KeySchema: [HASH('pk')],
      AttributeDefinitions: [S('pk')],
      CreationDateTime: NOW_MS / 1000,
      ProvisionedThroughput: { NumberOfDecreasesToday: 0, ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
      BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST', LastUpdateToPayPerRequestDateTime: NOW_MS / 1000 },
      ItemCount: 0,
      TableSizeBytes: 0,
      TableArn: 'arn:aws:dynamodb:us-east-1:123456789012:table/things',
      DeletionProtectionEnabled: false,
    });
    expect(typeof created.TableId).toBe('string');
    const described = engine.execute('DescribeTable', { TableName: 'things' }).Table as Record<string, unknown>;
    expect(described.TableStatus).toBe('ACTIVE');
    expect(described.TableId).toBe(created.TableId);
  });

  it('stores GSIs, LSIs, streams, tags, table class, SSE and deletion protection', () => {
    const engine = engineAt();
    engine.execute('CreateTable', {
      TableName: 'music',
      AttributeDefinitions: [S('pk'), N('sk'), S('x')],
      KeySchema: [HASH('pk'), RANGE('sk')],
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 6 },
      GlobalSecondaryIndexes: [
        gsi('byX', [HASH('x')], { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a'] }, {
          ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 2 },
        }),
      ],
      LocalSecondaryIndexes: [gsi('localX', [HASH('pk'), RANGE('x')], { ProjectionType: 'KEYS_ONLY' })],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
      Tags: [{ Key: 'team', Value: 'data' }],
      TableClass: 'STANDARD_INFREQUENT_ACCESS',
      SSESpecification: { Enabled: true },
      DeletionProtectionEnabled: true,
    });
    const table = engine.execute('DescribeTable', { TableName: 'music' }).Table as Record<string, unknown>;
    expect(table.ProvisionedThroughput).toEqual({ NumberOfDecreasesToday: 0, ReadCapacityUnits: 5, WriteCapacityUnits: 6 });
    expect(table.BillingModeSummary).toBeUndefined();
    expect(table.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'byX',
        KeySchema: [HASH('x')],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a'] },
        IndexStatus: 'ACTIVE',
        ProvisionedThroughput: { NumberOfDecreasesToday: 0, ReadCapacityUnits: 1, WriteCapacityUnits: 2 },
        IndexSizeBytes: 0,
        ItemCount: 0,
        IndexArn: 'arn:aws:dynamodb:us-east-1:123456789012:table/music/index/byX',
      },
    ]);
    expect(table.LocalSecondaryIndexes).toEqual([
      {
        IndexName: 'localX',
        KeySchema: [HASH('pk'), RANGE('x')],
        Projection: { ProjectionType: 'KEYS_ONLY' },
        IndexSizeBytes: 0,
        ItemCount: 0,
        IndexArn: 'arn:aws:dynamodb:us-east-1:123456789012:table/music/index/localX',
      },
    ]);
    const label = new Date(NOW_MS).toISOString().replace('Z', '');
    expect(table.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
    expect(table.LatestStreamLabel).toBe(label);
    expect(table.LatestStreamArn).toBe(`arn:aws:dynamodb:us-east-1:123456789012:table/music/stream/${label}`);
    expect(table.TableClassSummary).toEqual({ TableClass: 'STANDARD_INFREQUENT_ACCESS' });
    expect(table.SSEDescription).toMatchObject({ Status: 'ENABLED', SSEType: 'KMS' });
    expect(table.DeletionProtectionEnabled).toBe(true);
    const tags = engine.execute('ListTagsOfResource', { ResourceArn: 'arn:aws:dynamodb:us-east-1:123456789012:table/music' });
    expect(tags).toEqual({ Tags: [{ Key: 'team', Value: 'data' }] });
  });

  it('refuses an existing table with ResourceInUseException (DynamoDB; Local says "Cannot create preexisting table")', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    expect(failure(engine, 'CreateTable', onDemandTable('things'))).toEqual({
      name: 'ResourceInUseException',
      message: 'Table already exists: things',
    });
  });

  it('reports every framework constraint at once', () => {
    expectValidation(
      engineAt(),
      'CreateTable',
      { TableName: 'ab', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'X' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'FOO' }], BillingMode: 'FOO' },
      "4 validation errors detected: Value 'X' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]; " +
        "Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3; " +
        "Value 'FOO' at 'keySchema.1.member.keyType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]; " +
        "Value 'FOO' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]",
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      { TableName: 'things' },
      "2 validation errors detected: Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null; Value null at 'keySchema' failed to satisfy constraint: Member must not be null",
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('bad!name'),
      "1 validation error detected: Value 'bad!name' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      { ...onDemandTable(), BillingMode: undefined, ProvisionedThroughput: { ReadCapacityUnits: 0, WriteCapacityUnits: 1 } },
      "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1",
    );
    // DynamoDB renders the list with Java's toString, which the engine does not imitate: only the constraint is checked.
    const tooLong = failure(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { KeySchema: [HASH('pk'), RANGE('a'), RANGE('b')], AttributeDefinitions: [S('pk'), S('a'), S('b')] }),
    );
    expect(tooLong.name).toBe('ValidationException');
    expect(tooLong.message).toMatch(/^1 validation error detected: Value '.*' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2$/);
  });

  it('checks billing mode against provisioned throughput', () => {
    // Local
    expectValidation(engineAt(), 'CreateTable', { ...onDemandTable(), BillingMode: undefined }, 'No provisioned throughput specified for the table');
    // DynamoDB (Local ignores the throughput)
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } }),
      'One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST',
    );
  });

  it('checks the key schema and attribute definitions', () => {
    // Local
    expectValidation(engineAt(), 'CreateTable', onDemandTable('things', { AttributeDefinitions: [S('pk'), N('pk')] }), 'Cannot have two attributes with the same name');
    // DynamoDB (from here on, Local words these differently)
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { AttributeDefinitions: [S('pk'), S('sk')], KeySchema: [RANGE('pk'), HASH('sk')] }),
      'Invalid KeySchema: The first KeySchemaElement is not a HASH key type',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { AttributeDefinitions: [S('pk'), S('sk')], KeySchema: [HASH('pk'), HASH('sk')] }),
      'Invalid KeySchema: The second KeySchemaElement is not a RANGE key type',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { KeySchema: [HASH('pk'), RANGE('pk')] }),
      'Invalid KeySchema: Some index key attribute have no definition',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { KeySchema: [HASH('pk'), RANGE('sk')] }),
      'One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [pk, sk], AttributeDefinitions: [pk]',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { AttributeDefinitions: [S('pk'), S('x')] }),
      'One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions',
    );
  });

  it('checks local secondary indexes', () => {
    const ranged = { AttributeDefinitions: [S('pk'), S('sk'), S('x')], KeySchema: [HASH('pk'), RANGE('sk')] };
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { AttributeDefinitions: [S('pk'), S('x')], LocalSecondaryIndexes: [gsi('lsi', [HASH('pk'), RANGE('x')])] }),
      'One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ...ranged, AttributeDefinitions: [S('pk'), S('sk')], LocalSecondaryIndexes: [gsi('lsi', [HASH('pk')])] }),
      'One or more parameter values were invalid: Index KeySchema does not have a range key for index: lsi',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ...ranged, LocalSecondaryIndexes: [gsi('lsi', [HASH('x'), RANGE('sk')])] }),
      'One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: lsi. index hash key: x, table hash key: pk',
    );
    // Local
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ...ranged, LocalSecondaryIndexes: Array.from({ length: 6 }, (_, i) => gsi(`lsi${i}`, [HASH('pk'), RANGE('x')])) }),
      'Cannot have more than 5 local secondary indexes per table',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', {
        ...ranged,
        LocalSecondaryIndexes: [gsi('same', [HASH('pk'), RANGE('x')])],
        GlobalSecondaryIndexes: [gsi('same', [HASH('x')])],
      }),
      'One or more parameter values were invalid: Duplicate index name: same',
    );
  });

  it('checks global secondary indexes and projections', () => {
    const withX = { AttributeDefinitions: [S('pk'), S('x')] };
    // Local
    expectValidation(
      engineAt(),
      'CreateTable',
      { ...onDemandTable('things', withX), BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 }, GlobalSecondaryIndexes: [gsi('gsi', [HASH('x')])] },
      'No provisioned throughput specified for the global secondary index',
    );
    // DynamoDB (Local ignores it)
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ...withX, GlobalSecondaryIndexes: [gsi('gsi', [HASH('x')], undefined, { ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } })] }),
      'One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: gsi when BillingMode is PAY_PER_REQUEST',
    );
    // Local
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ...withX, GlobalSecondaryIndexes: Array.from({ length: 21 }, (_, i) => gsi(`gsi${i}`, [HASH('x')])) }),
      'GlobalSecondaryIndex count exceeds the per-table limit',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ...withX, GlobalSecondaryIndexes: [gsi('gsi', [HASH('x')], { ProjectionType: 'INCLUDE' })] }),
      'If Projection type INCLUDE is specified, some non-key attributes to include in the projection must be specified as well',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ...withX, GlobalSecondaryIndexes: [gsi('gsi', [HASH('x')], { ProjectionType: 'KEYS_ONLY', NonKeyAttributes: ['a'] })] }),
      'No attributes should be specified to be projected unless projection type is INCLUDE',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ...withX, GlobalSecondaryIndexes: [gsi('gsi', [HASH('x')], { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a', 'a'] })] }),
      'Cannot have two attributes with the same name',
    );
    // framework
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { ...withX, GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: [HASH('x')] }] }),
      "1 validation error detected: Value null at 'globalSecondaryIndexes.1.member.projection' failed to satisfy constraint: Member must not be null",
    );
  });

  it('limits INCLUDE attributes to 100 across all indexes, an attribute in two indexes counting twice', () => {
    const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    const table = (sixth: number) =>
      onDemandTable('things', {
        AttributeDefinitions: [S('pk'), S('x')],
        GlobalSecondaryIndexes: [
          gsi('first', [HASH('x')], { ProjectionType: 'INCLUDE', NonKeyAttributes: names('a', 20) }),
          gsi('second', [HASH('x')], { ProjectionType: 'INCLUDE', NonKeyAttributes: names('a', 20) }),
          gsi('third', [HASH('x')], { ProjectionType: 'INCLUDE', NonKeyAttributes: names('b', 20) }),
          gsi('fourth', [HASH('x')], { ProjectionType: 'INCLUDE', NonKeyAttributes: names('c', 20) }),
          gsi('fifth', [HASH('x')], { ProjectionType: 'INCLUDE', NonKeyAttributes: names('d', 20) }),
          ...(sixth > 0 ? [gsi('sixth', [HASH('x')], { ProjectionType: 'INCLUDE', NonKeyAttributes: names('e', sixth) })] : []),
        ],
      });
    expect(() => engineAt().execute('CreateTable', table(0))).not.toThrow();
    // DynamoDB's limit; Local still applies an older one ("No more than 20 attributes per table can be projected into Local Secondary Indices").
    expectValidation(
      engineAt(),
      'CreateTable',
      table(1),
      'One or more parameter values were invalid: Number of projected attributes in all indexes exceeds limit of 100, projected attributes: 101',
    );
  });

  it('checks stream specifications (Local)', () => {
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { StreamSpecification: { StreamEnabled: true } }),
      'Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.',
    );
    expectValidation(
      engineAt(),
      'CreateTable',
      onDemandTable('things', { StreamSpecification: { StreamEnabled: false, StreamViewType: 'NEW_IMAGE' } }),
      'Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.',
    );
  });
});
