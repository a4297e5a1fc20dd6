/** UpdateTimeToLive, DescribeTimeToLive and the background sweeper. "Local" marks messages confirmed on DynamoDB Local. */
import { describe, expect, it, vi } from 'vitest';
import { engineAt, expectValidation, failure, HASH, NOW_MS, onDemandTable, putDirect, S } from './support.js';
import { indexSpace, tableSpace } from '../../src/storage/storage.js';
import { isExpired, startTtlSweeper, sweepExpiredItems, TTL_MAX_AGE_SECONDS } from '../../src/ttl/index.js';

const NOW_S = NOW_MS / 1000;

describe('UpdateTimeToLive and DescribeTimeToLive', () => {
  it('enables and disables TTL with DynamoDB\'s messages (Local)', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    expect(engine.execute('DescribeTimeToLive', { TableName: 'things' })).toEqual({ TimeToLiveDescription: { TimeToLiveStatus: 'DISABLED' } });
    const spec = (AttributeName: string, Enabled: boolean) => ({ TableName: 'things', TimeToLiveSpecification: { AttributeName, Enabled } });
    expectValidation(engine, 'UpdateTimeToLive', spec('ttl', false), 'TimeToLive is already disabled');
    expect(engine.execute('UpdateTimeToLive', spec('ttl', true))).toEqual({ TimeToLiveSpecification: { Enabled: true, AttributeName: 'ttl' } });
    expect(engine.execute('DescribeTimeToLive', { TableName: 'things' })).toEqual({
      TimeToLiveDescription: { TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' },
    });
    expectValidation(engine, 'UpdateTimeToLive', spec('ttl', true), 'TimeToLive is already enabled');
    expectValidation(engine, 'UpdateTimeToLive', spec('other', false), 'TimeToLive is active on a different AttributeName');
    expectValidation(engine, 'UpdateTimeToLive', spec('other', true), 'TimeToLive is active on a different AttributeName');
    expect(engine.execute('UpdateTimeToLive', spec('ttl', false))).toEqual({ TimeToLiveSpecification: { Enabled: false, AttributeName: 'ttl' } });
    expect(engine.execute('DescribeTimeToLive', { TableName: 'things' })).toEqual({ TimeToLiveDescription: { TimeToLiveStatus: 'DISABLED' } });
  });

  it('validates the specification (framework) and the table (DynamoDB)', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    expectValidation(
      engine,
      'UpdateTimeToLive',
      { TableName: 'things' },
      "1 validation error detected: Value null at 'timeToLiveSpecification' failed to satisfy constraint: Member must not be null",
    );
    expectValidation(
      engine,
      'UpdateTimeToLive',
      { TableName: 'things', TimeToLiveSpecification: { AttributeName: '' } },
      "2 validation errors detected: Value '' at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length greater than or equal to 1; Value null at 'timeToLiveSpecification.enabled' failed to satisfy constraint: Member must not be null",
    );
    expect(failure(engine, 'DescribeTimeToLive', { TableName: 'nothing' })).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Requested resource not found: Table: nothing not found',
    });
  });
});

describe('TTL sweeper', () => {
  it('expires numbers of epoch seconds up to now and at most five years old', () => {
    const at = (n: number | string) => ({ ttl: { N: String(n) } });
    expect(isExpired(at(NOW_S), 'ttl', NOW_S)).toBe(true);
    expect(isExpired(at(NOW_S - 1), 'ttl', NOW_S)).toBe(true);
    expect(isExpired(at(NOW_S + 1), 'ttl', NOW_S)).toBe(false);
    expect(isExpired(at(NOW_S - TTL_MAX_AGE_SECONDS), 'ttl', NOW_S)).toBe(true);
    expect(isExpired(at(NOW_S - TTL_MAX_AGE_SECONDS - 1), 'ttl', NOW_S)).toBe(false);
    // Milliseconds look far in the future: never expire.
    expect(isExpired(at(NOW_MS), 'ttl', NOW_S)).toBe(false);
    expect(isExpired({ ttl: { S: String(NOW_S - 10) } }, 'ttl', NOW_S)).toBe(false);
    expect(isExpired({}, 'ttl', NOW_S)).toBe(false);
  });

  function tableWithItems() {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things', {
      AttributeDefinitions: [S('pk'), S('g')],
      GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [HASH('g')], Projection: { ProjectionType: 'KEYS_ONLY' } }],
    }));
    putDirect(engine, 'things', { pk: { S: 'old' }, g: { S: 'x' }, ttl: { N: String(NOW_S - 10) } });
    putDirect(engine, 'things', { pk: { S: 'new' }, g: { S: 'x' }, ttl: { N: String(NOW_S + 10) } });
    putDirect(engine, 'things', { pk: { S: 'none' }, g: { S: 'y' } });
    return engine;
  }

  it('does nothing while TTL is disabled', () => {
    const engine = tableWithItems();
    expect(sweepExpiredItems(engine.context)).toBe(0);
    expect(engine.context.storage.stats(tableSpace('things')).itemCount).toBe(3);
  });

  it('deletes expired items and their index entries, and later ones as time passes', () => {
    const engine = tableWithItems();
    engine.execute('UpdateTimeToLive', { TableName: 'things', TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true } });
    expect(sweepExpiredItems(engine.context)).toBe(1);
    const left = [...engine.context.storage.scan(tableSpace('things'), { index: 0, total: 1 })].map((s) => s.item.pk);
    expect(left).toEqual(expect.arrayContaining([{ S: 'new' }, { S: 'none' }]));
    expect(left).toHaveLength(2);
    expect(engine.context.storage.stats(indexSpace('things', 'byG')).itemCount).toBe(2);
    engine.clock.ms = NOW_MS + 20_000;
    expect(sweepExpiredItems(engine.context)).toBe(1);
    expect(engine.context.storage.stats(tableSpace('things')).itemCount).toBe(1);
    expect(engine.context.storage.stats(indexSpace('things', 'byG')).itemCount).toBe(1);
  });

  it('deletes an expired item left out of an index for a mistyped key', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    putDirect(engine, 'things', { pk: { S: 'a' }, g: { N: '1' }, ttl: { N: String(NOW_S - 1) } });
    engine.execute('UpdateTable', {
      TableName: 'things',
      AttributeDefinitions: [S('g')],
      GlobalSecondaryIndexUpdates: [{ Create: { IndexName: 'byG', KeySchema: [HASH('g')], Projection: { ProjectionType: 'ALL' } } }],
    });
    engine.execute('UpdateTimeToLive', { TableName: 'things', TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true } });
    expect(sweepExpiredItems(engine.context)).toBe(1);
    expect(engine.context.storage.stats(tableSpace('things')).itemCount).toBe(0);
  });

  it('deletes at most `limit` items per sweep', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    for (let i = 0; i < 5; i++) putDirect(engine, 'things', { pk: { S: `k${i}` }, ttl: { N: String(NOW_S - i) } });
    engine.execute('UpdateTimeToLive', { TableName: 'things', TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true } });
    expect(sweepExpiredItems(engine.context, 2)).toBe(2);
    expect(sweepExpiredItems(engine.context, 2)).toBe(2);
    expect(sweepExpiredItems(engine.context, 2)).toBe(1);
    expect(engine.context.storage.stats(tableSpace('things')).itemCount).toBe(0);
  });

  it('examines a slice of a large table per sweep, resuming where it stopped', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    for (let i = 0; i < 10; i++) {
      putDirect(engine, 'things', { pk: { S: `k${i}` }, ...(i % 2 === 0 ? { ttl: { N: String(NOW_S - 1) } } : {}) });
    }
    engine.execute('UpdateTimeToLive', { TableName: 'things', TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true } });
    const perSweep: number[] = [];
    for (let sweep = 0; sweep < 4; sweep++) perSweep.push(sweepExpiredItems(engine.context, 100, 3));
    // 10 items, 3 examined per sweep: the fourth sweep reaches the end; 5 expired in all.
    expect(perSweep.reduce((a, b) => a + b, 0)).toBe(5);
    expect(Math.max(...perSweep)).toBeLessThanOrEqual(3);
    expect(engine.context.storage.stats(tableSpace('things')).itemCount).toBe(5);
    // Items expiring later are found when the sweep comes round again.
    putDirect(engine, 'things', { pk: { S: 'k1' }, ttl: { N: String(NOW_S - 1) } });
    let later = 0;
    for (let sweep = 0; sweep < 3; sweep++) later += sweepExpiredItems(engine.context, 100, 3);
    expect(later).toBe(1);
  });

  it('sweeps on a timer until stopped', () => {
    vi.useFakeTimers();
    try {
      const engine = tableWithItems();
      engine.execute('UpdateTimeToLive', { TableName: 'things', TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true } });
      const stop = startTtlSweeper(engine, 1000);
      vi.advanceTimersByTime(1000);
      expect(engine.context.storage.stats(tableSpace('things')).itemCount).toBe(2);
      stop();
      engine.clock.ms = NOW_MS + 20_000;
      vi.advanceTimersByTime(5000);
      expect(engine.context.storage.stats(tableSpace('things')).itemCount).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
