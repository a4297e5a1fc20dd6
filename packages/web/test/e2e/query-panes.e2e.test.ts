/**
 * The query panes as a person works them: after Load all and a save that
 * moves a ticket in GSI1, the index pane still holds every item and shows the
 * ticket where it now sits, marked; the results stay in view while a BETWEEN
 * bound is edited, and a whole ISO-8601 key fits its field; the panels'
 * open or closed state survives a reload; the History menu lists a run query
 * and re-opens it; a saved query opens from its link and from the palette.
 * Every look is checked with axe.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserMissing } from './support/browser.js';
import { checkInEveryLook, wholeInView } from './support/looks.js';
import { getItem } from './support/page-api.js';
import { gridItemCount, openTable, pane, paneGrid, settledStats } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

const ACTOR = 'ACTOR#u_8814';
const FROM = 'EVT#2026-06-23T00:00:00.000Z';
const TO = 'EVT#2026-06-23T23:59:59.999Z';

/** The first cell of the first rendered row of a pane's grid (a row is as wide as all its columns). */
const firstRow = (number: number) => `[aria-label="Items of pane ${number}"] .wb-grid-body [role="row"] [role="gridcell"]`;

async function queryGsi1(region: Locator, team: string, limit: string): Promise<void> {
  await region.getByRole('radio', { name: 'Query' }).check();
  await region.getByRole('combobox', { name: /^Index/ }).selectOption('GSI1');
  await region.getByLabel('Limit', { exact: true }).fill(limit);
  await region.getByLabel(/^Partition key GSI1PK /).fill(team);
}

async function queryDay(region: Locator): Promise<void> {
  await region.getByRole('radio', { name: 'Query' }).check();
  await region.getByLabel('Partition key PK (S)').fill(ACTOR);
  await region.getByLabel('Sort key SK condition').selectOption('BETWEEN');
  await region.getByLabel('Sort key SK from (S)').fill(FROM);
  await region.getByLabel('Sort key SK to (S)').fill(TO);
}

/** Whether the input shows its whole value, nothing cut off. */
async function fitsItsValue(input: Locator): Promise<boolean> {
  return input.evaluate((element) => element.scrollWidth <= element.clientWidth);
}

async function openPalette(page: Page): Promise<Locator> {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.waitFor();
  return palette;
}

describe.skipIf(browserMissing() !== undefined)('the query panes', () => {
  const workbench = useWorkbench();

  it('after Load all and a save that moves a ticket in GSI1, the index pane keeps every item and shows the ticket at its new place, marked', async () => {
    const { context, page, errors } = await workbench().open();
    await page.getByLabel('Safety mode').selectOption('full');
    await openTable(page, 'TicketDesk');
    const index = pane(page, 1);
    await queryGsi1(index, 'TEAM#7', '10');
    await settledStats(index);
    await index.getByRole('button', { name: 'Load all' }).click();
    await expect.poll(async () => index.getByRole('status').filter({ hasText: 'No more items' }).count()).toBe(1);
    const all = await gridItemCount(paneGrid(page, 1));
    expect(all).toBeGreaterThan(10);

    await page.getByRole('button', { name: 'Add pane' }).click();
    const ticket = pane(page, 2);
    await ticket.getByRole('radio', { name: 'Query' }).check();
    await ticket.getByLabel('Partition key PK (S)').fill('TICKET#8842');
    await paneGrid(page, 2).getByRole('gridcell', { name: 'TICKET#8842', exact: true }).dblclick();
    const editor = page.getByRole('dialog', { name: 'Edit item in TicketDesk' });
    const text = editor.getByLabel('Item as plain JSON');
    await text.fill((await text.inputValue()).replace('"status": "open"', '"status": "closed"').replace('STATUS#open#TICKET#8842', 'STATUS#closed#TICKET#8842'));
    await text.press('Control+s');
    const review = page.getByRole('dialog', { name: 'Review the change' });
    await review.getByRole('button', { name: 'Save (UpdateItem)' }).click();
    await review.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await getItem(page, 'TicketDesk', { PK: { S: 'TICKET#8842' }, SK: { S: 'TICKET' } })).toMatchObject({ GSI1SK: { S: 'STATUS#closed#TICKET#8842' } });

    // Every item read again, not the first page: the ticket is among the closed ones, in view and marked.
    const marked = paneGrid(page, 1).locator('.wb-just-written');
    await expect.poll(() => marked.count(), { timeout: 5000 }).toBe(1);
    expect(await gridItemCount(paneGrid(page, 1))).toBe(all);
    expect(await marked.getAttribute('aria-description')).toBe('Just written');
    expect(await marked.textContent()).toContain('STATUS#closed#TICKET#8842');
    const [row, scroller] = await Promise.all([marked.boundingBox(), paneGrid(page, 1).boundingBox()]);
    expect(row!.y).toBeGreaterThanOrEqual(scroller!.y);
    expect(row!.y + row!.height).toBeLessThanOrEqual(scroller!.y + scroller!.height);
    // The ticket's own pane shows it too.
    expect(await paneGrid(page, 2).locator('.wb-just-written').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the results in view while a BETWEEN bound is edited, fits an ISO key, remembers the panels, and lists and re-opens a run query', async () => {
    const { context, page, errors } = await workbench().open();
    await openTable(page, 'AuditLog');
    const first = pane(page, 1);
    await queryDay(first);
    await settledStats(first);
    const to = first.getByLabel('Sort key SK to (S)');
    const from = first.getByLabel('Sort key SK from (S)');

    await checkInEveryLook(page, async (look) => {
      await to.focus();
      await to.press('End');
      expect(await wholeInView(page, firstRow(1)), `first result row in view at ${look.width}×${look.height}`).toBe(true);
      expect(await wholeInView(page, `[aria-label="Query of pane 1"] input[aria-label="Sort key SK to (S)"]`)).toBe(true);
      expect(await fitsItsValue(from)).toBe(true);
      expect(await fitsItsValue(to)).toBe(true);
    });

    // The panels: the description opened and the request closed stay so across a reload.
    const description = page.locator('details.table-details-toggle');
    expect(await description.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await description.locator('summary').click();
    const request = first.locator('details.wb-expressions');
    await request.locator('summary').click();
    expect(await request.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await page.reload();
    await pane(page, 1).waitFor();
    expect(await page.locator('details.table-details-toggle').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await pane(page, 1).locator('details.wb-expressions').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await page.locator('details.table-details-toggle summary').click();

    // The run is in the History menu; choosing it puts the query back in the pane.
    const again = pane(page, 1);
    await again.getByRole('radio', { name: 'Scan' }).check();
    await again.getByRole('button', { name: 'History' }).click();
    const runs = again.getByRole('list', { name: 'Recent runs' });
    const run = runs.getByRole('button', { name: new RegExp(`^Query table · PK = "${ACTOR}" AND SK BETWEEN "${FROM}" AND "${TO}"`) });
    await run.waitFor();
    await checkInEveryLook(page);
    await run.click();
    expect(await again.getByLabel('Sort key SK to (S)').inputValue()).toBe(TO);
    expect(await again.getByRole('radio', { name: 'Query' }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a saved query from its link and from the command palette', async () => {
    const { context, page, errors } = await workbench().open();
    await openTable(page, 'AuditLog');
    const first = pane(page, 1);
    await queryDay(first);
    await settledStats(first);
    await first.getByRole('button', { name: 'Save query…' }).click();
    const form = first.getByRole('form', { name: 'Save the query of pane 1' });
    await form.getByLabel('Name').fill('Day of June 23');
    await checkInEveryLook(page);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    const link = form.getByRole('link', { name: 'Link to it' });
    await link.waitFor();
    const href = await link.getAttribute('href');

    // The link, in a fresh page load: the table opens with the saved query in its pane.
    await page.goto(new URL(href!, page.url()).toString());
    const opened = pane(page, 1);
    await opened.getByLabel('Sort key SK to (S)').waitFor();
    expect(await opened.getByLabel('Partition key PK (S)').inputValue()).toBe(ACTOR);
    expect(await opened.getByLabel('Sort key SK from (S)').inputValue()).toBe(FROM);
    expect(new URL(page.url()).searchParams.get('saved')).toBeNull();

    // The palette: the pane is in use, so the saved query opens in a second pane.
    await opened.getByRole('radio', { name: 'Scan' }).check();
    const palette = await openPalette(page);
    await palette.getByRole('combobox').fill('June 23');
    const entry = palette.getByRole('option', { name: /Open saved query Day of June 23/ });
    await entry.waitFor();
    await checkInEveryLook(page);
    await page.keyboard.press('Enter');
    const second = pane(page, 2);
    await second.getByLabel('Sort key SK to (S)').waitFor();
    expect(await second.getByLabel('Sort key SK to (S)').inputValue()).toBe(TO);
    expect(errors).toEqual([]);
    await context.close();
  });
});
