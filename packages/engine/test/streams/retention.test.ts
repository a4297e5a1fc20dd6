/**
 * Time in a stream, on an injected clock: iterators expire 15 minutes after
 * they are issued, records are trimmed 24 hours after they were written, and
 * a disabled stream is gone 24 hours after it was disabled.
 */
import { describe, expect, it } from 'vitest';
import { createStreamTable, engineAt, failure, getRecords, HOUR, iterator, MINUTE, put, readKeys, shards } from './support.js';

describe('stream iterators', () => {
  it('read for 15 minutes after they are issued, and then expire', () => {
    const engine = engineAt();
    const arn = createStreamTable(engine, 'events');
    put(engine, 'events', 'a');
    const shard = shards(engine, arn)[0]!.ShardId;
    const fresh = iterator(engine, arn, shard, 'TRIM_HORIZON');
    engine.clock.ms += 15 * MINUTE;
    expect(getRecords(engine, fresh).Records).toHaveLength(1);
    const stale = iterator(engine, arn, shard, 'TRIM_HORIZON');
    engine.clock.ms += 15 * MINUTE + 1;
    expect(failure(() => getRecords(engine, stale)).name).toBe('ExpiredIteratorException');
  });

  it('hand out a NextShardIterator that lives 15 minutes from the read', () => {
    const engine = engineAt();
    const arn = createStreamTable(engine, 'events');
    const shard = shards(engine, arn)[0]!.ShardId;
    let next = iterator(engine, arn, shard, 'LATEST');
    for (let step = 0; step < 4; step++) {
      engine.clock.ms += 10 * MINUTE;
      put(engine, 'events', `k${step}`);
      const page = getRecords(engine, next);
      expect(page.Records.map((record) => record.dynamodb.Keys.pk.S)).toEqual([`k${step}`]);
      next = page.NextShardIterator!;
    }
  });
});

describe('stream retention', () => {
  it('trims records 24 hours after they were written', () => {
    // One shard all along: a shard whose records are all trimmed is dropped (below).
    const engine = engineAt({ streams: { shardMaxAgeMs: 48 * HOUR } });
    const arn = createStreamTable(engine, 'events');
    put(engine, 'events', 'old');
    engine.clock.ms += 12 * HOUR;
    put(engine, 'events', 'recent');
    const shard = shards(engine, arn)[0]!;
    const oldSequence = shard.SequenceNumberRange.StartingSequenceNumber;

    engine.clock.ms += 12 * HOUR - 5 * MINUTE;
    expect(readKeys(engine, arn)).toEqual(['old', 'recent']);
    engine.clock.ms += 5 * MINUTE;
    // 'old' is 24 hours old: gone from TRIM_HORIZON and from the shard's range.
    expect(readKeys(engine, arn)).toEqual(['recent']);
    const pointing = shards(engine, arn)[0]!;
    expect(pointing.SequenceNumberRange.StartingSequenceNumber > oldSequence).toBe(true);
    expect(failure(() => iterator(engine, arn, shard.ShardId, 'AT_SEQUENCE_NUMBER', oldSequence)).name).toBe('TrimmedDataAccessException');
  });

  it('refuses an iterator whose position was trimmed while it was valid', () => {
    const engine = engineAt();
    const arn = createStreamTable(engine, 'events');
    put(engine, 'events', 'a');
    engine.clock.ms += 24 * HOUR - MINUTE;
    const shard = shards(engine, arn)[0]!.ShardId;
    const held = iterator(engine, arn, shard, 'TRIM_HORIZON');
    engine.clock.ms += 2 * MINUTE;
    expect(failure(() => getRecords(engine, held)).name).toBe('TrimmedDataAccessException');
  });

  it('drops closed shards whose records are all trimmed', () => {
    const engine = engineAt({ streams: { shardMaxRecords: 1 } });
    const arn = createStreamTable(engine, 'events');
    put(engine, 'events', 'a');
    put(engine, 'events', 'b');
    engine.clock.ms += 2 * HOUR;
    put(engine, 'events', 'c');
    expect(shards(engine, arn)).toHaveLength(3);
    engine.clock.ms += 23 * HOUR;
    expect(readKeys(engine, arn)).toEqual(['c']);
    expect(shards(engine, arn)).toHaveLength(1);
  });

  it('lists a disabled stream for 24 hours, then forgets it', () => {
    const engine = engineAt();
    const arn = createStreamTable(engine, 'events');
    engine.execute('UpdateTable', { TableName: 'events', StreamSpecification: { StreamEnabled: false } });
    engine.clock.ms += 24 * HOUR - 1;
    expect((engine.execute('ListStreams', {}) as { Streams: unknown[] }).Streams).toHaveLength(1);
    engine.clock.ms += 1;
    expect(engine.execute('ListStreams', {})).toEqual({ Streams: [] });
    expect(failure(() => engine.execute('DescribeStream', { StreamArn: arn })).name).toBe('ResourceNotFoundException');
  });
});
