import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient, DescribeTimeToLiveCommand, GetItemCommand, ListTablesCommand, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { createEngine, inProcessClientConfig, openEngine, type Engine } from '@dynotable/engine';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_MODEL_FILES } from '../../src/seed/example-models.js';
import { exampleSeedTables, seedEmbeddedEngine, wireSeedTables, type SeedResult } from '../../src/seed/seed.js';
import { countItems } from '../support/count-items.js';
import { examplePath } from '../support/examples.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function engineAndClient(): { engine: Engine; client: DynamoDBClient } {
  const engine = createEngine();
  const client = new DynamoDBClient(inProcessClientConfig(engine));
  cleanups.push(() => {
    client.destroy();
    engine.close();
  });
  return { engine, client };
}

async function queryAll(client: DynamoDBClient, input: QueryCommandInput) {
  const items = [];
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
}


describe('the example models shipped with the server', () => {
  it.each(Object.entries(EXAMPLE_MODEL_FILES))('%s is the repository example, byte for byte', (name, text) => {
    expect(text, `the server must read examples/${name}.yaml as it is`).toBe(readFileSync(examplePath(name), 'utf8'));
  });
});

describe('a new engine, seeded', () => {
  // One seeded engine for the read-only checks below.
  let client: DynamoDBClient;
  let result: SeedResult;
  beforeAll(async () => {
    const engine = createEngine();
    client = new DynamoDBClient(inProcessClientConfig(engine));
    result = await seedEmbeddedEngine(engine);
    return () => {
      client.destroy();
      engine.close();
    };
  });

  it('has the three example tables with a few hundred to a couple thousand items each', async () => {
    expect(result.seeded).toBe(true);
    expect(result.tables.map((table) => table.name)).toEqual(['AuditLog', 'TicketDesk', 'Leaderboard']);
    for (const table of result.tables) {
      expect(await countItems(client, table.name)).toBe(table.items);
      expect(table.items).toBeGreaterThanOrEqual(300);
      expect(table.items).toBeLessThanOrEqual(2500);
    }
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: 'AuditLog' }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
  });

  it("holds the audit log's scenario: u_8814's events on 2026-06-23 newest first, two in the same second kept apart", async () => {
    const day = await queryAll(client, {
      TableName: 'AuditLog',
      KeyConditionExpression: 'PK = :actor AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':actor': { S: 'ACTOR#u_8814' }, ':from': { S: 'EVT#2026-06-23T00:00:00Z' }, ':to': { S: 'EVT#2026-06-23T23:59:59Z' } },
      ScanIndexForward: false,
    });
    expect(day.length).toBeGreaterThan(10);
    const times = day.map((item) => item['at']!.S!);
    expect(times.every((at) => at.startsWith('2026-06-23T'))).toBe(true);
    expect([...times].sort().reverse()).toEqual(times);
    const sameSecond = day.filter((item) => item['at']!.S === '2026-06-23T09:14:07Z');
    expect(sameSecond.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sameSecond.map((item) => item['SK']!.S)).size).toBe(sameSecond.length);
    // The lower bound is inclusive: the event at midnight is in the window.
    expect(times).toContain('2026-06-23T00:00:00Z');
    const feed = await queryAll(client, { TableName: 'AuditLog', KeyConditionExpression: 'PK = :actor', ExpressionAttributeValues: { ':actor': { S: 'ACTOR#u_8814' } } });
    const inWindow = feed.filter((item) => item['SK']!.S! >= 'EVT#2026-06-23T00:00:00Z' && item['SK']!.S! <= 'EVT#2026-06-23T23:59:59Z');
    expect(day.map((item) => item['SK']!.S).sort()).toEqual(inWindow.map((item) => item['SK']!.S).sort());
    expect(feed.length).toBeGreaterThan(day.length);
    // Each event expires three years after it happened: the scenario's day is kept until 2029.
    for (const item of feed) expect(Number(item['expiresAt']!.N)).toBe(Date.parse(item['at']!.S!) / 1000 + 3 * 365 * 86_400);
    expect(day.every((item) => Number(item['expiresAt']!.N) > Date.parse('2029-06-01') / 1000)).toBe(true);
  });

  it("holds the day-window trap: the event in the day's last second is left out by a window ending at 23:59:59Z, and taken in by the bound followed by U+10FFFF", async () => {
    const query = (condition: string, values: Record<string, string>) =>
      queryAll(client, {
        TableName: 'AuditLog',
        KeyConditionExpression: `PK = :actor AND ${condition}`,
        ExpressionAttributeValues: Object.fromEntries(Object.entries({ ':actor': 'ACTOR#u_8814', ...values }).map(([name, text]) => [name, { S: text }])),
      });
    const sortKeys = (items: Awaited<ReturnType<typeof query>>) => items.map((item) => item['SK']!.S!);
    const window = { ':from': 'EVT#2026-06-23T00:00:00Z', ':to': 'EVT#2026-06-23T23:59:59Z' };
    const trapped = sortKeys(await query('SK BETWEEN :from AND :to', window));
    const widened = sortKeys(await query('SK BETWEEN :from AND :to', { ...window, ':to': 'EVT#2026-06-23T23:59:59Z\u{10FFFF}' }));
    const day = sortKeys(await query('begins_with(SK, :day)', { ':day': 'EVT#2026-06-23' }));
    const lastSecond = day.filter((sk) => sk.startsWith('EVT#2026-06-23T23:59:59Z#'));
    expect(lastSecond.length).toBeGreaterThan(0);
    expect(widened.filter((sk) => !trapped.includes(sk))).toEqual(lastSecond);
    expect(widened).toEqual(day);
  });

  it("holds the ticket desk's scenario: ticket 8842 of team 7 is open, in GSI1 by status and in the sparse GSI2", async () => {
    const ticket = await client.send(new GetItemCommand({ TableName: 'TicketDesk', Key: { PK: { S: 'TICKET#8842' }, SK: { S: 'TICKET' } } }));
    expect(ticket.Item).toMatchObject({
      ticketId: { S: '8842' },
      teamId: { S: '7' },
      status: { S: 'open' },
      GSI1PK: { S: 'TEAM#7' },
      GSI1SK: { S: 'STATUS#open#TICKET#8842' },
      GSI2PK: { S: 'TEAM#7' },
    });
    const open = await queryAll(client, {
      TableName: 'TicketDesk',
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :team AND begins_with(GSI1SK, :open)',
      ExpressionAttributeValues: { ':team': { S: 'TEAM#7' }, ':open': { S: 'STATUS#open#' } },
    });
    expect(open.map((item) => item['ticketId']!.S)).toContain('8842');
    const sparse = await queryAll(client, { TableName: 'TicketDesk', IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :team', ExpressionAttributeValues: { ':team': { S: 'TEAM#7' } } });
    expect(sparse.length).toBe(open.length);
    expect(sparse.every((item) => item['status']!.S === 'open')).toBe(true);
    const all = await queryAll(client, { TableName: 'TicketDesk', IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :team', ExpressionAttributeValues: { ':team': { S: 'TEAM#7' } } });
    expect(new Set(all.map((item) => item['status']!.S))).toEqual(new Set(['open', 'pending', 'closed']));
  });

  it("holds the leaderboard's scenario: nighthawk (u8231) rated 1842 in season 2026-Q2, found by id, handle and rating", async () => {
    const profile = await client.send(new GetItemCommand({ TableName: 'Leaderboard', Key: { PK: { S: 'PLAYER#u8231' }, SK: { S: 'PROFILE' } } }));
    expect(profile.Item).toMatchObject({ handle: { S: 'nighthawk' }, season: { S: '2026-Q2' }, rating: { N: '1842' }, GSI1SK: { S: 'RATING#01842' } });
    const byHandle = await queryAll(client, { TableName: 'Leaderboard', IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :handle', ExpressionAttributeValues: { ':handle': { S: 'HANDLE#nighthawk' } } });
    expect(byHandle.map((item) => item['PK']!.S)).toEqual(['PLAYER#u8231']);
    const season = await queryAll(client, { TableName: 'Leaderboard', IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :season', ExpressionAttributeValues: { ':season': { S: 'SEASON#2026-Q2' } }, ScanIndexForward: false });
    expect(season.length).toBeGreaterThan(20);
    expect(season.map((item) => item['handle']!.S)).toContain('nighthawk');
    const ratings = season.map((item) => Number(item['rating']!.N));
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    const matches = await queryAll(client, { TableName: 'Leaderboard', KeyConditionExpression: 'PK = :player AND begins_with(SK, :match)', ExpressionAttributeValues: { ':player': { S: 'PLAYER#u8231' }, ':match': { S: 'MATCH#' } } });
    expect(matches.length).toBeGreaterThan(50);
  });

});

describe('the seed data of the bundled command', () => {
  it('is what the sources generate (npm run build computes it beside the bundle)', () => {
    const file = new URL('../../dist/bundle/example-tables.json', import.meta.url);
    expect(existsSync(file), 'packages/server/dist/bundle/example-tables.json is missing: run `npm run build`').toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(wireSeedTables());
  });
});

describe('seedEmbeddedEngine', () => {
  it('gives unique handles and the same data on every run', () => {
    const first = exampleSeedTables();
    const second = exampleSeedTables();
    expect(second.map((table) => table.items)).toEqual(first.map((table) => table.items));
    const text = (value: unknown) => (value as { S: string }).S;
    const handles = first[2]!.items.filter((item) => text(item['SK']) === 'PROFILE').map((item) => text(item['handle']));
    expect(new Set(handles).size).toBe(handles.length);
  });

  it('has nothing happen after the data was taken (end of September 2026)', () => {
    const times = exampleSeedTables().flatMap((table) =>
      table.items.flatMap((item) => ['at', 'createdAt', 'playedAt'].flatMap((name) => (item[name] && 'S' in item[name] ? [item[name].S] : []))),
    );
    expect(times.length).toBeGreaterThan(4000);
    expect(times.filter((time) => time > '2026-10-01')).toEqual([]);
  });

  it('never seeds an engine that already has a table', async () => {
    const { engine, client } = engineAndClient();
    await client.send(new CreateTableCommand({
      TableName: 'Mine',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    }));
    await client.send(new PutItemCommand({ TableName: 'Mine', Item: { id: { S: 'kept' } } }));
    expect(await seedEmbeddedEngine(engine)).toEqual({ seeded: false, tables: [] });
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual(['Mine']);
  });

  it('seeds an engine on disk that a restart keeps as it is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dynotable-seed-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = openEngine({ dataDir: dir });
    const firstClient = new DynamoDBClient(inProcessClientConfig(first));
    expect((await seedEmbeddedEngine(first)).seeded).toBe(true);
    const before = await countItems(firstClient, 'Leaderboard');
    firstClient.destroy();
    first.close();
    const second = openEngine({ dataDir: dir });
    const secondClient = new DynamoDBClient(inProcessClientConfig(second));
    cleanups.push(() => {
      secondClient.destroy();
      second.close();
    });
    expect((await seedEmbeddedEngine(second)).seeded).toBe(false);
    expect(await countItems(secondClient, 'Leaderboard')).toBe(before);
  });
});
