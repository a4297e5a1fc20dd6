/**
 * A deleted table's streams stay readable for 24 hours, as on DynamoDB:
 * listed, described as DISABLED with their shards closed, their records read;
 * in memory and on disk across a restart; then they are gone, records and all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine.js';
import { openEngine } from '../../src/storage/open-engine.js';
import { DATABASE_FILE } from '../../src/storage/sqlite-open.js';
import { temporaryDirectories } from '../storage/temp-dirs.js';
import { createStreamTable, engineAt, failure, getRecords, HOUR, iterator, MINUTE, NOW_MS, put, readKeys, shards } from './support.js';

const newDirectory = temporaryDirectories('dynotable-deleted-streams-');
const open: Engine[] = [];
afterEach(() => {
  for (const engine of open.splice(0)) engine.close();
});

function listed(engine: Engine, TableName?: string): string[] {
  const answer = engine.execute('ListStreams', TableName === undefined ? {} : { TableName }) as { Streams: { StreamArn: string }[] };
  return answer.Streams.map((stream) => stream.StreamArn);
}

function status(engine: Engine, StreamArn: string): string {
  return (engine.execute('DescribeStream', { StreamArn }) as { StreamDescription: { StreamStatus: string } }).StreamDescription.StreamStatus;
}

describe("a deleted table's streams", () => {
  it('stay listed and readable, DISABLED with their shard closed, for 24 hours, then are gone', () => {
    const engine = engineAt();
    const first = createStreamTable(engine, 'events');
    put(engine, 'events', 'a');
    engine.execute('UpdateTable', { TableName: 'events', StreamSpecification: { StreamEnabled: false } });
    engine.clock.ms += MINUTE;
    const second = (
      engine.execute('UpdateTable', { TableName: 'events', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }) as {
        TableDescription: { LatestStreamArn: string };
      }
    ).TableDescription.LatestStreamArn;
    put(engine, 'events', 'b');
    put(engine, 'events', 'c');
    engine.clock.ms += MINUTE;
    engine.execute('DeleteTable', { TableName: 'events' });

    expect(listed(engine, 'events')).toEqual([second, first]);
    expect(listed(engine)).toEqual([second, first]);
    expect(status(engine, second)).toBe('DISABLED');
    const [shard] = shards(engine, second);
    const records = getRecords(engine, iterator(engine, second, shard!.ShardId, 'TRIM_HORIZON'));
    expect(shard!.SequenceNumberRange.EndingSequenceNumber).toBe(records.Records[1]!.dynamodb.SequenceNumber);
    // A closed shard read to its end: nothing more to read.
    expect(records.NextShardIterator).toBeUndefined();
    expect(readKeys(engine, second)).toEqual(['b', 'c']);
    expect(readKeys(engine, first)).toEqual(['a']);

    engine.clock.ms += 12 * HOUR;
    expect(readKeys(engine, second)).toEqual(['b', 'c']);
    // The first was disabled a minute before the table went: it goes a minute earlier.
    engine.clock.ms += 12 * HOUR - MINUTE;
    expect(listed(engine)).toEqual([second]);
    engine.clock.ms += MINUTE - 1;
    // Listed to the end of its day; its records were trimmed a day after they were written.
    expect(listed(engine)).toEqual([second]);
    expect(readKeys(engine, second)).toEqual([]);
    engine.clock.ms += 1;
    expect(listed(engine)).toEqual([]);
    expect(failure(() => engine.execute('DescribeStream', { StreamArn: second }))).toEqual({
      name: 'ResourceNotFoundException',
      message: `Requested resource not found: Stream: ${second} not found`,
    });
  });

  it('are listed after the streams of a new table of the same name, each readable on its own', () => {
    const engine = engineAt();
    const old = createStreamTable(engine, 'events');
    put(engine, 'events', 'old');
    engine.execute('DeleteTable', { TableName: 'events' });
    engine.clock.ms += MINUTE;
    const recreated = createStreamTable(engine, 'events');
    put(engine, 'events', 'new');
    createStreamTable(engine, 'alpha');
    expect(listed(engine, 'events')).toEqual([recreated, old]);
    expect(listed(engine).slice(1)).toEqual([recreated, old]);
    expect(readKeys(engine, old)).toEqual(['old']);
    expect(readKeys(engine, recreated)).toEqual(['new']);
    expect(status(engine, recreated)).toBe('ENABLED');

    // Deleted again: both kept, each under its own table incarnation.
    engine.clock.ms += MINUTE;
    engine.execute('DeleteTable', { TableName: 'events' });
    expect(listed(engine, 'events')).toEqual([recreated, old]);
    expect(readKeys(engine, recreated)).toEqual(['new']);
  });

  it('are kept on disk across a restart, and removed from the file once past their retention', async () => {
    const dataDir = newDirectory();
    const clock = { ms: NOW_MS };
    const start = () => {
      const engine = openEngine({ dataDir, region: 'us-east-1', accountId: '123456789012', now: () => clock.ms });
      open.push(engine);
      return engine;
    };
    const first = start();
    const arn = createStreamTable(first, 'events');
    put(first, 'events', 'a');
    put(first, 'events', 'b');
    first.execute('DeleteTable', { TableName: 'events' });
    first.close();
    open.splice(0);

    const second = start();
    expect(listed(second)).toEqual([arn]);
    expect(status(second, arn)).toBe('DISABLED');
    expect(readKeys(second, arn)).toEqual(['a', 'b']);
    expect((second.execute('ListTables', {}) as { TableNames: string[] }).TableNames).toEqual([]);
    clock.ms += 24 * HOUR;
    expect(listed(second)).toEqual([]);
    second.close();
    open.splice(0);

    // Nothing of it is left in the database.
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(`${dataDir}/${DATABASE_FILE}`, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(0);
    db.close();
  });
});
