/**
 * The pricing calculator in real Chromium: the ticket desk's comparison (4 against 3
 * write units for a 1 KB ticket) following the ticket size and the rates, a
 * pasted item's size as core computes it, the model's monthly cost, the rates
 * kept in the URL and the browser, a model without rates (why it is $0, its
 * assumed figures, a rate typed in and written into the model file), and
 * accessibility in both themes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { applyModelEditsToText, assumptionEdits, compareMoveWithIndexUpdate, costModel, formatMoney, itemFromWire, itemSize, parseModel } from '@dynotable/core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshotWholePage } from './support/browser.js';
import { REPO_ROOT } from './support/server.js';
import { useWorkbench } from './support/workbench.js';

const designCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The number in "<n> write units per status change" on a design's card. */
async function writeUnits(page: Page, name: string): Promise<number> {
  const text = await designCard(page, name).locator('.pricing-units').innerText();
  const match = /^([\d.]+) write units/.exec(text.trim());
  if (match === null) throw new Error(`no write units in "${text}"`);
  return Number(match[1]);
}

async function openPricing(page: Page, origin: string, search = ''): Promise<void> {
  await page.goto(`${origin}/design/pricing${search}`);
  await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
}

/** The ticket desk as written before its volumes were known: no rates, no count. */
function ticketDeskWithoutFigures(): string {
  return readFileSync(`${REPO_ROOT}examples/ticket-desk.yaml`, 'utf8')
    .replace(/^ +(rate|count): \d+\n/gm, '')
    .replace(/, rate: \d+ \}/g, ' }');
}

const storedModelText = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('dynotable.model') ?? '{}') as { text?: string }).text ?? '');

/** The chart's text description: "getTicket: On-demand $1.23, Provisioned $0.45; …". */
const chartDescription = (page: Page, title: string) => page.getByRole('img', { name: title }).locator('desc').textContent();

describe.skipIf(browserMissing() !== undefined)('the pricing calculator', () => {
  const workbench = useWorkbench();

  it('compares the transactional move with the GSI update: 4 against 3 write units for a 1 KB ticket, following the size', async () => {
    const { context, page, errors } = await workbench().open();
    await openPricing(page, workbench().server.origin);
    await expect.poll(() => writeUnits(page, 'Transactional move')).toBe(4);
    expect(await writeUnits(page, 'GSI update')).toBe(3);
    expect(await page.getByLabel('Ticket size (bytes)').inputValue()).toBe('1024');

    const size = page.getByLabel('Ticket size (bytes)');
    await size.fill('2048');
    const expected = compareMoveWithIndexUpdate(2048);
    await expect.poll(() => writeUnits(page, 'Transactional move')).toBe(expected.move.units);
    expect(await writeUnits(page, 'GSI update')).toBe(expected.indexUpdate.units);
    expect([expected.move.units, expected.indexUpdate.units]).not.toEqual([4, 3]);
    expect(new URL(page.url()).searchParams.get('ticket')).toBe('2048');

    // A size DynamoDB cannot store: said so, and nothing stale shown as if it were its figures.
    await size.fill('500000');
    await page.getByText('Enter a whole number of bytes from 1 to 409600').waitFor();
    expect(await designCard(page, 'Transactional move').count()).toBe(0);
    await size.fill('1024');
    await expect.poll(() => writeUnits(page, 'Transactional move')).toBe(4);
    await screenshotWholePage(page, 'pricing-comparison');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a pasted item's size as core's itemSize computes it, with its units", async () => {
    const { context, page } = await workbench().open();
    await openPricing(page, workbench().server.origin);
    const wire = {
      PK: { S: 'TEAM#7' },
      SK: { S: 'TICKET#8842' },
      title: { S: 'Imprimante bloquée — étage 3 🖨️' },
      exact: { N: '12345678901234567890123456789012345678' },
      small: { N: '0.000100' },
      tags: { SS: ['hardware', 'floor-3'] },
      scores: { NS: ['1', '2.5', '-300'] },
      blob: { B: 'AAECAwQ=' },
      nested: { M: { list: { L: [{ N: '1' }, { BOOL: true }, { NULL: true }] } } },
    };
    const expectedBytes = itemSize(itemFromWire(wire));
    const box = page.getByRole('textbox', { name: 'Item', exact: true });

    await box.fill(JSON.stringify(wire, null, 2));
    await page.getByText(`Item size: ${expectedBytes.toLocaleString('en-US')} bytes`).waitFor();
    await page.getByText('read as DynamoDB JSON').waitFor();
    const attributes = page.getByRole('table', { name: 'Size of each attribute' });
    expect(await attributes.locator('tbody tr').count()).toBe(Object.keys(wire).length);

    // The same item in plain JSON, the number typed with all its digits.
    const plain = `{"PK": "TEAM#7", "SK": "TICKET#8842", "title": "Imprimante bloquée — étage 3 🖨️", "exact": 12345678901234567890123456789012345678, "small": 0.000100,
      "tags": {"$SS": ["hardware", "floor-3"]}, "scores": {"$NS": [1, 2.5, -300]}, "blob": {"$B": "AAECAwQ="}, "nested": {"list": [1, true, null]}}`;
    await box.fill(plain);
    await page.getByText('read as plain JSON').waitFor();
    await page.getByText(`Item size: ${expectedBytes.toLocaleString('en-US')} bytes`).waitFor();
    const units = page.getByRole('table', { name: 'Capacity units for one item' });
    expect(await units.getByRole('row', { name: /Write, standard/ }).innerText()).toContain('1 WCU');
    expect(await units.getByRole('row', { name: /Write, transactional/ }).innerText()).toContain('2 WCU');

    // A 3000-byte item: 3 write units, one 4 KB read block.
    await box.fill(JSON.stringify({ a: 'x'.repeat(2999) }));
    await page.getByText('Item size: 3,000 bytes').waitFor();
    expect(await units.getByRole('row', { name: /Write, standard/ }).innerText()).toContain('3 WCU');
    expect(await units.getByRole('row', { name: /Read, eventually consistent/ }).innerText()).toContain('0.5 RCU');

    await box.fill('{"a": 1,, }');
    await page.getByRole('alert').getByText(/Not JSON: .*\(line 1, column 9\)/).waitFor();
    await context.close();
  });

  it("prices the model per access pattern and write path at the user's rates, kept in the URL and the browser", async () => {
    const { context, page } = await workbench().open();
    const yaml = readFileSync(`${REPO_ROOT}examples/ticket-desk.yaml`, 'utf8');
    await page.evaluate((text) => localStorage.setItem('dynotable.model', JSON.stringify({ text, fileName: 'ticket-desk.yaml' })), yaml);
    await openPricing(page, workbench().server.origin);
    const model = parseModel(yaml, 'ticket-desk.yaml');
    const report = costModel(model);
    const patterns = page.getByRole('table', { name: 'Cost per access pattern' });
    await patterns.waitFor();
    expect(await patterns.locator('tbody tr').count()).toBe(report.patterns.length);
    expect(await page.getByRole('table', { name: 'Cost per write path' }).locator('tbody tr').count()).toBe(report.writePaths.length);
    const totals = page.getByLabel('Monthly totals');
    await expect.poll(() => totals.innerText()).toContain(formatMoney(report.totals.onDemandMonthly));
    expect(await totals.innerText()).toContain(formatMoney(report.totals.provisionedMonthly));
    await page.getByRole('img', { name: 'Monthly cost by access pattern' }).waitFor();
    await page.getByRole('img', { name: 'Monthly cost by write path' }).waitFor();
    // The defaults, from the server's answer, are the placeholders.
    const writeRate = page.getByLabel('On-demand writes, per million');
    expect(await writeRate.getAttribute('placeholder')).toBe(String(report.prices.standard.onDemandWritePerMillion));
    await screenshotWholePage(page, 'pricing-model');

    // Doubling the write rate doubles the write paths' on-demand money and the comparison's.
    const doubled = report.prices.standard.onDemandWritePerMillion * 2;
    await writeRate.fill(String(doubled));
    const repriced = costModel(model, { standard: { onDemandWritePerMillion: doubled } });
    await expect.poll(() => totals.innerText()).toContain(formatMoney(repriced.totals.onDemandMonthly));
    const move = compareMoveWithIndexUpdate(1024, { standard: { onDemandWritePerMillion: doubled } }).move;
    await expect.poll(() => designCard(page, 'Transactional move').innerText()).toContain(formatMoney(move.perMillionChanges));
    expect(new URL(page.url()).searchParams.get('odw')).toBe(String(doubled));

    // The link carries the rate; the browser remembers it for a visit without one.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    expect(await page.getByLabel('On-demand writes, per million').inputValue()).toBe(String(doubled));
    await openPricing(page, workbench().server.origin);
    await expect.poll(() => page.getByLabel('On-demand writes, per million').inputValue()).toBe(String(doubled));
    await expect.poll(() => new URL(page.url()).searchParams.get('odw')).toBe(String(doubled));

    // A rate that is not a price is said so and not sent.
    await page.getByLabel('Storage, per GB-month').fill('cheap');
    await page.getByText('Enter a price of zero or more, such as 0.25').waitFor();
    await page.getByRole('button', { name: 'Use the default prices' }).click();
    expect(await page.getByLabel('On-demand writes, per million').inputValue()).toBe('');
    expect(new URL(page.url()).searchParams.get('odw')).toBeNull();
    await context.close();
  });

  it('says why a model without rates costs $0, fills assumed figures, and writes a rate typed in back into the model file', async () => {
    const { context, page, errors } = await workbench().open();
    const bare = ticketDeskWithoutFigures();
    expect(bare).not.toMatch(/rate:|count:/);
    await page.evaluate((text) => localStorage.setItem('dynotable.model', JSON.stringify({ text, fileName: 'ticket-desk.yaml' })), bare);
    await openPricing(page, workbench().server.origin);

    // $0.00, and why.
    const totals = page.getByLabel('Monthly totals');
    await expect.poll(() => totals.innerText()).toContain('$0 because no rates yet: set a rate (calls per second) per access pattern and write path, or use the assumed ones');
    expect(await totals.innerText()).toContain('$0 because no item counts yet: set a count per entity, or use the assumed ones');
    const patterns = page.getByRole('table', { name: 'Cost per access pattern' });
    expect(await patterns.getByRole('row', { name: /getTicket/ }).innerText()).toContain('no rate: not in the totals');

    // Filled with assumed figures: a cost above zero, marked assumed, and the model file says so too.
    await page.getByRole('button', { name: /^Fill in assumed values/ }).click();
    const filled = applyModelEditsToText(bare, assumptionEdits(parseModel(bare, 'ticket-desk.yaml')), 'ticket-desk.yaml');
    await expect.poll(() => storedModelText(page)).toBe(filled);
    expect(filled).toContain('# Ticket desk: the status changes, so it stays out of the base key.');
    const assumed = costModel(parseModel(filled, 'ticket-desk.yaml'));
    expect(assumed.totals.onDemandMonthly).toBeGreaterThan(0);
    await expect.poll(() => totals.innerText()).toContain(formatMoney(assumed.totals.onDemandMonthly));
    expect(await totals.innerText()).not.toContain('$0 because');
    await page.getByText(`These totals rest on ${assumed.assumedFigures} figures no one has set yet`).waitFor();
    const getTicketRow = patterns.getByRole('row', { name: /getTicket/ });
    expect(await getTicketRow.innerText()).toContain('assumed');
    await expect.poll(() => chartDescription(page, 'Monthly cost by access pattern')).toContain('getTicket (assumed): On-demand');
    expect(await seriousViolations(page)).toEqual([]);

    // A rate typed with the keyboard: a wrong one is refused and said so, Escape puts the figure back.
    const rate = page.getByRole('textbox', { name: 'getTicket calls per second' });
    await rate.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('fast');
    await page.keyboard.press('Enter');
    await page.getByText('Enter calls per second, 0 or more, such as 25 or 0.5').waitFor();
    expect(await rate.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await rate.inputValue()).toBe('10');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('250');
    await page.keyboard.press('Enter');

    // The total and the chart follow; the model file has the rate, no longer assumed, its comments kept.
    await expect.poll(() => storedModelText(page)).toContain('rate: 250');
    const text = await storedModelText(page);
    const model = parseModel(text, 'ticket-desk.yaml');
    const getTicket = model.accessPatterns.find((pattern) => pattern.name === 'getTicket')!;
    expect(getTicket.rate).toBe(250);
    expect(getTicket.assumed).toBeUndefined();
    expect(model.accessPatterns.filter((pattern) => pattern.assumed?.includes('rate')).length).toBe(model.accessPatterns.length - 1);
    expect(text).toContain('# re-sorts the ticket. GSI2 is sparse: only open tickets carry its keys.');
    const repriced = costModel(model);
    expect(repriced.totals.onDemandMonthly).toBeGreaterThan(assumed.totals.onDemandMonthly);
    await expect.poll(() => totals.innerText()).toContain(formatMoney(repriced.totals.onDemandMonthly));
    const getTicketMoney = formatMoney(repriced.patterns.find((row) => row.pattern === 'getTicket')!.monthly!.onDemand);
    await expect.poll(() => chartDescription(page, 'Monthly cost by access pattern')).toContain(`getTicket: On-demand ${getTicketMoney}`);
    await expect.poll(() => getTicketRow.innerText()).not.toContain('assumed');
    await screenshotWholePage(page, 'pricing-assumed');

    // The designer shows the same file.
    await page.getByRole('navigation', { name: 'Model tools' }).getByRole('link', { name: 'Model designer' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Model file text' }).inputValue()).toBe(text);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prices a model fresh from the designer at assumed figures, never at $0.00', async () => {
    const { context, page, errors } = await workbench().open();
    await page.goto(`${workbench().server.origin}/design`);
    await page.getByRole('textbox', { name: 'Access pattern 1' }).fill('get player by id');
    await page.getByRole('region', { name: 'Proposed design' }).locator('[data-question="get player by id"]').waitFor();
    await page.getByRole('button', { name: 'Accept the design' }).click();
    await expect.poll(() => storedModelText(page)).toContain('assumed: [ rate ]');
    const report = costModel(parseModel(await storedModelText(page), 'model.yaml'));
    expect(report.assumedFigures).toBeGreaterThan(0);

    await page.getByRole('navigation', { name: 'Model tools' }).getByRole('link', { name: 'Pricing calculator' }).click();
    const totals = page.getByLabel('Monthly totals');
    await expect.poll(() => totals.innerText()).toContain(formatMoney(report.totals.onDemandMonthly));
    expect(await totals.innerText()).toContain(formatMoney(report.totals.storageMonthly));
    expect(await totals.innerText()).not.toContain('$0.00 / month');
    await page.getByText(`These totals rest on ${report.assumedFigures} figures no one has set yet`).waitFor();
    await page.getByRole('img', { name: 'Monthly cost', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violations, in the light and the dark theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await workbench().open({ colorScheme });
      const yaml = readFileSync(`${REPO_ROOT}examples/ticket-desk.yaml`, 'utf8');
      await page.evaluate((text) => localStorage.setItem('dynotable.model', JSON.stringify({ text, fileName: 'ticket-desk.yaml' })), yaml);
      await page.evaluate((theme) => localStorage.setItem('dynotable.theme', theme), colorScheme);
      await openPricing(page, workbench().server.origin);
      await page.getByRole('table', { name: 'Cost per access pattern' }).waitFor();
      await expect.poll(() => writeUnits(page, 'GSI update')).toBe(3);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshotWholePage(page, `pricing-${colorScheme}`);
      await context.close();
    }
  });
});
