/**
 * What only the engine can show of stream records: the region the write was
 * signed for (through `execute`'s call info, as the wire passes it), TTL
 * deletions by the service, and streams on a table's other changes.
 */
import { describe, expect, it } from 'vitest';
import { sweepExpiredItems } from '../../src/ttl/index.js';
import { createStreamTable, engineAt, getRecords, iterator, NOW_MS, put, readKeys, shards, type StreamRecord } from './support.js';

function allRecords(engine: ReturnType<typeof engineAt>, arn: string): StreamRecord[] {
  return getRecords(engine, iterator(engine, arn, shards(engine, arn)[0]!.ShardId, 'TRIM_HORIZON')).Records;
}

describe('stream records', () => {
  it('name the signing region of the write, or the engine region without one', () => {
    const engine = engineAt({ region: 'eu-central-1' });
    const arn = createStreamTable(engine, 'events');
    engine.execute('PutItem', { TableName: 'events', Item: { pk: { S: 'a' } } }, { signingRegion: 'sa-east-1' });
    put(engine, 'events', 'b');
    expect(allRecords(engine, arn).map((record) => record.awsRegion)).toEqual(['sa-east-1', 'eu-central-1']);
  });

  it('record a TTL deletion with the service as user identity', () => {
    const engine = engineAt();
    const arn = createStreamTable(engine, 'events', 'OLD_IMAGE');
    engine.execute('UpdateTimeToLive', { TableName: 'events', TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' } });
    put(engine, 'events', 'gone', { expires: { N: String(NOW_MS / 1000 - 10) } });
    put(engine, 'events', 'kept', { expires: { N: String(NOW_MS / 1000 + 3600) } });
    expect(sweepExpiredItems(engine.context)).toBe(1);
    const records = allRecords(engine, arn);
    expect(records.map((record) => [record.eventName, record.dynamodb.Keys.pk.S, record.userIdentity])).toEqual([
      ['INSERT', 'gone', undefined],
      ['INSERT', 'kept', undefined],
      ['REMOVE', 'gone', { PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' }],
    ]);
    expect(records[2]!.dynamodb.OldImage).toEqual({ pk: { S: 'gone' }, expires: { N: String(NOW_MS / 1000 - 10) } });
  });

  it('carry ApproximateCreationDateTime in epoch seconds of the write', () => {
    const engine = engineAt();
    const arn = createStreamTable(engine, 'events');
    engine.clock.ms += 1999;
    put(engine, 'events', 'a');
    expect(allRecords(engine, arn)[0]!.dynamodb.ApproximateCreationDateTime).toBe(Math.floor((NOW_MS + 1999) / 1000));
  });

  it('stop when the stream is disabled and start on a new stream when it is enabled again', () => {
    const engine = engineAt();
    const first = createStreamTable(engine, 'events');
    put(engine, 'events', 'a');
    engine.execute('UpdateTable', { TableName: 'events', StreamSpecification: { StreamEnabled: false } });
    put(engine, 'events', 'b');
    engine.clock.ms += 1;
    const enabled = engine.execute('UpdateTable', {
      TableName: 'events',
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
    }) as { TableDescription: { LatestStreamArn: string } };
    const second = enabled.TableDescription.LatestStreamArn;
    put(engine, 'events', 'c');
    expect(readKeys(engine, first)).toEqual(['a']);
    expect(readKeys(engine, second)).toEqual(['c']);
  });

  // A deleted table's streams stay readable for a day (deleted-table.test.ts); one whose ARN a
  // new table's stream takes again (only a clock that stands still allows it) gives way to it.
  it("of a table made again in the same millisecond are the new table's", () => {
    const engine = engineAt();
    const arn = createStreamTable(engine, 'events');
    put(engine, 'events', 'a');
    engine.execute('DeleteTable', { TableName: 'events' });
    const again = createStreamTable(engine, 'events');
    expect(again).toBe(arn);
    put(engine, 'events', 'b');
    expect(readKeys(engine, again)).toEqual(['b']);
  });
});
