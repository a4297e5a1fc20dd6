/**
 * The model drives the live workbench (docs/model-links.md): the example
 * tables come linked to their models; the grid names each item's entity and
 * flags derived keys out of step, with a reviewed repair; editing a ticket's
 * status re-sorts it in GSI1 and takes it out of the sparse open-tickets
 * index in one UpdateItem; the model's access patterns open as panes.
 */
import { describe, expect, it } from 'vitest';
import type { Item } from '@dynotable/core';
import type { Page } from 'playwright-core';
import { leaderboardSeed } from '../../../server/src/seed/leaderboard-data.js';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { allRows, column, gridItemCount, openTable, pane, paneGrid, settledStats } from './support/panes.js';
import { editorTextOf } from './support/item-editor.js';
import { api, connectionOf, getItem as getTableItem, type Wire } from './support/page-api.js';
import { useWorkbench } from './support/workbench.js';

const getItem = (page: Page, key: Wire) => getTableItem(page, 'TicketDesk', key);
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const text = (item: Item, name: string): string | undefined => {
  const value = item[name];
  return value !== undefined && 'S' in value ? value.S : undefined;
};

/** Fills a pane's query fields as a user does; the pane runs it by itself. */
async function query(page: Page, number: number, spec: { index?: string; partitionKey: string; partition: string }): Promise<void> {
  const region = pane(page, number);
  await region.getByRole('radio', { name: 'Query' }).check();
  await region.getByRole('combobox', { name: /^Index/ }).selectOption(spec.index ?? '');
  await region.getByLabel('Limit', { exact: true }).fill('');
  await region.getByLabel(new RegExp(`^Partition key ${spec.partitionKey} `)).fill(spec.partition);
}

const cell = (page: Page, number: number, name: string) => paneGrid(page, number).getByRole('gridcell', { name, exact: true });

describe.skipIf(browserMissing() !== undefined)('the model in the live workbench', () => {
  const workbench = useWorkbench();

  it("ticket desk: editing status re-sorts the ticket in GSI1 and takes it out of the sparse index, in one UpdateItem", async () => {
    const { context, page, errors } = await workbench().open();
    await page.getByLabel('Safety mode').selectOption('full');
    await openTable(page, 'TicketDesk');
    await page.getByRole('region', { name: 'Model of TicketDesk' }).getByText('ticket-desk', { exact: true }).waitFor();

    // Pane 1: team 7's tickets in GSI1 (by status); pane 2: its open tickets in the sparse GSI2; pane 3: ticket 8842.
    await query(page, 1, { index: 'GSI1', partitionKey: 'GSI1PK', partition: 'TEAM#7' });
    await settledStats(pane(page, 1));
    expect(column(await allRows(paneGrid(page, 1)), 'GSI1SK')).toContain('STATUS#open#TICKET#8842');
    await page.getByRole('button', { name: 'Add pane' }).click();
    await query(page, 2, { index: 'GSI2', partitionKey: 'GSI2PK', partition: 'TEAM#7' });
    await settledStats(pane(page, 2));
    expect(column(await allRows(paneGrid(page, 2)), 'PK')).toContain('TICKET#8842');
    await page.getByRole('button', { name: 'Add pane' }).click();
    await query(page, 3, { partitionKey: 'PK', partition: 'TICKET#8842' });
    // The new pane's first Scan may still be on screen: wait for the ticket's one item, marked Ticket.
    await expect.poll(() => gridItemCount(paneGrid(page, 3))).toBe(1);
    await paneGrid(page, 3).getByRole('gridcell', { name: 'Ticket', exact: true }).waitFor();

    // Only status is typed: the model derives the rest.
    await cell(page, 3, 'TICKET#8842').dblclick();
    const editor = page.getByRole('dialog', { name: 'Edit item in TicketDesk' });
    const area = editor.getByLabel('Item as plain JSON');
    await area.fill((await editorTextOf(area)).replace('"status": "open"', '"status": "pending"'));
    const derived = editor.getByRole('note', { name: 'Derived attributes' });
    await derived.getByText('GSI1SK: STATUS#open#TICKET#8842 → STATUS#pending#TICKET#8842').waitFor();
    await derived.getByText(/^GSI2PK removed/).waitFor();
    await derived.getByText(/^GSI2SK removed/).waitFor();
    await screenshot(page, 'model-derived-edit');
    expect(await seriousViolations(page)).toEqual([]);

    await area.press('Control+s');
    const review = page.getByRole('dialog', { name: 'Review the change' });
    const changes = review.getByRole('table', { name: 'Changes, attribute by attribute' });
    for (const name of ['status', 'GSI1SK', 'GSI2PK', 'GSI2SK']) await changes.getByRole('rowheader', { name }).waitFor();
    expect(await changes.getByRole('row').count()).toBe(5);
    const request = JSON.parse(await review.getByLabel('The exact request').innerText()) as { UpdateExpression: string };
    expect(request.UpdateExpression).toMatch(/^SET .* REMOVE /);
    await review.getByRole('button', { name: 'Save (UpdateItem)' }).click();
    await review.waitFor({ state: 'detached' });
    await editor.getByRole('status').getByText(/^Saved with UpdateItem: consumed \d+ write units?/).waitFor();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    const stored = await getItem(page, { PK: { S: 'TICKET#8842' }, SK: { S: 'TICKET' } });
    expect(stored).toMatchObject({ status: { S: 'pending' }, GSI1SK: { S: 'STATUS#pending#TICKET#8842' } });
    expect(stored?.['GSI2PK']).toBeUndefined();
    // Every pane reads again after the write: the ticket at its new place in GSI1, gone from the open tickets.
    await expect.poll(async () => column(await allRows(paneGrid(page, 1)), 'GSI1SK').filter((key) => key.endsWith('#TICKET#8842'))).toEqual(['STATUS#pending#TICKET#8842']);
    await expect.poll(async () => column(await allRows(paneGrid(page, 2)), 'PK').includes('TICKET#8842')).toBe(false);
    await screenshot(page, 'model-derived-after');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('flags a ticket whose derived keys are out of step, and repairs it through the reviewed write', async () => {
    const { context, page, errors } = await workbench().open();
    await page.getByLabel('Safety mode').selectOption('full');
    await openTable(page, 'TicketDesk');
    // Someone changed status without the keys that follow it.
    const key = { PK: { S: 'TICKET#8843' }, SK: { S: 'TICKET' } };
    const before = (await getItem(page, key))!;
    const status = before['status']?.['S'] === 'closed' ? 'pending' : 'closed';
    const after = { ...before, status: { S: status } };
    expect((await api(page, `/api/connections/${connectionOf(page)}/tables/TicketDesk/items/update`, { key, before, after })).status).toBe(200);

    await query(page, 1, { partitionKey: 'PK', partition: 'TICKET#8843' });
    const flag = pane(page, 1).getByRole('button', { name: /(^GSI1SK is STATUS#[a-z]+#TICKET#8843; the model says STATUS#[a-z]+#TICKET#8843|derived attributes disagree with the model): repair$/ });
    await flag.waitFor();
    await pane(page, 1).getByText(/1 item disagrees with the model/).waitFor();
    await screenshot(page, 'model-stale-flag');
    await flag.click();

    const editor = page.getByRole('dialog', { name: 'Edit item in TicketDesk' });
    await editor.getByRole('note', { name: 'Derived attributes' }).getByText(`GSI1SK: ${before['GSI1SK']!['S']} → STATUS#${status}#TICKET#8843`).waitFor();
    await editor.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('dialog', { name: 'Review the change' }).getByRole('button', { name: 'Save (UpdateItem)' }).click();
    await editor.getByRole('status').getByText(/^Saved with UpdateItem/).waitFor();
    await page.keyboard.press('Escape');
    expect(await getItem(page, key)).toMatchObject({ status: { S: status }, GSI1SK: { S: `STATUS#${status}#TICKET#8843` } });
    await expect.poll(() => flag.count()).toBe(0);

    // A new item starts from the model's entity, as a form: its attributes filled in, its keys built as they change.
    await pane(page, 1).getByRole('button', { name: 'New item' }).click();
    const fresh = page.getByRole('dialog', { name: 'New item in TicketDesk' });
    await fresh.getByLabel('Start from an entity of ticket-desk').selectOption('Ticket');
    const itemText = async () => JSON.parse(await editorTextOf(fresh.getByLabel('Item as plain JSON'))) as Record<string, unknown>;
    expect(await itemText()).toMatchObject({ PK: 'TICKET#8842', SK: 'TICKET', status: 'open', GSI1SK: 'STATUS#open#TICKET#8842', GSI2PK: 'TEAM#7' });
    await fresh.getByLabel('ticketId', { exact: true }).fill('T-NEW-1');
    await fresh.getByRole('combobox', { name: /^status/ }).selectOption('closed');
    const built = await itemText();
    expect(built).toMatchObject({ PK: 'TICKET#T-NEW-1', ticketId: 'T-NEW-1', status: 'closed', GSI1SK: 'STATUS#closed#TICKET#T-NEW-1' });
    expect(built['GSI2PK']).toBeUndefined();
    await screenshot(page, 'model-new-entity-item');
    expect(await seriousViolations(page)).toEqual([]);
    await fresh.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('dialog', { name: 'Review the new item' }).getByRole('button', { name: 'Create the item (PutItem)' }).click();
    await page.getByRole('dialog', { name: 'Edit item in TicketDesk' }).getByRole('status').getByText(/^Created with PutItem/).waitFor();
    expect(await getItem(page, { PK: { S: 'TICKET#T-NEW-1' }, SK: { S: 'TICKET' } })).toMatchObject({ GSI1SK: { S: 'STATUS#closed#TICKET#T-NEW-1' } });
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("leaderboard: the season's top 10 as a pattern pane, ranked, and the base table beside it", async () => {
    const { context, page, errors } = await workbench().open();
    await openTable(page, 'Leaderboard');
    await page.getByRole('button', { name: 'topPlayersOfSeason' }).click();
    const form = page.getByRole('form', { name: 'Run topPlayersOfSeason' });
    await form.getByLabel('season').fill('2026-Q2');
    await form.getByText(/Query on GSI1 · \d+(\.\d+)? read units? per call/).waitFor();
    await form.getByText('The exact Query request').click();
    expect(JSON.parse(await form.locator('pre').innerText())).toMatchObject({ operation: 'Query', params: { TableName: 'Leaderboard', IndexName: 'GSI1', ScanIndexForward: false, Limit: 10 } });
    // Its verify verdict: the model proven on the embedded engine, this pattern's result.
    await form.getByRole('button', { name: 'Verify on the embedded engine' }).click();
    await form.getByText(/^Verified: \d+ runs? on 300 sample items returned exactly the expected items, in order\.$/).waitFor();
    await form.getByRole('button', { name: 'Compare with the base table' }).click();

    const ranking = pane(page, 1);
    await ranking.getByText('pattern topPlayersOfSeason').waitFor();
    expect((await settledStats(ranking))['Count']).toBe('10');
    const expected = leaderboardSeed()
      .items.filter((item) => text(item, 'GSI1PK') === 'SEASON#2026-Q2')
      .map((item) => text(item, 'GSI1SK')!)
      .sort(byBytes)
      .reverse()
      .slice(0, 10);
    expect(column(await allRows(paneGrid(page, 1)), 'GSI1SK')).toEqual(expected);
    await pane(page, 2).getByText('pattern topPlayersOfSeason (base table)').waitFor();
    await screenshot(page, 'model-pattern-panes');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('unlinks a table and links it again to a model file', async () => {
    const { context, page, errors } = await workbench().open();
    await openTable(page, 'AuditLog');
    const bar = page.getByRole('region', { name: 'Model of AuditLog' });
    await bar.getByText('audit-log', { exact: true }).waitFor();
    await bar.getByRole('button', { name: 'Unlink' }).click();
    await bar.getByText('No model linked.').waitFor();
    await page.reload();
    await openTable(page, 'AuditLog');
    await page.getByRole('region', { name: 'Model of AuditLog' }).getByText('No model linked.').waitFor();
    expect(await paneGrid(page, 1).getByRole('columnheader', { name: 'Entity' }).count()).toBe(0);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('region', { name: 'Model of AuditLog' }).getByRole('button', { name: 'Link a model file…' }).click();
    const { readFileSync } = await import('node:fs');
    await (await chooser).setFiles({ name: 'audit.yaml', mimeType: 'text/yaml', buffer: readFileSync(new URL('../../../../examples/audit-log.yaml', import.meta.url)) });
    await page.getByRole('region', { name: 'Model of AuditLog' }).getByText('audit.yaml', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
