/**
 * Apply in real Chromium: the ticket desk model from the shared document,
 * refused on the embedded engine where its table exists (with the table
 * compared: as the model says), then previewed and applied under a prefix
 * with sample items, its progress and result shown, and the new table
 * compared with a model that has one more index.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshotWholePage } from './support/browser.js';
import { REPO_ROOT } from './support/server.js';
import { useWorkbench } from './support/workbench.js';

const TICKET_DESK = readFileSync(`${REPO_ROOT}examples/ticket-desk.yaml`, 'utf8');
const WITH_GSI3 = TICKET_DESK.replace('        projection: ALL\n\nentities:', '        projection: ALL\n      GSI3:\n        partitionKey: { name: GSI3PK, type: S }\n        projection: KEYS_ONLY\n\nentities:');

async function openApply(page: Page, origin: string, text: string): Promise<void> {
  await page.evaluate((model) => localStorage.setItem('dynotable.model', JSON.stringify({ text: model, fileName: 'ticket-desk.yaml' })), text);
  await page.goto(`${origin}/design/apply`);
  await page.getByRole('heading', { level: 1, name: 'Apply to a connection' }).waitFor();
}

/** The browser logs a refused request (409) as a console error; that one is expected here. */
const unexpected = (errors: readonly string[]) => errors.filter((error) => !/status of 409/.test(error));

describe.skipIf(browserMissing() !== undefined)('apply in the browser', () => {
  const workbench = useWorkbench();

  it('refuses a table that exists, and compares it: as the model says', async () => {
    const { context, page, errors } = await workbench().open();
    await openApply(page, workbench().server.origin, TICKET_DESK);
    await page.getByText('Model ticket-desk: TicketDesk.').waitFor();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'table TicketDesk exists already, so nothing was created' }).waitFor();

    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'TicketDesk is as the model says.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('previews, applies under a prefix with sample items, and compares with a model that gained an index', async () => {
    const { context, page, errors } = await workbench().open();
    await openApply(page, workbench().server.origin, TICKET_DESK);
    await page.getByLabel('Table name prefix').fill('ui_');
    await page.getByLabel('Sample items per entity').fill('20');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'CreateTable ui_TicketDesk' }).waitFor();
    expect(await preview.locator('pre').innerText()).toContain('"TableName": "ui_TicketDesk"');
    await preview.getByText('Sample items: 20 Ticket.').waitFor();

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const applied = page.getByRole('list', { name: 'Applied tables' });
    await applied.getByText('Created ui_TicketDesk, 20 sample items loaded').waitFor();
    await page.getByRole('status').filter({ hasText: 'apply succeeded' }).waitFor();

    // The live table holds the sample items.
    const count = await page.evaluate(async () => {
      const response = await fetch('/api/connections/embedded/tables/ui_TicketDesk/items/scan', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' });
      return ((await response.json()) as { items: unknown[] }).items.length;
    });
    expect(count).toBe(20);

    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'ui_TicketDesk is as the model says.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotWholePage(page, 'apply-ticket-desk');

    await openApply(page, workbench().server.origin, WITH_GSI3);
    await page.getByLabel('Live table').fill('ui_TicketDesk');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const differences = page.getByRole('list', { name: 'Differences' });
    await differences.getByText('GSI GSI3 (GSI3PK (S); projection KEYS_ONLY) is in the model but not on the table').waitFor();
    const requests = page.getByRole('list', { name: 'Requests' });
    expect(await requests.locator('li').count()).toBe(1);
    expect(await requests.locator('pre').innerText()).toContain('"Create"');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
