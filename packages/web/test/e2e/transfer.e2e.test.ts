/** Export a table to a file, import the file into another table, and empty that table, through the UI, with the jobs' progress. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DATA_FORMAT_INFO } from '@dynotable/core';
import { browserMissing, screenshot } from './support/browser.js';
import { REPO_ROOT } from './support/server.js';
import { useWorkbench } from './support/workbench.js';

async function inPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p, { method: m, headers: { 'content-type': 'application/json' }, ...(b !== undefined ? { body: JSON.stringify(b) } : {}) });
      return (await response.json()) as T;
    },
    [method, path, body] as const,
  );
}

describe.skipIf(browserMissing() !== undefined)('import and export', () => {
  const workbench = useWorkbench();

  it('exports Leaderboard to a file, imports it into a new table with the same items, then deletes them all', async () => {
    const { context, page } = await workbench().open();
    await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link', { name: /^Leaderboard/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    const connection = new URL(page.url()).pathname.split('/')[2]!;
    const source = await inPage<{ table: { ItemCount: number; KeySchema: { AttributeName: string; KeyType: string }[]; AttributeDefinitions: { AttributeName: string; AttributeType: string }[] } }>(
      page,
      'GET',
      `/api/connections/${connection}/tables/Leaderboard`,
    );

    await page.getByRole('button', { name: 'Import / export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import or export Leaderboard' });
    // Both format lists offer every format of the registry, with its label.
    const offered = await dialog.locator('select').evaluateAll((selects) =>
      selects.map((select) => Array.from((select as HTMLSelectElement).options).filter((option) => option.value !== '').map((option) => [option.value, option.text])),
    );
    expect(offered).toEqual([0, 1].map(() => DATA_FORMAT_INFO.map((info) => [info.name, info.label])));
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const link = dialog.getByRole('link', { name: /^download Leaderboard/ });
    await link.waitFor();
    await screenshot(page, 'export-done');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = `${REPO_ROOT}.artifacts/Leaderboard-export.jsonl`;
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(source.table.ItemCount);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const type = (name: string) => source.table.AttributeDefinitions.find((d) => d.AttributeName === name)!.AttributeType;
    const [partition, sort] = source.table.KeySchema.map((k) => k.AttributeName);
    await inPage(page, 'POST', `/api/connections/${connection}/tables`, {
      name: 'LeaderboardCopy',
      partitionKey: { name: partition, type: type(partition!) },
      ...(sort !== undefined ? { sortKey: { name: sort, type: type(sort) } } : {}),
    });
    await page.goto(`${workbench().server.origin}/c/${connection}/t/LeaderboardCopy`);
    await page.getByRole('heading', { level: 1, name: 'LeaderboardCopy' }).waitFor();
    await page.getByRole('button', { name: 'Import / export' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import or export LeaderboardCopy' });
    await importDialog.getByLabel(/^File/).setInputFiles(file);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    const count = source.table.ItemCount.toLocaleString('en-US');
    await importDialog.getByText(`${count} of ${count} items written.`).waitFor();
    await screenshot(page, 'import-done');
    const copy = await inPage<{ table: { ItemCount: number } }>(page, 'GET', `/api/connections/${connection}/tables/LeaderboardCopy`);
    expect(copy.table.ItemCount).toBe(source.table.ItemCount);
    await importDialog.getByRole('button', { name: 'Close' }).click();

    // Every item deleted, the table kept.
    await page.getByRole('button', { name: 'Delete all items' }).click();
    const purge = page.getByRole('dialog', { name: 'Delete every item of LeaderboardCopy' });
    await purge.getByLabel('Table name').fill('LeaderboardCopy');
    await purge.getByRole('button', { name: 'Delete every item' }).click();
    await purge.getByText(`${count} items deleted.`).waitFor();
    const purged = await inPage<{ table: { ItemCount: number; TableStatus: string } }>(page, 'GET', `/api/connections/${connection}/tables/LeaderboardCopy`);
    expect(purged.table).toMatchObject({ ItemCount: 0, TableStatus: 'ACTIVE' });
    await context.close();
  });
});
