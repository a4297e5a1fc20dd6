/**
 * The shell's keyboard, palette and tabs as a person meets them: keys typed
 * right after the palette closes, or in a field, are text and not shortcuts;
 * the palette runs a pane's actions and opens the linked model's access
 * patterns; every tab comes back with its panes after a reload, and the URL
 * alone opens the same panes; closing a tab, leaving the area or closing
 * the browser tab with unsaved edits asks first; "Use fields" turns a typed
 * key condition with placeholders into the fields (the same items) or says
 * why it cannot. One page through the steps.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { browserMissing, screenshot } from './support/browser.js';
import { checkInEveryLook } from './support/looks.js';
import { openTable, pane, settledStats } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';
import { editorTextOf } from './support/item-editor.js';

const ACTOR = 'ACTOR#u_8814';

describe.skipIf(browserMissing() !== undefined)('the keyboard, the palette and the tabs', () => {
  const workbench = useWorkbench();
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  afterAll(async () => {
    await context?.close();
  });

  const palette = () => page.getByRole('dialog', { name: 'Command palette' });
  /** Opens the palette with Ctrl+K, types, and runs the first command that matches with Enter. */
  async function runCommand(words: string, expected: RegExp): Promise<void> {
    await page.keyboard.press('Control+k');
    const input = palette().getByRole('combobox', { name: 'Type a command' });
    await input.fill(words);
    await expect.poll(() => palette().getByRole('option', { selected: true }).innerText()).toMatch(expected);
    await input.press('Enter');
    await palette().waitFor({ state: 'detached' });
  }
  const direction = (region: Locator) => region.getByRole('button', { name: /^(Ascending|Descending)/ });

  it('keeps keys typed right after the palette closes, and in fields, as text', async () => {
    ({ context, page, errors } = await workbench().open());
    await openTable(page, 'AuditLog');
    await pane(page, 1).waitFor();

    // Escape closes the palette; "query" typed next does not open the Update-table dialog (`e`).
    await page.keyboard.press('Control+k');
    await palette().waitFor();
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'detached' });
    await page.keyboard.type('query');
    // Enter on a command closes it too: the same.
    await runCommand('toggle theme', /theme/);
    await page.keyboard.type('query');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/\/t\/AuditLog$/);

    // Once the person moves on (a click on the page), the shortcuts are back.
    await page.getByRole('heading', { level: 1, name: 'AuditLog' }).click();
    await page.keyboard.press('e');
    const update = page.getByRole('dialog', { name: /^Update AuditLog/ });
    await update.waitFor();
    // In a dialog, `w` is text or nothing: the tab stays.
    await page.keyboard.press('w');
    await page.keyboard.press('Escape');
    await update.waitFor({ state: 'detached' });

    // `w` in a text field types a w; in a contenteditable editor too. The tab stays open.
    const tabs = page.getByRole('navigation', { name: 'Open tables' });
    const projection = pane(page, 1).getByLabel('Projection');
    await projection.click();
    await page.keyboard.type('w');
    expect(await projection.inputValue()).toBe('w');
    await projection.fill('');
    await page.evaluate(() => {
      const editor = document.createElement('div');
      editor.contentEditable = 'true';
      editor.id = 'scratch-editor';
      editor.setAttribute('aria-label', 'Scratch editor');
      document.getElementById('main')?.append(editor);
      editor.focus();
    });
    await page.keyboard.type('w[e]');
    expect(await page.locator('#scratch-editor').innerText()).toBe('w[e]');
    await page.evaluate(() => document.getElementById('scratch-editor')?.remove());
    expect(await tabs.getByRole('link', { name: 'AuditLog' }).count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('Use fields turns a key condition with placeholders into the fields, with the same items, and refuses an OR saying why', async () => {
    const first = pane(page, 1);
    // By keyboard, as the radio sits under the sticky grid once the page has scrolled.
    await first.getByRole('radio', { name: 'Query' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => first.getByRole('radio', { name: 'Query' }).isChecked()).toBe(true);
    await screenshot(page, 'keyboard-query-mode');
    await first.getByLabel('Limit', { exact: true }).fill('');
    await first.getByRole('button', { name: 'Edit as text' }).first().click();
    await first.getByLabel('Key condition (friendly text)').fill('#pk = :pk AND #sk BETWEEN :a AND :b');
    await first.getByLabel('Names of #placeholders').fill('{"#pk": "PK", "#sk": "SK"}');
    await first.getByLabel('Values of :placeholders').fill(JSON.stringify({ ':pk': { S: ACTOR }, ':a': { S: 'EVT#2026-06-01' }, ':b': { S: 'EVT#2026-07-01' } }));
    const asText = await settledStats(first);
    expect(Number(asText['Count'])).toBeGreaterThan(0);

    await first.getByRole('button', { name: 'Use fields' }).click();
    expect(await first.getByLabel('Partition key PK (S)').inputValue()).toBe(ACTOR);
    expect(await first.getByLabel('Sort key SK condition').inputValue()).toBe('BETWEEN');
    expect(await first.getByLabel('Sort key SK from (S)').inputValue()).toBe('EVT#2026-06-01');
    expect(await first.getByLabel('Sort key SK to (S)').inputValue()).toBe('EVT#2026-07-01');
    const asFields = await settledStats(first);
    expect(asFields['Count']).toBe(asText['Count']);
    // A short page from here on: the looks below check the page, not a long grid.
    await first.getByLabel('Limit', { exact: true }).fill('5');
    await settledStats(first);

    // An OR cannot be said in the fields: the reason is shown by the button and the text stays.
    await first.getByRole('button', { name: 'Edit as text' }).first().click();
    const key = first.getByLabel('Key condition (friendly text)');
    const or = `PK = "${ACTOR}" OR PK = "ACTOR#u_1"`;
    await key.fill(or);
    await first.getByRole('button', { name: 'Use fields' }).click();
    const refusal = first.getByRole('alert').filter({ hasText: 'The fields cannot hold this key condition' });
    await refusal.getByText(/Invalid operator used in KeyConditionExpression: OR.*the text is kept/).waitFor();
    expect(await key.inputValue()).toBe(or);
    await screenshot(page, 'keyboard-use-fields-refused');
    await checkInEveryLook(page, async () => {
      expect(await refusal.isVisible()).toBe(true);
    });
    // Back to a condition that runs, for the steps after.
    await key.fill(`PK = "${ACTOR}"`);
    await settledStats(first);
  });

  it("runs a pane's actions and opens the linked model's access pattern from the palette", async () => {
    const first = pane(page, 1);
    expect(await direction(first).innerText()).toMatch(/^Ascending/);
    await page.keyboard.press('Control+k');
    await palette().getByRole('combobox', { name: 'Type a command' }).fill('pane 1');
    for (const label of ['Run Query', 'Flip direction (to descending)', 'New item', 'Duplicate pane']) {
      await palette().getByRole('option', { name: new RegExp(`Pane 1.*${label.replace(/[()]/g, '\\$&')}`) }).waitFor();
    }
    await checkInEveryLook(page);
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'detached' });

    await runCommand('flip direction', /Flip direction/);
    await expect.poll(() => direction(first).innerText()).toMatch(/^Descending/);
    await runCommand('add pane', /Add pane/);
    await pane(page, 2).waitFor();
    await runCommand('listActorEvents', /listActorEvents/);
    await pane(page, 3).getByText('pattern listActorEvents').waitFor();
  });

  it('brings every tab back with its panes after a reload, and the URL alone opens the same panes', async () => {
    const auditUrl = page.url();
    await openTable(page, 'TicketDesk');
    await pane(page, 1).getByLabel('Limit', { exact: true }).fill('7');
    await page.getByRole('button', { name: 'Add pane' }).click();
    await pane(page, 2).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('panes')).not.toBeNull();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'TicketDesk' }).waitFor();
    await pane(page, 2).waitFor();
    expect(await pane(page, 1).getByLabel('Limit', { exact: true }).inputValue()).toBe('7');

    // The other tab, not in the URL at the reload, has its own panes back.
    await page.getByRole('navigation', { name: 'Open tables' }).getByRole('link', { name: 'AuditLog' }).click();
    await page.getByRole('heading', { level: 1, name: 'AuditLog' }).waitFor();
    await pane(page, 3).getByText('pattern listActorEvents').waitFor();
    expect(await direction(pane(page, 1)).innerText()).toMatch(/^Descending/);
    expect(await pane(page, 1).getByLabel('Key condition (friendly text)').inputValue()).toBe(`PK = "${ACTOR}"`);
    expect(new URL(page.url()).searchParams.get('panes')).toBe(new URL(auditUrl).searchParams.get('panes'));

    // A shared link: a page of its own (no stored tabs) opens the same panes.
    const shared = await context.newPage();
    await shared.goto(page.url());
    await shared.getByRole('heading', { level: 1, name: 'AuditLog' }).waitFor();
    await pane(shared, 3).getByText('pattern listActorEvents').waitFor();
    expect(await direction(pane(shared, 1)).innerText()).toMatch(/^Descending/);
    await shared.close();
  });

  it('asks before closing a tab, or leaving the area, with unsaved edits in the item editor', async () => {
    // With nothing unsaved, leaving the area and coming Back just goes, and the tab's panes come back.
    await runCommand('design pricing', /Pricing/);
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'AuditLog' }).waitFor();
    await pane(page, 3).getByText('pattern listActorEvents').waitFor();

    await pane(page, 1).getByRole('button', { name: 'New item' }).click();
    const editor = page.getByRole('dialog', { name: 'New item in AuditLog' });
    const text = editor.getByLabel('Item as plain JSON');
    await text.fill('{"PK": "ACTOR#draft", "SK": "EVT#draft", "note": "typed, not saved"}');

    await runCommand('close auditlog', /Close AuditLog/);
    const asking = page.getByRole('dialog', { name: 'Close AuditLog?' });
    await asking.getByText('Unsaved edits to a new item in AuditLog').waitFor();
    await screenshot(page, 'keyboard-close-tab-asks');
    await checkInEveryLook(page);
    // Keeping is the default answer: Enter keeps the tab and the text.
    await page.keyboard.press('Enter');
    await asking.waitFor({ state: 'detached' });
    expect(await editorTextOf(text)).toContain('typed, not saved');

    // Closing the browser tab (or reloading) makes the browser ask; dismissed, the page stays.
    const prompt = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // Leaving for the Design area asks the same.
    await runCommand('design pricing', /Pricing/);
    const leaving = page.getByRole('dialog', { name: 'Leave the Tables area?' });
    await leaving.getByText('Unsaved edits to a new item in AuditLog').waitFor();
    await leaving.getByRole('button', { name: 'Keep working' }).click();
    expect(new URL(page.url()).pathname).toMatch(/\/t\/AuditLog$/);
    // Forward (or Back) to the Design area asks too, and kept, the page and the edits stay.
    await page.goForward();
    await leaving.getByText('Unsaved edits to a new item in AuditLog').waitFor();
    await leaving.getByRole('button', { name: 'Keep working' }).click();
    await leaving.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toMatch(/\/t\/AuditLog$/);
    expect(await editorTextOf(text)).toContain('typed, not saved');

    // Closing and losing them closes the tab.
    await runCommand('close auditlog', /Close AuditLog/);
    await asking.getByRole('button', { name: 'Close the tab and lose it' }).click();
    await page.getByRole('heading', { level: 1, name: 'TicketDesk' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Open tables' }).getByRole('link', { name: 'AuditLog' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
