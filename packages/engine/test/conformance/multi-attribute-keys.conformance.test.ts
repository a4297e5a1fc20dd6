/**
 * GSIs whose key has several partition (HASH) and sort (RANGE) attributes,
 * each of its own type, on every target: the key schema's rules, which items
 * an index holds, Query's key rule and its order, paging, Scan, capacity, and
 * UpdateTable's backfill (docs/dynamodb-rules.md#multi-attribute-index-keys).
 */
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  type AttributeDefinition,
  type AttributeValue,
  type KeySchemaElement,
  type QueryCommandInput,
} from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { createTable, N, refusal, S } from './requests.js';
import { describeEachTarget, type ConformanceTarget } from './targets.js';

const B = (bytes: number[]): AttributeValue => ({ B: Uint8Array.from(bytes) });

const ATTRIBUTES: AttributeDefinition[] = [
  { AttributeName: 'pk', AttributeType: 'S' },
  { AttributeName: 'tenant', AttributeType: 'S' },
  { AttributeName: 'region', AttributeType: 'N' },
  { AttributeName: 'status', AttributeType: 'S' },
  { AttributeName: 'priority', AttributeType: 'N' },
  { AttributeName: 'tag', AttributeType: 'B' },
];

const element = (AttributeName: string, KeyType: 'HASH' | 'RANGE'): KeySchemaElement => ({ AttributeName, KeyType });

/** tenant + region partition the index; status, priority and tag order it. */
const BY_TENANT: KeySchemaElement[] = [
  element('tenant', 'HASH'),
  element('region', 'HASH'),
  element('status', 'RANGE'),
  element('priority', 'RANGE'),
  element('tag', 'RANGE'),
];

async function createTickets(target: ConformanceTarget, TableName: string): Promise<void> {
  await createTable(target, {
    TableName,
    AttributeDefinitions: ATTRIBUTES,
    KeySchema: [element('pk', 'HASH')],
    GlobalSecondaryIndexes: [{ IndexName: 'byTenant', KeySchema: BY_TENANT, Projection: { ProjectionType: 'KEYS_ONLY' } }],
  });
}

type Ticket = [pk: string, status: string, priority: number, tag: number[]];

/** Tickets of tenant t1 in region 7, and one elsewhere. */
const TICKETS: Ticket[] = [
  ['a', 'open', 10, [2]],
  ['b', 'open', -3, [1]],
  ['c', 'closed', 5, [0]],
  ['d', 'open', 10, [1, 0]],
  ['e', 'open', 10, [1]],
  ['f', 'pending', 0.5, [255]],
];

async function putTickets(target: ConformanceTarget, TableName: string): Promise<void> {
  for (const [pk, status, priority, tag] of TICKETS) {
    await target.client.send(
      new PutItemCommand({ TableName, Item: { pk: S(pk), tenant: S('t1'), region: N(7), status: S(status), priority: N(priority), tag: B(tag) } }),
    );
  }
  await target.client.send(
    new PutItemCommand({ TableName, Item: { pk: S('z'), tenant: S('t1'), region: N(8), status: S('open'), priority: N(1), tag: B([1]) } }),
  );
}

const PARTITION = { ':t': S('t1'), ':r': N(7) };

async function pksOf(target: ConformanceTarget, input: QueryCommandInput): Promise<string[]> {
  const answer = await target.client.send(new QueryCommand(input));
  return (answer.Items ?? []).map((item) => item.pk!.S!);
}

describeEachTarget('multi-attribute GSI keys', (target) => {
  it('creates an index with several partition and sort attributes and describes every element in order', async () => {
    const TableName = target.tableName('mak-describe');
    await createTickets(target, TableName);
    const { Table } = await target.client.send(new DescribeTableCommand({ TableName }));
    const index = Table?.GlobalSecondaryIndexes?.[0];
    expect(index?.KeySchema).toEqual(BY_TENANT);
    expect(Table?.KeySchema).toEqual([element('pk', 'HASH')]);
    expect(Table?.AttributeDefinitions?.map((a) => a.AttributeName).sort()).toEqual(ATTRIBUTES.map((a) => a.AttributeName).sort());
  });

  it('orders entries by the sort attributes one after another, each by its own type', async () => {
    const TableName = target.tableName('mak-order');
    await createTickets(target, TableName);
    await putTickets(target, TableName);
    const all: QueryCommandInput = {
      TableName,
      IndexName: 'byTenant',
      KeyConditionExpression: 'tenant = :t AND #region = :r',
      ExpressionAttributeNames: { '#region': 'region' },
      ExpressionAttributeValues: PARTITION,
    };
    // closed < open < pending; then priority by number (-3 < 10); then tag byte by byte.
    expect(await pksOf(target, all)).toEqual(['c', 'b', 'e', 'd', 'a', 'f']);
    expect(await pksOf(target, { ...all, ScanIndexForward: false })).toEqual(['f', 'a', 'd', 'e', 'b', 'c']);
  });

  it('matches equality on a prefix of the sort attributes and one range condition on the next', async () => {
    const TableName = target.tableName('mak-range');
    await createTickets(target, TableName);
    await putTickets(target, TableName);
    const query = (condition: string, values: Record<string, AttributeValue>) =>
      pksOf(target, {
        TableName,
        IndexName: 'byTenant',
        KeyConditionExpression: `tenant = :t AND #region = :r AND ${condition}`,
        ExpressionAttributeNames: { '#region': 'region', '#status': 'status' },
        ExpressionAttributeValues: { ...PARTITION, ...values },
      });
    expect(await query('#status = :s', { ':s': S('open') })).toEqual(['b', 'e', 'd', 'a']);
    expect(await query('#status > :s', { ':s': S('closed') })).toEqual(['b', 'e', 'd', 'a', 'f']);
    expect(await query('begins_with(#status, :s)', { ':s': S('p') })).toEqual(['f']);
    expect(await query('#status = :s AND priority >= :p', { ':s': S('open'), ':p': N(10) })).toEqual(['e', 'd', 'a']);
    expect(await query('#status = :s AND priority < :p', { ':s': S('open'), ':p': N(10) })).toEqual(['b']);
    expect(await query('#status = :s AND priority BETWEEN :lo AND :hi', { ':s': S('open'), ':lo': N(-3), ':hi': N(9) })).toEqual(['b']);
    expect(await query('#status = :s AND priority = :p', { ':s': S('open'), ':p': N(10) })).toEqual(['e', 'd', 'a']);
    expect(await query('#status = :s AND priority = :p AND tag > :g', { ':s': S('open'), ':p': N(10), ':g': B([1]) })).toEqual(['d', 'a']);
    expect(await query('#status = :s AND priority = :p AND begins_with(tag, :g)', { ':s': S('open'), ':p': N(10), ':g': B([1]) })).toEqual(['e', 'd']);
    expect(await query('#status = :s AND priority = :p AND tag = :g', { ':s': S('open'), ':p': N(10), ':g': B([1]) })).toEqual(['e']);
  });

  it('pages with every index key attribute and the table key in LastEvaluatedKey, and scans the index', async () => {
    const TableName = target.tableName('mak-pages');
    await createTickets(target, TableName);
    await putTickets(target, TableName);
    const input: QueryCommandInput = {
      TableName,
      IndexName: 'byTenant',
      KeyConditionExpression: 'tenant = :t AND #region = :r AND #status = :s',
      ExpressionAttributeNames: { '#region': 'region', '#status': 'status' },
      ExpressionAttributeValues: { ...PARTITION, ':s': S('open') },
      Limit: 2,
      ReturnConsumedCapacity: 'INDEXES',
    };
    const first = await target.client.send(new QueryCommand(input));
    expect(first.LastEvaluatedKey).toEqual({ pk: S('e'), tenant: S('t1'), region: N(7), status: S('open'), priority: N(10), tag: B([1]) });
    expect(first.ConsumedCapacity?.GlobalSecondaryIndexes?.byTenant?.CapacityUnits).toBe(0.5);
    const second = await target.client.send(new QueryCommand({ ...input, ExclusiveStartKey: first.LastEvaluatedKey }));
    expect(second.Items?.map((item) => item.pk?.S)).toEqual(['d', 'a']);
    const { pk: _pk, ...withoutTableKey } = first.LastEvaluatedKey!;
    expect(await refusal(target.client.send(new QueryCommand({ ...input, ExclusiveStartKey: withoutTableKey })))).toEqual({
      name: 'ValidationException',
      message: 'The provided starting key is invalid',
    });
    const elsewhere = { ...first.LastEvaluatedKey!, status: S('closed') };
    expect(await refusal(target.client.send(new QueryCommand({ ...input, ExclusiveStartKey: elsewhere })))).toEqual({
      name: 'ValidationException',
      message: 'The provided starting key does not match the range key predicate',
    });
    const scanned = await target.client.send(new ScanCommand({ TableName, IndexName: 'byTenant' }));
    expect(scanned.Items?.map((item) => item.pk?.S).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'z']);
    expect(Object.keys(scanned.Items![0]!).sort()).toEqual(['pk', 'priority', 'region', 'status', 'tag', 'tenant']);
  });

  it('holds an item only while it has every key attribute, through every write path', async () => {
    const TableName = target.tableName('mak-sparse');
    await createTickets(target, TableName);
    const full = { tenant: S('t1'), region: N(7), status: S('open'), priority: N(1), tag: B([1]) };
    const put = await target.client.send(
      new PutItemCommand({ TableName, Item: { pk: S('a'), ...full }, ReturnConsumedCapacity: 'INDEXES' }),
    );
    expect(put.ConsumedCapacity?.GlobalSecondaryIndexes?.byTenant?.CapacityUnits).toBe(1);
    const { tag: _tag, ...noTag } = full;
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: S('b'), ...noTag } }));
    const { region: _region, ...noRegion } = full;
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: S('c'), ...noRegion } }));
    const listed = () =>
      pksOf(target, {
        TableName,
        IndexName: 'byTenant',
        KeyConditionExpression: 'tenant = :t AND #region = :r',
        ExpressionAttributeNames: { '#region': 'region' },
        ExpressionAttributeValues: PARTITION,
      });
    expect(await listed()).toEqual(['a']);
    // UpdateItem: the missing attribute arrives, then another leaves.
    await target.client.send(new UpdateItemCommand({ TableName, Key: { pk: S('b') }, UpdateExpression: 'SET tag = :g', ExpressionAttributeValues: { ':g': B([0]) } }));
    expect(await listed()).toEqual(['b', 'a']);
    await target.client.send(new UpdateItemCommand({ TableName, Key: { pk: S('a') }, UpdateExpression: 'REMOVE priority' }));
    expect(await listed()).toEqual(['b']);
    // Transactions and batches.
    await target.client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName, Item: { pk: S('c'), ...full, priority: N(0) } } },
          { Update: { TableName, Key: { pk: S('a') }, UpdateExpression: 'SET priority = :p', ExpressionAttributeValues: { ':p': N(2) } } },
        ],
      }),
    );
    expect(await listed()).toEqual(['c', 'b', 'a']);
    await target.client.send(new BatchWriteItemCommand({ RequestItems: { [TableName]: [{ DeleteRequest: { Key: { pk: S('c') } } }] } }));
    await target.client.send(new DeleteItemCommand({ TableName, Key: { pk: S('b') } }));
    expect(await listed()).toEqual(['a']);
  });

  it('refuses a write whose present index key value has the wrong type or is empty, even when another key attribute is missing', async () => {
    const TableName = target.tableName('mak-writes');
    await createTickets(target, TableName);
    const mismatch = await refusal(target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), tenant: S('t1'), priority: S('high') } })));
    // DynamoDB Local cuts the message after "Type mismatch for Index Key".
    expect(mismatch).toEqual({
      name: 'ValidationException',
      message: target.isDynamoDbLocal
        ? 'One or more parameter values were invalid: Type mismatch for Index Key'
        : 'One or more parameter values were invalid: Type mismatch for Index Key priority Expected: N Actual: S IndexName: byTenant',
    });
    expect(await refusal(target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), region: N(1), status: S('') } })))).toEqual({
      name: 'ValidationException',
      message:
        'One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: byTenant, IndexKey: status',
    });
  });

  it('holds each partition value to 2048 bytes and each sort value to 1024, and a multi-attribute key\'s together', async () => {
    const TableName = target.tableName('mak-sizes');
    await createTickets(target, TableName);
    const put = (Item: Record<string, AttributeValue>) => refusal(target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), ...Item } })));
    // DynamoDB Local stops after "Size limit exceeded"; DynamoDB names the attribute, its size and the index.
    expect(await put({ status: S('x'.repeat(1025)) })).toEqual({
      name: 'ValidationException',
      message: target.isDynamoDbLocal
        ? 'One or more parameter values were invalid: Size limit exceeded'
        : 'One or more parameter values were invalid: Size limit exceeded for Index Key status Actual Size: 1025 bytes Max Size: 1024 bytes IndexName: byTenant',
    });
    // Counted over the attributes the item has, whether or not it has the others.
    expect(await put({ status: S('x'.repeat(600)), tag: B(new Array<number>(500).fill(1)) })).toEqual({
      name: 'ValidationException',
      message: 'Aggregate size for RANGE key attributes status, tag of index byTenant has exceeded limit 1024 bytes, with actual size 1100 bytes',
    });
    expect(await put({ tenant: S('x'.repeat(2045)), region: N(123456789), status: S('x'.repeat(1000)) })).toEqual({
      name: 'ValidationException',
      message: 'Aggregate size for HASH key attributes tenant, region of index byTenant has exceeded limit 2048 bytes, with actual size 2051 bytes',
    });
  });

  it('refuses a transaction at its first action that repeats an item or puts an empty index key value', async () => {
    const TableName = target.tableName('mak-transaction');
    await createTickets(target, TableName);
    const check = { ConditionCheck: { TableName, Key: { pk: S('a') }, ConditionExpression: 'attribute_not_exists(pk)' } };
    const emptyKeyPut = (pk: string) => ({ Put: { TableName, Item: { pk: S(pk), tenant: S('t1'), region: N(1), tag: B([]) } } });
    const send = (TransactItems: object[]) => refusal(target.client.send(new TransactWriteItemsCommand({ TransactItems })));
    const emptyTag =
      'One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty binary value. IndexName: byTenant, IndexKey: tag';
    expect(await send([check, check, emptyKeyPut('b')])).toEqual({ name: 'ValidationException', message: 'Transaction request cannot include multiple operations on one item' });
    expect(await send([check, emptyKeyPut('a')])).toEqual({ name: 'ValidationException', message: emptyTag });
    // The actions are taken one by one: an earlier Update that cannot apply refuses first.
    const pathUpdate = { Update: { TableName, Key: { pk: S('c') }, UpdateExpression: 'SET a.x = :v', ExpressionAttributeValues: { ':v': S('v') } } };
    const invalidPath = { name: 'ValidationException', message: 'The document path provided in the update expression is invalid for update' };
    expect(await send([pathUpdate, emptyKeyPut('d')])).toEqual(invalidPath);
    expect(await send([pathUpdate, check, check])).toEqual(invalidPath);
    expect(await send([pathUpdate, { ConditionCheck: { TableName, Key: {}, ConditionExpression: 'attribute_exists(pk)' } }])).toEqual(invalidPath);
    expect(await send([emptyKeyPut('d'), pathUpdate])).toEqual({ name: 'ValidationException', message: emptyTag });
  });

  it('refuses key conditions that break the multi-attribute rule', async () => {
    const TableName = target.tableName('mak-conditions');
    await createTickets(target, TableName);
    const names = { '#region': 'region', '#status': 'status' };
    const values = { ':t': S('t1'), ':r': N(7), ':s': S('open'), ':p': N(1), ':g': B([1]), ':e': S(''), ':x': S('x') };
    const cases: [string, string][] = [
      ['tenant = :t', 'HASH key attributes region must have equality conditions specified in the query'],
      ['priority = :p', 'HASH key attributes tenant, region must have equality conditions specified in the query'],
      ['tenant = :t AND #region > :r', 'HASH key attributes region must have equality conditions specified in the query'],
      [
        'tenant = :t AND #region = :r AND priority = :p',
        'RANGE key attributes status must have equality conditions specified in the query because a condition is present on key attribute priority',
      ],
      [
        'tenant = :t AND #region = :r AND tag = :g',
        'RANGE key attributes status, priority must have equality conditions specified in the query because a condition is present on key attribute tag',
      ],
      [
        'tenant = :t AND #region = :r AND #status > :s AND priority = :p',
        'RANGE key attributes status must have equality conditions specified in the query because a condition is present on key attribute priority',
      ],
      ['tenant = :t AND #region = :r AND #status = :s AND priority = :p AND tag = :g AND pk = :x', 'Query key condition not supported'],
      ['tenant = :t AND #region = :r AND #status = :s AND #status = :s', 'KeyConditionExpressions must only contain one condition per key'],
      ['tenant = :t AND #region = :r AND #status = :p', 'One or more parameter values were invalid: Condition parameter type does not match schema type'],
      [
        'tenant = :t AND #region = :r AND #status = :e',
        'One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: byTenant, IndexKey: status',
      ],
      ['tenant = :t AND #region = :r AND #status.x = :s', "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: status"],
      // DynamoDB names a key attribute here; DynamoDB Local leaves the name off.
      ['tenant = :t AND #region = :r AND pk = :x', target.isDynamoDbLocal ? 'Query condition missed key schema element' : 'Query condition missed key schema element: status'],
    ];
    for (const [condition, message] of cases) {
      const used = (placeholder: string) => condition.includes(placeholder);
      const input: QueryCommandInput = {
        TableName,
        IndexName: 'byTenant',
        KeyConditionExpression: condition,
        ExpressionAttributeNames: Object.fromEntries(Object.entries(names).filter(([k]) => used(k))),
        ExpressionAttributeValues: Object.fromEntries(Object.entries(values).filter(([k]) => used(k))),
      };
      if (Object.keys(input.ExpressionAttributeNames!).length === 0) delete input.ExpressionAttributeNames;
      expect([condition, await refusal(target.client.send(new QueryCommand(input)))]).toEqual([condition, { name: 'ValidationException', message }]);
    }
    // The legacy KeyConditions follow the same rule.
    const legacy = await refusal(
      target.client.send(
        new QueryCommand({
          TableName,
          IndexName: 'byTenant',
          KeyConditions: {
            tenant: { ComparisonOperator: 'EQ', AttributeValueList: [S('t1')] },
            region: { ComparisonOperator: 'EQ', AttributeValueList: [N(7)] },
            priority: { ComparisonOperator: 'GT', AttributeValueList: [N(1)] },
          },
        }),
      ),
    );
    expect(legacy.message).toBe(
      'RANGE key attributes status must have equality conditions specified in the query because a condition is present on key attribute priority',
    );
  });

  it('answers a legacy KeyConditions query on a multi-attribute key', async () => {
    const TableName = target.tableName('mak-legacy');
    await createTickets(target, TableName);
    await putTickets(target, TableName);
    const answer = await target.client.send(
      new QueryCommand({
        TableName,
        IndexName: 'byTenant',
        KeyConditions: {
          tenant: { ComparisonOperator: 'EQ', AttributeValueList: [S('t1')] },
          region: { ComparisonOperator: 'EQ', AttributeValueList: [N(7)] },
          status: { ComparisonOperator: 'EQ', AttributeValueList: [S('open')] },
          priority: { ComparisonOperator: 'GE', AttributeValueList: [N(0)] },
        },
      }),
    );
    expect(answer.Items?.map((item) => item.pk?.S)).toEqual(['e', 'd', 'a']);
  });

  it('refuses key schemas beyond the limits, out of order or naming an attribute twice', async () => {
    const TableName = target.tableName('mak-schemas');
    const attributes = ['a', 'b', 'c', 'd', 'e', 'f'].map((AttributeName): AttributeDefinition => ({ AttributeName, AttributeType: 'S' }));
    const withIndex = (KeySchema: KeySchemaElement[]) =>
      refusal(
        target.client.send(
          new CreateTableCommand({
            TableName,
            BillingMode: 'PAY_PER_REQUEST',
            AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, ...attributes],
            KeySchema: [element('pk', 'HASH')],
            GlobalSecondaryIndexes: [{ IndexName: 'idx', KeySchema, Projection: { ProjectionType: 'ALL' } }],
          }),
        ),
      );
    const invalid = (message: string) => ({ name: 'ValidationException', message });
    const hashes = ['a', 'b', 'c', 'd', 'e'].map((name) => element(name, 'HASH'));
    expect(await withIndex([...hashes, element('f', 'RANGE')])).toEqual(invalid('Too many partition keys. GSI can have at most 4 partition keys'));
    expect(await withIndex([element('f', 'HASH'), ...['a', 'b', 'c', 'd', 'e'].map((name) => element(name, 'RANGE'))])).toEqual(
      invalid('Too many sort keys. GSI can have at most 4 sort keys'),
    );
    expect(await withIndex([element('a', 'HASH'), element('b', 'RANGE'), element('c', 'HASH')])).toEqual(
      invalid('Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second'),
    );
    expect(await withIndex([element('a', 'HASH'), element('b', 'HASH'), element('a', 'RANGE')])).toEqual(invalid('Two keys can not have the same name'));
    // A table's key and an LSI's stay one HASH and at most one RANGE element (the wording differs on DynamoDB Local).
    const table = await refusal(
      target.client.send(
        new CreateTableCommand({
          TableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: attributes.slice(0, 2),
          KeySchema: [element('a', 'HASH'), element('b', 'HASH')],
        }),
      ),
    );
    expect(table.name).toBe('ValidationException');
    const local = await refusal(
      target.client.send(
        new CreateTableCommand({
          TableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: attributes.slice(0, 4),
          KeySchema: [element('a', 'HASH'), element('b', 'RANGE')],
          LocalSecondaryIndexes: [{ IndexName: 'lsi', KeySchema: [element('a', 'HASH'), element('c', 'RANGE'), element('d', 'RANGE')], Projection: { ProjectionType: 'ALL' } }],
        }),
      ),
    );
    expect(local.name).toBe('ValidationException');
  });

  it('adds a multi-attribute GSI with UpdateTable and backfills only items that have every key attribute', async () => {
    const TableName = target.tableName('mak-backfill');
    await createTable(target, { TableName, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [element('pk', 'HASH')] });
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), tenant: S('t1'), region: N(7), priority: N(2) } }));
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: S('b'), tenant: S('t1'), region: N(7) } }));
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: S('c'), tenant: S('t1'), region: N(7), priority: N(1) } }));
    await target.client.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: ATTRIBUTES.filter((a) => ['tenant', 'region', 'priority'].includes(a.AttributeName!)),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: 'byPriority',
              KeySchema: [element('tenant', 'HASH'), element('region', 'HASH'), element('priority', 'RANGE')],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
    // DynamoDB Local backfills in the background; the engine before it answers.
    for (let attempt = 0; attempt < 50; attempt++) {
      const { Table } = await target.client.send(new DescribeTableCommand({ TableName }));
      if (Table?.GlobalSecondaryIndexes?.[0]?.IndexStatus === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { Table } = await target.client.send(new DescribeTableCommand({ TableName }));
    expect(Table?.GlobalSecondaryIndexes?.[0]?.KeySchema).toEqual([element('tenant', 'HASH'), element('region', 'HASH'), element('priority', 'RANGE')]);
    const listed = await pksOf(target, {
      TableName,
      IndexName: 'byPriority',
      KeyConditionExpression: 'tenant = :t AND #region = :r',
      ExpressionAttributeNames: { '#region': 'region' },
      ExpressionAttributeValues: PARTITION,
    });
    expect(listed).toEqual(['c', 'a']);
  });
});
