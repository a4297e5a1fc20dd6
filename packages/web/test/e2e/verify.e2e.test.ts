/**
 * Verify in real Chromium: the leaderboard model from the shared document
 * proved on the embedded engine (every pattern passing), a broken variant's
 * misplaced items side by side as the verify report has them, and a pattern
 * opened on the kept table in the live query panel with its query filled in
 * and its results; accessibility in both themes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot, screenshotWholePage } from './support/browser.js';
import { pane, settledStats } from './support/panes.js';
import { REPO_ROOT } from './support/server.js';
import { useWorkbench } from './support/workbench.js';

const LEADERBOARD = readFileSync(`${REPO_ROOT}examples/leaderboard.yaml`, 'utf8');
const UNPADDED = readFileSync(`${REPO_ROOT}examples/broken/leaderboard-unpadded-rating.yaml`, 'utf8');

interface RunJson {
  arguments: Record<string, unknown>;
  items: number;
  mismatch?: { position: number; reason: string; expectedItem?: Record<string, unknown>; actualItem?: Record<string, unknown> };
}
interface ReportJson {
  tables: string[];
  kept: boolean;
  patterns: { pattern: string; passed: boolean; runs: RunJson[] }[];
}

async function loadModel(page: Page, text: string, fileName: string): Promise<void> {
  await page.evaluate(({ text, fileName }) => localStorage.setItem('dynotable.model', JSON.stringify({ text, fileName })), { text, fileName });
}

async function openVerify(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/design/verify`);
  await page.getByRole('heading', { level: 1, name: 'Verify' }).waitFor();
}

/** Runs verify from the page and answers the report the job ended with, as the server has it. */
async function runVerify(page: Page): Promise<ReportJson> {
  const started = page.waitForResponse((response) => /\/api\/connections\/[^/]+\/verify$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const job = (await (await started).json()) as { id: string };
  await page.getByRole('heading', { level: 2, name: 'Result' }).waitFor();
  const ended = await page.evaluate(async (id) => (await fetch(`/api/jobs/${id}`, { credentials: 'same-origin' })).json(), job.id);
  return (ended as { result: ReportJson }).result;
}

function patternRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Access patterns' }).locator(`tr[data-pattern="${name}"]`);
}

describe.skipIf(browserMissing() !== undefined)('verify in the browser', () => {
  const workbench = useWorkbench();

  it('without a model, says to design one first and links to the designer', async () => {
    const { context, page, errors } = await workbench().open();
    await page.evaluate(() => localStorage.removeItem('dynotable.model'));
    await openVerify(page, workbench().server.origin);
    await page.getByText('There is no model to verify yet.').waitFor();
    await page.getByRole('link', { name: 'Design one first' }).click();
    await page.waitForURL((url) => url.pathname === '/design');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('verifies the leaderboard on the embedded engine with every access pattern passing', async () => {
    const { context, page, errors } = await workbench().open();
    await loadModel(page, LEADERBOARD, 'leaderboard.yaml');
    await openVerify(page, workbench().server.origin);

    // Every connection is listed with its kind and safety mode; the embedded engine is chosen.
    const embedded = page.getByRole('radio', { checked: true });
    await expect.poll(() => embedded.count()).toBe(1);
    const chosenLabel = await page.locator('.verify-connection', { has: page.getByRole('radio', { checked: true }) }).innerText();
    expect(chosenLabel).toContain('Embedded engine');
    await page.getByText('Model leaderboard: 4 access patterns, 3 write paths, 1 table.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const report = await runVerify(page);
    expect(new URL(page.url()).searchParams.get('connection')).not.toBeNull();
    await page.getByRole('status').filter({ hasText: /^✓ All 4 patterns pass; all \d+ write-path checks pass\./ }).waitFor();
    expect(report.patterns.map((each) => each.pattern)).toEqual(['getPlayer', 'listRecentMatches', 'topPlayersOfSeason', 'findPlayerByHandle']);
    for (const { pattern } of report.patterns) {
      expect(await patternRow(page, pattern).locator('td').first().innerText()).toBe('PASS');
    }
    // The write-path checks are listed, all passing.
    const writes = page.getByRole('table', { name: 'Write paths and indexes' });
    expect(await writes.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await writes.getByText('FAIL', { exact: true }).count()).toBe(0);
    // Tables removed: each pattern opens on the user's own table, and the page says how to open it on verify's data.
    await page.getByText('tick Keep tables and verify again', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Open on Leaderboard: getPlayer' }).count()).toBe(1);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshotWholePage(page, 'verify-leaderboard-pass');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a broken variant's misplaced items side by side, the first differing position as the report has it", async () => {
    const { context, page, errors } = await workbench().open({ colorScheme: 'dark' });
    await loadModel(page, UNPADDED, 'leaderboard-unpadded-rating.yaml');
    await page.evaluate(() => localStorage.setItem('dynotable.theme', 'dark'));
    await openVerify(page, workbench().server.origin);
    const report = await runVerify(page);

    const failed = report.patterns.find((each) => !each.passed);
    expect(failed?.pattern).toBe('topPlayersOfSeason');
    const run = failed!.runs.find((each) => each.mismatch !== undefined)!;
    expect(await patternRow(page, 'topPlayersOfSeason').locator('td').first().innerText()).toBe('FAIL');
    await page.getByRole('status').filter({ hasText: /^✗ 3 of 4 patterns pass;/ }).waitFor();

    const position = run.mismatch!.position + 1;
    const compare = page.getByRole('table', { name: `topPlayersOfSeason: expected and returned item at position ${position}` }).first();
    await compare.waitFor();
    expect(await page.locator('.verify-failure mark.verify-position').first().innerText()).toBe(`position ${position}`);
    // The rating tells the two items apart, and both values are the report's.
    const rating = compare.getByRole('row', { name: /^rating/ });
    expect(await rating.getByRole('rowheader').innerText()).toContain('(differs)');
    const cells = await rating.getByRole('cell').allInnerTexts();
    expect(cells).toEqual([String(run.mismatch!.expectedItem!['rating']), String(run.mismatch!.actualItem!['rating'])]);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshotWholePage(page, 'verify-unpadded-rating-fail');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the tables and opens a pattern in the live query panel, its query filled in and its results shown', async () => {
    const { context, page, errors } = await workbench().open();
    await loadModel(page, LEADERBOARD, 'leaderboard.yaml');
    await openVerify(page, workbench().server.origin);
    await page.getByLabel('Keep tables').check();
    expect(new URL(page.url()).searchParams.get('keep')).toBe('1');
    const report = await runVerify(page);
    expect(report.kept).toBe(true);
    const table = report.tables[0]!;
    expect(table.startsWith('dtverify_')).toBe(true);
    await page.getByText(`Tables kept: ${table}`).waitFor();

    const top = report.patterns.find((each) => each.pattern === 'topPlayersOfSeason')!;
    const run = top.runs[0]!;
    const connection = new URL(page.url()).searchParams.get('connection')!;
    await page.getByRole('link', { name: 'Open in query panel: topPlayersOfSeason' }).click();
    await page.waitForURL((url) => url.pathname === `/c/${encodeURIComponent(connection)}/t/${table}`);
    await page.getByRole('heading', { level: 1, name: table }).waitFor();

    const first = pane(page, 1);
    expect(await first.getByLabel('Partition key GSI1PK (S)').inputValue()).toBe(`SEASON#${String(run.arguments['season'])}`);
    expect(await first.getByLabel('Sort key GSI1SK condition').inputValue()).toBe('begins_with');
    expect(await first.getByLabel('Sort key GSI1SK value (S)').inputValue()).toBe('RATING#');
    expect(await first.getByLabel('Index').inputValue()).toBe('GSI1');
    const stats = await settledStats(first);
    expect(stats['Count']).toBe(String(run.items));

    await screenshot(page, 'verify-open-in-query-panel');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before writing on a confirm-writes connection: declined sends nothing, confirmed runs', async () => {
    const { context, page, errors } = await workbench().open();
    await loadModel(page, LEADERBOARD, 'leaderboard.yaml');
    const added = (await page.evaluate(async () => {
      const response = await fetch('/api/connections', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'embedded', inMemory: true, name: 'Guarded engine', safety: 'confirm-writes' }),
      });
      return ((await response.json()) as { connection: { id: string } }).connection;
    })) as { id: string };
    await openVerify(page, workbench().server.origin);
    const guarded = page.locator('.verify-connection', { hasText: 'Guarded engine' });
    expect(await guarded.innerText()).toContain('asks before writing');
    await guarded.getByRole('radio').check();
    expect(new URL(page.url()).searchParams.get('connection')).toBe(added.id);

    // Declined: nothing is sent, and the page says so.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm this write' });
    expect(await dialog.getByLabel('The request').innerText()).toContain(`POST /api/connections/${added.id}/verify`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alert').filter({ hasText: 'ConfirmationDeclined' }).waitFor();

    // Confirmed: the same request goes again with confirm: true, and the run proves the model there.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.getByRole('button', { name: 'Send with confirm: true' }).click();
    await page.getByRole('heading', { level: 2, name: 'Result' }).waitFor();
    await page.getByRole('status').filter({ hasText: /All 4 patterns pass;.* Model leaderboard on Guarded engine/ }).waitFor();
    // Nothing of the run is left on the connection.
    const tables = (await page.evaluate(async (id) => (await fetch(`/api/connections/${id}/tables`, { credentials: 'same-origin' })).json(), added.id)) as { tables: { name: string }[] };
    expect(tables.tables.filter((table) => table.name.startsWith('dtverify_'))).toEqual([]);
    // The 409 ConfirmationRequired answers are how the confirmation works; the browser logs each.
    expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    await context.close();
  });
});
