/**
 * DynamoDB Streams on every target: enabling and disabling a table's stream,
 * listing and describing streams, iterators of every type, and the records
 * each write makes, compared field by field with DynamoDB Local's (whose
 * `awsRegion` is always "ddblocal", a known deviation).
 */
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  DynamoDBClient,
  type StreamViewType,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
  type _Record,
  type DynamoDBStreamsClient,
} from '@aws-sdk/client-dynamodb-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, handleWireRequest, inProcessClientConfig } from '@dynotable/engine';
import { streamsClient } from './streams-client.js';
import { describeEachTarget, type ConformanceTarget } from './targets.js';

async function createStreamTable(client: DynamoDBClient, TableName: string, viewType: StreamViewType, sortKey = false): Promise<string> {
  const created = await client.send(
    new CreateTableCommand({
      TableName,
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, ...(sortKey ? [{ AttributeName: 'sk', KeyType: 'RANGE' as const }] : [])],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, ...(sortKey ? [{ AttributeName: 'sk', AttributeType: 'N' as const }] : [])],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: viewType },
    }),
  );
  return created.TableDescription!.LatestStreamArn!;
}

/** Every record of the stream's shards, in order, read from TRIM_HORIZON. */
async function readAll(streams: DynamoDBStreamsClient, StreamArn: string): Promise<_Record[]> {
  const described = await streams.send(new DescribeStreamCommand({ StreamArn }));
  const records: _Record[] = [];
  for (const shard of described.StreamDescription!.Shards!) {
    let iterator = (await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' })))
      .ShardIterator;
    for (let page = 0; iterator !== undefined && page < 20; page++) {
      const answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      records.push(...answer.Records!);
      if (answer.Records!.length === 0) break;
      iterator = answer.NextShardIterator;
    }
  }
  return records;
}

/** What a record says that both DynamoDB Local and the engine must agree on. */
function comparable(record: _Record) {
  const { dynamodb } = record;
  return {
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: record.eventSource,
    Keys: dynamodb?.Keys,
    NewImage: dynamodb?.NewImage,
    OldImage: dynamodb?.OldImage,
    SizeBytes: dynamodb?.SizeBytes,
    StreamViewType: dynamodb?.StreamViewType,
  };
}

/** A DynamoDB client of the target that signs for `region`. */
function writerIn(target: ConformanceTarget, region: string): DynamoDBClient {
  const credentials = { accessKeyId: 'conformance', secretAccessKey: 'conformance' };
  if (target.endpoint !== null) return new DynamoDBClient({ endpoint: target.endpoint, region, credentials, maxAttempts: 1 });
  return new DynamoDBClient({ ...inProcessClientConfig(target.engine!), region, credentials, maxAttempts: 1 });
}

function regionOf(target: ConformanceTarget, region: string): string {
  // DynamoDB Local names its own region in every record (a known deviation).
  return target.isDynamoDbLocal ? 'ddblocal' : region;
}

describeEachTarget('DynamoDB Streams', (target) => {
  let streams: DynamoDBStreamsClient;
  beforeAll(() => {
    // DynamoDB Local keeps a database per access key and region: the reader signs as the writer does.
    streams = streamsClient(target);
  });
  afterAll(() => streams.destroy());

  it('shows the stream on CreateTable and DescribeTable, and a new ARN after disable and enable', async () => {
    const TableName = target.tableName('stream-table');
    const arn = await createStreamTable(target.client, TableName, 'NEW_AND_OLD_IMAGES');
    expect(arn).toMatch(new RegExp(`:table/${TableName}/stream/\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}$`));
    const described = (await target.client.send(new DescribeTableCommand({ TableName }))).Table!;
    expect(described.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(described.LatestStreamArn).toBe(arn);
    expect(arn.endsWith(`/stream/${described.LatestStreamLabel}`)).toBe(true);

    await target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: false } }));
    const disabled = (await target.client.send(new DescribeTableCommand({ TableName }))).Table!;
    expect(disabled.StreamSpecification).toBeUndefined();
    expect(disabled.LatestStreamArn).toBe(arn);
    const old = (await streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription!;
    expect(old.StreamStatus).toBe('DISABLED');

    await new Promise((resolve) => setTimeout(resolve, 5));
    const enabled = await target.client.send(
      new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }),
    );
    const newArn = enabled.TableDescription!.LatestStreamArn!;
    expect(newArn).not.toBe(arn);
    const listed = await streams.send(new ListStreamsCommand({ TableName }));
    expect(listed.Streams!.map((stream) => stream.StreamArn)).toEqual([newArn, arn]);
    expect(listed.Streams![0]).toEqual({ StreamArn: newArn, TableName, StreamLabel: enabled.TableDescription!.LatestStreamLabel });
  });

  it('describes a stream: status, view type, key schema and an open shard', async () => {
    const TableName = target.tableName('stream-describe');
    const StreamArn = await createStreamTable(target.client, TableName, 'NEW_IMAGE', true);
    const description = (await streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription!;
    expect(description).toMatchObject({
      StreamArn,
      StreamStatus: 'ENABLED',
      StreamViewType: 'NEW_IMAGE',
      TableName,
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    });
    expect(description.CreationRequestDateTime).toBeInstanceOf(Date);
    expect(description.Shards).toHaveLength(1);
    const shard = description.Shards![0]!;
    expect(shard.ShardId).toMatch(/^shardId-\d{20}-[0-9a-f]{8}$/);
    expect(shard.ParentShardId).toBeUndefined();
    expect(shard.SequenceNumberRange!.StartingSequenceNumber).toMatch(/^\d{21}$/);
    expect(shard.SequenceNumberRange!.EndingSequenceNumber).toBeUndefined();
  });

  it('writes INSERT, MODIFY and REMOVE records with the images of the view type, none for a write that changes nothing', async () => {
    const Key = { pk: { S: 'a' }, sk: { N: '5' } };
    const first = { ...Key, v: { N: '1' }, s: { S: 'hello' } };
    const second = { ...Key, v: { N: '2' }, s: { S: 'hello' } };
    // Sizes as DynamoDB Local counts them: the keys (7 bytes) plus each image shown (16 bytes).
    const expected = {
      KEYS_ONLY: [{ Keys: Key, SizeBytes: 7 }, { Keys: Key, SizeBytes: 7 }, { Keys: Key, SizeBytes: 7 }],
      NEW_IMAGE: [
        { Keys: Key, NewImage: first, SizeBytes: 23 },
        { Keys: Key, NewImage: second, SizeBytes: 23 },
        { Keys: Key, SizeBytes: 7 },
      ],
      OLD_IMAGE: [{ Keys: Key, SizeBytes: 7 }, { Keys: Key, OldImage: first, SizeBytes: 23 }, { Keys: Key, OldImage: second, SizeBytes: 23 }],
      NEW_AND_OLD_IMAGES: [
        { Keys: Key, NewImage: first, SizeBytes: 23 },
        { Keys: Key, NewImage: second, OldImage: first, SizeBytes: 39 },
        { Keys: Key, OldImage: second, SizeBytes: 23 },
      ],
    };
    for (const viewType of ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'] as const) {
      const TableName = target.tableName('stream-views');
      const StreamArn = await createStreamTable(target.client, TableName, viewType, true);
      await target.client.send(new PutItemCommand({ TableName, Item: first }));
      // The same item again, and a delete of a missing one: no change, no record.
      await target.client.send(new PutItemCommand({ TableName, Item: first }));
      await target.client.send(new DeleteItemCommand({ TableName, Key: { pk: { S: 'missing' }, sk: { N: '1' } } }));
      await target.client.send(
        new UpdateItemCommand({ TableName, Key, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': { N: '2' } } }),
      );
      await target.client.send(new DeleteItemCommand({ TableName, Key }));
      const list = await readAll(streams, StreamArn);
      expect(list.map(comparable)).toEqual(
        expected[viewType].map((fields, i) => ({
          eventName: ['INSERT', 'MODIFY', 'REMOVE'][i],
          eventVersion: '1.1',
          eventSource: 'aws:dynamodb',
          NewImage: undefined,
          OldImage: undefined,
          ...fields,
          StreamViewType: viewType,
        })),
      );
      const sequence = list.map((record) => BigInt(record.dynamodb!.SequenceNumber!));
      expect(sequence[0]! < sequence[1]! && sequence[1]! < sequence[2]!).toBe(true);
      for (const record of list) {
        expect(record.awsRegion).toBe(regionOf(target, 'us-east-1'));
        expect(record.eventID).toMatch(/^[0-9a-f-]{32,36}$/);
        expect(record.dynamodb!.ApproximateCreationDateTime).toBeInstanceOf(Date);
        expect(Math.abs(record.dynamodb!.ApproximateCreationDateTime!.getTime() - Date.now())).toBeLessThan(5 * 60_000);
        expect(record.userIdentity).toBeUndefined();
      }
      expect(new Set(list.map((record) => record.eventID)).size).toBe(3);
    }
  });

  it.skipIf(target.isDynamoDbLocal)('names the region the write was signed for in awsRegion', async () => {
    const TableName = target.tableName('stream-region');
    const StreamArn = await createStreamTable(target.client, TableName, 'KEYS_ONLY');
    const writer = writerIn(target, 'ap-southeast-2');
    await writer.send(new PutItemCommand({ TableName, Item: { pk: { S: 'a' } } }));
    writer.destroy();
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'b' } } }));
    expect((await readAll(streams, StreamArn)).map((record) => record.awsRegion)).toEqual(['ap-southeast-2', 'us-east-1']);
  });

  it('writes one record per item of a transaction and of a batch, in request order', async () => {
    const TableName = target.tableName('stream-batch');
    const StreamArn = await createStreamTable(target.client, TableName, 'NEW_AND_OLD_IMAGES');
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'c' }, n: { N: '1' } } }));
    await target.client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName, Item: { pk: { S: 'a' } } } },
          { Update: { TableName, Key: { pk: { S: 'c' } }, UpdateExpression: 'SET n = n + :one', ExpressionAttributeValues: { ':one': { N: '1' } } } },
          { Delete: { TableName, Key: { pk: { S: 'nothing' } } } },
        ],
      }),
    );
    await target.client.send(
      new BatchWriteItemCommand({
        RequestItems: {
          [TableName]: [
            { PutRequest: { Item: { pk: { S: 'b' } } } },
            { DeleteRequest: { Key: { pk: { S: 'a' } } } },
            { DeleteRequest: { Key: { pk: { S: 'nobody' } } } },
          ],
        },
      }),
    );
    const records = await readAll(streams, StreamArn);
    expect(records.map((record) => [record.eventName, record.dynamodb!.Keys!.pk!.S])).toEqual([
      ['INSERT', 'c'],
      ['INSERT', 'a'],
      ['MODIFY', 'c'],
      ['INSERT', 'b'],
      ['REMOVE', 'a'],
    ]);
  });

  it('reads with every iterator type, Limit and NextShardIterator', async () => {
    // DynamoDB Local now and then answers a fresh table's LATEST iterator with TrimmedDataAccessException
    // when the machine is busy; the engine never does. Local gets up to four tables, a second apart; the engine one try.
    for (let attempt = 1; ; attempt++) {
      try {
        await readWithEveryIteratorType(attempt);
        return;
      } catch (error) {
        if (!target.isDynamoDbLocal || attempt >= 4 || (error as Error).name !== 'TrimmedDataAccessException') throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  });

  async function readWithEveryIteratorType(attempt: number): Promise<void> {
    const TableName = target.tableName(`stream-iterators-${attempt}`);
    const StreamArn = await createStreamTable(target.client, TableName, 'KEYS_ONLY');
    const ShardId = (await streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription!.Shards![0]!.ShardId!;
    const iterator = async (ShardIteratorType: 'TRIM_HORIZON' | 'LATEST' | 'AT_SEQUENCE_NUMBER' | 'AFTER_SEQUENCE_NUMBER', SequenceNumber?: string) =>
      (await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId, ShardIteratorType, SequenceNumber }))).ShardIterator!;
    const keys = (list: _Record[]) => list.map((record) => record.dynamodb!.Keys!.pk!.S);

    const latest = await iterator('LATEST');
    for (const pk of ['a', 'b', 'c', 'd']) await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk } } }));
    const fromLatest = await streams.send(new GetRecordsCommand({ ShardIterator: latest }));
    expect(keys(fromLatest.Records!)).toEqual(['a', 'b', 'c', 'd']);

    const first = await streams.send(new GetRecordsCommand({ ShardIterator: await iterator('TRIM_HORIZON'), Limit: 3 }));
    expect(keys(first.Records!)).toEqual(['a', 'b', 'c']);
    const rest = await streams.send(new GetRecordsCommand({ ShardIterator: first.NextShardIterator! }));
    expect(keys(rest.Records!)).toEqual(['d']);
    const after = await streams.send(new GetRecordsCommand({ ShardIterator: rest.NextShardIterator! }));
    expect(after.Records).toEqual([]);
    expect(after.NextShardIterator).toBeDefined();

    const second = first.Records![1]!.dynamodb!.SequenceNumber!;
    expect(keys((await streams.send(new GetRecordsCommand({ ShardIterator: await iterator('AT_SEQUENCE_NUMBER', second) }))).Records!)).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(keys((await streams.send(new GetRecordsCommand({ ShardIterator: await iterator('AFTER_SEQUENCE_NUMBER', second) }))).Records!)).toEqual([
      'c',
      'd',
    ]);
    // Records written after the iterator was handed out are read by it.
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'e' } } }));
    expect(keys((await streams.send(new GetRecordsCommand({ ShardIterator: after.NextShardIterator! }))).Records!)).toEqual(['e']);
  }

  it('closes the shard of a disabled stream, which is read to its end', async () => {
    const TableName = target.tableName('stream-closed');
    const StreamArn = await createStreamTable(target.client, TableName, 'NEW_IMAGE');
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'a' } } }));
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'b' } } }));
    await target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: false } }));
    // A write after the stream is disabled is not recorded.
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'c' } } }));
    const shard = (await streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription!.Shards![0]!;
    const records = await readAll(streams, StreamArn);
    expect(records.map((record) => record.dynamodb!.Keys!.pk!.S)).toEqual(['a', 'b']);
    expect(shard.SequenceNumberRange!.EndingSequenceNumber).toBe(records[1]!.dynamodb!.SequenceNumber);
  });

  it('closes the shard of a stream disabled before any write at its first sequence number', async () => {
    const TableName = target.tableName('stream-empty');
    const StreamArn = await createStreamTable(target.client, TableName, 'KEYS_ONLY');
    await target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: false } }));
    const shard = (await streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription!.Shards![0]!;
    expect(shard.SequenceNumberRange!.EndingSequenceNumber).toBe(shard.SequenceNumberRange!.StartingSequenceNumber);
    const ShardIterator = (await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' })))
      .ShardIterator!;
    const answer = await streams.send(new GetRecordsCommand({ ShardIterator }));
    expect(answer.Records).toEqual([]);
    expect(answer.NextShardIterator).toBeUndefined();
  });

  it("keeps a deleted table's streams listed and readable, DISABLED with closed shards, also after the name is taken again", async () => {
    const TableName = target.tableName('stream-deleted');
    const first = await createStreamTable(target.client, TableName, 'NEW_IMAGE');
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'a' } } }));
    await target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: false } }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const enabled = await target.client.send(
      new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }),
    );
    const second = enabled.TableDescription!.LatestStreamArn!;
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'b' } } }));
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'c' } } }));
    await target.client.send(new DeleteTableCommand({ TableName }));

    const listed = await streams.send(new ListStreamsCommand({ TableName }));
    expect(listed.Streams!.map((stream) => stream.StreamArn)).toEqual([second, first]);
    const all = await streams.send(new ListStreamsCommand({}));
    expect(all.Streams!.filter((stream) => stream.TableName === TableName).map((stream) => stream.StreamArn)).toEqual([second, first]);
    const description = (await streams.send(new DescribeStreamCommand({ StreamArn: second }))).StreamDescription!;
    expect(description).toMatchObject({ StreamArn: second, StreamStatus: 'DISABLED', StreamViewType: 'KEYS_ONLY', TableName });
    expect(description.KeySchema).toEqual([{ AttributeName: 'pk', KeyType: 'HASH' }]);
    const records = await readAll(streams, second);
    expect(records.map((record) => record.dynamodb!.Keys!.pk!.S)).toEqual(['b', 'c']);
    // The open shard was closed at its last record: read to its end, it hands out no next iterator.
    expect(description.Shards![0]!.SequenceNumberRange!.EndingSequenceNumber).toBe(records[1]!.dynamodb!.SequenceNumber);
    const ShardIterator = (
      await streams.send(new GetShardIteratorCommand({ StreamArn: second, ShardId: description.Shards![0]!.ShardId!, ShardIteratorType: 'LATEST' }))
    ).ShardIterator!;
    const latest = await streams.send(new GetRecordsCommand({ ShardIterator }));
    expect(latest.Records).toEqual([]);
    expect(latest.NextShardIterator).toBeUndefined();
    expect((await readAll(streams, first)).map((record) => record.dynamodb!.Keys!.pk!.S)).toEqual(['a']);

    // A new table of the same name: its stream first, the deleted table's after it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const third = await createStreamTable(target.client, TableName, 'NEW_IMAGE');
    const again = await streams.send(new ListStreamsCommand({ TableName }));
    expect(again.Streams!.map((stream) => stream.StreamArn)).toEqual([third, second, first]);
    expect((await streams.send(new DescribeStreamCommand({ StreamArn: second }))).StreamDescription!.StreamStatus).toBe('DISABLED');
  });

  it('pages ListStreams with Limit and ExclusiveStartStreamArn', async () => {
    const TableName = target.tableName('stream-pages');
    const first = await createStreamTable(target.client, TableName, 'KEYS_ONLY');
    await target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: false } }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (
      await target.client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }))
    ).TableDescription!.LatestStreamArn!;
    // Which stream comes first on a page of one differs (DynamoDB Local lists a table's newest stream
    // first, but its oldest first under a Limit); the pages together hold each stream once.
    const page = await streams.send(new ListStreamsCommand({ TableName, Limit: 1 }));
    expect(page.Streams).toHaveLength(1);
    expect(page.LastEvaluatedStreamArn).toBe(page.Streams![0]!.StreamArn);
    const rest = await streams.send(new ListStreamsCommand({ TableName, Limit: 1, ExclusiveStartStreamArn: page.LastEvaluatedStreamArn }));
    expect([...page.Streams!, ...rest.Streams!].map((stream) => stream.StreamArn).sort()).toEqual([first, second].sort());
    expect((await streams.send(new ListStreamsCommand({ TableName: `${TableName}-none` }))).Streams).toEqual([]);
  });

  it('refuses bad requests as DynamoDB Local does', async () => {
    const TableName = target.tableName('stream-errors');
    const StreamArn = await createStreamTable(target.client, TableName, 'KEYS_ONLY');
    const ShardId = (await streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription!.Shards![0]!.ShardId!;
    const failure = async (request: () => Promise<unknown>) => {
      try {
        await request();
      } catch (error) {
        const { name, message } = error as Error;
        return { name, message };
      }
      throw new Error('expected a failure');
    };
    const missing = StreamArn.replace(TableName, `${TableName}-nope`);
    expect(await failure(() => streams.send(new DescribeStreamCommand({ StreamArn: missing })))).toEqual({
      name: 'ResourceNotFoundException',
      message: `Requested resource not found: Stream: ${missing} not found`,
    });
    expect(await failure(() => streams.send(new ListStreamsCommand({ Limit: 0 })))).toEqual({
      name: 'ValidationException',
      message: "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
    });
    expect(await failure(() => streams.send(new ListStreamsCommand({ Limit: 101 })))).toEqual({
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: Limit cannot be greater than the maximum allowed size: 100',
    });
    expect(await failure(() => streams.send(new DescribeStreamCommand({ StreamArn, ExclusiveStartShardId: 'x' })))).toEqual({
      name: 'ValidationException',
      message:
        "1 validation error detected: Value 'x' at 'exclusiveStartShardId' failed to satisfy constraint: Member must have length greater than or equal to 28",
    });
    expect(await failure(() => streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: 'shardId-00000001796238143947-821e7c0d', ShardIteratorType: 'LATEST' })))).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Shard does not exist',
    });
    expect(await failure(() => streams.send(new GetShardIteratorCommand({ StreamArn, ShardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER' })))).toEqual({
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: Invalid SequenceNumber',
    });
    expect(await failure(() => streams.send(new GetShardIteratorCommand({ StreamArn, ShardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: '12' })))).toEqual({
      name: 'ValidationException',
      message: "1 validation error detected: Value '12' at 'sequenceNumber' failed to satisfy constraint: Member must have length greater than or equal to 21",
    });
    expect(
      await failure(() => streams.send(new GetShardIteratorCommand({ StreamArn, ShardId, ShardIteratorType: 'LATEST', SequenceNumber: '000000000000000000001' }))),
    ).toEqual({ name: 'ValidationException', message: 'One or more parameter values were invalid: SequenceNumber should not be passed for this iterator type' });
    expect(await failure(() => streams.send(new GetRecordsCommand({ ShardIterator: 'garbage' })))).toEqual({ name: 'ValidationException', message: 'Invalid ShardIterator' });
    expect(await failure(() => streams.send(new DescribeStreamCommand({ StreamArn, Limit: 101 })))).toEqual({
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: Limit cannot be greater than the maximum: 100',
    });
    expect(await failure(() => streams.send(new GetShardIteratorCommand({ StreamArn: undefined, ShardId, ShardIteratorType: 'LATEST' })))).toEqual({
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: streamArn cannot be empty or null.',
    });
    const ShardIterator = (await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId, ShardIteratorType: 'LATEST' }))).ShardIterator!;
    expect(await failure(() => streams.send(new GetRecordsCommand({ ShardIterator, Limit: 1001 })))).toEqual({
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: Limit should be less than or equal to 1000',
    });
    expect(await failure(() => streams.send(new GetRecordsCommand({ ShardIterator, Limit: 0 })))).toEqual({
      name: 'ValidationException',
      message: "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
    });
  });
});

describe('DynamoDB Streams operations under the DynamoDB target prefix', () => {
  it('are unknown there, as on AWS', async () => {
    const engine = createEngine();
    const answer = handleWireRequest(engine, {
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListStreams', authorization: 'AWS4-HMAC-SHA256 x' },
      body: '{}',
    });
    expect(JSON.parse(Buffer.from(answer.body).toString('utf8'))).toEqual({ __type: 'com.amazon.coral.service#UnknownOperationException' });
    engine.close();
  });
});
