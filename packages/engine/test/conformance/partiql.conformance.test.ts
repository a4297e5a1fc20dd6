/**
 * PartiQL on every target: ExecuteStatement's writes (INSERT is no upsert,
 * UPDATE of a missing item fails its condition, DELETE of one succeeds),
 * reads a page at a time with NextToken, Parameters; BatchExecuteStatement's
 * per-statement answers; ExecuteTransaction's all-or-nothing, its
 * cancellation reasons and its ClientRequestToken. Measured on DynamoDB Local.
 */
import {
  BatchExecuteStatementCommand,
  CreateTableCommand,
  ExecuteStatementCommand,
  ExecuteTransactionCommand,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { AttributeValue, ExecuteStatementCommandInput } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { expect, it } from 'vitest';
import { createTable, keySchema, N, rejection, S } from './requests.js';
import { streamsClient } from './streams-client.js';
import { describeEachTarget, type ConformanceTarget } from './targets.js';

async function numberSortTable(target: ConformanceTarget, prefix: string): Promise<string> {
  const TableName = target.tableName(prefix);
  await createTable(target, {
    TableName,
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
    ],
    KeySchema: keySchema('pk', 'sk'),
  });
  return TableName;
}

/** DynamoDB's DuplicateItemException; DynamoDB Local names the type DuplicateItem. */
function expectDuplicateItem(target: ConformanceTarget, error: { name: string; message: string }): void {
  expect(error.name).toBe(target.isDynamoDbLocal ? 'DuplicateItem' : 'DuplicateItemException');
  expect(error.message).toBe('Duplicate primary key exists in table');
}

/** Items with their attributes in name order, so targets that order them differently compare equal. */
function sorted(items: Record<string, AttributeValue>[] | undefined): string[] {
  return (items ?? []).map((item) => JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))));
}

describeEachTarget('PartiQL', (target) => {
  const run = (input: ExecuteStatementCommandInput) => target.client.send(new ExecuteStatementCommand(input));

  it('INSERT never replaces an item; UPDATE of a missing item fails; DELETE of one succeeds', async () => {
    const table = await numberSortTable(target, 'pq-writes');
    expect((await run({ Statement: `INSERT INTO "${table}" VALUE {'pk': 'a', 'sk': 1, 'x': 5}` })).Items).toEqual([]);
    expectDuplicateItem(target, await rejection(run({ Statement: `INSERT INTO "${table}" VALUE {'pk': 'a', 'sk': 1, 'x': 6}` })));
    const stored = await target.client.send(new GetItemCommand({ TableName: table, Key: { pk: S('a'), sk: N(1) } }));
    expect(stored.Item?.x).toEqual(N(5));

    const missing = await rejection(run({ Statement: `UPDATE "${table}" SET x = 9 WHERE pk = 'zz' AND sk = 1` }));
    expect([missing.name, missing.message]).toEqual(['ConditionalCheckFailedException', 'The conditional request failed']);
    expect((await run({ Statement: `DELETE FROM "${table}" WHERE pk = 'zz' AND sk = 1` })).Items).toEqual([]);
    expect((await target.client.send(new GetItemCommand({ TableName: table, Key: { pk: S('zz'), sk: N(1) } }))).Item).toBeUndefined();
  });

  it('RETURNING answers the old item; a failed condition returns it when asked', async () => {
    const table = await numberSortTable(target, 'pq-returning');
    await run({ Statement: `INSERT INTO "${table}" VALUE {'pk': 'a', 'sk': 1, 'x': 5}` });
    const old = await run({ Statement: `UPDATE "${table}" SET x = 6 WHERE pk = 'a' AND sk = 1 RETURNING ALL OLD *` });
    expect(sorted(old.Items)).toEqual(sorted([{ pk: S('a'), sk: N(1), x: N(5) }]));
    const failed = await rejection(
      run({ Statement: `DELETE FROM "${table}" WHERE pk = 'a' AND sk = 1 AND x = 1`, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
    );
    expect(failed.name).toBe('ConditionalCheckFailedException');
    expect(sorted([failed.Item as Record<string, AttributeValue>])).toEqual(sorted([{ pk: S('a'), sk: N(1), x: N(6) }]));
    const deleted = await run({ Statement: `DELETE FROM "${table}" WHERE pk = 'a' AND sk = 1 RETURNING ALL OLD *` });
    expect(sorted(deleted.Items)).toEqual(sorted([{ pk: S('a'), sk: N(1), x: N(6) }]));
  });

  it('SELECT reads a page at a time: Limit counts the items read, NextToken resumes', async () => {
    const table = await numberSortTable(target, 'pq-pages');
    for (let sk = 1; sk <= 7; sk++) {
      await target.client.send(new PutItemCommand({ TableName: table, Item: { pk: S(sk <= 5 ? 'a' : 'b'), sk: N(sk), x: N(sk % 2) } }));
    }
    for (const [Statement, expected] of [
      [`SELECT sk FROM "${table}" WHERE pk = 'a'`, [1, 2, 3, 4, 5]],
      [`SELECT sk FROM "${table}" WHERE pk = 'a' AND x = 1`, [1, 3, 5]],
      [`SELECT sk FROM "${table}" WHERE pk IN ['a', 'b']`, [1, 2, 3, 4, 5, 6, 7]],
      // ORDER BY over several partitions pages as their read does (Limit counts, NextToken resumes), each page in order.
      [`SELECT sk FROM "${table}" WHERE pk IN ['a', 'b'] ORDER BY sk`, [1, 2, 3, 4, 5, 6, 7]],
      [`SELECT sk FROM "${table}" WHERE pk IN ['a', 'b'] AND x = 1 ORDER BY sk`, [1, 3, 5, 7]],
      // DynamoDB Local fails ORDER BY … DESC with a Limit (InternalFailure): the engine reads each partition backwards.
      ...(target.isDynamoDbLocal
        ? []
        : ([
            [`SELECT sk FROM "${table}" WHERE pk = 'a' ORDER BY sk DESC`, [5, 4, 3, 2, 1]],
            [`SELECT sk FROM "${table}" WHERE pk IN ['a', 'b'] ORDER BY sk DESC`, [5, 4, 3, 2, 7, 1, 6]],
          ] as const)),
    ] as const) {
      const pages: number[][] = [];
      let NextToken: string | undefined;
      do {
        const page = await run({ Statement, Limit: 2, NextToken });
        // Limit is counted before the filter: no page holds more than 2 items.
        expect(page.Items!.length).toBeLessThanOrEqual(2);
        pages.push(page.Items!.map((item) => Number(item.sk!.N)));
        NextToken = page.NextToken;
      } while (NextToken !== undefined);
      expect(pages.flat(), Statement).toEqual(expected);
    }
    const first = await run({ Statement: `SELECT sk FROM "${table}" WHERE pk = 'a'`, Limit: 2 });
    expect(first.Items!.map((item) => item.sk)).toEqual([N(1), N(2)]);
    expect(first.NextToken).toBeTypeOf('string');

    const bad = await rejection(run({ Statement: `SELECT * FROM "${table}"`, NextToken: 'abc' }));
    expect([bad.name, bad.message]).toEqual(['ValidationException', 'Invalid NextToken']);
    const zero = await rejection(run({ Statement: `SELECT * FROM "${table}"`, Limit: 0 }));
    expect(zero.message).toBe("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
  });

  it('binds Parameters; too few are refused; a missing table is named as such', async () => {
    const table = await numberSortTable(target, 'pq-params');
    await run({ Statement: `INSERT INTO "${table}" VALUE {'pk': ?, 'sk': ?, 'b': ?}`, Parameters: [S('a'), N(1), { B: new Uint8Array([1, 2]) }] });
    const read = await run({ Statement: `SELECT b FROM "${table}" WHERE pk = ? AND sk = ?`, Parameters: [S('a'), N(1)] });
    expect(read.Items).toEqual([{ b: { B: new Uint8Array([1, 2]) } }]);
    const few = await rejection(run({ Statement: `SELECT * FROM "${table}" WHERE pk = ? AND sk = ?`, Parameters: [S('a')] }));
    expect(few.message).toBe("Number of parameters in request and statement don't match.");
    const none = await rejection(run({ Statement: `SELECT * FROM "${table}-nope" WHERE pk = 'a'` }));
    expect([none.name, none.message]).toEqual(['ResourceNotFoundException', 'Cannot do operations on a non-existent table']);
  });

  it('BatchExecuteStatement answers each statement; never reads and writes together', async () => {
    const table = await numberSortTable(target, 'pq-batch');
    await run({ Statement: `INSERT INTO "${table}" VALUE {'pk': 'a', 'sk': 1, 'x': 1}` });
    await run({ Statement: `INSERT INTO "${table}" VALUE {'pk': 'a', 'sk': 2, 'x': 1}` });
    const writes = await target.client.send(
      new BatchExecuteStatementCommand({
        Statements: [
          { Statement: `INSERT INTO "${table}" VALUE {'pk': 'b', 'sk': 1}` },
          { Statement: `INSERT INTO "${table}" VALUE {'pk': 'a', 'sk': 1}` },
          { Statement: `UPDATE "${table}" SET x = 1 WHERE pk = 'q' AND sk = 1` },
          { Statement: `DELETE FROM "${table}" WHERE pk = 'q' AND sk = 2` },
          { Statement: `UPDATE "${table}" SET x = 2 WHERE pk = 'a' AND sk = 2 AND x = 9`, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' },
        ],
      }),
    );
    const codes = writes.Responses!.map((response) => response.Error?.Code ?? 'ok');
    expect(codes).toEqual(['ok', 'DuplicateItem', 'ConditionalCheckFailed', 'ok', 'ConditionalCheckFailed']);
    expect(writes.Responses!.every((response) => response.TableName === table)).toBe(true);
    expect(sorted([writes.Responses![4]!.Error!.Item!])).toEqual(sorted([{ pk: S('a'), sk: N(2), x: N(1) }]));

    const reads = await target.client.send(
      new BatchExecuteStatementCommand({
        Statements: [
          { Statement: `SELECT x FROM "${table}" WHERE pk = 'a' AND sk = 1` },
          { Statement: `SELECT * FROM "${table}" WHERE pk = 'a' AND sk = 99` },
          { Statement: `SELECT * FROM "${table}" WHERE pk = 'a'` },
          { Statement: `SELECT * FROM "${table}-nope" WHERE pk = 'a' AND sk = 1` },
        ],
      }),
    );
    expect(reads.Responses).toEqual([
      { TableName: table, Item: { x: N(1) } },
      { TableName: table },
      { Error: { Code: 'ValidationError', Message: 'Only single item select is supported' } },
      { Error: { Code: 'ResourceNotFound', Message: 'Cannot do operations on a non-existent table' } },
    ]);

    const mixed = await rejection(
      target.client.send(
        new BatchExecuteStatementCommand({
          Statements: [{ Statement: `INSERT INTO "${table}" VALUE {'pk': 'c', 'sk': 1}` }, { Statement: `SELECT * FROM "${table}" WHERE pk = 'a' AND sk = 1` }],
        }),
      ),
    );
    expect(mixed.message).toBe('Read and write requests together in the same batch is not supported.');
    const twice = await rejection(
      target.client.send(
        new BatchExecuteStatementCommand({
          Statements: [{ Statement: `UPDATE "${table}" SET x = 1 WHERE pk = 'a' AND sk = 1` }, { Statement: `DELETE FROM "${table}" WHERE pk = 'a' AND sk = 1` }],
        }),
      ),
    );
    expect(twice.message).toBe('Provided list of item keys contains duplicates');
    // Nothing of the refused batches was applied.
    expect((await run({ Statement: `SELECT * FROM "${table}" WHERE pk = 'c' AND sk = 1` })).Items).toEqual([]);
  });

  it('ExecuteTransaction: all or nothing, with a reason per statement; the limits of both forms', async () => {
    const table = await numberSortTable(target, 'pq-tx');
    await run({ Statement: `INSERT INTO "${table}" VALUE {'pk': 'a', 'sk': 1, 'x': 1}` });
    const send = (input: ConstructorParameters<typeof ExecuteTransactionCommand>[0]) => target.client.send(new ExecuteTransactionCommand(input));

    const cancelled = await rejection(
      send({
        TransactStatements: [
          { Statement: `INSERT INTO "${table}" VALUE {'pk': 't', 'sk': 1}` },
          { Statement: `INSERT INTO "${table}" VALUE {'pk': 'a', 'sk': 1}` },
          { Statement: `UPDATE "${table}" SET x = 1 WHERE pk = 'nope' AND sk = 1` },
          { Statement: `DELETE FROM "${table}" WHERE pk = 'nope' AND sk = 2` },
        ],
      }),
    );
    expect(cancelled.name).toBe('TransactionCanceledException');
    expect(cancelled.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ValidationError', Message: 'Duplicate primary key exists in table' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
      { Code: 'None' },
    ]);
    expect((await run({ Statement: `SELECT * FROM "${table}" WHERE pk = 't' AND sk = 1` })).Items).toEqual([]);

    const token = `tok-${table}`.slice(0, 36);
    const increment = { TransactStatements: [{ Statement: `UPDATE "${table}" SET x = x + 1 WHERE pk = 'a' AND sk = 1` }], ClientRequestToken: token };
    expect((await send(increment)).Responses).toEqual([]);
    await send(increment);
    const read = await send({
      TransactStatements: [{ Statement: `SELECT x FROM "${table}" WHERE pk = 'a' AND sk = 1` }, { Statement: `SELECT * FROM "${table}" WHERE pk = 'a' AND sk = 9` }],
    });
    // The same token applied the increment once.
    expect(read.Responses).toEqual([{ Item: { x: N(2) } }, {}]);
    const other = await rejection(send({ ...increment, TransactStatements: [{ Statement: `UPDATE "${table}" SET x = 5 WHERE pk = 'a' AND sk = 1` }] }));
    expect(other.name).toBe('IdempotentParameterMismatchException');

    const refusals = await Promise.all(
      [
        [`SELECT * FROM "${table}" WHERE pk = 'a' AND sk = 1`, `INSERT INTO "${table}" VALUE {'pk': 'u', 'sk': 1}`],
        [`SELECT * FROM "${table}" WHERE pk = 'a'`],
        [`UPDATE "${table}" SET x = 3 WHERE pk = 'a' AND sk = 1 RETURNING ALL NEW *`],
      ].map((texts) => rejection(send({ TransactStatements: texts.map((Statement) => ({ Statement })) }))),
    );
    expect(refusals.map((error) => error.message)).toEqual([
      'ExecuteTransaction API does not support both read and write operations in the same request.',
      'Validation failed in TransactStatements[0]: Select statements within ExecuteTransaction must specify the primary key in the where clause.',
      'Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction.',
    ]);
    const empty = await rejection(send({ TransactStatements: [] }));
    expect(empty.message).toBe('ExecutePartiQLTransaction can not have empty statement.');
    const inserts = (count: number) => Array.from({ length: count }, (_, i) => ({ Statement: `INSERT INTO "${table}" VALUE {'pk': 'many', 'sk': ${i}}` }));
    expect((await rejection(send({ TransactStatements: inserts(101) }))).message).toBe('Member must have length less than or equal to 100');
    const batch = (Statements: { Statement: string }[]) => rejection(target.client.send(new BatchExecuteStatementCommand({ Statements })));
    expect((await batch(inserts(26))).message).toBe('BatchWriteItem cannot write more than 25 items');
    expect((await batch([])).message).toBe('The statement was empty.');
    const reads = Array.from({ length: 26 }, (_, i) => ({ Statement: `SELECT * FROM "${table}" WHERE pk = 'a' AND sk = ${i}` }));
    expect((await batch(reads)).message).toBe('BatchGetItem cannot fetch more than 25 items');
    expect((await run({ Statement: `SELECT * FROM "${table}" WHERE pk = 'many'` })).Items).toEqual([]);
  });
});

/**
 * The engine runs the operation core's plan names: on a table of 120 items
 * of about 1 KB, a SELECT keyed by its partition costs what a Query of that
 * partition costs, never what the Scan of the table (30 units) would.
 * DynamoDB Local returns no ConsumedCapacity for PartiQL, so engines only.
 */
describeEachTarget(
  'PartiQL runs the planned operation',
  (target) => {
    it('a keyed SELECT costs its GetItem or Query, an unkeyed one the Scan', async () => {
      const table = await numberSortTable(target, 'pq-capacity');
      const padding = S('x'.repeat(1000));
      for (let i = 0; i < 120; i++) {
        await target.client.send(new PutItemCommand({ TableName: table, Item: { pk: S(`p${i % 40}`), sk: N(i), x: N(i % 2), padding } }));
      }
      const run = (input: ExecuteStatementCommandInput) => target.client.send(new ExecuteStatementCommand(input));
      const units = async (Statement: string) => (await run({ Statement, ReturnConsumedCapacity: 'TOTAL' })).ConsumedCapacity?.CapacityUnits;
      // One item of 1 KB, eventually consistent: half a unit.
      expect(await units(`SELECT * FROM "${table}" WHERE pk = 'p1' AND sk = 1`)).toBe(0.5);
      // Three items of one partition (3 KB, under 4 KB): half a unit, filter or not.
      expect(await units(`SELECT * FROM "${table}" WHERE pk = 'p1'`)).toBe(0.5);
      expect(await units(`SELECT * FROM "${table}" WHERE pk = 'p1' AND x = 1`)).toBe(0.5);
      // Two partitions: two Queries.
      expect(await units(`SELECT * FROM "${table}" WHERE pk IN ['p1', 'p2']`)).toBe(1);
      // No key condition: the whole table, about 120 KB.
      expect(await units(`SELECT * FROM "${table}" WHERE x = 1`)).toBeGreaterThanOrEqual(15);
    });
  },
  { only: ['engine-inprocess', 'engine-http', 'engine-disk'] },
);

describeEachTarget('PartiQL writes in the table stream', (target) => {
  it('INSERT, UPDATE, DELETE, a transaction and a batch each leave their record', async () => {
    const TableName = target.tableName('pq-stream');
    const created = await target.client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: keySchema('pk'),
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    const run = (Statement: string) => target.client.send(new ExecuteStatementCommand({ Statement }));
    await run(`INSERT INTO "${TableName}" VALUE {'pk': 'a', 'x': 1}`);
    await run(`UPDATE "${TableName}" SET x = 2 WHERE pk = 'a'`);
    await run(`DELETE FROM "${TableName}" WHERE pk = 'a'`);
    // A refused INSERT and a DELETE of nothing change nothing: no record.
    await run(`INSERT INTO "${TableName}" VALUE {'pk': 'b', 'x': 1}`);
    await rejection(run(`INSERT INTO "${TableName}" VALUE {'pk': 'b', 'x': 9}`));
    await run(`DELETE FROM "${TableName}" WHERE pk = 'zz'`);
    await target.client.send(new ExecuteTransactionCommand({ TransactStatements: [{ Statement: `INSERT INTO "${TableName}" VALUE {'pk': 'c'}` }] }));
    await target.client.send(new BatchExecuteStatementCommand({ Statements: [{ Statement: `UPDATE "${TableName}" SET x = 3 WHERE pk = 'b'` }] }));

    const streams = streamsClient(target);
    const StreamArn = created.TableDescription!.LatestStreamArn!;
    const described = await streams.send(new DescribeStreamCommand({ StreamArn }));
    const records: { eventName?: string; keys?: unknown; x?: unknown }[] = [];
    for (const shard of described.StreamDescription!.Shards!) {
      let iterator = (await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' }))).ShardIterator;
      for (let page = 0; iterator !== undefined && page < 10; page++) {
        const answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
        records.push(...answer.Records!.map((record) => ({ eventName: record.eventName, keys: record.dynamodb?.Keys, x: record.dynamodb?.NewImage?.x })));
        if (answer.Records!.length === 0) break;
        iterator = answer.NextShardIterator;
      }
    }
    streams.destroy();
    expect(records).toEqual([
      { eventName: 'INSERT', keys: { pk: S('a') }, x: N(1) },
      { eventName: 'MODIFY', keys: { pk: S('a') }, x: N(2) },
      { eventName: 'REMOVE', keys: { pk: S('a') }, x: undefined },
      { eventName: 'INSERT', keys: { pk: S('b') }, x: N(1) },
      { eventName: 'INSERT', keys: { pk: S('c') }, x: undefined },
      { eventName: 'MODIFY', keys: { pk: S('b') }, x: N(3) },
    ]);
  });
});
