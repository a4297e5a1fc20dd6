/**
 * A GSI keyed by several attributes, where the conformance suite cannot look:
 * the framework limit on its key elements, the TTL sweeper removing its
 * entries, and its key schema and entries on disk across a restart.
 */
import { describe, expect, it } from 'vitest';
import { openEngine } from '../../src/storage/open-engine.js';
import { indexSpace } from '../../src/storage/storage.js';
import { sweepExpiredItems } from '../../src/ttl/index.js';
import { temporaryDirectories } from '../storage/temp-dirs.js';
import { engineAt, expectValidation, HASH, N, NOW_MS, onDemandTable, RANGE, S } from './support.js';

const NOW_S = NOW_MS / 1000;
const newDirectory = temporaryDirectories('dynotable-multi-key-');

/** Partitioned by tenant and region, ordered by logged (a day) then seq. */
const TABLE = onDemandTable('events', {
  AttributeDefinitions: [S('pk'), S('tenant'), N('region'), S('logged'), N('seq')],
  GlobalSecondaryIndexes: [
    { IndexName: 'byTenant', KeySchema: [HASH('tenant'), HASH('region'), RANGE('logged'), RANGE('seq')], Projection: { ProjectionType: 'KEYS_ONLY' } },
  ],
});

function event(pk: string, day: string, seq: number, ttl?: number) {
  const item: Record<string, unknown> = { pk: { S: pk }, tenant: { S: 't' }, region: { N: '1' }, logged: { S: day }, seq: { N: String(seq) } };
  if (ttl !== undefined) item.ttl = { N: String(ttl) };
  return item;
}

function listed(engine: { execute(operation: string, input: unknown): Record<string, unknown> }, condition = ''): string[] {
  const answer = engine.execute('Query', {
    TableName: 'events',
    IndexName: 'byTenant',
    KeyConditionExpression: `tenant = :t AND #region = :r${condition}`,
    ExpressionAttributeNames: { '#region': 'region' },
    ExpressionAttributeValues: { ':t': { S: 't' }, ':r': { N: '1' }, ...(condition ? { ':d': { S: '2026-01-02' } } : {}) },
  });
  return (answer.Items as { pk: { S: string } }[]).map((item) => item.pk.S);
}

describe('a GSI keyed by several attributes', () => {
  it('takes at most eight key elements, where a table or an LSI takes two', () => {
    const engine = engineAt();
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
    const input = onDemandTable('wide', {
      AttributeDefinitions: [S('pk'), ...names.map(S)],
      GlobalSecondaryIndexes: [{ IndexName: 'wide', KeySchema: [...names.slice(0, 4).map(HASH), ...names.slice(4).map(RANGE)], Projection: { ProjectionType: 'ALL' } }],
    });
    const failure = () => {
      try {
        engine.execute('CreateTable', input);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(failure()).toMatch(/^1 validation error detected: Value '.*' at 'globalSecondaryIndexes\.1\.member\.keySchema' failed to satisfy constraint: Member must have length less than or equal to 8$/);
    expectValidation(
      engine,
      'CreateTable',
      onDemandTable('wide', { AttributeDefinitions: [S('a'), S('b')], KeySchema: [HASH('a'), HASH('b')] }),
      'Invalid KeySchema: The second KeySchemaElement is not a RANGE key type',
    );
  });

  it('loses the entries of expired items with the items', () => {
    const engine = engineAt();
    engine.execute('CreateTable', TABLE);
    engine.execute('UpdateTimeToLive', { TableName: 'events', TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true } });
    engine.execute('PutItem', { TableName: 'events', Item: event('old', '2026-01-01', 1, NOW_S - 10) });
    engine.execute('PutItem', { TableName: 'events', Item: event('new', '2026-01-01', 2, NOW_S + 10) });
    expect(listed(engine)).toEqual(['old', 'new']);
    expect(sweepExpiredItems(engine.context)).toBe(1);
    expect(listed(engine)).toEqual(['new']);
    expect(engine.context.storage.stats(indexSpace('events', 'byTenant')).itemCount).toBe(1);
  });

  it('keeps its key schema and its order on disk across a restart', () => {
    const dataDir = newDirectory();
    const first = openEngine({ dataDir, now: () => NOW_MS });
    first.execute('CreateTable', TABLE);
    first.execute('PutItem', { TableName: 'events', Item: event('c', '2026-01-02', 10) });
    first.execute('PutItem', { TableName: 'events', Item: event('b', '2026-01-02', 9) });
    first.execute('PutItem', { TableName: 'events', Item: event('a', '2026-01-01', 100) });
    const described = first.execute('DescribeTable', { TableName: 'events' });
    first.close();
    const second = openEngine({ dataDir, now: () => NOW_MS });
    expect(second.execute('DescribeTable', { TableName: 'events' })).toEqual(described);
    // 9 before 10: seq is ordered as a number, after the day.
    expect(listed(second)).toEqual(['a', 'b', 'c']);
    expect(listed(second, ' AND logged = :d')).toEqual(['b', 'c']);
    second.close();
  });
});
