/**
 * A GSI with a multi-attribute key (two partition and two sort key
 * attributes, each of its own type) as a person queries it: the table is made
 * on an engine over HTTP (added as an endpoint connection), the description
 * shows every key attribute, the query panel gives one field per attribute,
 * says inline which one is missing, builds the whole KeyConditionExpression
 * and returns exactly the items of the index that match; the text form and
 * "Use fields" carry every attribute, and so does the pane's URL. Checked in
 * every look, with axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { createEngine, startEngineServer, type Engine, type EngineServer } from '@dynotable/engine';
import { byStatusKeySchema } from '../../../core/test/support/multi-attribute-tickets.js';
import { browserMissing } from './support/browser.js';
import { checkInEveryLook } from './support/looks.js';
import { allRows, column, openTable, pane, paneGrid, settledStats, tableLinks } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

const TABLE = 'MultiKeyTickets';
const INDEX = 'ByStatus';

/** Tickets: T#2 and T#3 are the ones open, priority 1, created on 2025-11-02 with an id from T#2; the others each miss by one key attribute. */
const TICKETS = [
  { id: 'T#1', status: 'open', priority: '1', createdAt: '2025-11-01' },
  { id: 'T#2', status: 'open', priority: '1', createdAt: '2025-11-02' },
  { id: 'T#3', status: 'open', priority: '1', createdAt: '2025-11-02' },
  { id: 'T#4', status: 'open', priority: '2', createdAt: '2025-11-02' },
  { id: 'T#5', status: 'closed', priority: '1', createdAt: '2025-11-02' },
  // No createdAt: not in the index at all.
  { id: 'T#6', status: 'open', priority: '1' },
];

function createTickets(engine: Engine): void {
  engine.execute('CreateTable', {
    TableName: TABLE,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'status', AttributeType: 'S' },
      { AttributeName: 'priority', AttributeType: 'N' },
      { AttributeName: 'createdAt', AttributeType: 'S' },
      { AttributeName: 'id', AttributeType: 'S' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: INDEX,
        KeySchema: byStatusKeySchema(),
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  });
  for (const ticket of TICKETS) {
    engine.execute('PutItem', {
      TableName: TABLE,
      Item: {
        pk: { S: `TICKET#${ticket.id}` },
        id: { S: ticket.id },
        status: { S: ticket.status },
        priority: { N: ticket.priority },
        ...(ticket.createdAt !== undefined ? { createdAt: { S: ticket.createdAt } } : {}),
      },
    });
  }
}

/** The text of one request field (KeyConditionExpression, …) in the pane's request view. */
async function requestField(region: Locator, name: string): Promise<string> {
  const field = region.locator('.wb-expression-field').filter({ has: region.page().getByText(name, { exact: true }) });
  return (await field.locator('pre').textContent()) ?? '';
}

describe.skipIf(browserMissing() !== undefined)('a multi-attribute GSI key', () => {
  const workbench = useWorkbench();
  let engine: Engine | undefined;
  let server: EngineServer | undefined;

  beforeAll(async () => {
    engine = createEngine();
    createTickets(engine);
    server = await startEngineServer({ engine, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    engine?.close();
  });

  it('is shown whole, queried with one field per attribute, and kept in the text form and the URL', async () => {
    const { context, page, errors } = await workbench().open();
    await tableLinks(page).first().waitFor();
    await page.getByRole('button', { name: 'Add a connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a connection' });
    await dialog.getByRole('radio', { name: 'Another endpoint' }).check();
    await dialog.getByLabel('Name (optional)').fill('Engine over HTTP');
    await dialog.getByLabel('Endpoint URL').fill(server!.url);
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await dialog.waitFor({ state: 'detached' });
    await openTable(page, TABLE);

    // The description: both roles with every attribute and its type.
    await page.locator('details.table-description > summary').click();
    const indexRow = page.locator('table.index-table tbody tr').filter({ has: page.locator('th', { hasText: INDEX }) });
    await expect.poll(() => indexRow.locator('td').nth(1).textContent()).toBe('partition status (S) + priority (N); sort createdAt (S) + id (S)');

    // The index in the picker, named by all its keys.
    const first = pane(page, 1);
    await first.getByRole('radio', { name: 'Query' }).check();
    const picker = first.getByRole('combobox', { name: /^Index/ });
    await picker.selectOption(INDEX);
    expect(await picker.locator('option:checked').textContent()).toBe(`GSI ${INDEX} (status + priority, createdAt + id; ALL)`);

    // Every partition attribute is required: the one left empty is named under its field.
    await first.getByLabel('Partition key status (S)').fill('open');
    await first.getByText('Give priority: every partition key attribute needs a value').waitFor();
    await first.getByLabel('Partition key priority (N)').fill('1');

    // Sort attributes left to right: = on createdAt, >= on id, the last one given.
    await first.getByLabel('Sort key createdAt + id condition').selectOption('>=');
    await first.getByLabel('Sort key id (S)').fill('T#2');
    await first.getByText('Give createdAt: sort key attributes are matched left to right, so id needs createdAt too').waitFor();
    await first.getByLabel('Sort key createdAt (S)').fill('2025-11-02');

    const stats = await settledStats(first);
    expect(stats['Count']).toBe('2');
    const rows = await allRows(paneGrid(page, 1));
    expect(column(rows, 'id')).toEqual(['T#2', 'T#3']);
    expect(column(rows, 'priority')).toEqual(['1', '1']);

    // The request as sent: the whole KeyConditionExpression (status is a reserved word).
    if ((await first.locator('details.wb-expressions[open]').count()) === 0) await first.getByText('Request: expressions and code').click();
    expect(await requestField(first, 'KeyConditionExpression')).toBe('#status = :v0 AND priority = :v1 AND createdAt = :v2 AND id >= :v3');

    await checkInEveryLook(page, async () => {
      for (const label of ['Partition key status (S)', 'Partition key priority (N)', 'Sort key createdAt (S)', 'Sort key id (S)']) {
        expect(await first.getByLabel(label).isVisible(), label).toBe(true);
      }
      expect(await paneGrid(page, 1).getByRole('gridcell', { name: 'T#3', exact: true }).first().isVisible()).toBe(true);
    });

    // As text, every condition; "Use fields" spreads it back over the four fields.
    await first.getByRole('group', { name: `Key condition on ${INDEX}` }).getByRole('button', { name: 'Edit as text' }).click();
    const keyText = first.getByLabel('Key condition (friendly text)');
    expect(await keyText.inputValue()).toBe('status = "open" AND priority = 1 AND createdAt = "2025-11-02" AND id >= "T#2"');
    await keyText.fill('status = "open" AND priority = 1 AND createdAt BETWEEN "2025-11-01" AND "2025-11-02"');
    await first.getByRole('button', { name: 'Use fields' }).click();
    expect(await first.getByLabel('Sort key createdAt + id condition').inputValue()).toBe('BETWEEN');
    expect(await first.getByLabel('Sort key createdAt (S)').inputValue()).toBe('2025-11-01');
    expect(await first.getByLabel('Sort key id (S)').inputValue()).toBe('');
    expect(await first.getByLabel('Sort key upper bound').inputValue()).toBe('2025-11-02');
    await expect.poll(async () => (await settledStats(first))['Count']).toBe('3');
    expect(column(await allRows(paneGrid(page, 1)), 'id')).toEqual(['T#1', 'T#2', 'T#3']);

    // The pane's URL keeps every field: a reload asks the same.
    await page.reload();
    const again = pane(page, 1);
    expect(await again.getByLabel('Partition key priority (N)').inputValue()).toBe('1');
    expect(await again.getByLabel('Sort key upper bound').inputValue()).toBe('2025-11-02');
    expect((await settledStats(again))['Count']).toBe('3');

    expect(errors).toEqual([]);
    await context.close();
  });
});
