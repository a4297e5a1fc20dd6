/**
 * The query panes as a person works them: after Load all and a save that
 * moves a ticket in GSI1, the index pane still holds every item and shows the
 * ticket where it now sits, marked; the results stay in view while a BETWEEN
 * bound is edited, and a whole ISO-8601 key fits its field; the panels'
 * open or closed state survives a reload; the History menu lists a run query
 * and re-opens it; a saved query opens from its link and from the palette.
 * Each state is checked in every look, with axe.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserMissing } from './support/browser.js';
import { checkInEveryLook, wholeInView } from './support/looks.js';
import { getItem } from './support/page-api.js';
import { gridItemCount, openTable, pane, paneGrid, settledStats } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';
import { editorTextOf } from './support/item-editor.js';

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

  it('re-read after a write, results in view while editing, remembered panels, history and saved queries', async () => {
    const { context, page, errors } = await workbench().open();
    await page.getByLabel('Safety mode').selectOption('full');

    // GSI1 of team 7, fifty items a page, every page loaded.
    await openTable(page, 'TicketDesk');
    const index = pane(page, 1);
    await queryGsi1(index, 'TEAM#7', '50');
    await settledStats(index);
    await index.getByRole('button', { name: 'Load all' }).click();
    await expect.poll(async () => index.getByRole('status').filter({ hasText: 'No more items' }).count()).toBe(1);
    const all = await gridItemCount(paneGrid(page, 1));
    expect(all).toBeGreaterThan(50);

    // Ticket 8842 closed from a second pane: its GSI1 sort key moves from STATUS#open to STATUS#closed.
    await page.getByRole('button', { name: 'Add pane' }).click();
    const ticket = pane(page, 2);
    await ticket.getByRole('radio', { name: 'Query' }).check();
    await ticket.getByLabel('Partition key PK (S)').fill('TICKET#8842');
    await paneGrid(page, 2).getByRole('gridcell', { name: 'TICKET#8842', exact: true }).dblclick();
    const editor = page.getByRole('dialog', { name: 'Edit item in TicketDesk' });
    const text = editor.getByLabel('Item as plain JSON');
    await text.fill((await editorTextOf(text)).replace('"status": "open"', '"status": "closed"').replace('STATUS#open#TICKET#8842', 'STATUS#closed#TICKET#8842'));
    await text.press('Control+s');
    const review = page.getByRole('dialog', { name: 'Review the change' });
    await review.getByRole('button', { name: 'Save (UpdateItem)' }).click();
    await review.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await getItem(page, 'TicketDesk', { PK: { S: 'TICKET#8842' }, SK: { S: 'TICKET' } })).toMatchObject({ GSI1SK: { S: 'STATUS#closed#TICKET#8842' } });

    // The index pane read every item again, not the first page; the ticket is among the closed ones, in view and marked.
    const marked = paneGrid(page, 1).locator('.wb-just-written');
    await expect.poll(() => marked.count()).toBe(1);
    expect(await gridItemCount(paneGrid(page, 1))).toBe(all);
    expect(await marked.getAttribute('aria-description')).toBe('Just written');
    expect(await marked.textContent()).toContain('STATUS#closed#TICKET#8842');
    expect(await paneGrid(page, 2).locator('.wb-just-written').count()).toBe(1);

    // The History menu of pane 2 lists the GSI1 query run in pane 1.
    await ticket.getByRole('button', { name: 'History' }).click();
    const gsiRun = ticket.getByRole('list', { name: 'Recent runs' }).getByRole('button', { name: /^Query GSI1 · GSI1PK = "TEAM#7" · limit 50/ });
    await gsiRun.waitFor();
    await checkInEveryLook(page, async (look) => {
      const [row, scroller] = await Promise.all([marked.boundingBox(), paneGrid(page, 1).boundingBox()]);
      expect(row!.y, `marked row in view at ${look.width}×${look.height}`).toBeGreaterThanOrEqual(scroller!.y);
      expect(row!.y + row!.height).toBeLessThanOrEqual(scroller!.y + scroller!.height);
    });
    // Chosen, it becomes pane 2's query.
    await gsiRun.click();
    expect(await ticket.getByRole('combobox', { name: /^Index/ }).inputValue()).toBe('GSI1');
    expect(await ticket.getByLabel(/^Partition key GSI1PK /).inputValue()).toBe('TEAM#7');

    // The audit log's day window: results in view while the upper bound is edited, whole ISO keys in the fields
    // (the table's description closed, as a person makes room on a small screen).
    await openTable(page, 'AuditLog');
    // It starts folded when the page is short (the looks above left it at 1280×720): opened, then closed, by the person.
    const description = page.locator('details.table-description:visible');
    const isOpen = () => description.evaluate((element) => (element as HTMLDetailsElement).open);
    if (!(await isOpen())) {
      await description.locator('summary').click();
      await expect.poll(isOpen).toBe(true);
    }
    await description.locator('summary').click();
    expect(await isOpen()).toBe(false);
    const day = pane(page, 1);
    await queryDay(day);
    await settledStats(day);
    await day.getByRole('button', { name: 'Save query…' }).click();
    const form = day.getByRole('form', { name: 'Save the query of pane 1' });
    await form.getByLabel('Name').fill('Day of June 23');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    const link = form.getByRole('link', { name: 'Link to it' });
    await link.waitFor();
    const href = await link.getAttribute('href');
    const to = day.getByLabel('Sort key SK to (S)');
    const from = day.getByLabel('Sort key SK from (S)');
    await checkInEveryLook(page, async (look) => {
      await to.focus();
      await to.press('End');
      expect(await wholeInView(page, firstRow(1)), `first result row in view at ${look.width}×${look.height}`).toBe(true);
      expect(await wholeInView(page, `[aria-label="Query of pane 1"] input[aria-label="Sort key SK to (S)"]`)).toBe(true);
      expect(await fitsItsValue(from)).toBe(true);
      expect(await fitsItsValue(to)).toBe(true);
    });

    // The request closed and the description opened again; the saved query's link opened in a fresh page load keeps both.
    await day.locator('details.wb-expressions summary').click();
    await page.locator('details.table-description:visible summary').click();
    await page.goto(new URL(href!, page.url()).toString());
    const opened = pane(page, 1);
    await opened.getByLabel('Sort key SK to (S)').waitFor();
    expect(await opened.getByLabel('Partition key PK (S)').inputValue()).toBe(ACTOR);
    expect(await opened.getByLabel('Sort key SK from (S)').inputValue()).toBe(FROM);
    expect(new URL(page.url()).searchParams.get('saved')).toBeNull();
    expect(await page.locator('details.table-description:visible').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await opened.locator('details.wb-expressions').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);

    // The palette offers the saved query; the pane is in use, so it opens in a second pane.
    await opened.getByRole('radio', { name: 'Scan' }).check();
    const palette = await openPalette(page);
    await palette.getByRole('combobox').fill('June 23');
    await palette.getByRole('option', { name: /Open saved query Day of June 23/ }).waitFor();
    await page.keyboard.press('Enter');
    const second = pane(page, 2);
    await second.getByLabel('Sort key SK to (S)').waitFor();
    expect(await second.getByLabel('Sort key SK to (S)').inputValue()).toBe(TO);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a first visit at 1280×720, starts with the description folded, so the results of a day window are in view', async () => {
    const { context, page, errors } = await workbench().open();
    await page.setViewportSize({ width: 1280, height: 720 });
    await openTable(page, 'AuditLog');
    const description = page.locator('details.table-description:visible');
    expect(await description.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    const day = pane(page, 1);
    await queryDay(day);
    await settledStats(day);
    await day.getByLabel('Sort key SK to (S)').focus();
    // A wait for the window's rows to be drawn, not a speed check.
    await expect.poll(() => wholeInView(page, firstRow(1))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
