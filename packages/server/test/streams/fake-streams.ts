/** A DynamoDB Streams stand-in for the reader's tests: shards with records, closed or open, children, paging, iterators by position. */
import type { Shard, _Record as SdkRecord } from '@aws-sdk/client-dynamodb-streams';
import type { StreamsApi } from '../../src/data/streams/streams-api.js';

export interface FakeShard {
  readonly id: string;
  readonly parent?: string;
  readonly records: SdkRecord[];
  closed: boolean;
}

let sequence = 0;

export function record(key: string, eventName: 'INSERT' | 'MODIFY' | 'REMOVE' = 'INSERT'): SdkRecord {
  sequence++;
  return { eventName, dynamodb: { Keys: { pk: { S: key } }, SequenceNumber: String(sequence).padStart(21, '0') } };
}

export class FakeStreams implements StreamsApi {
  readonly shards: FakeShard[] = [];
  readonly calls: string[] = [];
  /** Errors the next GetRecords calls throw, by name. */
  readonly failNext: string[] = [];

  constructor(readonly pageSize = 1) {}

  addShard(shard: Omit<FakeShard, 'closed'> & { closed?: boolean }): FakeShard {
    const added = { closed: false, ...shard };
    this.shards.push(added);
    return added;
  }

  private shard(id: string): FakeShard {
    const found = this.shards.find((shard) => shard.id === id);
    if (found === undefined) throw Object.assign(new Error(`no shard ${id}`), { name: 'ResourceNotFoundException' });
    return found;
  }

  async describeStream(input: { ExclusiveStartShardId?: string | undefined }) {
    this.calls.push('DescribeStream');
    const start = input.ExclusiveStartShardId === undefined ? 0 : this.shards.findIndex((shard) => shard.id === input.ExclusiveStartShardId) + 1;
    const page = this.shards.slice(start, start + this.pageSize);
    const shards: Shard[] = page.map((shard) => ({
      ShardId: shard.id,
      ...(shard.parent !== undefined ? { ParentShardId: shard.parent } : {}),
      SequenceNumberRange: {
        StartingSequenceNumber: shard.records[0]?.dynamodb?.SequenceNumber ?? '0',
        ...(shard.closed ? { EndingSequenceNumber: shard.records.at(-1)?.dynamodb?.SequenceNumber ?? '0' } : {}),
      },
    }));
    const more = start + this.pageSize < this.shards.length;
    return { StreamDescription: { StreamStatus: 'ENABLED' as const, Shards: shards, ...(more ? { LastEvaluatedShardId: page.at(-1)!.id } : {}) } };
  }

  async getShardIterator(input: { ShardId: string | undefined; ShardIteratorType: string | undefined; SequenceNumber?: string | undefined }) {
    this.calls.push(`GetShardIterator ${input.ShardId} ${input.ShardIteratorType}`);
    const shard = this.shard(input.ShardId!);
    let position = 0;
    if (input.ShardIteratorType === 'LATEST') position = shard.records.length;
    if (input.ShardIteratorType === 'AFTER_SEQUENCE_NUMBER') position = shard.records.findIndex((r) => r.dynamodb?.SequenceNumber === input.SequenceNumber) + 1;
    return { ShardIterator: `${shard.id}@${position}` };
  }

  async getRecords(input: { ShardIterator: string | undefined }) {
    this.calls.push('GetRecords');
    const failure = this.failNext.shift();
    if (failure !== undefined) throw Object.assign(new Error(failure), { name: failure });
    const [id, at] = input.ShardIterator!.split('@') as [string, string];
    const shard = this.shard(id);
    const position = Number(at);
    const records = shard.records.slice(position, position + 2);
    const next = position + records.length;
    const ended = shard.closed && next >= shard.records.length;
    return { Records: records, ...(ended ? {} : { NextShardIterator: `${id}@${next}` }) };
  }
}
