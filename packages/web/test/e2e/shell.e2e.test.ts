/**
 * The shell in real Chromium: the seed tables listed, a table described, the
 * theme, the command palette, the signed-out screens and accessibility.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { useWorkbench } from './support/workbench.js';

const SEED_TABLES = ['AuditLog', 'Leaderboard', 'TicketDesk'];

const tableLinks = (page: Page) => page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link');

async function listedTables(page: Page): Promise<string[]> {
  await tableLinks(page).first().waitFor();
  return (await page.locator('.table-list .table-name').allTextContents()).sort();
}

describe.skipIf(browserMissing() !== undefined)('the workbench shell', () => {
  const workbench = useWorkbench();

  it('loads on the first connection with the three seed tables listed', async () => {
    const { context, page } = await workbench().open();
    expect(await listedTables(page)).toEqual(SEED_TABLES);
    expect(new URL(page.url()).pathname).toMatch(/^\/c\/[^/]+$/);
    await expect.poll(() => page.getByLabel('Safety mode').inputValue()).toMatch(/^(read-only|confirm-writes|full)$/);
    await screenshot(page, 'shell-tables');

    // `/` goes to the search; the server filters by name, case-insensitively.
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search tables' });
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('LEADER');
    await expect.poll(() => listedTables(page)).toEqual(['Leaderboard']);
    await search.fill('no such table');
    await page.getByText('No table matches “no such table”.').waitFor();
    await context.close();
  });

  it('describes AuditLog as DescribeTable does, at a URL of its own', async () => {
    const { context, page, errors } = await workbench().open();
    await page.getByRole('link', { name: /^AuditLog/ }).click();
    await page.getByRole('heading', { level: 1, name: 'AuditLog' }).waitFor();
    const path = new URL(page.url()).pathname;
    expect(path).toMatch(/\/t\/AuditLog$/);
    const details = page.getByRole('region', { name: 'Table description' });
    await details.waitFor();
    const api = await page.evaluate(async (connection) => {
      const response = await fetch(`/api/connections/${connection}/tables/AuditLog`);
      return (await response.json()) as { table: { KeySchema: { AttributeName: string }[]; GlobalSecondaryIndexes?: { IndexName: string }[]; LocalSecondaryIndexes?: { IndexName: string }[] } };
    }, path.split('/')[2]!);
    const text = await details.innerText();
    for (const key of api.table.KeySchema) expect(text).toContain(key.AttributeName);
    for (const index of [...(api.table.GlobalSecondaryIndexes ?? []), ...(api.table.LocalSecondaryIndexes ?? [])]) expect(text).toContain(index.IndexName);
    await screenshot(page, 'table-auditlog');

    // The URL alone opens the same view (bookmarks, shared links, reloads).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'AuditLog' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    // Nothing refused by the server's Content-Security-Policy, nothing thrown.
    expect(errors).toEqual([]);

    // A table that does not exist: DynamoDB's error, in the view.
    await page.goto(`${workbench().server.origin}${path.replace(/AuditLog$/, 'NoSuchTable')}`);
    await page.getByRole('alert').getByText('ResourceNotFoundException').waitFor();
    await context.close();
  });

  it('toggles between light and dark and remembers the choice', async () => {
    const { context, page } = await workbench().open({ colorScheme: 'light' });
    await tableLinks(page).first().waitFor();
    const theme = () => page.evaluate(() => document.documentElement.dataset['theme']);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await theme()).toBe('light');
    const lightBackground = await background();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await theme()).toBe('dark');
    expect(await background()).not.toBe(lightBackground);
    await screenshot(page, 'shell-dark');
    await page.reload();
    await tableLinks(page).first().waitFor();
    expect(await theme()).toBe('dark');
    await page.keyboard.press('t');
    expect(await theme()).toBe('light');
    await context.close();
  });

  it('opens the command palette on Ctrl-K and runs the chosen action', async () => {
    const { context, page } = await workbench().open();
    await tableLinks(page).first().waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    const input = palette.getByRole('combobox', { name: 'Type a command' });
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await input.fill('leaderboard');
    await palette.getByRole('option', { name: /Leaderboard/ }).first().waitFor();
    await screenshot(page, 'command-palette');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    expect(await palette.isVisible()).toBe(false);

    // Escape closes it and gives the focus back.
    await page.getByRole('button', { name: /^Commands/ }).focus();
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /^Commands/ }).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/\/t\/Leaderboard$/);
    await context.close();
  });

  it('shows how to sign in when the page has no session', async () => {
    const { browser, server } = workbench();
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${server.origin}/c/embedded`);
    expect(response?.status()).toBe(401);
    await page.getByRole('heading', { name: /printed in the terminal/i }).waitFor();
    await screenshot(page, 'signed-out-page');
    await context.close();

    // Signed in, then the cookie goes (a restarted server has a new token): the app says so.
    const signedIn = await workbench().open();
    await tableLinks(signedIn.page).first().waitFor();
    await signedIn.context.clearCookies();
    await signedIn.page.getByRole('link', { name: /^TicketDesk/ }).click();
    await signedIn.page.getByRole('heading', { level: 1, name: 'Open the link printed in the terminal' }).waitFor();
    await screenshot(signedIn.page, 'signed-out-app');
    await signedIn.context.close();
  });

  it('has no serious or critical accessibility violations on the main views', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await workbench().open({ colorScheme });
      await tableLinks(page).first().waitFor();
      expect(await seriousViolations(page), `tables view (${colorScheme})`).toEqual([]);
      await page.getByRole('link', { name: /^TicketDesk/ }).click();
      await page.getByRole('region', { name: 'Table description' }).waitFor();
      expect(await seriousViolations(page), `table view (${colorScheme})`).toEqual([]);
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
      expect(await seriousViolations(page), `command palette (${colorScheme})`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'New table' }).click();
      await page.getByRole('dialog', { name: 'New table' }).waitFor();
      expect(await seriousViolations(page), `new table dialog (${colorScheme})`).toEqual([]);
      await context.close();
    }
  });
});
