/**
 * Shard rollover: the open shard closes, with its last sequence number as
 * EndingSequenceNumber, and a child names it as ParentShardId, once it holds
 * `shardMaxRecords` records or is `shardMaxAgeMs` old (4 hours by default).
 */
import { describe, expect, it } from 'vitest';
import { createStreamTable, engineAt, getRecords, HOUR, iterator, put, readKeys, shards } from './support.js';

describe('shard rollover', () => {
  it('rolls over after shardMaxRecords records, each child naming its parent', () => {
    const engine = engineAt({ streams: { shardMaxRecords: 3 } });
    const arn = createStreamTable(engine, 'events');
    for (const pk of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) put(engine, 'events', pk);
    const list = shards(engine, arn);
    expect(list).toHaveLength(3);
    expect(list[0]!.ParentShardId).toBeUndefined();
    expect(list[1]!.ParentShardId).toBe(list[0]!.ShardId);
    expect(list[2]!.ParentShardId).toBe(list[1]!.ShardId);
    expect(list[2]!.SequenceNumberRange.EndingSequenceNumber).toBeUndefined();
    for (const [i, shard] of list.slice(0, 2).entries()) {
      const records = getRecords(engine, iterator(engine, arn, shard.ShardId, 'TRIM_HORIZON')).Records;
      expect(records).toHaveLength(3);
      expect(shard.SequenceNumberRange.StartingSequenceNumber).toBe(records[0]!.dynamodb.SequenceNumber);
      expect(shard.SequenceNumberRange.EndingSequenceNumber).toBe(records[2]!.dynamodb.SequenceNumber);
      // The next shard starts after this one ends.
      expect(BigInt(list[i + 1]!.SequenceNumberRange.StartingSequenceNumber)).toBe(BigInt(records[2]!.dynamodb.SequenceNumber) + 1n);
    }
    expect(readKeys(engine, arn)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('answers no NextShardIterator once a closed shard is read to its end', () => {
    const engine = engineAt({ streams: { shardMaxRecords: 2 } });
    const arn = createStreamTable(engine, 'events');
    for (const pk of ['a', 'b', 'c']) put(engine, 'events', pk);
    const closed = shards(engine, arn)[0]!.ShardId;
    const first = getRecords(engine, iterator(engine, arn, closed, 'TRIM_HORIZON'), 1);
    expect(first.Records.map((record) => record.dynamodb.Keys.pk.S)).toEqual(['a']);
    const second = getRecords(engine, first.NextShardIterator!);
    expect(second.Records.map((record) => record.dynamodb.Keys.pk.S)).toEqual(['b']);
    expect(second.NextShardIterator).toBeUndefined();
    const latest = getRecords(engine, iterator(engine, arn, closed, 'LATEST'));
    expect(latest).toEqual({ Records: [] });
  });

  it('rolls over a shard older than shardMaxAgeMs when the next record arrives', () => {
    const engine = engineAt();
    const arn = createStreamTable(engine, 'events');
    put(engine, 'events', 'a');
    engine.clock.ms += 4 * HOUR - 1;
    put(engine, 'events', 'b');
    expect(shards(engine, arn)).toHaveLength(1);
    engine.clock.ms += 1;
    put(engine, 'events', 'c');
    const list = shards(engine, arn);
    expect(list).toHaveLength(2);
    expect(list[1]!.ParentShardId).toBe(list[0]!.ShardId);
    expect(readKeys(engine, arn)).toEqual(['a', 'b', 'c']);
  });

  it('pages DescribeStream by shard with Limit and ExclusiveStartShardId', () => {
    const engine = engineAt({ streams: { shardMaxRecords: 1 } });
    const arn = createStreamTable(engine, 'events');
    for (const pk of ['a', 'b', 'c']) put(engine, 'events', pk);
    const all = shards(engine, arn).map((shard) => shard.ShardId);
    type Page = { StreamDescription: { Shards: { ShardId: string }[]; LastEvaluatedShardId?: string } };
    const first = engine.execute('DescribeStream', { StreamArn: arn, Limit: 2 }) as Page;
    expect(first.StreamDescription.Shards.map((shard) => shard.ShardId)).toEqual(all.slice(0, 2));
    expect(first.StreamDescription.LastEvaluatedShardId).toBe(all[1]);
    const rest = engine.execute('DescribeStream', { StreamArn: arn, Limit: 2, ExclusiveStartShardId: all[1] }) as Page;
    expect(rest.StreamDescription.Shards.map((shard) => shard.ShardId)).toEqual(all.slice(2));
    expect(rest.StreamDescription.LastEvaluatedShardId).toBeUndefined();
  });
});
