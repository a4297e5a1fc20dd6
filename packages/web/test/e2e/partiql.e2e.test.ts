/**
 * The PartiQL pane as a person works it: a SELECT that reads the whole table
 * is flagged as a Scan with the key condition it needs; the rewrite on the
 * key (one click, then the parameter) shows as a Query at a lower cost and
 * runs into the item grid; a PartiQL UPDATE goes through the review, is
 * written, and lands in the journal with the item before and after.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserMissing } from './support/browser.js';
import { connectionOf, getItem } from './support/page-api.js';
import { openTable } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

/** "…, 43 RCU…" → 43. */
function unitsOf(line: string): number {
  const found = /([\d.,]+) RCU/.exec(line);
  if (found === null) throw new Error(`no RCU in the plan line: ${line}`);
  return Number(found[1]!.replace(/,/g, ''));
}

async function planLine(region: Locator, expected: RegExp): Promise<string> {
  const plan = region.getByRole('status', { name: 'Plan' });
  await expect.poll(async () => ((await plan.count()) > 0 ? ((await plan.locator('strong').textContent()) ?? '') : '')).toMatch(expected);
  return (await plan.locator('strong').textContent()) ?? '';
}

describe.skipIf(browserMissing() !== undefined)('the PartiQL pane', () => {
  const workbench = useWorkbench();

  it('flags a Scan, rewrites it on the key into a cheaper Query, and writes through the review into the journal', async () => {
    const { page, errors } = await workbench().open();
    await page.getByLabel('Safety mode').selectOption('full');
    await openTable(page, 'TicketDesk');
    await page.getByRole('button', { name: 'PartiQL', exact: true }).click();
    const region = page.getByRole('region', { name: 'PartiQL', exact: true });
    const statement = region.getByRole('textbox', { name: 'PartiQL statement' });
    await statement.waitFor();
    await statement.fill(`SELECT * FROM "TicketDesk" WHERE ticketId = '9169'`);

    const scanLine = await planLine(region, /^full Scan of [\d,]+ items, [\d.,]+ RCU — add a key condition on PK/);
    const scanUnits = unitsOf(scanLine);

    await region.getByRole('button', { name: 'Add a key condition on PK' }).click();
    await expect.poll(async () => (await statement.textContent()) ?? '').toBe(`SELECT * FROM "TicketDesk" WHERE PK = ? AND (ticketId = '9169')`);
    // Until the key's parameter has a value the pane asks for it, and sends nothing.
    await expect.poll(async () => (await region.getByRole('status', { name: 'Plan' }).textContent()) ?? '').toMatch(/^Parameter 1 is empty/);
    await region.getByLabel('Parameter 1').fill('TICKET#9169');
    const queryLine = await planLine(region, /^Query on TicketDesk, /);
    expect(unitsOf(queryLine)).toBeLessThan(scanUnits);

    await region.getByRole('button', { name: 'Run', exact: true }).click();
    const grid = page.getByRole('grid', { name: 'Items of the PartiQL statement' });
    await grid.getByRole('gridcell', { name: 'TICKET#9169', exact: true }).first().waitFor();
    const stats = region.getByLabel('PartiQL results');
    await expect.poll(async () => (await stats.textContent()) ?? '').toMatch(/^Count1ScannedCount1/);

    // The Query it is, opened as a query pane, and kept in the table's history with the panes' runs.
    await region.getByRole('button', { name: 'Open as a pane' }).click();
    await page.getByRole('grid', { name: 'Items of pane 2' }).getByRole('gridcell', { name: 'TICKET#9169', exact: true }).first().waitFor();
    const historyPath = `/api/connections/${encodeURIComponent(connectionOf(page))}/tables/TicketDesk/history`;
    await expect
      .poll(async () => page.evaluate(async (path) => JSON.stringify(await (await fetch(path)).json()), historyPath))
      .toContain('"key":"PK = \\"TICKET#9169\\""');

    // An UPDATE: reviewed, written, journaled.
    const before = await getItem(page, 'TicketDesk', { PK: { S: 'TICKET#9169' }, SK: { S: 'TICKET' } });
    await statement.fill(`UPDATE "TicketDesk" SET priority = 9 WHERE PK = 'TICKET#9169' AND SK = 'TICKET'`);
    await planLine(region, /^UpdateItem, /);
    await region.getByRole('button', { name: 'Review the write…' }).click();
    const review = page.getByRole('dialog', { name: 'Review the write' });
    await expect.poll(async () => (await review.getByLabel('Request to send').textContent()) ?? '').toContain('"UpdateExpression"');
    await review.getByRole('button', { name: 'Write', exact: true }).click();
    await region.getByText(/^Written: UpdateItem.*Recorded in the journal\.$/).waitFor();
    expect((await getItem(page, 'TicketDesk', { PK: { S: 'TICKET#9169' }, SK: { S: 'TICKET' } }))?.['priority']).toEqual({ N: '9' });

    const journal = await page.evaluate(async (id) => {
      const response = await fetch(`/api/journal?connectionId=${encodeURIComponent(id)}`);
      return (await response.json()) as { operations: { table: string; operation: string; changes: { before: Record<string, unknown>; after: Record<string, unknown> }[] }[] };
    }, connectionOf(page));
    const last = journal.operations[0]!;
    expect(last).toMatchObject({ table: 'TicketDesk', operation: 'update' });
    expect(last.changes[0]!.before).toEqual(before);
    expect(last.changes[0]!.after['priority']).toEqual({ N: '9' });
    expect(errors).toEqual([]);
  });

  it("writes the expression builder's Query as PartiQL, and as ExecuteStatement in SDK v3 and boto3", async () => {
    const { page, errors } = await workbench().open();
    await page.goto(`${workbench().server.origin}/design/expressions`);
    await page.getByRole('heading', { level: 1, name: 'Expression builder' }).waitFor();
    await page.getByRole('textbox', { name: /^Key condition/ }).fill('GSI1PK = "TEAM#7" AND begins_with(GSI1SK, "STATUS#open")');
    await page.getByRole('textbox', { name: /^Filter/ }).fill('priority >= 3');
    const statement = page.getByLabel('PartiQL statement of the request');
    await expect
      .poll(async () => statement.innerText())
      .toBe(`SELECT ticketId, status, title, priority FROM TicketDesk.GSI1 WHERE GSI1PK = 'TEAM#7' AND begins_with(GSI1SK, 'STATUS#open') AND priority >= 3`);
    await page.getByText('TypeScript (SDK v3 ExecuteStatementCommand)').click();
    expect(await page.getByLabel('ExecuteStatement in TypeScript (SDK v3 ExecuteStatementCommand)').innerText()).toContain('new ExecuteStatementCommand({');
    await page.getByText('Python (boto3 execute_statement)').click();
    expect(await page.getByLabel('ExecuteStatement in Python (boto3 execute_statement)').innerText()).toContain('response = client.execute_statement(');
    expect(errors).toEqual([]);
  });
});
