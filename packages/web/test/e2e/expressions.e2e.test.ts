/**
 * The expression builder in real Chromium: DynamoDB's message with the token
 * underlined in the box, reserved words aliased and flagged, the TypeScript
 * program copied as core generates it, the state in the URL, and
 * accessibility in both themes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { compileFriendly, DynamoError, generateCode, parseFriendly } from '@dynotable/core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshotWholePage } from './support/browser.js';
import { useWorkbench } from './support/workbench.js';

const field = (page: Page, label: RegExp) => page.getByRole('textbox', { name: label });

async function openBuilder(page: Page, origin: string, search = ''): Promise<void> {
  await page.goto(`${origin}/design/expressions${search}`);
  await page.getByRole('heading', { level: 1, name: 'Expression builder' }).waitFor();
}

function syntaxError(kind: 'filter' | 'key' | 'update', text: string): DynamoError {
  try {
    parseFriendly(kind, text);
  } catch (error) {
    if (error instanceof DynamoError) return error;
  }
  throw new Error(`"${text}" has no error`);
}

describe.skipIf(browserMissing() !== undefined)('the expression builder', () => {
  const workbench = useWorkbench();

  it("shows DynamoDB's message for a syntax error and underlines the token in the box", async () => {
    const { context, page, errors } = await workbench().open();
    await openBuilder(page, workbench().server.origin);
    const filter = field(page, /^Filter/);
    const text = 'priority <= 2 AND status = = "open"';
    const expected = syntaxError('filter', text);
    await filter.fill(text);

    await page.getByRole('alert').filter({ hasText: expected.message }).waitFor();
    expect(await filter.getAttribute('aria-invalid')).toBe('true');
    const token = page.locator('.xp-field', { has: filter }).locator('.xp-error-token');
    const location = expected.location!;
    expect(await token.textContent()).toBe(text.slice(location.offset, location.offset + location.length));
    expect(await token.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain('underline');
    // The mark sits over the token as the box shows it: inside the box, right of the text before it.
    // Both boxes measured in one frame: the page may still be laying out what the error added above.
    const box = await filter.elementHandle();
    const { markBox, inputBox } = await token.evaluate((mark, input) => {
      const plain = (rect: DOMRect) => ({ x: rect.x, y: rect.y, height: rect.height });
      return { markBox: plain(mark.getBoundingClientRect()), inputBox: plain((input as Element).getBoundingClientRect()) };
    }, box);
    expect(markBox.x).toBeGreaterThan(inputBox.x + 10);
    expect(markBox.y).toBeGreaterThanOrEqual(inputBox.y);
    expect(markBox.y + markBox.height).toBeLessThanOrEqual(inputBox.y + inputBox.height);
    await page.getByText('Fix the fields marked above to see the request and its programs.').waitFor();
    await screenshotWholePage(page, 'expressions-syntax-error');

    // An error at the end of the text (a missing operand) points past the last character.
    const unfinished = 'priority <= 2 AND';
    await filter.fill(unfinished);
    await page.getByRole('alert').filter({ hasText: syntaxError('filter', unfinished).message }).waitFor();
    await filter.fill('priority <= 2');
    await expect.poll(() => page.locator('.xp-error-token').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('flags a reserved word and shows the alias used for it', async () => {
    const { context, page } = await workbench().open();
    await openBuilder(page, workbench().server.origin);
    await field(page, /^Filter/).fill('status = "open" AND `first name` = "Ann"');
    await field(page, /^Projection/).fill('title, comment');
    // Under the field itself…
    const flags = page.getByRole('list', { name: 'Names in the filter that need an alias' });
    await expect.poll(() => flags.innerText()).toContain('status is a DynamoDB reserved word: written #status');
    expect(await flags.innerText()).toContain('first name is not a plain name');
    // …and for the whole request.
    const aliases = page.getByRole('table', { name: 'Names written through aliases' });
    await aliases.waitFor();
    const row = (name: string) => aliases.getByRole('row', { name: new RegExp(`^${name} `) });
    await expect.poll(() => row('status').innerText()).toMatch(/status\s+#status\s+a DynamoDB reserved word/);
    expect(await row('comment').innerText()).toMatch(/#comment\s+a DynamoDB reserved word/);
    expect(await row('first name').innerText()).toContain('not a plain name');
    expect(await aliases.getByRole('row', { name: /^title / }).count()).toBe(0);
    const wire = await page.getByLabel('Query parameters').innerText();
    expect(JSON.parse(wire).ExpressionAttributeNames).toEqual({ '#status': 'status', '#first_name': 'first name', '#comment': 'comment' });
    await screenshotWholePage(page, 'expressions-reserved-word');
    await context.close();
  });

  it('copies the TypeScript program as core generates it for the request', async () => {
    const { context, page } = await workbench().open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: workbench().server.origin });
    await openBuilder(page, workbench().server.origin);
    const key = 'GSI1PK = "TEAM#7" AND begins_with(GSI1SK, "STATUS#pending")';
    const filter = 'priority >= 3 AND status <> "closed"';
    const projection = 'ticketId, status, title';
    await field(page, /^Key condition/).fill(key);
    await field(page, /^Filter/).fill(filter);
    await field(page, /^Projection/).fill(projection);
    const expected = generateCode({ operation: 'Query', params: { TableName: 'TicketDesk', IndexName: 'GSI1', ...compileFriendly({ key, filter, projection }) } }, 'typescript');

    await page.getByRole('tab', { name: 'TypeScript' }).click();
    await page.getByRole('button', { name: 'Copy TypeScript' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied the TypeScript program' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(await page.getByRole('tabpanel').innerText()).toBe(expected);

    // Every other language is one arrow key away.
    await page.getByRole('tab', { name: 'TypeScript' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Copy Python' }).waitFor();
    await context.close();
  });

  it('keeps the operation and the texts in the URL, so a link opens the same request', async () => {
    const { context, page } = await workbench().open();
    await openBuilder(page, workbench().server.origin);
    await page.getByRole('radio', { name: 'UpdateItem' }).check();
    await page.getByLabel('Partition key', { exact: true }).fill('PK');
    await page.getByLabel('Partition key value').fill('TICKET#8842');
    await page.getByLabel('Sort key', { exact: true }).fill('SK');
    await page.getByLabel('Sort key value').fill('TICKET');
    const update = 'SET status = "pending", priority = priority + 1 REMOVE GSI2PK, GSI2SK';
    await field(page, /^Update/).fill(update);
    await field(page, /^Condition/).fill('attribute_exists(PK)');
    const program = page.getByRole('tabpanel');
    await expect.poll(() => program.innerText()).toContain('UpdateItemCommand');
    const link = page.url();
    expect(new URL(link).searchParams.get('op')).toBe('UpdateItem');

    const other = await context.newPage();
    await other.goto(link);
    await other.getByRole('heading', { level: 1, name: 'Expression builder' }).waitFor();
    expect(await other.getByRole('radio', { name: 'UpdateItem' }).isChecked()).toBe(true);
    expect(await field(other, /^Update/).inputValue()).toBe(update);
    expect(JSON.parse(await other.getByLabel('UpdateItem parameters').innerText()).Key).toEqual({ PK: { S: 'TICKET#8842' }, SK: { S: 'TICKET' } });

    // Updating a key attribute: DynamoDB's refusal.
    await field(other, /^Update/).fill('SET SK = "x"');
    await other.getByRole('alert').filter({ hasText: 'Cannot update attribute SK. This attribute is part of the key' }).waitFor();
    await screenshotWholePage(other, 'expressions-update');
    await context.close();
  });

  it('has no serious accessibility violations, in the light and the dark theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await workbench().open({ colorScheme });
      await page.evaluate((theme) => localStorage.setItem('dynotable.theme', theme), colorScheme);
      await openBuilder(page, workbench().server.origin);
      await page.getByRole('tabpanel').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // And with an error on screen.
      await field(page, /^Filter/).fill('status = = "open"');
      await page.locator('.xp-error-token').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshotWholePage(page, `expressions-${colorScheme}`);
      await context.close();
    }
  });
});
