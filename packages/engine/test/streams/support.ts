/** Helpers for the stream tests: an engine with a clock the test moves, and its stream read through `execute`. */
import { isDynamoError } from '@dynotable/core';
import { createEngine, type Engine, type EngineOptions } from '../../src/engine.js';

export const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export type ClockedEngine = Engine & { clock: { ms: number } };

export function engineAt(options: EngineOptions = {}, nowMs = NOW_MS): ClockedEngine {
  const clock = { ms: nowMs };
  const engine = createEngine({ region: 'us-east-1', accountId: '123456789012', ...options, now: () => clock.ms });
  return Object.assign(engine, { clock });
}

/** Creates table `name` (key `pk`) with a stream and returns the stream's ARN. */
export function createStreamTable(engine: Engine, name: string, viewType = 'NEW_AND_OLD_IMAGES'): string {
  const created = engine.execute('CreateTable', {
    TableName: name,
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: viewType },
  }) as { TableDescription: { LatestStreamArn: string } };
  return created.TableDescription.LatestStreamArn;
}

export function put(engine: Engine, table: string, pk: string, extra: Record<string, unknown> = {}): void {
  engine.execute('PutItem', { TableName: table, Item: { pk: { S: pk }, ...extra } });
}

export interface ShardShape {
  ShardId: string;
  ParentShardId?: string;
  SequenceNumberRange: { StartingSequenceNumber: string; EndingSequenceNumber?: string };
}

export function shards(engine: Engine, StreamArn: string): ShardShape[] {
  const described = engine.execute('DescribeStream', { StreamArn }) as { StreamDescription: { Shards: ShardShape[] } };
  return described.StreamDescription.Shards;
}

export function iterator(engine: Engine, StreamArn: string, ShardId: string, ShardIteratorType: string, SequenceNumber?: string): string {
  const input: Record<string, unknown> = { StreamArn, ShardId, ShardIteratorType };
  if (SequenceNumber !== undefined) input.SequenceNumber = SequenceNumber;
  return (engine.execute('GetShardIterator', input) as { ShardIterator: string }).ShardIterator;
}

export interface StreamRecord {
  eventName: string;
  awsRegion: string;
  userIdentity?: unknown;
  dynamodb: { Keys: { pk: { S: string } }; SequenceNumber: string; ApproximateCreationDateTime: number; NewImage?: unknown; OldImage?: unknown };
}

export function getRecords(engine: Engine, ShardIterator: string, Limit?: number): { Records: StreamRecord[]; NextShardIterator?: string } {
  return engine.execute('GetRecords', Limit === undefined ? { ShardIterator } : { ShardIterator, Limit }) as {
    Records: StreamRecord[];
    NextShardIterator?: string;
  };
}

/** The partition keys of every record of the stream, shard by shard from TRIM_HORIZON. */
export function readKeys(engine: Engine, StreamArn: string): string[] {
  const keys: string[] = [];
  for (const shard of shards(engine, StreamArn)) {
    const page = getRecords(engine, iterator(engine, StreamArn, shard.ShardId, 'TRIM_HORIZON'));
    keys.push(...page.Records.map((record) => record.dynamodb.Keys.pk.S));
  }
  return keys;
}

export function failure(run: () => unknown): { name: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isDynamoError(error)) return { name: error.name, message: error.message };
    throw error;
  }
  throw new Error('expected a DynamoDB error');
}
