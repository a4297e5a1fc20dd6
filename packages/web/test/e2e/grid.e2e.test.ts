/**
 * Reading the item grid as a person does, on the audit log's day of events
 * for one actor: a column resized by dragging its edge and from the
 * keyboard, fitted to its widest value (long sort keys shown whole), pinned
 * (in view while the grid scrolls sideways) and remembered after a reload;
 * the whole value in a cell's tooltip; Shift+Enter opening the value beside
 * its row, inside the window, Escape giving the focus back; a value and the
 * selected items copied as DynamoDB JSON; the loaded items and every page
 * exported as files whose content is checked; and an index pane showing its
 * own keys first. Every step is checked in every look, with axe.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Item } from '@dynotable/core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { auditLogSeed } from '../../../server/src/seed/audit-log-data.js';
import { browserMissing } from './support/browser.js';
import { applyLook, checkInEveryLook, LOOKS, wholeInView } from './support/looks.js';
import { openTable, pane, paneGrid, renderedRows, settledStats } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

const ACTOR = 'ACTOR#u_8814';
const DAY = 'EVT#2026-06-23';

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const text = (item: Item, name: string): string | undefined => {
  const value = item[name];
  return value !== undefined && 'S' in value ? value.S : undefined;
};
/** The actor's events of the day, in key order: what the pane's query returns. */
const dayKeys = auditLogSeed()
  .items.filter((item) => text(item, 'PK') === ACTOR && text(item, 'SK')!.startsWith(DAY))
  .map((item) => text(item, 'SK')!)
  .sort(byBytes);

const header = (grid: Locator, name: string) => grid.getByRole('columnheader').filter({ has: grid.page().locator('.wb-th-name', { hasText: new RegExp(`^${name}( [▲▼])?$`) }) });
const separator = (grid: Locator, name: string) => grid.getByRole('separator', { name: `Width of ${name}` });
const widthOf = async (grid: Locator, name: string) => Number(await separator(grid, name).getAttribute('aria-valuenow'));

/** The header names in the order shown. */
async function headerNames(grid: Locator): Promise<string[]> {
  return grid.evaluate((element) =>
    Array.from(element.querySelectorAll('[role="columnheader"]'))
      .map((cell) => ({ index: Number(cell.getAttribute('aria-colindex')), name: cell.querySelector('.wb-th-name')?.textContent ?? '' }))
      .filter((cell) => cell.name !== '')
      .sort((a, b) => a.index - b.index)
      .map((cell) => cell.name),
  );
}

/** The rendered cells of a column: their text and whether it shows whole (not cut by the cell's edge). */
async function columnCells(grid: Locator, name: string): Promise<{ text: string; whole: boolean }[]> {
  return grid.evaluate((element, column) => {
    const head = Array.from(element.querySelectorAll('[role="columnheader"]')).find((cell) => cell.querySelector('.wb-th-name')?.textContent === column);
    const index = head?.getAttribute('aria-colindex');
    return Array.from(element.querySelectorAll(`.wb-grid-body [role="gridcell"][aria-colindex="${index}"]`)).map((cell) => ({
      text: cell.textContent ?? '',
      whole: cell.scrollWidth <= cell.clientWidth,
    }));
  }, name);
}

async function openDetails(details: Locator): Promise<void> {
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
}

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

describe.skipIf(browserMissing() !== undefined)('the item grid', () => {
  const workbench = useWorkbench();
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let grid: Locator;
  /** The width of SK fitted to the day's keys. */
  let fitted = 0;

  /** One page for every step: the audit log, pane 1 on the actor's day. */
  let opened: Promise<void> | undefined;
  const ready = () => (opened ??= openDay());
  async function openDay(): Promise<void> {
    ({ context, page, errors } = await workbench().open());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: workbench().server.origin });
    await openTable(page, 'AuditLog');
    const first = pane(page, 1);
    grid = paneGrid(page, 1);
    await first.getByRole('radio', { name: 'Query' }).check();
    await first.getByLabel('Partition key PK (S)').fill(ACTOR);
    await first.getByLabel('Limit', { exact: true }).fill('');
    await first.getByLabel('Sort key SK condition').selectOption('begins_with');
    await first.getByLabel('Sort key SK value (S)').fill(DAY);
    expect((await settledStats(first))['Count']).toBe(String(dayKeys.length));
  }

  it('resizes a column by dragging its edge and from the keyboard, fits it to its widest value, pins it, and remembers all of it', async () => {
    await ready();
    expect(await widthOf(grid, 'SK')).toBe(180);
    await grid.scrollIntoViewIfNeeded();
    const edge = (await separator(grid, 'SK').boundingBox())!;
    await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge.x + edge.width / 2 + 30, edge.y + edge.height / 2, { steps: 3 });
    await page.mouse.move(edge.x + edge.width / 2 + 60, edge.y + edge.height / 2, { steps: 3 });
    await page.mouse.up();
    expect(await widthOf(grid, 'SK')).toBe(240);
    expect((await header(grid, 'SK').boundingBox())!.width).toBe(240);
    // Dragging the edge resized, it did not move the column.
    expect((await headerNames(grid)).slice(0, 2)).toEqual(['PK', 'SK']);

    await separator(grid, 'SK').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await widthOf(grid, 'SK')).toBe(250);
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await widthOf(grid, 'SK')).toBe(200);
    expect((await header(grid, 'SK').boundingBox())!.width).toBe(200);

    // Narrowed, the day's keys are cut; fitted (a double-click on the edge), they show whole.
    await page.keyboard.press('Home');
    const cut = await columnCells(grid, 'SK');
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.every((cell) => !cell.whole)).toBe(true);
    await separator(grid, 'SK').dblclick();
    fitted = await widthOf(grid, 'SK');
    expect(fitted).toBeGreaterThan(180);
    expect((await columnCells(grid, 'SK')).every((cell) => cell.whole)).toBe(true);
    // From the keyboard too: narrowed, then Enter on the edge fits it again.
    await separator(grid, 'SK').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    expect(await widthOf(grid, 'SK')).toBe(fitted);

    // A map's tooltip is its whole value, indented, then its type.
    const title = (await grid.locator('.wb-td.wb-type-M').first().getAttribute('title'))!;
    expect(title).toMatch(/^\{\n {2}"ip": "203\.0\.113\.\d+",\n/);
    expect(title.endsWith('\n}\nM')).toBe(true);

    // Wide enough to scroll sideways in every look; SK pinned, so it leads.
    await separator(grid, 'details').focus();
    await page.keyboard.press('End');
    await grid.getByRole('button', { name: 'Pin SK' }).click();
    expect(await grid.getByRole('button', { name: 'Pin SK' }).getAttribute('aria-pressed')).toBe('true');
    expect((await headerNames(grid))[0]).toBe('SK');

    await page.reload();
    await settledStats(pane(page, 1));
    expect(await widthOf(grid, 'SK')).toBe(fitted);
    expect((await headerNames(grid))[0]).toBe('SK');
    expect(await grid.getByRole('button', { name: 'Pin SK' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('in every look: resized and fitted columns, the pinned column in view while scrolling sideways, the whole value on hover, the value beside its row, the cell menu and the export form', async () => {
    await ready();
    const exportMenu = pane(page, 1).locator('.wb-export-menu');
    await openDetails(exportMenu);
    const panel = page.getByRole('dialog', { name: 'Value of SK' });
    const menu = page.getByRole('menu', { name: 'Cell actions' });
    await checkInEveryLook(page, async () => {
      // What the previous look left open for axe.
      if ((await menu.count()) > 0) {
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }
      if ((await panel.count()) > 0) {
        await panel.getByRole('button', { name: 'Close the value' }).click();
        await panel.waitFor({ state: 'detached' });
      }

      // Resized from the keyboard, and the header follows.
      const before = await widthOf(grid, 'action');
      await separator(grid, 'action').focus();
      await page.keyboard.press('ArrowRight');
      expect(await widthOf(grid, 'action')).toBe(before + 10);
      expect((await header(grid, 'action').boundingBox())!.width).toBe(before + 10);
      await page.keyboard.press('ArrowLeft');

      // The fitted keys whole, in order.
      const cells = await columnCells(grid, 'SK');
      expect(cells.map((cell) => cell.text)).toEqual(dayKeys.slice(0, cells.length));
      expect(cells.every((cell) => cell.whole)).toBe(true);
      expect(await widthOf(grid, 'SK')).toBe(fitted);

      // Scrolled to the far right: the pinned column is still there, and seen (not covered).
      await grid.scrollIntoViewIfNeeded();
      await grid.evaluate((element) => (element.scrollLeft = element.scrollWidth));
      await expect.poll(() => grid.evaluate((element) => element.scrollLeft)).toBeGreaterThan(300);
      const view = (await grid.boundingBox())!;
      const pinned = (await header(grid, 'SK').boundingBox())!;
      expect(pinned.x).toBeGreaterThanOrEqual(view.x);
      expect(pinned.x + pinned.width).toBeLessThanOrEqual(view.x + view.width);
      const seen = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="gridcell"]')?.textContent ?? '', [pinned.x + pinned.width / 2, pinned.y + pinned.height + 40]);
      expect(dayKeys).toContain(seen);
      // The unpinned key column scrolled away (out of view, or no longer rendered).
      const pk = header(grid, 'PK');
      if ((await pk.count()) > 0) expect((await pk.boundingBox())!.x + (await pk.boundingBox())!.width).toBeLessThanOrEqual(pinned.x + 1);
      await grid.evaluate((element) => (element.scrollLeft = 0));

      // The whole value on hover, with its type.
      const hovered = grid.getByRole('gridcell', { name: dayKeys[1], exact: true });
      await hovered.hover();
      expect(await hovered.getAttribute('title')).toBe(`${dayKeys[1]}\nS`);

      // Shift+Enter: the value beside its row, whole in the window; Escape gives the focus back to the grid.
      await grid.focus();
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Shift+Enter');
      await panel.waitFor();
      await expect.poll(() => panel.evaluate((element) => getComputedStyle(element).visibility)).toBe('visible');
      expect(await panel.getByLabel('Whole value of SK').textContent()).toBe(JSON.stringify(dayKeys[2]));
      expect(await wholeInView(page, '.wb-cell-detail')).toBe(true);
      const cell = (await grid.getByRole('gridcell', { name: dayKeys[2], exact: true }).boundingBox())!;
      const box = (await panel.boundingBox())!;
      expect(box.y).toBeLessThanOrEqual(cell.y + cell.height);
      expect(box.y + box.height).toBeGreaterThanOrEqual(cell.y);
      expect(box.x >= cell.x + cell.width || box.x + box.width <= cell.x).toBe(true);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await grid.evaluate((element) => document.activeElement === element)).toBe(true);

      // Open again, with the cell menu beside it, for axe.
      await page.keyboard.press('Shift+Enter');
      await panel.waitFor();
      await grid.getByRole('gridcell', { name: dayKeys[0], exact: true }).click({ button: 'right' });
      await menu.waitFor();
      await expect.poll(() => wholeInView(page, '.wb-cell-menu')).toBe(true);
    });
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Close the value' }).click();
  });

  it('copies a value, and the selected items, as DynamoDB JSON', async () => {
    await ready();
    const cell = grid.getByRole('gridcell', { name: dayKeys[0], exact: true });
    await cell.click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Cell actions' });
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: 'Copy value as DynamoDB JSON' }).click();
    await pane(page, 1).locator('.wb-copy-status', { hasText: 'Copied SK as DynamoDB JSON' }).waitFor();
    expect(await clipboard(page)).toBe(JSON.stringify({ S: dayKeys[0] }));

    // Two rows selected, then the keyboard: one item a line, as the table holds them.
    const checkboxes = grid.getByRole('checkbox', { name: 'Select this item' });
    await checkboxes.nth(1).click();
    await checkboxes.nth(3).click();
    await grid.focus();
    await page.keyboard.press('Control+Shift+C');
    await pane(page, 1).locator('.wb-copy-status', { hasText: 'Copied 2 items as DynamoDB JSON' }).waitFor();
    const lines = (await clipboard(page)).split('\n').map((line) => JSON.parse(line) as Record<string, { S?: string }>);
    expect(lines.map((item) => item['SK']?.S)).toEqual([dayKeys[1], dayKeys[3]]);
    const seed = auditLogSeed().items.find((item) => text(item, 'SK') === dayKeys[1] && text(item, 'PK') === ACTOR)!;
    expect(Object.keys(lines[0]!).sort()).toEqual(Object.keys(seed).sort());
    await checkboxes.nth(1).click();
    await checkboxes.nth(3).click();
  });

  it('exports the loaded items, and every page of the query, as files', async () => {
    await ready();
    const first = pane(page, 1);
    const exportMenu = first.locator('.wb-export-menu');
    await openDetails(exportMenu);
    await exportMenu.getByLabel('Format').selectOption('dynamodb-json');
    const [loaded] = await Promise.all([page.waitForEvent('download'), exportMenu.getByRole('button', { name: 'Download' }).click()]);
    expect(loaded.suggestedFilename()).toMatch(/^AuditLog-.*\.dynamodb\.jsonl$/);
    const lines = (await readFile((await loaded.path())!, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { SK: { S: string } }).SK.S)).toEqual(dayKeys);

    // A page of 4: only the first page is loaded; the export reads every page.
    await first.getByLabel('Limit', { exact: true }).fill('4');
    expect((await settledStats(first))['Count']).toBe('4');
    expect((await renderedRows(grid)).length).toBe(4);
    await exportMenu.getByLabel('Every page (reads the query again from the start)').check();
    await exportMenu.getByLabel('Format').selectOption('csv');
    const [all] = await Promise.all([page.waitForEvent('download'), exportMenu.getByRole('button', { name: 'Download' }).click()]);
    expect(all.suggestedFilename()).toMatch(/^AuditLog-.*\.csv$/);
    const csv = await readFile((await all.path())!, 'utf8');
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]!.startsWith('PK,SK,')).toBe(true);
    expect(rows.length - 1).toBe(dayKeys.length);
    expect(rows.slice(1).map((row) => row.split(',')[1])).toEqual(dayKeys);
    // A map is its JSON text in one quoted field.
    expect(csv).toMatch(/,"\{""ip"":""203\.0\.113\.\d+""/);
    await exportMenu.locator('.wb-export-status', { hasText: `Exported ${dayKeys.length} items to AuditLog-` }).waitFor();
  });

  it("puts an index pane's keys first: the index's partition and sort key, then the table's", async () => {
    await ready();
    await openTable(page, 'TicketDesk');
    const first = pane(page, 1);
    const ticketGrid = paneGrid(page, 1);
    await first.getByRole('radio', { name: 'Scan' }).check();
    await first.getByRole('combobox', { name: /^Index/ }).selectOption('GSI1');
    await settledStats(first);
    // The grid itself was checked with axe above; here its order, in every look.
    for (const look of LOOKS) {
      await applyLook(page, look);
      expect((await headerNames(ticketGrid)).slice(0, 4)).toEqual(['GSI1PK', 'GSI1SK', 'PK', 'SK']);
    }
    await first.getByRole('combobox', { name: /^Index/ }).selectOption('');
    await settledStats(first);
    expect((await headerNames(ticketGrid)).slice(0, 2)).toEqual(['PK', 'SK']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
