/**
 * `dynotable --no-open --in-memory` started as a user starts it, and the
 * example tables it seeds explored through the HTTP API: PRODUCT.md's audit
 * log, ticket desk and leaderboard scenarios. Twice: from the sources, and
 * as the bundle that `npx dynotable` runs, which reads seed data computed
 * when it was built.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynotable, type DynotableBuild, type DynotableSession } from './support/dynotable-process.js';
import { auditLogScenarios, leaderboardScenarios, SEED_TABLES, ticketDeskScenarios, type ScenarioContext } from './support/seed-scenarios.js';

describe.each<DynotableBuild>(['sources', 'bundle'])('dynotable built from the %s', (build) => {
  let session: DynotableSession;
  const context: ScenarioContext = { session: () => session, connectionId: () => 'embedded', tables: () => SEED_TABLES };

  beforeAll(async () => {
    session = await startDynotable(['--no-open', '--in-memory', '--port', '0'], build);
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
    it('ends on SIGTERM with exit code 0 and its stop line', async () => {
      const exit = await session.stop();
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.stdout.trimEnd().split('\n').at(-1)).toBe('DynoTable stopped.');
    });
  });
});
