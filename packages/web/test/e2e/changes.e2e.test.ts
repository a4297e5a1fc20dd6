/**
 * The Changes view on the embedded engine: the stream turned on from the
 * view's note, a ticket edited in a query pane, and the write there in the
 * Changes view as a MODIFY with its diff; the filters and pause; the item's
 * history in the editor naming the DynoTable operation that made the change;
 * the stream's setting in the Update table dialog.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { editorTextOf } from './support/item-editor.js';
import { useWorkbench } from './support/workbench.js';

const TICKET_KEY = 'PK = TICKET#8842, SK = TICKET';

const pane = (page: Page, number: number) => page.getByRole('region', { name: new RegExp(`^Pane ${number}:`) });

async function openTicketDesk(page: Page): Promise<void> {
  await page.getByLabel('Safety mode').selectOption('full');
  await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link', { name: /^TicketDesk/ }).click();
  await page.getByRole('heading', { level: 1, name: 'TicketDesk' }).waitFor();
}

async function editTicketStatus(page: Page, from: string, to: string): Promise<Locator> {
  const region = pane(page, 1);
  await region.getByRole('radio', { name: 'Query' }).check();
  await region.getByLabel('Limit', { exact: true }).fill('');
  await region.getByLabel(/^Partition key PK /).fill('TICKET#8842');
  await region.getByRole('grid', { name: 'Items of pane 1' }).getByRole('gridcell', { name: 'TICKET#8842', exact: true }).dblclick();
  const editor = page.getByRole('dialog', { name: 'Edit item in TicketDesk' });
  const text = editor.getByLabel('Item as plain JSON');
  await text.fill((await editorTextOf(text)).replace(`"status": "${from}"`, `"status": "${to}"`));
  await text.press('Control+s');
  const review = page.getByRole('dialog', { name: 'Review the change' });
  await review.getByRole('button', { name: 'Save (UpdateItem)' }).click();
  await review.waitFor({ state: 'detached' });
  await editor.getByRole('status').getByText(/^Saved with UpdateItem/).waitFor();
  return editor;
}

describe.skipIf(browserMissing() !== undefined)('the Changes view', () => {
  const workbench = useWorkbench();

  it('shows a write made in a query pane as a MODIFY with its diff, filters and pauses, and the item’s history names who made it', async () => {
    const { context, page, errors } = await workbench().open();
    await openTicketDesk(page);
    await page.getByRole('button', { name: 'Changes' }).click();
    const changes = page.getByRole('region', { name: 'Changes' });
    await changes.getByText('TicketDesk has no stream').waitFor();
    await changes.getByRole('button', { name: 'Turn the stream on (new and old images)' }).click();
    await changes.getByRole('status').getByText(/^Following new changes\. The stream keeps new and old images\./).waitFor();

    const editor = await editTicketStatus(page, 'open', 'pending');
    const list = changes.getByRole('list', { name: 'Changes of TicketDesk' });
    const record = list.getByRole('listitem', { name: `MODIFY ${TICKET_KEY}` });
    await record.waitFor();
    const diff = record.getByRole('table', { name: 'Changes, attribute by attribute' });
    const status = diff.getByRole('row', { name: /^status/ });
    expect(await status.getByRole('cell').allInnerTexts()).toEqual(['"open"', '"pending"', 'changed']);

    // The item's history, from the editor: the stream's record and the journal's change, one entry.
    await editor.getByRole('button', { name: 'History' }).click();
    const history = editor.getByRole('list', { name: `History of ${TICKET_KEY}` });
    const entry = history.getByRole('listitem').first();
    await entry.getByText(/^DynoTable: update \(operation [0-9a-z-]+\)$/).waitFor();
    await entry.getByText('from the stream and journal').waitFor();
    expect(await entry.getByRole('row', { name: /^status/ }).getByRole('cell').allInnerTexts()).toEqual(['"open"', '"pending"', 'changed']);
    await entry.scrollIntoViewIfNeeded();
    await screenshot(page, 'item-history');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await changes.scrollIntoViewIfNeeded();
    await screenshot(page, 'changes-view');
    expect(await seriousViolations(page)).toEqual([]);

    // Filters: another event, then a key that does not match, hide it; the right ones show it again.
    const event = changes.getByLabel('Event');
    await event.selectOption('INSERT');
    await changes.getByText('No change matches the filters.').waitFor();
    await event.selectOption('MODIFY');
    const keyFilter = changes.getByLabel('Key contains');
    await keyFilter.fill('TICKET#9999');
    await changes.getByText('No change matches the filters.').waitFor();
    await keyFilter.fill('ticket#8842');
    await record.waitFor();

    // Paused: a second write is held back, then shown on resume, newest first.
    await changes.getByRole('button', { name: 'Pause' }).click();
    await editTicketStatus(page, 'pending', 'open');
    await changes.getByRole('status').getByText('Paused: 1 new change held back.').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    await page.keyboard.press('Escape');
    await changes.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await list.getByRole('listitem').first().getByRole('row', { name: /^status/ }).getByRole('cell').allInnerTexts()).toEqual(['"pending"', '"open"', 'changed']);

    // The table dialog shows the stream as it is now.
    await page.getByRole('button', { name: 'Update table' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update TicketDesk' });
    await dialog.getByRole('group', { name: 'Stream: on, new and old images' }).waitFor();
    expect(await dialog.getByLabel('Stream').inputValue()).toBe('NEW_AND_OLD_IMAGES');
    expect(errors).toEqual([]);
    await context.close();
  });
});
