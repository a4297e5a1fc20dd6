/**
 * A stream on disk survives a restart: its shards, its records and their
 * sequence numbers, which carry on increasing after it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine.js';
import { openEngine } from '../../src/storage/open-engine.js';
import { temporaryDirectories } from '../storage/temp-dirs.js';
import { createStreamTable, NOW_MS, put, readKeys, shards } from './support.js';

const newDirectory = temporaryDirectories('dynotable-streams-');
const open: Engine[] = [];
afterEach(() => {
  for (const engine of open.splice(0)) engine.close();
});

function start(dataDir: string, shardMaxRecords?: number): Engine {
  const engine = openEngine({ dataDir, now: () => NOW_MS, streams: shardMaxRecords === undefined ? {} : { shardMaxRecords } });
  open.push(engine);
  return engine;
}

describe('streams on disk', () => {
  it('keep shards, records and sequence numbers across a restart', () => {
    const dataDir = newDirectory();
    const first = start(dataDir, 2);
    const arn = createStreamTable(first, 'events');
    for (const pk of ['a', 'b', 'c']) put(first, 'events', pk);
    const before = shards(first, arn);
    first.close();
    open.splice(0);

    const second = start(dataDir, 2);
    expect(shards(second, arn)).toEqual(before);
    put(second, 'events', 'd');
    put(second, 'events', 'e');
    expect(readKeys(second, arn)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const after = shards(second, arn);
    expect(after).toHaveLength(3);
    expect(after[2]!.ParentShardId).toBe(after[1]!.ShardId);
  });

  it('keep a disabled stream and its closed shard', () => {
    const dataDir = newDirectory();
    const first = start(dataDir);
    const arn = createStreamTable(first, 'events');
    put(first, 'events', 'a');
    first.execute('UpdateTable', { TableName: 'events', StreamSpecification: { StreamEnabled: false } });
    first.close();
    open.splice(0);

    const second = start(dataDir);
    const description = (second.execute('DescribeStream', { StreamArn: arn }) as { StreamDescription: { StreamStatus: string } })
      .StreamDescription;
    expect(description.StreamStatus).toBe('DISABLED');
    expect(shards(second, arn)[0]!.SequenceNumberRange.EndingSequenceNumber).toBeDefined();
    expect(readKeys(second, arn)).toEqual(['a']);
  });
});
