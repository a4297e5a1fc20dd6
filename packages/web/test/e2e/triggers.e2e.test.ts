/** A table's Triggers section: add a handler with its settings, see it listed with the live log, and remove it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserMissing, screenshot } from './support/browser.js';
import { useWorkbench } from './support/workbench.js';

describe.skipIf(browserMissing() !== undefined)('the Triggers section', () => {
  const workbench = useWorkbench();
  const dir = mkdtempSync(join(tmpdir(), 'dynotable-web-trigger-'));
  const handler = join(dir, 'handler.mjs');
  writeFileSync(handler, 'export const handler = async () => {};\n');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds a trigger on the table, lists its settings, shows its log as it happens, and removes it', async () => {
    const { context, page, errors } = await workbench().open();
    await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link', { name: /^Leaderboard/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    await page.getByRole('button', { name: 'Triggers', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add a trigger' });
    // A mistake is said before anything is sent.
    await form.getByRole('button', { name: 'Add trigger' }).click();
    await form.getByText('Give the handler file (.mjs or .js) on this machine').waitFor();
    await form.getByLabel(/^Handler file/).fill(handler);
    await form.getByLabel('Batch size').fill('10');
    await form.getByLabel('Retries (-1: until success)').fill('2');
    await form.getByLabel('Split a failing batch (bisect)').check();
    await form.getByRole('button', { name: 'Add trigger' }).click();
    const list = page.getByRole('list', { name: 'Triggers' });
    await list.getByText(handler).waitFor();
    expect(await list.textContent()).toContain('batchSize=10, start=LATEST, bisect, retries=2, timeout=3s');
    // The example table has no stream: the log says the trigger waits for one.
    const log = page.getByRole('list', { name: 'Trigger log' });
    await log.getByText(/has no stream enabled; waiting for one/).waitFor();
    await screenshot(page, 'triggers-section');
    await list.getByRole('button', { name: 'Remove' }).click();
    await log.getByText('t1: trigger removed').waitFor();
    await expect.poll(() => list.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
