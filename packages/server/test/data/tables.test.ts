import { BatchWriteItemCommand, DescribeTableCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { itemFromWire } from '@dynotable/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHarness, tablesPath, type Harness } from './harness.js';

async function createSimple(h: Harness, name: string): Promise<void> {
  await h.call('POST', tablesPath, { name, partitionKey: { name: 'id', type: 'S' } });
}

async function fill(h: Harness, table: string, count: number): Promise<void> {
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, i) => ({ id: { S: `item-${start + i}` }, data: { S: 'x'.repeat(50) } }));
    await h.client.send(new BatchWriteItemCommand({ RequestItems: { [table]: batch.map((item) => ({ PutRequest: { Item: itemFromWire(item) as never } })) } }));
  }
}

async function count(h: Harness, table: string): Promise<number> {
  return (await h.client.send(new ScanCommand({ TableName: table, Select: 'COUNT' }))).Count ?? 0;
}

describe('table routes over the embedded engine', () => {
  let h: Harness;
  beforeEach(() => {
    h = createHarness();
  });

  it('creates a table with GSIs, an LSI, projections, provisioned billing, class, tags and TTL, and describes it back', async () => {
    const created = await h.call<{ table: { TableName: string }; timeToLive: { status: string; attributeName: string } }>('POST', tablesPath, {
      name: 'desk',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      billingMode: 'PROVISIONED',
      provisionedThroughput: { readCapacityUnits: 5, writeCapacityUnits: 3 },
      globalSecondaryIndexes: [
        { name: 'by-status', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'updated', type: 'N' }, projection: { type: 'INCLUDE', nonKeyAttributes: ['title'] } },
        { name: 'by-owner', partitionKey: { name: 'owner', type: 'S' }, projection: { type: 'KEYS_ONLY' }, provisionedThroughput: { readCapacityUnits: 1, writeCapacityUnits: 1 } },
      ],
      localSecondaryIndexes: [{ name: 'by-updated', sortKey: { name: 'updated', type: 'N' } }],
      ttlAttribute: 'expiresAt',
      tableClass: 'STANDARD_INFREQUENT_ACCESS',
      tags: { team: 'support' },
    });
    expect(created.table.TableName).toBe('desk');
    expect(created.timeToLive).toEqual({ status: 'ENABLED', attributeName: 'expiresAt' });
    const described = await h.call<{
      table: {
        GlobalSecondaryIndexes: { IndexName: string; Projection: unknown; ProvisionedThroughput: { ReadCapacityUnits: number } }[];
        LocalSecondaryIndexes: { IndexName: string; Projection: unknown }[];
        AttributeDefinitions: unknown[];
        TableClassSummary: { TableClass: string };
        ProvisionedThroughput: { ReadCapacityUnits: number; WriteCapacityUnits: number };
      };
      timeToLive: unknown;
      tags: Record<string, string>;
    }>('GET', `${tablesPath}/desk`);
    const gsis = Object.fromEntries(described.table.GlobalSecondaryIndexes.map((g) => [g.IndexName, g]));
    expect(gsis['by-status']!.Projection).toEqual({ ProjectionType: 'INCLUDE', NonKeyAttributes: ['title'] });
    expect(gsis['by-status']!.ProvisionedThroughput.ReadCapacityUnits).toBe(5);
    expect(gsis['by-owner']!.Projection).toEqual({ ProjectionType: 'KEYS_ONLY' });
    expect(gsis['by-owner']!.ProvisionedThroughput.ReadCapacityUnits).toBe(1);
    expect(described.table.LocalSecondaryIndexes[0]).toMatchObject({ IndexName: 'by-updated', Projection: { ProjectionType: 'ALL' } });
    expect(described.table.AttributeDefinitions).toHaveLength(5);
    expect(described.table.TableClassSummary.TableClass).toBe('STANDARD_INFREQUENT_ACCESS');
    expect(described.table.ProvisionedThroughput).toMatchObject({ ReadCapacityUnits: 5, WriteCapacityUnits: 3 });
    expect(described.timeToLive).toEqual({ status: 'ENABLED', attributeName: 'expiresAt' });
    expect(described.tags).toEqual({ team: 'support' });
  });

  it('prices writes to an infrequent-access table at its class prices', async () => {
    await h.call('POST', tablesPath, { name: 'cold', partitionKey: { name: 'id', type: 'S' }, tableClass: 'STANDARD_INFREQUENT_ACCESS' });
    const put = await h.call<{ consumed: { writeUnits: number; costUsd: number } }>('POST', `${tablesPath}/cold/items/put`, { Item: { id: { S: 'a' } } });
    expect(put.consumed.writeUnits).toBe(1);
    expect(put.consumed.costUsd).toBe(0.78125 / 1e6);
  });

  it("passes DynamoDB's own validation errors through", async () => {
    const error = await h.fail('POST', tablesPath, { name: 'ab', partitionKey: { name: 'id', type: 'S' } });
    expect(error.status).toBe(400);
    expect(error.__type).toBe('ValidationException');
    expect(error.message).toContain("Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3");
    const shape = await h.fail('POST', tablesPath, { name: 'abc', partitionKey: { name: 'id', type: 'X' } });
    expect(shape.message).toBe('partitionKey.type: a key attribute is S (string), N (number) or B (binary)');
  });

  it('lists tables by case-insensitive search, page by page, with details on request', async () => {
    for (const name of ['Alpha-one', 'alpha-two', 'beta', 'gamma-ALPHA', 'delta']) await createSimple(h, name);
    await fill(h, 'alpha-two', 3);
    const all = await h.call<{ tables: { name: string }[]; lastEvaluatedTableName?: string }>('GET', tablesPath, {});
    expect(all.tables.map((t) => t.name)).toEqual(['Alpha-one', 'alpha-two', 'beta', 'delta', 'gamma-ALPHA']);
    expect(all.lastEvaluatedTableName).toBeUndefined();
    const seen: string[] = [];
    let start: string | undefined;
    let pages = 0;
    do {
      const page: { tables: { name: string }[]; lastEvaluatedTableName?: string } = await h.call('GET', tablesPath, {
        search: 'ALPHA',
        limit: '2',
        ...(start !== undefined ? { exclusiveStartTableName: start } : {}),
      });
      seen.push(...page.tables.map((t) => t.name));
      start = page.lastEvaluatedTableName;
      pages++;
    } while (start !== undefined);
    expect(seen).toEqual(['Alpha-one', 'alpha-two', 'gamma-ALPHA']);
    expect(pages).toBe(2);
    const detailed = await h.call<{ tables: Record<string, unknown>[] }>('GET', tablesPath, { search: 'two', details: 'true' });
    expect(detailed.tables).toEqual([
      {
        name: 'alpha-two',
        status: 'ACTIVE',
        itemCount: 3,
        sizeBytes: expect.any(Number),
        keySchema: { partitionKey: { name: 'id', type: 'S' } },
        billingMode: 'PAY_PER_REQUEST',
        tableClass: 'STANDARD',
        globalSecondaryIndexes: 0,
        localSecondaryIndexes: 0,
      },
    ]);
  });

  it('updates billing, adds a GSI, deletes it, and switches TTL', async () => {
    await createSimple(h, 'scores');
    const provisioned = await h.call<{ table: { BillingModeSummary: { BillingMode: string } } }>('PATCH', `${tablesPath}/scores`, {
      billingMode: 'PROVISIONED',
      provisionedThroughput: { readCapacityUnits: 2, writeCapacityUnits: 2 },
    });
    expect(provisioned.table.BillingModeSummary.BillingMode).toBe('PROVISIONED');
    await h.call('PATCH', `${tablesPath}/scores`, { createIndex: { name: 'by-score', partitionKey: { name: 'game', type: 'S' }, sortKey: { name: 'score', type: 'N' } } });
    const withIndex = await h.client.send(new DescribeTableCommand({ TableName: 'scores' }));
    expect(withIndex.Table?.GlobalSecondaryIndexes?.map((g) => [g.IndexName, g.ProvisionedThroughput?.ReadCapacityUnits])).toEqual([['by-score', 2]]);
    await h.call('PATCH', `${tablesPath}/scores`, { deleteIndex: 'by-score' });
    const withoutIndex = await h.client.send(new DescribeTableCommand({ TableName: 'scores' }));
    expect(withoutIndex.Table?.GlobalSecondaryIndexes ?? []).toEqual([]);
    const ttl = await h.call<{ timeToLive: unknown; request?: unknown }>('PATCH', `${tablesPath}/scores`, { timeToLive: { enabled: true, attributeName: 'ttl' } });
    expect(ttl.timeToLive).toEqual({ status: 'ENABLED', attributeName: 'ttl' });
    expect(ttl.request).toBeUndefined();
    const nothing = await h.fail('PATCH', `${tablesPath}/scores`, {});
    expect(nothing.message).toMatch(/^nothing to change/);
  });

  it('deletes a table only when its name is typed exactly', async () => {
    await createSimple(h, 'Orders');
    const wrong = await h.fail('DELETE', `${tablesPath}/Orders`, { confirmName: 'orders' });
    expect(wrong).toMatchObject({ status: 400, __type: 'ConfirmationMismatch' });
    expect(wrong.message).toContain("'Orders'");
    const missing = await h.fail('DELETE', `${tablesPath}/Orders`, {});
    expect(missing.__type).toBe('ValidationException');
    expect(missing.message).toContain('confirmName');
    expect((await h.client.send(new DescribeTableCommand({ TableName: 'Orders' }))).Table?.TableName).toBe('Orders');
    const deleted = await h.call<{ table: { TableName: string } }>('DELETE', `${tablesPath}/Orders`, { confirmName: 'Orders' });
    expect(deleted.table.TableName).toBe('Orders');
    const gone = await h.fail('GET', `${tablesPath}/Orders`);
    expect(gone.__type).toBe('ResourceNotFoundException');
  });

  it('purges every item as a job with progress and keeps the table', async () => {
    await createSimple(h, 'events');
    await fill(h, 'events', 260);
    const wrong = await h.fail('POST', `${tablesPath}/events/purge`, { confirmName: 'event' });
    expect(wrong.__type).toBe('ConfirmationMismatch');
    expect(await count(h, 'events')).toBe(260);
    const { job } = await h.call<{ job: { id: string; kind: string; state: string } }>('POST', `${tablesPath}/events/purge`, { confirmName: 'events' });
    expect(job).toMatchObject({ kind: 'purge', state: 'running' });
    const finished = await h.jobs.finished(job.id);
    expect(finished.snapshot.state).toBe('succeeded');
    expect(finished.snapshot.result).toMatchObject({ deleted: 260, consumed: { writeUnits: 260 } });
    const done = finished.reports.map((r) => r.done);
    expect(done[0]).toBe(0);
    expect(done.at(-1)).toBe(260);
    expect(done.length).toBeGreaterThan(10);
    expect([...done].sort((a, b) => a - b)).toEqual(done);
    expect(finished.reports.every((r) => r.total >= r.done && r.total >= 260)).toBe(true);
    expect(await count(h, 'events')).toBe(0);
    expect((await h.client.send(new DescribeTableCommand({ TableName: 'events' }))).Table?.TableStatus).toBe('ACTIVE');
  });

  it('stops a purge when the job is cancelled, keeping count of what was deleted', async () => {
    await createSimple(h, 'logs');
    await fill(h, 'logs', 100);
    const { job } = await h.call<{ job: { id: string } }>('POST', `${tablesPath}/logs/purge`, { confirmName: 'logs' });
    const record = h.jobs.jobs.get(job.id)!;
    // Cancel as soon as the first batch is reported.
    const reports = record.reports;
    const push = reports.push.bind(reports);
    reports.push = (...progress) => {
      const length = push(...progress);
      if (progress.some((p) => p.done > 0)) h.jobs.cancel(job.id);
      return length;
    };
    const finished = await h.jobs.finished(job.id);
    expect(finished.snapshot.state).toBe('cancelled');
    const result = finished.snapshot.result as { deleted: number; cancelled: boolean };
    expect(result.cancelled).toBe(true);
    expect(result.deleted).toBe(25);
    expect(await count(h, 'logs')).toBe(75);
  });
});
