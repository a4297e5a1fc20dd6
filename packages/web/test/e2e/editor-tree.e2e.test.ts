/**
 * The item editor's tree and its code editor, on one TicketDesk ticket: the
 * table's keys first and fixed in type; a value edited in the tree rewritten
 * in the text and a text edit shown in the tree; a type changed with its
 * value converted, and a change refused with the reason; a text that does not
 * read leaves the tree as it was with the error named; JSON colouring and
 * attribute-name completion in the text; unsaved edits offered back after a
 * reload, and not after the user discarded them. Each state is checked in
 * every look with axe.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserMissing, screenshot } from './support/browser.js';
import { editorTextOf } from './support/item-editor.js';
import { checkInEveryLook } from './support/looks.js';
import { openTable, pane, paneGrid } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

const TICKET = 'TICKET#8842';

/** Opens the ticket in the editor from pane 1 (full access, so it can be edited). */
async function openTicket(page: Page): Promise<Locator> {
  const region = pane(page, 1);
  await region.getByRole('radio', { name: 'Query' }).check();
  await region.getByLabel(/^Partition key PK /).fill(TICKET);
  await paneGrid(page, 1).getByRole('gridcell', { name: TICKET, exact: true }).dblclick();
  const editor = page.getByRole('dialog', { name: 'Edit item in TicketDesk' });
  // The code editor is loaded on demand: it is there once its content is.
  await editor.locator('.cm-content').waitFor();
  return editor;
}

const text = (editor: Locator) => editor.getByLabel('Item as plain JSON');
const tree = (editor: Locator) => editor.getByRole('table', { name: 'Item as a tree' });
const itemOf = async (editor: Locator) => JSON.parse(await editorTextOf(text(editor))) as Record<string, unknown>;

describe.skipIf(browserMissing() !== undefined)('the item editor’s tree and text', () => {
  const workbench = useWorkbench();

  it('keeps the tree and the text in step, converts types, completes names, colours JSON and keeps a draft across a reload', async () => {
    const { context, page, errors } = await workbench().open();
    await page.getByLabel('Safety mode').selectOption('full');
    await openTable(page, 'TicketDesk');
    let editor = await openTicket(page);
    let rows = tree(editor);

    // The table's keys come first, marked, and keep their type.
    const names = await rows.getByRole('textbox', { name: /^Name of / }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(names.slice(0, 2)).toEqual(['PK', 'SK']);
    expect(await rows.getByRole('row').nth(1).innerText()).toContain('partition key');
    expect(await rows.getByRole('row').nth(2).innerText()).toContain('sort key');
    expect(await rows.getByLabel('Type of PK').isDisabled()).toBe(true);
    expect(await rows.getByLabel('Type of status').isDisabled()).toBe(false);

    // A value edited in the tree is in the text.
    await rows.getByLabel('Value of status').fill('pending');
    expect(await itemOf(editor)).toMatchObject({ status: 'pending', PK: TICKET });

    // Unsaved edits survive a reload of the page, and are offered back on the same item.
    await page.reload();
    await openTable(page, 'TicketDesk');
    editor = await openTicket(page);
    rows = tree(editor);
    const offer = editor.getByRole('note', { name: 'Unsaved edits from before' });
    await offer.getByRole('button', { name: 'Restore your unsaved edits' }).waitFor();
    expect(await itemOf(editor)).toMatchObject({ status: 'open' });

    // A text edit is in the tree.
    await text(editor).fill((await editorTextOf(text(editor))).replace(/"title": "[^"]*"/, '"title": "Typed in the text"'));
    await expect.poll(() => rows.getByLabel('Value of title').inputValue()).toBe('Typed in the text');

    // Nested values: a list added, an element added to it, then moved.
    await editor.getByRole('button', { name: 'Add an attribute' }).click();
    const added = rows.getByLabel('Name of attribute1');
    expect(await added.evaluate((element) => element === document.activeElement)).toBe(true);
    await added.fill('labels');
    await added.press('Enter');
    // The empty string becomes the list's one element.
    await rows.getByLabel('Type of labels').selectOption('L');
    expect(await itemOf(editor)).toMatchObject({ labels: [''] });
    await rows.getByRole('button', { name: 'Add to labels' }).click();
    await rows.getByLabel('Value of labels[1]').fill('second');
    await rows.getByRole('button', { name: 'Move labels[1] up' }).click();
    expect(await itemOf(editor)).toMatchObject({ labels: ['second', ''] });

    // The type picker converts what it can (N 2 → S "2") and names why it cannot (S → N).
    await rows.getByLabel('Type of priority').selectOption('S');
    expect(await itemOf(editor)).toMatchObject({ priority: '2' });
    await rows.getByLabel('Type of title').selectOption('N');
    await editor.getByRole('alert').getByText(/^Not changed: title stays S: /).waitFor();
    expect(await rows.getByLabel('Type of title').inputValue()).toBe('S');
    expect(await itemOf(editor)).toMatchObject({ title: 'Typed in the text' });

    // JSON colouring: names and strings each in their own colour, apart from the punctuation's.
    const colours = await editor.locator('.cm-content').evaluate((content) =>
      ['.tok-propertyName', '.tok-string', '.cm-line'].map((selector) => {
        const token = content.querySelector(selector);
        return token === null ? 'missing' : getComputedStyle(token).color;
      }),
    );
    expect(colours).not.toContain('missing');
    expect(new Set(colours).size).toBe(3);

    // A name typed where names go is completed from the attributes known for the table.
    await text(editor).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Home');
    await page.keyboard.type(',"GSI1');
    const completions = editor.getByRole('listbox', { name: 'Completions' });
    await completions.getByRole('option', { name: 'GSI1PK' }).waitFor();
    await completions.getByRole('option', { name: 'GSI1SK' }).waitFor();

    // Meanwhile the text does not read: the tree stays as it last read, and says why.
    expect(await editorTextOf(text(editor))).toContain(',"GSI1"');
    const behind = editor.getByRole('note', { name: 'The tree is behind the text' });
    await expect.poll(() => behind.innerText()).toMatch(/^The text does not read as an item\. .*line 19, column \d+.* The tree shows the item as it last read/);
    expect(await rows.getByLabel('Value of title').inputValue()).toBe('Typed in the text');
    // Keys marked, the draft offered, a refused type change, the completions and the note, in every look.
    await screenshot(page, 'editor-tree-completion');
    await checkInEveryLook(page);
    // Escape closes the completions, not the editor.
    await page.keyboard.press('Escape');
    await completions.waitFor({ state: 'detached' });
    expect(await editor.getByRole('alertdialog', { name: 'Unsaved edits' }).count()).toBe(0);

    await offer.getByRole('button', { name: 'Restore your unsaved edits' }).click();
    // The text as it was when the page went away: the edits made since are replaced.
    const restored = await itemOf(editor);
    expect(restored).toMatchObject({ status: 'pending', priority: 2 });
    expect(restored).not.toHaveProperty('labels');
    expect(await rows.getByLabel('Value of status').inputValue()).toBe('pending');
    await offer.waitFor({ state: 'detached' });

    // Discarded on close: the item opens again as the table has it, with nothing offered.
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await editor.getByRole('alertdialog', { name: 'Unsaved edits' }).getByRole('button', { name: 'Discard the edits' }).click();
    await editor.waitFor({ state: 'detached' });
    editor = await openTicket(page);
    expect(await itemOf(editor)).toMatchObject({ status: 'open' });
    expect(await editor.getByRole('note', { name: 'Unsaved edits from before' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
