/**
 * The design tools in real Chromium, on one page: a design accepted into an
 * opened model file is merged (the change shown first; Cancel keeps the
 * file; the merge keeps its comments, counts and rates, and the questions
 * follow the file); the expression builder's table picked from the
 * connection, its read run and opened in the query panel; the query builder
 * holding back a model with lint errors until "Generate anyway"; an unsaved
 * edit of the model file asking before the page is left; verify's
 * headline counting the patterns that pass. Every look is checked with axe.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserMissing } from './support/browser.js';
import { LEADERBOARD_QUESTIONS } from './support/leaderboard-questions.js';
import { checkInEveryLook, wholeInView } from './support/looks.js';
import { api } from './support/page-api.js';
import { pane } from './support/panes.js';
import { REPO_ROOT } from './support/server.js';
import { useWorkbench } from './support/workbench.js';

const LEADERBOARD = readFileSync(`${REPO_ROOT}examples/leaderboard.yaml`, 'utf8');
const UNPADDED = readFileSync(`${REPO_ROOT}examples/broken/leaderboard-unpadded-rating.yaml`, 'utf8');
const COMMENT_LINES = LEADERBOARD.split('\n').filter((line) => line.trim().startsWith('#'));
const NEW_QUESTION = 'list matches by map';

const modelText = (page: Page) => page.getByRole('textbox', { name: 'Model file text' }).inputValue();
const storedModel = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('dynotable.model') ?? '{"text":""}') as { text: string }).text);
const questionInputs = (page: Page) => page.getByRole('region', { name: 'Access patterns' }).getByRole('textbox', { name: /^Access pattern \d+$/ });
const questionTexts = async (page: Page) => {
  const inputs = questionInputs(page);
  return Promise.all(Array.from({ length: await inputs.count() }, (_, index) => inputs.nth(index).inputValue()));
};

async function setModel(page: Page, text: string, fileName: string): Promise<void> {
  await page.evaluate(({ text, fileName }) => localStorage.setItem('dynotable.model', JSON.stringify({ text, fileName })), { text, fileName });
}

async function designPage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/design${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describe.skipIf(browserMissing() !== undefined)('the design tools', () => {
  const workbench = useWorkbench();
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ context, page, errors } = await workbench().open());
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
    await context?.close();
  });

  it('merges an accepted design into an opened file: the change shown first, Cancel keeps the file, Replace keeps its comments, counts and rates; an unsaved edit asks before leaving', async () => {
    await designPage(page, '', 'Model designer');
    await questionInputs(page).first().fill('get ticket by id');

    // Opening a file: its questions replace the ones typed before.
    await page.locator('input[type="file"][accept=".yaml,.yml,.json"]').setInputFiles({ name: 'leaderboard.yaml', mimeType: 'application/yaml', buffer: Buffer.from(LEADERBOARD) });
    await expect.poll(() => modelText(page)).toBe(LEADERBOARD);
    await expect.poll(() => questionTexts(page)).toEqual(LEADERBOARD_QUESTIONS);

    // One more question, and a blank line after it.
    await page.getByRole('button', { name: 'Add access pattern' }).click();
    await page.keyboard.type(NEW_QUESTION);
    await page.keyboard.press('Enter');
    const proposal = page.getByRole('region', { name: 'Proposed design' });
    await proposal.locator(`[data-question="${NEW_QUESTION}"]`).waitFor();

    // Accepting asks first, with the change line by line.
    await proposal.getByRole('button', { name: 'Accept the design' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge the design into leaderboard.yaml?' });
    const changes = dialog.getByRole('list', { name: 'Changes to leaderboard.yaml' });
    await changes.locator('.change-add', { hasText: NEW_QUESTION }).first().waitFor();
    await checkInEveryLook(page, async () => {
      expect(await wholeInView(page, 'dialog .dialog-actions')).toBe(true);
    });
    await dialog.getByRole('button', { name: 'Cancel, keep the file' }).click();
    await proposal.getByRole('status').filter({ hasText: 'Kept leaderboard.yaml as it was.' }).waitFor();
    expect(await modelText(page)).toBe(LEADERBOARD);
    expect(await storedModel(page)).toBe(LEADERBOARD);

    // Replaced: the design is in, the file's comments, counts and rates are kept, the questions are the design's.
    await proposal.getByRole('button', { name: 'Accept the design' }).click();
    await dialog.getByRole('button', { name: 'Replace the file' }).click();
    await proposal.getByRole('status').filter({ hasText: 'Written to the model file.' }).waitFor();
    const merged = await modelText(page);
    expect(merged).toContain(NEW_QUESTION);
    for (const line of COMMENT_LINES) expect(merged).toContain(line);
    for (const figure of ['count: 200000', 'count: 20000000', 'rate: 300', 'rate: 150', 'expectedItems: 20', '{ name: recordMatch, entity: Match, kind: create, rate: 100 }']) {
      expect(merged).toContain(figure);
    }
    expect(await storedModel(page)).toBe(merged);
    expect(await questionTexts(page)).toEqual([...LEADERBOARD_QUESTIONS, NEW_QUESTION]);

    // An edit of the file is unsaved work: leaving the page asks first (dismissed, the page and the edit stay).
    const editor = page.getByRole('textbox', { name: 'Model file text' });
    await editor.press('Control+End');
    await editor.press('Enter');
    await page.getByText('(unsaved)').waitFor();
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const leaving = await asked;
    expect(leaving.type()).toBe('beforeunload');
    await leaving.dismiss();
    expect(page.isClosed()).toBe(false);
    expect(await modelText(page)).toBe(`${merged}\n`);
    await page.keyboard.press('Control+s');
    await expect.poll(() => storedModel(page)).toBe(`${merged}\n`);
  });

  it('picks the table from the connection, runs the read and opens it in the query panel', async () => {
    // A table the connection does not have is kept from the link, marked, and cannot run.
    await designPage(page, '/expressions?table=Nope', 'Expression builder');
    const table = page.getByLabel('Table', { exact: true });
    await expect.poll(() => table.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['Nope (not on this connection)', 'AuditLog', 'Leaderboard', 'TicketDesk']));
    expect(await page.getByRole('button', { name: /^Run on / }).isDisabled()).toBe(true);

    // Picking a table or an index fills the key fields with its keys.
    await table.selectOption('Leaderboard');
    await expect.poll(() => page.getByLabel('Partition key', { exact: true }).inputValue()).toBe('PK');
    expect(await page.getByLabel('Index', { exact: true }).inputValue()).toBe('');
    expect(await table.locator('option').allInnerTexts()).not.toContain('Nope (not on this connection)');
    await table.selectOption('TicketDesk');
    await page.getByRole('list', { name: 'Keys and indexes of TicketDesk' }).getByText(/^GSI GSI1: partition key GSI1PK \(S\)/).waitFor();
    await page.getByLabel('Index', { exact: true }).selectOption('GSI1');
    await expect.poll(() => page.getByLabel('Partition key', { exact: true }).inputValue()).toBe('GSI1PK');
    await page.getByRole('textbox', { name: /^Filter/ }).fill('');

    // Run: the items, the counts and the capacity the connection answers.
    const connections = (await page.evaluate(async () => (await fetch('/api/connections')).json())) as { connections: { id: string; kind: string }[] };
    const embedded = connections.connections.find((connection) => connection.kind === 'embedded')!;
    const key = await page.getByRole('textbox', { name: /^Key condition/ }).inputValue();
    const expected = await api<{ count: number }>(page, `/api/connections/${embedded.id}/tables/TicketDesk/items/query`, { key, IndexName: 'GSI1', projection: 'ticketId, status, title, priority' });
    expect(expected.body.count).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Run on / }).click();
    const results = page.getByLabel('Run results', { exact: true });
    await results.waitFor();
    expect(await results.locator('dt', { hasText: 'Items' }).locator('+ dd').innerText()).toBe(String(expected.body.count));
    expect(await results.locator('dt', { hasText: 'Consumed' }).locator('+ dd').innerText()).toMatch(/RCU$/);
    const shown = page.getByRole('list', { name: 'Items returned' }).getByRole('listitem');
    expect(await shown.count()).toBe(Math.min(expected.body.count, 50) + (expected.body.count > 50 ? 1 : 0));
    expect(await shown.first().innerText()).toMatch(/^\{"/);
    await checkInEveryLook(page);

    // Open in query panel: the table's workbench with a pane holding this query.
    await page.getByRole('link', { name: 'Open in query panel' }).click();
    await page.waitForURL((url) => url.pathname === `/c/${embedded.id}/t/TicketDesk` && url.searchParams.has('panes'));
    const first = pane(page, 1);
    await first.waitFor();
    expect(await first.getAttribute('aria-label')).toContain('GSI1');
    expect(await first.getByRole('textbox', { name: 'Key condition (friendly text)' }).inputValue()).toBe(key);
  });

  it('holds back code for a model with lint errors until "Generate anyway"', async () => {
    await setModel(page, UNPADDED, 'leaderboard-unpadded-rating.yaml');
    let codegenRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/model/codegen') codegenRequests++;
    });
    await designPage(page, '/codegen', 'Query builder');
    const warning = page.getByRole('region', { name: /The linter finds .* in this model/ });
    await warning.getByRole('list', { name: 'Lint errors' }).getByText('unpadded-number-in-key').first().waitFor();
    expect(await warning.getByRole('link', { name: /designer's lint panel/ }).getAttribute('href')).toBe('/design');
    await checkInEveryLook(page);
    expect(codegenRequests).toBe(0);
    expect(await page.locator('.codegen-file').count()).toBe(0);

    await warning.getByRole('button', { name: 'Generate anyway' }).click();
    await page.locator('.codegen-file').first().waitFor();
    await page.getByRole('status').filter({ hasText: /^⚠ Generated anyway: the linter finds \d+ errors? in this model\./ }).waitFor();
    expect(codegenRequests).toBeGreaterThan(0);
  });

  it('heads a verify run with one failing pattern "3 of 4 patterns pass", in the failure’s colour', async () => {
    await designPage(page, '/verify?items=200', 'Verify');
    await page.getByText('Model leaderboard: 4 access patterns').waitFor();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Result' }).waitFor();
    const headline = page.getByRole('status').filter({ hasText: /^✗ 3 of 4 patterns pass; / });
    await headline.waitFor();
    expect(await headline.getAttribute('data-status')).toBe('fail');
    expect(await page.getByText(/verify succeeded/).count()).toBe(0);
    await checkInEveryLook(page, async () => {
      const colours = await headline.evaluate((element) => {
        const style = getComputedStyle(element);
        const danger = getComputedStyle(document.documentElement).getPropertyValue('--danger').trim();
        return { background: style.backgroundColor, danger };
      });
      // The failure's colour: the theme's danger colour behind the headline.
      const probe = await page.evaluate((colour) => {
        const element = document.createElement('span');
        element.style.color = colour;
        document.body.append(element);
        const rgb = getComputedStyle(element).color;
        element.remove();
        return rgb;
      }, colours.danger);
      expect(colours.background).toBe(probe);
    });
  });
});
