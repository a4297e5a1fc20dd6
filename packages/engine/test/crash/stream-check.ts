/**
 * The stream check after each restart: every table's stream, read whole from
 * TRIM_HORIZON through every shard, holds exactly one record per change of
 * each key, in the order of the changes (the model's list, in-flight writes
 * settled), each record's OldImage the previous record's NewImage, and
 * sequence numbers that only increase.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { canonicalItem, keyId, type Item } from './canonical.js';
import type { Model } from './model.js';
import type { TableDef } from './schema.js';

export function streamsClient(endpoint: string): DynamoDBStreamsClient {
  return new DynamoDBStreamsClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'crash', secretAccessKey: 'crash' }, maxAttempts: 1 });
}

async function allShards(streams: DynamoDBStreamsClient, StreamArn: string): Promise<Shard[]> {
  const shards: Shard[] = [];
  let ExclusiveStartShardId: string | undefined;
  do {
    const page = await streams.send(new DescribeStreamCommand({ StreamArn, ExclusiveStartShardId }));
    shards.push(...page.StreamDescription!.Shards!);
    ExclusiveStartShardId = page.StreamDescription!.LastEvaluatedShardId;
  } while (ExclusiveStartShardId !== undefined);
  return shards;
}

/** Every record of the stream, shard after shard (a child starts after its parent ends). */
async function readStream(streams: DynamoDBStreamsClient, StreamArn: string): Promise<{ records: _Record[]; shards: number }> {
  const records: _Record[] = [];
  const shards = await allShards(streams, StreamArn);
  for (const shard of shards) {
    let iterator = (await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' })))
      .ShardIterator;
    while (iterator !== undefined) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      records.push(...page.Records!);
      // The open shard's end is where the records stop.
      if (page.Records!.length === 0) break;
      iterator = page.NextShardIterator;
    }
  }
  return { records, shards: shards.length };
}

function image(value: Record<string, AttributeValue> | undefined): string {
  return canonicalItem(value as Item | undefined);
}

export interface StreamTotals {
  records: number;
  shards: number;
}

export async function verifyStreams(
  client: DynamoDBClient,
  streams: DynamoDBStreamsClient,
  model: Model,
  tables: readonly TableDef[],
  kill: number,
): Promise<{ failures: string[]; totals: StreamTotals }> {
  const failures: string[] = [];
  const totals: StreamTotals = { records: 0, shards: 0 };
  const byKey = new Map<string, _Record[]>();
  for (const table of tables) {
    const arn = (await client.send(new DescribeTableCommand({ TableName: table.name }))).Table!.LatestStreamArn!;
    const { records, shards } = await readStream(streams, arn);
    totals.records += records.length;
    totals.shards += shards;
    let previous = -1n;
    for (const record of records) {
      const sequence = BigInt(record.dynamodb!.SequenceNumber!);
      if (sequence <= previous) failures.push(`after kill #${kill}: ${table.name}'s stream goes back from sequence ${previous} to ${sequence}`);
      previous = sequence;
      const id = keyId(table, record.dynamodb!.Keys as Item);
      let list = byKey.get(id);
      if (list === undefined) byKey.set(id, (list = []));
      list.push(record);
    }
  }
  for (const id of byKey.keys()) {
    if (!model.keys.has(id)) failures.push(`after kill #${kill}: stream records of a key no client wrote: ${id}`);
  }
  for (const state of model.keys.values()) {
    const records = byKey.get(state.keyId) ?? [];
    const seen = records.map((record) => image(record.dynamodb!.NewImage));
    if (seen.length !== state.changes.length || seen.some((text, i) => text !== state.changes[i])) {
      failures.push(
        `after kill #${kill}: the stream's records of ${state.keyId} are not its changes ` +
          `(${state.changes.length} changes, ${seen.length} records)\n  changes: ${state.changes.join('\n           ')}\n  records: ${seen.join('\n           ')}`,
      );
      continue;
    }
    let before = 'absent';
    for (const record of records) {
      const old = image(record.dynamodb!.OldImage);
      const after = image(record.dynamodb!.NewImage);
      const name = before === 'absent' ? 'INSERT' : after === 'absent' ? 'REMOVE' : 'MODIFY';
      if (old !== before || record.eventName !== name) {
        failures.push(`after kill #${kill}: ${state.keyId}: a ${record.eventName} record (expected ${name}) whose OldImage ${old} is not the value before it, ${before}`);
        break;
      }
      before = after;
    }
  }
  return { failures, totals };
}
