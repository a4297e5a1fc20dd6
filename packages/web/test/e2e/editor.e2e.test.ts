/**
 * Safe editing through the UI on the seed tables: a ticket's status edited
 * and seen moving between status prefixes in GSI1; a key changed through the
 * transactional move; a concurrent change refused, then a reload that keeps
 * the user's edit on top of the other writer's change and names the conflict;
 * undo from the journal (and its refusal when the item changed since); an
 * item from a KEYS_ONLY index opened read-only until the full item is loaded;
 * prices for the table's class, worded as on-demand prices on a provisioned table.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { editorIsReadOnly, editorTextOf } from './support/item-editor.js';
import { api, connectionOf, getItem, type Wire } from './support/page-api.js';
import { useWorkbench } from './support/workbench.js';

/** The plain editor, without the example model's derived keys (docs/model-links.md has those). */
async function unlinkModel(page: Page, table: string): Promise<void> {
  const status = await page.evaluate(async (url) => (await fetch(url, { method: 'DELETE' })).status, `/api/connections/${connectionOf(page)}/tables/${table}/model`);
  expect(status).toBe(200);
}

async function openTable(page: Page, table: string): Promise<void> {
  await page.getByLabel('Safety mode').selectOption('full');
  await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link', { name: new RegExp(`^${table}`) }).click();
  await page.getByRole('heading', { level: 1, name: table }).waitFor();
}

const pane = (page: Page, number: number) => page.getByRole('region', { name: new RegExp(`^Pane ${number}:`) });
const grid = (page: Page, number: number) => pane(page, number).getByRole('grid', { name: `Items of pane ${number}` });
const cell = (page: Page, number: number, text: string) => grid(page, number).getByRole('gridcell', { name: text, exact: true });

interface QuerySpec {
  readonly index?: string;
  readonly partitionKey: string;
  readonly partition: string;
  readonly sortKey?: string;
  readonly operator?: string;
  readonly sort?: string;
}

/** Fills the pane's query fields as a user would; the pane runs it by itself. */
async function query(page: Page, number: number, spec: QuerySpec): Promise<void> {
  const region = pane(page, number);
  // A pane still settling its first state can put the mode back once: choose it again until it holds.
  const mode = region.getByRole('radio', { name: 'Query' });
  await expect
    .poll(async () => {
      await mode.check({ timeout: 10_000 }).catch(() => undefined);
      return mode.isChecked();
    })
    .toBe(true);
  await region.getByRole('combobox', { name: /^Index/ }).selectOption(spec.index ?? '');
  await region.getByLabel('Limit', { exact: true }).fill('');
  await region.getByLabel(new RegExp(`^Partition key ${spec.partitionKey} `)).fill(spec.partition);
  if (spec.sortKey !== undefined) {
    await region.getByLabel(`Sort key ${spec.sortKey} condition`).selectOption(spec.operator ?? '=');
    await region.getByLabel(new RegExp(`^Sort key ${spec.sortKey} value `)).fill(spec.sort ?? '');
  }
}

function editorText(dialog: Locator, mode = 'plain JSON'): Locator {
  return dialog.getByLabel(`Item as ${mode}`);
}

/** Replaces the editor's text, as typing would. */
async function editText(dialog: Locator, change: (text: string) => string): Promise<void> {
  const area = editorText(dialog);
  await area.fill(change(await editorTextOf(area)));
}

/** TicketDesk's ticket `id` (its key and item as the table holds it), opened in the editor from pane 1. */
async function openTicket(page: Page, id: string): Promise<{ key: Wire; original: Wire; editor: Locator }> {
  await openTable(page, 'TicketDesk');
  const key = { PK: { S: `TICKET#${id}` }, SK: { S: 'TICKET' } };
  const original = (await getItem(page, 'TicketDesk', key))!;
  await query(page, 1, { partitionKey: 'PK', partition: `TICKET#${id}` });
  await cell(page, 1, `TICKET#${id}`).dblclick();
  return { key, original, editor: page.getByRole('dialog', { name: 'Edit item in TicketDesk' }) };
}

describe.skipIf(browserMissing() !== undefined)('the item editor', () => {
  const workbench = useWorkbench();

  it('edits a ticket’s status and the ticket moves from STATUS#open to STATUS#closed in GSI1, out of the sparse GSI2', async () => {
    const { context, page, errors } = await workbench().open();
    await openTable(page, 'TicketDesk');

    await query(page, 1, { index: 'GSI1', partitionKey: 'GSI1PK', partition: 'TEAM#7', sortKey: 'GSI1SK', operator: 'begins_with', sort: 'STATUS#open#TICKET#88' });
    await cell(page, 1, 'STATUS#open#TICKET#8842').waitFor();

    await page.getByRole('button', { name: 'Add pane' }).click();
    await query(page, 2, { partitionKey: 'PK', partition: 'TICKET#8842' });
    await cell(page, 2, 'TICKET#8842').dblclick();

    const editor = page.getByRole('dialog', { name: 'Edit item in TicketDesk' });
    await editor.waitFor();
    const loaded = await editorTextOf(editorText(editor));
    expect(JSON.parse(loaded)).toMatchObject({ PK: 'TICKET#8842', SK: 'TICKET', status: 'open', GSI1SK: 'STATUS#open#TICKET#8842' });
    const cost = editor.getByLabel('Size and cost of the item');
    const sizeBefore = await cost.innerText();
    expect(sizeBefore).toMatch(/^\d+ bytes · read: 1 RCU \(0\.5 eventually consistent\) · write: 1 WCU \(2 in a transaction\) ≈ \$0\.000000625 per write$/);

    await editText(editor, (text) => text.replace('"status": "open"', '"status": "closed"').replace('STATUS#open#TICKET#8842', 'STATUS#closed#TICKET#8842'));
    // The size follows the text: "closed" is two bytes longer than "open", twice.
    expect(Number.parseInt(await cost.innerText(), 10)).toBe(Number.parseInt(sizeBefore, 10) + 4);
    await screenshot(page, 'editor-edit');
    expect(await seriousViolations(page)).toEqual([]);

    await editorText(editor).press('Control+s');
    const review = page.getByRole('dialog', { name: 'Review the change' });
    const request = JSON.parse(await review.getByLabel('The exact request').innerText()) as Record<string, unknown>;
    expect(request).toMatchObject({ TableName: 'TicketDesk', Key: { PK: { S: 'TICKET#8842' }, SK: { S: 'TICKET' } }, ReturnValues: 'ALL_NEW' });
    expect(request['UpdateExpression']).toMatch(/^SET /);
    expect(request['ConditionExpression']).toMatch(/^attribute_exists\(PK\) AND /);
    const changed = review.getByRole('table', { name: 'Changes, attribute by attribute' });
    // The example model is linked: closing the ticket also takes it out of the sparse open-tickets index.
    expect(await changed.getByRole('row').count()).toBe(5);
    for (const name of ['status', 'GSI1SK', 'GSI2PK', 'GSI2SK']) await changed.getByRole('rowheader', { name }).waitFor();
    await screenshot(page, 'editor-review');
    expect(await seriousViolations(page)).toEqual([]);
    await review.getByRole('button', { name: 'Save (UpdateItem)' }).click();
    await review.waitFor({ state: 'detached' });
    const status = editor.getByRole('status');
    await status.getByText(/^Saved with UpdateItem: consumed \d+ write units? .*· \$/).waitFor();
    expect(await status.innerText()).toMatch(/GSI1: \d/);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    expect(await getItem(page, 'TicketDesk', { PK: { S: 'TICKET#8842' }, SK: { S: 'TICKET' } })).toMatchObject({ status: { S: 'closed' } });
    // GSI1 before and after: the GSI pane reads again by itself after the write made in
    // the other pane; the ticket is gone from the open ones and there among the closed ones.
    await expect.poll(() => cell(page, 1, 'STATUS#open#TICKET#8842').count()).toBe(0);
    await pane(page, 1).getByLabel(/^Sort key GSI1SK value /).fill('STATUS#closed#TICKET#88');
    await cell(page, 1, 'STATUS#closed#TICKET#8842').waitFor();
    await screenshot(page, 'editor-gsi-after');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before Escape or Close throws away unsaved edits, and closes at once when there are none', async () => {
    const { context, page, errors } = await workbench().open();
    const { key, original, editor } = await openTicket(page, '8871');
    // Nothing typed: Escape closes.
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    await cell(page, 1, 'TICKET#8871').dblclick();
    await editText(editor, (text) => text.replace(/"title": "[^"]*"/, '"title": "Typed, not saved"'));
    await editorText(editor).press('Escape');
    const prompt = editor.getByRole('alertdialog', { name: 'Unsaved edits' });
    await prompt.getByText('This item has edits that are not saved. Close the editor and lose them?').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Enter answers with the focused, safe choice: the edits stay.
    await page.keyboard.press('Enter');
    await prompt.waitFor({ state: 'detached' });
    expect(await editorTextOf(editorText(editor))).toContain('"title": "Typed, not saved"');

    // The × and Close buttons ask too; discarding closes and writes nothing.
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await prompt.getByRole('button', { name: 'Discard the edits' }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await getItem(page, 'TicketDesk', key)).toEqual(original);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes a key attribute through the confirmed transactional move', async () => {
    const { context, page } = await workbench().open();
    await openTable(page, 'TicketDesk');
    const oldKey = { PK: { S: 'TICKET#8850' }, SK: { S: 'TICKET' } };
    expect(await getItem(page, 'TicketDesk', oldKey)).toBeDefined();

    await query(page, 1, { partitionKey: 'PK', partition: 'TICKET#8850' });
    await cell(page, 1, 'TICKET#8850').dblclick();
    const editor = page.getByRole('dialog', { name: 'Edit item in TicketDesk' });
    await editText(editor, (text) => text.replace('"SK": "TICKET"', '"SK": "ARCHIVED"'));
    await editor.getByText('A key attribute changed (SK)').waitFor();
    await editor.getByRole('button', { name: 'Review and save' }).click();

    const review = page.getByRole('dialog', { name: "Change the item's key" });
    await review.getByText(/TransactWriteItems with two parts: a Delete of the item at its old key/).waitFor();
    await review.getByText('PK = TICKET#8850, SK = TICKET → PK = TICKET#8850, SK = ARCHIVED').waitFor();
    const request = JSON.parse(await review.getByLabel('The exact request').innerText()) as { TransactItems: Record<string, { Key?: Wire; Item?: Wire; ConditionExpression?: string }>[] };
    expect(request.TransactItems).toHaveLength(2);
    expect(request.TransactItems[0]!['Delete']).toMatchObject({ Key: oldKey });
    expect(request.TransactItems[1]!['Put']).toMatchObject({ Item: { SK: { S: 'ARCHIVED' } }, ConditionExpression: 'attribute_not_exists(PK)' });
    await screenshot(page, 'editor-move');
    await review.getByRole('button', { name: 'Move the item to the new key' }).click();
    await editor.getByRole('status').getByText(/^Moved with TransactWriteItems: consumed \d+ write units/).waitFor();
    await editor.getByRole('button', { name: 'Close' }).last().click();

    expect(await getItem(page, 'TicketDesk', oldKey)).toBeUndefined();
    expect(await getItem(page, 'TicketDesk', { ...oldKey, SK: { S: 'ARCHIVED' } })).toMatchObject({ PK: { S: 'TICKET#8850' } });
    await cell(page, 1, 'ARCHIVED').waitFor();
    expect(await cell(page, 1, 'TICKET').count()).toBe(0);
    await context.close();
  });

  it('refuses a save over a concurrent change, and reloads keeping the edit on top of the other writer’s change', async () => {
    const { context, page, errors } = await workbench().open();
    await openTable(page, 'TicketDesk');
    await unlinkModel(page, 'TicketDesk');
    await page.reload();
    await openTable(page, 'TicketDesk');
    const key = { PK: { S: 'TICKET#8860' }, SK: { S: 'TICKET' } };
    const original = (await getItem(page, 'TicketDesk', key))!;

    await query(page, 1, { partitionKey: 'PK', partition: 'TICKET#8860' });
    // The keyboard way: the active cell's row opens with Enter.
    await cell(page, 1, 'TICKET#8860').click();
    await grid(page, 1).press('Enter');
    const editor = page.getByRole('dialog', { name: 'Edit item in TicketDesk' });
    await editText(editor, (text) => text.replace(/"status": "[a-z]+"/, '"status": "waiting-on-customer"'));

    // Someone else changes the status (a conflict) and the body (not one) meanwhile.
    const theirs = { ...original, status: { S: 'reopened' }, body: { S: 'Seen by someone else' } };
    const behind = await api(page, `/api/connections/${connectionOf(page)}/tables/TicketDesk/items/update`, { key, before: original, after: theirs });
    expect(behind.status).toBe(200);

    await editorText(editor).press('Control+s');
    const review = page.getByRole('dialog', { name: 'Review the change' });
    await review.getByRole('button', { name: 'Save (UpdateItem)' }).click();
    const conflict = review.getByRole('alert');
    await conflict.getByText('Not saved: the item changed since it was loaded.').waitFor();
    expect(await conflict.innerText()).toMatch(/nothing was written/);
    expect(await conflict.innerText()).toMatch(/re-applies your edits/);
    await screenshot(page, 'editor-conflict');
    expect(await getItem(page, 'TicketDesk', key)).toMatchObject({ status: { S: 'reopened' } });

    await conflict.getByRole('button', { name: 'Reload the item' }).click();
    await review.waitFor({ state: 'detached' });
    await editor.getByRole('status').getByText(/^Reloaded the item with GetItem \(strongly consistent\): consumed 1 read unit/).waitFor();
    // The user's edit is still there, on top of the other writer's change to another attribute.
    expect(JSON.parse(await editorTextOf(editorText(editor)))).toMatchObject({ status: 'waiting-on-customer', body: 'Seen by someone else' });
    const notice = editor.getByRole('note', { name: 'After the reload' });
    await notice.getByText(/Your edits \(status\) are re-applied onto the item as it is now\. Changed by someone else meanwhile: status, body\./).waitFor();
    const conflicts = notice.getByRole('table', { name: /^Changed by both you and someone else/ });
    expect(await conflicts.getByRole('row').count()).toBe(2);
    expect(await conflicts.getByRole('row', { name: /status/ }).innerText()).toMatch(/"closed"\s+"reopened"\s+"waiting-on-customer"/);
    await conflicts.getByRole('button', { name: 'Use theirs for status' }).waitFor();
    await screenshot(page, 'editor-conflict-reloaded');
    expect(await seriousViolations(page)).toEqual([]);

    // The next save is guarded by the values just loaded, and changes only the user's attribute.
    await editorText(editor).press('Control+s');
    const again = page.getByRole('dialog', { name: 'Review the change' });
    const changes = again.getByRole('table', { name: 'Changes, attribute by attribute' });
    expect(await changes.getByRole('row').count()).toBe(2);
    expect(await changes.getByRole('row', { name: /status/ }).innerText()).toMatch(/"reopened"\s+"waiting-on-customer"/);
    const request = JSON.parse(await again.getByLabel('The exact request').innerText()) as { ExpressionAttributeValues: Record<string, unknown> };
    expect(Object.values(request.ExpressionAttributeValues)).toEqual(expect.arrayContaining([{ S: 'reopened' }, { S: 'waiting-on-customer' }]));
    await again.getByRole('button', { name: 'Save (UpdateItem)' }).click();
    await again.waitFor({ state: 'detached' });
    await editor.getByRole('status').getByText(/^Saved with UpdateItem: consumed/).waitFor();
    expect(await editor.getByRole('note', { name: 'After the reload' }).count()).toBe(0);
    expect(await getItem(page, 'TicketDesk', key)).toMatchObject({ status: { S: 'waiting-on-customer' }, body: { S: 'Seen by someone else' } });
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await cell(page, 1, 'waiting-on-customer').waitFor();
    await cell(page, 1, 'Seen by someone else').waitFor();
    // The refused save's 400 (ConditionalCheckFailedException) is the browser's only complaint.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('keeps the edit as a new item when the item was deleted meanwhile', async () => {
    const { context, page } = await workbench().open();
    await openTable(page, 'TicketDesk');
    await unlinkModel(page, 'TicketDesk');
    await page.reload();
    const { key, original, editor } = await openTicket(page, '8861');
    await editText(editor, (text) => text.replace(/"status": "[a-z]+"/, '"status": "reopened"'));
    const gone = await api(page, `/api/connections/${connectionOf(page)}/tables/TicketDesk/items/delete`, { Key: key });
    expect(gone.status).toBe(200);

    await editor.getByRole('button', { name: 'Reload', exact: true }).click();
    const kept = page.getByRole('dialog', { name: 'New item in TicketDesk' });
    await kept.getByRole('note', { name: 'After the reload' }).getByText('The item was deleted since you loaded it.').waitFor();
    expect(JSON.parse(await editorTextOf(editorText(kept)))).toMatchObject({ PK: 'TICKET#8861', status: 'reopened' });
    await editorText(kept).press('Control+s');
    await page.getByRole('dialog', { name: 'Review the new item' }).getByRole('button', { name: 'Create the item (PutItem)' }).click();
    await page.getByRole('dialog', { name: 'Edit item in TicketDesk' }).getByRole('status').getByText(/^Created with PutItem/).waitFor();
    expect(await getItem(page, 'TicketDesk', key)).toEqual({ ...original, status: { S: 'reopened' } });
    await context.close();
  });

  it('prices the item at its table’s class, and as on demand, not charged, on a provisioned table', async () => {
    const { context, page } = await workbench().open();
    // A table's page first: the API calls take the connection from its URL.
    await openTable(page, 'TicketDesk');
    const created = await api(page, `/api/connections/${connectionOf(page)}/tables`, {
      name: 'ArchiveIA',
      partitionKey: { name: 'id', type: 'S' },
      billingMode: 'PROVISIONED',
      provisionedThroughput: { readCapacityUnits: 5, writeCapacityUnits: 5 },
      tableClass: 'STANDARD_INFREQUENT_ACCESS',
    });
    expect(created.status).toBe(200);
    await page.reload();
    await openTable(page, 'ArchiveIA');
    await pane(page, 1).getByRole('button', { name: 'New item' }).click();
    const editor = page.getByRole('dialog', { name: 'New item in ArchiveIA' });
    await editorText(editor).fill('{"id": "a", "note": "kept for years"}');
    const onDemand = /\$0\.000000781 (per write )?at Standard-IA rates if on demand \(this table is provisioned: it pays for its capacity, not per request\)/;
    expect(await editor.getByLabel('Size and cost of the item').innerText()).toMatch(onDemand);
    await screenshot(page, 'editor-provisioned-ia');
    expect(await seriousViolations(page)).toEqual([]);
    await editorText(editor).press('Control+s');
    await page.getByRole('dialog', { name: 'Review the new item' }).getByRole('button', { name: 'Create the item (PutItem)' }).click();
    const status = page.getByRole('dialog', { name: 'Edit item in ArchiveIA' }).getByRole('status');
    await status.getByText(/^Created with PutItem: consumed 1 write unit · /).waitFor();
    expect(await status.innerText()).toMatch(onDemand);
    await context.close();
  });

  it('undoes a recent write from the journal, and shows the refusal when the item changed since', async () => {
    const { context, page } = await workbench().open();
    const { key, original, editor } = await openTicket(page, '8870');
    await editText(editor, (text) => text.replace(/"title": "[^"]*"/, '"title": "Edited through the editor"'));
    await editorText(editor).press('Control+s');
    await page.getByRole('dialog', { name: 'Review the change' }).getByRole('button', { name: 'Save (UpdateItem)' }).click();
    await editor.getByRole('button', { name: 'Undo this write' }).waitFor();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await getItem(page, 'TicketDesk', key)).toMatchObject({ title: { S: 'Edited through the editor' } });

    await pane(page, 1).getByRole('button', { name: 'Recent writes' }).click();
    const writes = page.getByRole('dialog', { name: 'Recent writes to TicketDesk' });
    const undo = writes.getByRole('button', { name: 'Undo Update PK = TICKET#8870, SK = TICKET' });
    await screenshot(page, 'editor-recent-writes');
    expect(await seriousViolations(page)).toEqual([]);
    await undo.click();
    await writes.getByRole('status').getByText(/Undid/).waitFor();
    expect(await getItem(page, 'TicketDesk', key)).toEqual(original);
    await writes.getByRole('row', { name: /Update PK = TICKET#8870, SK = TICKET.*undone/ }).first().waitFor();

    // A write, then a change behind its back: its undo is refused by name, and nothing is written.
    const edited = { ...original, title: { S: 'Second edit' } };
    const write = await api(page, `/api/connections/${connectionOf(page)}/tables/TicketDesk/items/update`, { key, before: original, after: edited });
    expect(write.status).toBe(200);
    const later = await api(page, `/api/connections/${connectionOf(page)}/tables/TicketDesk/items/update`, { key, before: edited, after: { ...edited, priority: { N: '4' } } });
    expect(later.status).toBe(200);
    await writes.getByRole('button', { name: 'Refresh' }).click();
    const rows = writes.getByRole('button', { name: 'Undo Update PK = TICKET#8870, SK = TICKET' });
    await expect.poll(() => rows.count()).toBe(2);
    // The older of the two (the title edit) changed since: priority differs from what it left.
    await rows.last().click();
    const refusal = writes.getByRole('alert');
    await refusal.getByText('ItemChangedSinceWrite').waitFor();
    expect(await refusal.innerText()).toMatch(/priority/);
    expect(await getItem(page, 'TicketDesk', key)).toMatchObject({ title: { S: 'Second edit' }, priority: { N: '4' } });
    await screenshot(page, 'editor-undo-refused');
    await context.close();
  });

  it('opens an item from a KEYS_ONLY index read-only, then loads the full item to edit it', async () => {
    const { context, page } = await workbench().open();
    await openTable(page, 'Leaderboard');
    await query(page, 1, { index: 'GSI2', partitionKey: 'GSI2PK', partition: 'HANDLE#nighthawk' });
    // The pane's action opens the highlighted (clicked) item.
    const edit = pane(page, 1).getByRole('button', { name: 'Edit item' });
    expect(await edit.isDisabled()).toBe(true);
    await cell(page, 1, 'HANDLE#nighthawk').click();
    await edit.click();

    const viewer = page.getByRole('dialog', { name: 'View item in Leaderboard (read-only)' });
    await viewer.getByText(/read from the global secondary index GSI2, which projects KEYS_ONLY/).waitFor();
    expect(await editorIsReadOnly(editorText(viewer))).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Review and save' }).isDisabled()).toBe(true);
    expect(JSON.parse(await editorTextOf(editorText(viewer)))).not.toHaveProperty('rating');
    await screenshot(page, 'editor-read-only');
    expect(await seriousViolations(page)).toEqual([]);

    await viewer.getByRole('button', { name: 'Load the full item from the table' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit item in Leaderboard' });
    await editor.getByRole('status').getByText(/^Loaded the full item with GetItem \(strongly consistent\): consumed 1 read unit/).waitFor();
    expect(JSON.parse(await editorTextOf(editorText(editor)))).toMatchObject({ handle: 'nighthawk', rating: 1842 });
    expect(await editorIsReadOnly(editorText(editor))).toBe(false);
    await context.close();
  });

  it('deletes an item guarded by its loaded values, and undoes the delete from the editor', async () => {
    const { context, page } = await workbench().open();
    const { key, original, editor } = await openTicket(page, '8880');
    await editor.getByRole('button', { name: 'Delete item…' }).click();
    const review = page.getByRole('dialog', { name: 'Delete the item' });
    const request = JSON.parse(await review.getByLabel('The exact request').innerText()) as Record<string, unknown>;
    expect(request).toMatchObject({ TableName: 'TicketDesk', Key: key, ReturnValues: 'ALL_OLD' });
    // Every loaded attribute is compared (the server prints the condition with its own placeholders).
    const condition = String(request['ConditionExpression']);
    expect(condition).toMatch(/^attribute_exists\(PK\) AND /);
    for (const name of Object.keys(original).filter((attribute) => attribute !== 'PK' && attribute !== 'SK')) {
      expect(condition).toMatch(new RegExp(`(^| )(${name}|#${name}) = :`));
    }
    await review.getByRole('button', { name: 'Delete the item (DeleteItem)' }).click();

    // The deleted item stays in the text as a new item, with the Undo at hand.
    const deleted = page.getByRole('dialog', { name: 'New item in TicketDesk' });
    await deleted.getByRole('status').getByText(/^Deleted with DeleteItem: consumed \d+ write units?/).waitFor();
    expect(await getItem(page, 'TicketDesk', key)).toBeUndefined();
    await expect.poll(() => cell(page, 1, 'TICKET#8880').count()).toBe(0);
    await deleted.getByRole('button', { name: 'Undo this write' }).click();
    await editor.getByRole('status').getByText(/^Undid delete /).waitFor();
    expect(await getItem(page, 'TicketDesk', key)).toEqual(original);
    await cell(page, 1, 'TICKET#8880').waitFor();
    await context.close();
  });

  it('is readable and accessible in the dark theme, with its notation and shortcuts listed', async () => {
    const { context, page } = await workbench().open({ colorScheme: 'dark' });
    await openTable(page, 'TicketDesk');
    await pane(page, 1).getByRole('button', { name: 'New item' }).click();
    const editor = page.getByRole('dialog', { name: 'New item in TicketDesk' });
    expect(await editorText(editor).evaluate((element) => element === document.activeElement)).toBe(true);
    await editor.getByText('Notation and shortcuts').click();
    await editor.getByText('{"$SS": ["red", "blue"]}').waitFor();
    await editor.getByRole('term').filter({ hasText: 'S' }).first().waitFor();
    await screenshot(page, 'editor-dark-help');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await context.close();
  });

  it('keeps 38-digit numbers, sets and binary exact across both formats, and names the path of an error', async () => {
    const { context, page } = await workbench().open();
    await openTable(page, 'TicketDesk');
    await pane(page, 1).getByRole('button', { name: 'New item' }).click();
    const editor = page.getByRole('dialog', { name: 'New item in TicketDesk' });
    const save = editor.getByRole('button', { name: 'Review and save' });
    await editor.getByRole('alert').getByText(/PK: One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value/).waitFor();
    expect(await save.isDisabled()).toBe(true);

    const big = '12345678901234567890123456789012345678';
    await editorText(editor).fill(`{"PK": "TICKET#EXACT", "SK": "TICKET", "n": ${big}, "tags": {"$SS": ["a", "b"]}, "raw": {"$B": "AAEC/w=="}, "list": [1, {"$NS": [1.50, 2]}]}`);
    expect(await save.isDisabled()).toBe(false);
    await editor.getByRole('radio', { name: 'DynamoDB JSON' }).check();
    const typed = JSON.parse(await editorTextOf(editorText(editor, 'DynamoDB JSON'))) as Wire;
    expect(typed).toMatchObject({ n: { N: big }, tags: { SS: ['a', 'b'] }, raw: { B: 'AAEC/w==' }, list: { L: [{ N: '1' }, { NS: ['1.50', '2'] }] } });

    // An error in DynamoDB JSON: the path, the spot and what to write.
    const area = editorText(editor, 'DynamoDB JSON');
    await area.fill((await editorTextOf(area)).replace(`"N": "${big}"`, `"N": ${big}`));
    await editor.getByRole('alert').getByText(/\bn \(line \d+, column \d+\): N takes the number as a string; write it as \{"N": "12.5"\}/).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await screenshot(page, 'editor-error');
    await area.fill((await editorTextOf(area)).replace(`"N": ${big}`, `"N": "${big}"`));
    await editor.getByRole('radio', { name: 'Plain JSON' }).check();
    expect(await editorTextOf(editorText(editor))).toContain(`"n": ${big}`);

    await editorText(editor).press('Control+s');
    const review = page.getByRole('dialog', { name: 'Review the new item' });
    expect(JSON.parse(await review.getByLabel('The exact request').innerText())).toMatchObject({ ConditionExpression: 'attribute_not_exists(PK)', Item: { n: { N: big } } });
    await review.getByRole('button', { name: 'Create the item (PutItem)' }).click();
    // Once created, the item is an existing one: the editor edits it from now on.
    await page.getByRole('dialog', { name: 'Edit item in TicketDesk' }).getByRole('status').getByText(/^Created with PutItem: consumed 1 write unit/).waitFor();
    expect(await getItem(page, 'TicketDesk', { PK: { S: 'TICKET#EXACT' }, SK: { S: 'TICKET' } })).toMatchObject({ n: { N: big }, raw: { B: 'AAEC/w==' } });
    await context.close();
  });
});
