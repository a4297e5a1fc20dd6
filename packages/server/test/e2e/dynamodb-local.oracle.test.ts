/**
 * The same end-to-end runs against AWS's DynamoDB Local: `dynotable` started as
 * a user starts it, DynamoDB Local added as a connection through the API, the
 * three example tables copied there from the embedded engine (POST /api/copy,
 * creating each table with its indexes), then the seed scenarios and the
 * import-export-import round trip on that connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oracleEndpoint, oracleUnavailable } from '../../../core/test/support/dynamodb-local.js';
import { runJob, startDynotable, type DynotableSession } from './support/dynotable-process.js';
import { deleteTable, randomItems, roundTrip } from './support/round-trip.js';
import { auditLogScenarios, leaderboardScenarios, SEED_TABLES, ticketDeskScenarios, type ScenarioContext, type ScenarioTables } from './support/seed-scenarios.js';

// The DynamoDB Local instance is shared by the whole oracle run: these tables get a name of their own.
const prefix = `e2e${Date.now().toString(36)}_`;
const tables: ScenarioTables = {
  auditLog: `${prefix}${SEED_TABLES.auditLog}`,
  ticketDesk: `${prefix}${SEED_TABLES.ticketDesk}`,
  leaderboard: `${prefix}${SEED_TABLES.leaderboard}`,
};

let session: DynotableSession;
let connectionId: string;
const context: ScenarioContext = { session: () => session, connectionId: () => connectionId, tables: () => tables };

describe.skipIf(oracleUnavailable())('dynotable with a DynamoDB Local connection', () => {
  beforeAll(async () => {
    session = await startDynotable(['--no-open', '--in-memory', '--port', '0']);
    const added = await session.api<{ connection: { id: string; kind: string; safety: string; endpoint: string } }>('POST', '/api/connections', {
      kind: 'dynamodb-local',
      endpoint: oracleEndpoint(),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.connection).toMatchObject({ kind: 'dynamodb-local', safety: 'full', endpoint: oracleEndpoint() });
    connectionId = added.body.connection.id;
  });

  afterAll(async () => {
    if (session === undefined) return;
    for (const name of [...Object.values(tables), `${prefix}Source`, `${prefix}Target`]) await deleteTable(session, connectionId, name);
    const exit = await session.stop();
    expect(exit.code).toBe(0);
  });

  it('copies the three example tables from the embedded engine, indexes and items', async () => {
    for (const [key, source] of Object.entries(SEED_TABLES) as Array<[keyof ScenarioTables, string]>) {
      const { final } = await runJob(
        session,
        session.api('POST', '/api/copy', { connectionId, table: tables[key], source: { connectionId: 'embedded', table: source }, createTable: true }),
      );
      expect(final.state, JSON.stringify(final.error)).toBe('succeeded');
      const result = final.result as { created: boolean; read: number; written: number };
      expect(result.created).toBe(true);
      expect(result.written).toBe(result.read);
      expect(result.read).toBeGreaterThan(300);
      const described = await session.api<{ table: { GlobalSecondaryIndexes?: Array<{ IndexName: string }> } }>(
        'GET',
        `/api/connections/${connectionId}/tables/${tables[key]}`,
      );
      const indexes = (described.body.table.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort();
      expect(indexes).toEqual(key === 'auditLog' ? [] : ['GSI1', 'GSI2']);
    }
  });

  describe('the audit log', () => auditLogScenarios(context));
  describe('the ticket desk', () => ticketDeskScenarios(context));
  describe('the leaderboard', () => leaderboardScenarios(context));

  it('round-trips random items of every type byte for byte', async () => {
    const items = randomItems(300, 7142);
    // By value: DynamoDB Local answers set members in its own order, and writes some numbers in lists with an exponent.
    const { first, second } = await roundTrip(session, connectionId, prefix, items, 'by value');
    expect(first.split('\n').filter((line) => line !== '')).toHaveLength(items.length);
    expect(Buffer.from(second, 'utf8').equals(Buffer.from(first, 'utf8'))).toBe(true);
  });
});
