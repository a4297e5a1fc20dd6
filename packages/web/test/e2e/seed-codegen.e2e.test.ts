/**
 * The expression builder's TypeScript, copied and run: the workbench talks
 * to an engine over HTTP (added as an endpoint connection, seeded with the
 * example data), the user builds the audit log's day window, copies the
 * generated program from the clipboard, and the program — run unchanged with
 * the endpoint in AWS_ENDPOINT_URL_DYNAMODB — prints the items the grid shows.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, startEngineServer, type Engine, type EngineServer } from '@dynotable/engine';
import { seedEmbeddedEngine } from '../../../server/src/seed/seed.js';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { allRows, openTable, pagingStatus, pane, paneGrid, settledStats, tableLinks } from './support/panes.js';
import { REPO_ROOT } from './support/server.js';
import { useWorkbench } from './support/workbench.js';

const run = promisify(execFile);
const WORK = `${REPO_ROOT}.artifacts/codegen`;
/** Loaded before the program: what it prints with console.dir is written as JSON, so the test can read it back. */
const PRINT_AS_JSON = `console.dir = (value) => console.log(JSON.stringify(value));
`;

type WireValue = { S?: string; N?: string; M?: Record<string, WireValue> };
interface PrintedQuery {
  Count: number;
  ScannedCount: number;
  Items: Record<string, WireValue>[];
  LastEvaluatedKey?: Record<string, WireValue>;
}

/** The program run as a user would run it, pointed at the endpoint by the SDK's own environment variable. */
async function runProgram(source: string, endpoint: string): Promise<PrintedQuery> {
  mkdirSync(WORK, { recursive: true });
  const program = `${WORK}/audit-log-day-window.mts`;
  const preload = `${WORK}/print-as-json.mjs`;
  writeFileSync(program, source);
  writeFileSync(preload, PRINT_AS_JSON);
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
  const { stdout } = await run(process.execPath, ['--import', preload, '--import', 'tsx', program], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'example',
      AWS_SECRET_ACCESS_KEY: 'example',
      AWS_CONFIG_FILE: `${WORK}/no-aws-config`,
      AWS_SHARED_CREDENTIALS_FILE: `${WORK}/no-aws-config`,
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as PrintedQuery;
}

describe.skipIf(browserMissing() !== undefined)('the generated TypeScript, run against the engine', () => {
  const workbench = useWorkbench();
  let engine: Engine | undefined;
  let server: EngineServer | undefined;

  beforeAll(async () => {
    engine = createEngine();
    const seeded = await seedEmbeddedEngine(engine);
    expect(seeded.tables.map((table) => table.name)).toEqual(['AuditLog', 'TicketDesk', 'Leaderboard']);
    server = await startEngineServer({ engine, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    engine?.close();
  });

  it('copies the program of the day window from the clipboard; run, it prints what the grid shows', async () => {
    const endpoint = server!.url;
    const { context, page, errors } = await workbench().open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: workbench().server.origin });
    await tableLinks(page).first().waitFor();

    // The engine over HTTP as another endpoint.
    await page.getByRole('button', { name: 'Add a connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a connection' });
    await dialog.getByRole('radio', { name: 'Another endpoint' }).check();
    await dialog.getByLabel('Name (optional)').fill('Engine over HTTP');
    await dialog.getByLabel('Endpoint URL').fill(endpoint);
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByLabel('Connection', { exact: true }).locator('option:checked').textContent()).toMatch(/^Engine over HTTP/);
    await openTable(page, 'AuditLog');

    // The day window, newest first, 25 at a time, a few attributes (`action` is a reserved word; details.ip a nested path).
    const first = pane(page, 1);
    await first.getByRole('radio', { name: 'Query' }).check();
    await first.getByLabel('Partition key PK (S)').fill('ACTOR#u_8814');
    await first.getByRole('button', { name: 'Ascending ↑' }).click();
    await first.getByLabel('Sort key SK condition').selectOption('BETWEEN');
    await first.getByLabel('Sort key SK from (S)').fill('EVT#2026-06-23T00:00:00Z');
    await first.getByLabel('Sort key SK to (S)').fill('EVT#2026-06-23T23:59:59Z');
    await first.getByLabel('Limit', { exact: true }).fill('25');
    await first.getByLabel('Projection', { exact: true }).fill('PK, SK, action, target, details.ip');
    const stats = await settledStats(first);
    const names = first.locator('.wb-expression-field').filter({ has: page.getByText('ExpressionAttributeNames', { exact: true }) }).locator('pre');
    expect(Object.values(JSON.parse((await names.textContent()) ?? '{}') as Record<string, string>)).toContain('action');

    // Copied through the real clipboard.
    await first.getByRole('tab', { name: 'TypeScript' }).click();
    await first.getByRole('button', { name: 'Copy TypeScript' }).click();
    await first.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await first.getByRole('tabpanel').textContent());
    expect(copied).toContain("from '@aws-sdk/client-dynamodb'");
    expect(copied).toContain('new QueryCommand(');
    await screenshot(page, 'codegen-typescript');
    expect(await seriousViolations(page)).toEqual([]);

    const printed = await runProgram(copied, endpoint);
    expect(String(printed.Count)).toBe(stats['Count']);
    expect(String(printed.ScannedCount)).toBe(stats['ScannedCount']);
    expect(printed.LastEvaluatedKey !== undefined).toBe((await pagingStatus(first)) === 'More items: LastEvaluatedKey returned');
    const rows = await allRows(paneGrid(page, 1));
    expect(rows).toHaveLength(printed.Items.length);
    expect(printed.Items).toHaveLength(25);
    printed.Items.forEach((item, index) => {
      const cells = rows[index]!.cells;
      const shown = Object.keys(cells).filter((name) => cells[name] !== '');
      expect(shown.sort()).toEqual(Object.keys(item).sort());
      for (const [name, value] of Object.entries(item)) {
        if (value.S !== undefined) expect(cells[name], name).toBe(value.S);
        else if (value.N !== undefined) expect(cells[name], name).toBe(value.N);
        else expect(cells[name], name).toBe(`{"ip": ${JSON.stringify(value.M!['ip']!.S)}}`);
      }
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
