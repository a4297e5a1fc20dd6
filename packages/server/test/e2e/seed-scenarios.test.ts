/**
 * `dynotable --no-open --in-memory` started as a user starts it, and the
 * example tables it seeds explored through the HTTP API: the seed scenarios' audit
 * log, ticket desk and leaderboard scenarios. As `npx dynotable` runs it: the
 * bundle, which reads seed data computed when it was built, run twice in a
 * row (support/bundled-command.ts), the first run without V8's code cache,
 * the second with the one the first left. custom-endpoint.test.ts and
 * dynamodb-local.oracle.test.ts run the scenarios on the other connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCommand, CACHE_STATES } from './support/bundled-command.js';
import { startDynotable, type DynotableSession } from './support/dynotable-process.js';
import { auditLogScenarios, leaderboardScenarios, SEED_TABLES, ticketDeskScenarios, type ScenarioContext } from './support/seed-scenarios.js';

const command = bundledCommand();
afterAll(() => command.remove());

describe.each(CACHE_STATES)('dynotable, run %s', (state) => {
  let session: DynotableSession;
  let afterRun: () => void;
  const context: ScenarioContext = { session: () => session, connectionId: () => 'embedded', tables: () => SEED_TABLES };

  beforeAll(async () => {
    afterRun = command.expectCache(state);
    session = await startDynotable(['--no-open', '--in-memory', '--port', '0'], command);
  });

  afterAll(async () => {
    await session?.stop();
  });

  describe('dynotable --no-open --in-memory', () => {
    it('prints its URL with a fresh token and lists the embedded engine with the three example tables', async () => {
      expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
      expect(session.stdout()).toContain('Embedded engine (in memory)');
      const connections = await session.api<{ connections: Array<{ id: string; kind: string; safety: string }> }>('GET', '/api/connections');
      expect(connections.body.connections).toEqual([expect.objectContaining({ id: 'embedded', kind: 'embedded', safety: 'full' })]);
      const tables = await session.api<{ tables: Array<{ name: string; itemCount: number }> }>('GET', '/api/connections/embedded/tables?details=true');
      expect(tables.status).toBe(200);
      expect(tables.body.tables.map((table) => table.name).sort()).toEqual(['AuditLog', 'Leaderboard', 'TicketDesk']);
      for (const table of tables.body.tables) expect(table.itemCount).toBeGreaterThan(300);
    });

    it('serves the web workbench', async () => {
      const page = await session.text('/c/embedded/t/AuditLog');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root">');
    });
  });

  describe('the audit log', () => auditLogScenarios(context));
  describe('the ticket desk', () => ticketDeskScenarios(context));
  describe('the leaderboard', () => leaderboardScenarios(context));

  describe('stopping', () => {
    it(`ends on SIGTERM with exit code 0 and its stop line, ${state === 'cold' ? 'leaving its code cache' : 'having taken the code cache'}`, async () => {
      const exit = await session.stop();
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.stdout.trimEnd().split('\n').at(-1)).toBe('DynoTable stopped.');
      afterRun();
    });
  });
});
