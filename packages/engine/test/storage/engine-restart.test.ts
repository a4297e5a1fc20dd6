/**
 * An engine on disk, stopped and started again on its data directory: the
 * tables, items, index entries and counts are back, and TTL expiry picks up
 * items that expired while it was stopped.
 */
import { describe, expect, it } from 'vitest';
import { openEngine } from '../../src/storage/open-engine.js';
import { sweepExpiredItems } from '../../src/ttl/index.js';
import { temporaryDirectories } from './temp-dirs.js';

const newDirectory = temporaryDirectories('dynotable-restart-');
const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const NOW_S = NOW_MS / 1000;

const TABLE = {
  TableName: 'events',
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'N' },
    { AttributeName: 'kind', AttributeType: 'S' },
  ],
  GlobalSecondaryIndexes: [
    { IndexName: 'byKind', KeySchema: [{ AttributeName: 'kind', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
  ],
  BillingMode: 'PAY_PER_REQUEST',
};

function item(sk: number, kind: string, ttl?: number) {
  return { pk: { S: 'user' }, sk: { N: String(sk) }, kind: { S: kind }, ...(ttl === undefined ? {} : { ttl: { N: String(ttl) } }) };
}

function queryKind(engine: ReturnType<typeof openEngine>, kind: string) {
  return engine.execute('Query', {
    TableName: 'events',
    IndexName: 'byKind',
    KeyConditionExpression: 'kind = :k',
    ExpressionAttributeValues: { ':k': { S: kind } },
  }).Items as Record<string, { N?: string }>[];
}

describe('an engine on disk across a restart', () => {
  it('keeps tables, items, index entries and counts', () => {
    const dataDir = newDirectory();
    const first = openEngine({ dataDir, now: () => NOW_MS });
    first.execute('CreateTable', TABLE);
    first.execute('BatchWriteItem', { RequestItems: { events: [1, 2, 3, 4].map((n) => ({ PutRequest: { Item: item(n, n % 2 ? 'odd' : 'even') } })) } });
    first.execute('UpdateItem', {
      TableName: 'events',
      Key: { pk: { S: 'user' }, sk: { N: '3' } },
      UpdateExpression: 'SET kind = :k',
      ExpressionAttributeValues: { ':k': { S: 'even' } },
    });
    first.execute('DeleteItem', { TableName: 'events', Key: { pk: { S: 'user' }, sk: { N: '2' } } });
    const described = first.execute('DescribeTable', { TableName: 'events' });
    first.close();

    const second = openEngine({ dataDir, now: () => NOW_MS });
    expect(second.execute('ListTables', {})).toEqual({ TableNames: ['events'] });
    expect(second.execute('DescribeTable', { TableName: 'events' })).toEqual(described);
    const table = (described.Table as { ItemCount: number; GlobalSecondaryIndexes: { ItemCount: number }[] });
    expect(table.ItemCount).toBe(3);
    expect(table.GlobalSecondaryIndexes[0]!.ItemCount).toBe(3);
    expect(queryKind(second, 'odd').map((found) => found.sk!.N)).toEqual(['1']);
    expect(queryKind(second, 'even').map((found) => found.sk!.N).sort()).toEqual(['3', '4']);
    expect(second.execute('GetItem', { TableName: 'events', Key: { pk: { S: 'user' }, sk: { N: '2' } } })).toEqual({});
    second.close();
  });

  it('expires, after the restart, items whose TTL passed while the engine was stopped', () => {
    const dataDir = newDirectory();
    const clock = { ms: NOW_MS };
    const first = openEngine({ dataDir, now: () => clock.ms });
    first.execute('CreateTable', TABLE);
    first.execute('UpdateTimeToLive', { TableName: 'events', TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true } });
    first.execute('PutItem', { TableName: 'events', Item: item(1, 'soon', NOW_S + 60) });
    first.execute('PutItem', { TableName: 'events', Item: item(2, 'later', NOW_S + 3600) });
    first.execute('PutItem', { TableName: 'events', Item: item(3, 'past', NOW_S - 10) });
    first.close();

    // Stopped for two minutes: item 1 expired meanwhile, item 3 had expired before.
    clock.ms = NOW_MS + 120_000;
    const second = openEngine({ dataDir, now: () => clock.ms });
    expect(sweepExpiredItems(second.context)).toBe(2);
    const left = second.execute('Scan', { TableName: 'events' }).Items as Record<string, { N?: string }>[];
    expect(left.map((found) => found.sk!.N)).toEqual(['2']);
    expect(queryKind(second, 'soon')).toEqual([]);
    expect(queryKind(second, 'past')).toEqual([]);
    expect(queryKind(second, 'later')).toHaveLength(1);
    second.close();

    const third = openEngine({ dataDir, now: () => clock.ms });
    expect((third.execute('DescribeTable', { TableName: 'events' }).Table as { ItemCount: number }).ItemCount).toBe(1);
    third.close();
  });
});
