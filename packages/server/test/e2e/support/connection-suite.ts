/**
 * The workbench on a connection other than the embedded engine, through the
 * shipped command (support/bundled-command.ts), cold then warm: `dynotable
 * --no-open --in-memory` started, the connection there (from a flag, or added
 * through the API), the three example tables copied onto it from the embedded
 * engine (POST /api/copy, creating each table with its indexes), the seed
 * scenarios on the copies, the import-export-import round trip in one of the
 * two runs if asked, and a clean stop. Every call to the endpoint goes through the AWS
 * SDK's HTTP handler, which a code cache once broke on every run after the first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCommand, CACHE_STATES, type CacheState } from './bundled-command.js';
import { runJob, startDynotable, type DynotableSession } from './dynotable-process.js';
import { deleteTable, randomItems, roundTrip } from './round-trip.js';
import { auditLogScenarios, leaderboardScenarios, SEED_TABLES, ticketDeskScenarios, type ScenarioContext, type ScenarioTables } from './seed-scenarios.js';

export interface ConnectionUnderTest {
  /** Where the tables go; on an endpoint other runs share, a prefix of their own. */
  readonly tablePrefix: string;
  /** The connection's kind in GET /api/connections. */
  readonly kind: 'dynamodb-local' | 'endpoint';
  readonly endpoint: () => string;
  /** The command's arguments after `--no-open --in-memory --port 0`. */
  readonly args: () => readonly string[];
  /** The connection's id, once the command is running (added through the API if need be). */
  readonly connect: (session: DynotableSession) => Promise<string>;
  /** The run that also does the round trip (about 10 s), if any: once is enough. */
  readonly roundTripIn?: CacheState;
  /** How the round trip compares items read back (DynamoDB Local orders set members its own way). */
  readonly roundTripCompare: 'exact' | 'by value';
}

export function connectionSuite(connection: ConnectionUnderTest): void {
  const command = bundledCommand();
  afterAll(() => command.remove());

  describe.each(CACHE_STATES)('run %s', (state) => {
    const prefix = `${connection.tablePrefix}${state}_`;
    const tables: ScenarioTables = {
      auditLog: `${prefix}${SEED_TABLES.auditLog}`,
      ticketDesk: `${prefix}${SEED_TABLES.ticketDesk}`,
      leaderboard: `${prefix}${SEED_TABLES.leaderboard}`,
    };
    const made = [...Object.values(tables), `${prefix}Source`, `${prefix}Target`];
    let session: DynotableSession | undefined;
    let connectionId: string;
    let stopped = false;
    let afterRun: () => void;
    const context: ScenarioContext = { session: () => session!, connectionId: () => connectionId, tables: () => tables };

    beforeAll(async () => {
      afterRun = command.expectCache(state);
      session = await startDynotable(['--no-open', '--in-memory', '--port', '0', ...connection.args()], command);
      connectionId = await connection.connect(session);
    });

    afterAll(async () => {
      if (session === undefined || stopped) return;
      for (const name of made) await deleteTable(session, connectionId, name);
      await session.stop();
    });

    it('lists the connection beside the embedded engine', async () => {
      const listed = await session!.api<{ connections: Array<{ id: string; kind: string; safety: string; endpoint?: string }> }>('GET', '/api/connections');
      expect(listed.body.connections.map((found) => found.kind).sort()).toEqual(['embedded', connection.kind].sort());
      expect(listed.body.connections.find((found) => found.id === connectionId)).toMatchObject({
        kind: connection.kind,
        safety: 'full',
        endpoint: connection.endpoint(),
      });
    });

    it('copies the three example tables from the embedded engine, indexes and items', async () => {
      for (const [key, source] of Object.entries(SEED_TABLES) as Array<[keyof ScenarioTables, string]>) {
        const { final } = await runJob(
          session!,
          session!.api('POST', '/api/copy', { connectionId, table: tables[key], source: { connectionId: 'embedded', table: source }, createTable: true }),
        );
        expect(final.state, JSON.stringify(final.error)).toBe('succeeded');
        const result = final.result as { created: boolean; read: number; written: number };
        expect(result.created).toBe(true);
        expect(result.written).toBe(result.read);
        expect(result.read).toBeGreaterThan(300);
        const described = await session!.api<{ table: { GlobalSecondaryIndexes?: Array<{ IndexName: string }> } }>(
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

    if (state === connection.roundTripIn) {
      it('round-trips random items of every type byte for byte', async () => {
        const items = randomItems(300, 7142);
        const { first, second } = await roundTrip(session!, connectionId, prefix, items, connection.roundTripCompare);
        expect(first.split('\n').filter((line) => line !== '')).toHaveLength(items.length);
        expect(Buffer.from(second, 'utf8').equals(Buffer.from(first, 'utf8'))).toBe(true);
      });
    }

    it(`deletes its tables and ends on SIGTERM with exit code 0, ${state === 'cold' ? 'leaving its code cache' : 'having taken the code cache'}`, async () => {
      for (const name of made) await deleteTable(session!, connectionId, name);
      const listed = await session!.api<{ tables: Array<{ name: string }> }>('GET', `/api/connections/${connectionId}/tables`);
      expect(listed.status).toBe(200);
      expect(listed.body.tables.map((table) => table.name).filter((name) => name.startsWith(prefix))).toEqual([]);
      stopped = true;
      const exit = await session!.stop();
      expect(exit, exit.stderr).toMatchObject({ code: 0, signal: null });
      expect(exit.stdout.trimEnd().split('\n').at(-1)).toBe('DynoTable stopped.');
      afterRun();
    });
  });
}
