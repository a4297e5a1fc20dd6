/**
 * A GSI with a multi-attribute key made from the New table dialog: two
 * partition and two sort key attributes, each with its own type, added as
 * rows; a name used twice is refused in DynamoDB's words before anything is
 * sent; the table is created with every attribute as a HASH or RANGE element
 * and is then queried in the query panel, one field per key attribute; the
 * Update dialog adds another with two partition attributes. Then
 * the expression builder on such an index: a row per key attribute, the key
 * condition checked against all of them, the request and its run, the URL.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { byStatusKeySchema } from '../../../core/test/support/multi-attribute-tickets.js';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot, screenshotWholePage } from './support/browser.js';
import { api, connectionOf } from './support/page-api.js';
import { allRows, column, pane, paneGrid, settledStats } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

const TABLE = 'DeskMultiKey';
const INDEX = 'ByStatus';

/** Tickets: the open priority-1 ones of 2025-11-02 are T#2 and T#3; the others miss by one key attribute. */
const TICKETS = [
  ['T#1', 'open', '1', '2025-11-01'],
  ['T#2', 'open', '1', '2025-11-02'],
  ['T#3', 'open', '1', '2025-11-02'],
  ['T#4', 'open', '2', '2025-11-02'],
  ['T#5', 'closed', '1', '2025-11-02'],
] as const;

async function putTickets(page: Page, connection: string, table: string): Promise<void> {
  for (const [id, status, priority, createdAt] of TICKETS) {
    const item = { PK: { S: `TICKET#${id}` }, SK: { S: 'TICKET' }, id: { S: id }, status: { S: status }, priority: { N: priority }, createdAt: { S: createdAt } };
    expect((await api(page, `/api/connections/${connection}/tables/${table}/items/put`, { Item: item })).status).toBe(200);
  }
}

/** Types one key row: its attribute name and type. */
async function keyRow(gsi: Locator, group: string, name: string, type: 'S' | 'N'): Promise<void> {
  const row = gsi.getByRole('group', { name: group, exact: true });
  await row.getByLabel(/Attribute name/).fill(name);
  await row.getByLabel('Type').selectOption(type);
}

describe.skipIf(browserMissing() !== undefined)('a multi-attribute GSI made in the New table dialog', () => {
  const workbench = useWorkbench();

  it('is created with every key element and queried with one field per attribute', async () => {
    const { context, page, errors } = await workbench().open();
    await page.getByRole('button', { name: 'New table' }).click();
    const dialog = page.getByRole('dialog', { name: 'New table' });
    await dialog.getByLabel('Table name').fill(TABLE);
    await dialog.getByRole('button', { name: 'Add a global secondary index' }).click();
    const gsi = dialog.getByRole('group', { name: /^Global secondary index/ });
    await gsi.getByLabel('Index name').fill(INDEX);
    await keyRow(gsi, 'Partition key', 'status', 'S');
    await gsi.getByRole('button', { name: 'Add a partition key attribute' }).click();
    await keyRow(gsi, 'Partition key 2', 'priority', 'N');
    await keyRow(gsi, 'Sort key', 'createdAt', 'S');
    await gsi.getByRole('button', { name: 'Add a sort key attribute' }).click();

    // A name twice: DynamoDB's words, and the form is not sent.
    await keyRow(gsi, 'Sort key 2', 'status', 'S');
    await gsi.getByRole('alert').filter({ hasText: 'Two keys can not have the same name' }).waitFor();
    // The form holds the problem, so the browser does not send it (a table made here would make the create below fail).
    expect(await gsi.getByLabel('Index name').evaluate((input) => (input as HTMLInputElement).validationMessage)).toBe('Two keys can not have the same name');
    await dialog.getByRole('button', { name: 'Create table' }).click();
    expect(await dialog.isVisible()).toBe(true);
    await keyRow(gsi, 'Sort key 2', 'id', 'S');
    expect(await gsi.getByRole('alert').count()).toBe(0);

    // A third and fourth partition row fit; a fifth does not.
    await gsi.getByRole('button', { name: 'Add a partition key attribute' }).click();
    await gsi.getByRole('button', { name: 'Add a partition key attribute' }).click();
    expect(await gsi.getByRole('button', { name: 'Add a partition key attribute' }).isDisabled()).toBe(true);
    await gsi.getByRole('button', { name: 'Remove partition key 4' }).click();
    await gsi.getByRole('button', { name: 'Remove partition key 3' }).click();
    expect(await gsi.getByRole('group', { name: 'Partition key 3' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'create-table-multi-attribute-gsi');
    await dialog.getByRole('button', { name: 'Create table' }).click();
    await page.getByRole('heading', { level: 1, name: TABLE }).waitFor();

    const connection = connectionOf(page);
    const keySchemaOf = async (index: string) => {
      const answer = await page.evaluate(async (url) => (await (await fetch(url)).json()) as { table: { GlobalSecondaryIndexes: { IndexName: string; KeySchema: unknown }[] } }, `/api/connections/${connection}/tables/${TABLE}`);
      return answer.table.GlobalSecondaryIndexes.find((each) => each.IndexName === index)?.KeySchema;
    };
    expect(await keySchemaOf(INDEX)).toEqual(byStatusKeySchema());

    await putTickets(page, connection, TABLE);

    const first = pane(page, 1);
    await first.getByRole('radio', { name: 'Query' }).check();
    await first.getByRole('combobox', { name: /^Index/ }).selectOption(INDEX);
    await first.getByLabel('Partition key status (S)').fill('open');
    await first.getByLabel('Partition key priority (N)').fill('1');
    await first.getByLabel('Sort key createdAt + id condition').selectOption('=');
    await first.getByLabel('Sort key createdAt (S)').fill('2025-11-02');
    expect((await settledStats(first))['Count']).toBe('2');
    expect(column(await allRows(paneGrid(page, 1)), 'id')).toEqual(['T#2', 'T#3']);

    // Update table: another GSI with two partition attributes and no sort key.
    await page.getByRole('button', { name: 'Update table' }).click();
    const update = page.getByRole('dialog', { name: `Update ${TABLE}` });
    const added = update.getByRole('group', { name: /^Global secondary index/ });
    await added.getByLabel('Index name').fill('ByPriority');
    await keyRow(added, 'Partition key', 'priority', 'N');
    await added.getByRole('button', { name: 'Add a partition key attribute' }).click();
    await keyRow(added, 'Partition key 2', 'createdAt', 'S');
    await update.getByRole('button', { name: 'Add this index' }).click();
    await update.waitFor({ state: 'detached' });
    await expect
      .poll(() => keySchemaOf('ByPriority'))
      .toEqual([
        { AttributeName: 'priority', KeyType: 'HASH' },
        { AttributeName: 'createdAt', KeyType: 'HASH' },
      ]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('is read in the expression builder with a row per key attribute, checked, sent and kept in the URL', async () => {
    const { context, page, errors } = await workbench().open();
    const listed = (await page.evaluate(async () => (await fetch('/api/connections')).json())) as { connections: { id: string; kind: string }[] };
    const connection = listed.connections.find((each) => each.kind === 'embedded')!.id;
    const table = 'BuilderMultiKey';
    const created = await api(page, `/api/connections/${connection}/tables`, {
      name: table,
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [{ name: INDEX, partitionKeys: [{ name: 'status', type: 'S' }, { name: 'priority', type: 'N' }], sortKeys: [{ name: 'createdAt', type: 'S' }, { name: 'id', type: 'S' }] }],
    });
    expect(created.status).toBe(200);
    await putTickets(page, connection, table);

    await page.goto(`${workbench().server.origin}/design/expressions`);
    await page.getByRole('heading', { level: 1, name: 'Expression builder' }).waitFor();
    await page.getByLabel('Table', { exact: true }).selectOption(table);
    await page.getByLabel('Index', { exact: true }).selectOption(INDEX);
    // Picking the index fills a row per key attribute, each with its type.
    await expect.poll(() => page.getByLabel('Partition key 2', { exact: true }).inputValue()).toBe('priority');
    expect(await page.getByLabel('Partition key', { exact: true }).inputValue()).toBe('status');
    expect(await page.getByLabel('Partition key 2 type').inputValue()).toBe('N');
    expect(await page.getByLabel('Sort key', { exact: true }).inputValue()).toBe('createdAt');
    expect(await page.getByLabel('Sort key 2', { exact: true }).inputValue()).toBe('id');
    await page.getByText(`GSI ${INDEX}: partition key status (S) + priority (N), sort key createdAt (S) + id (S); projects ALL`).waitFor();

    // The key condition checked against every attribute: priority left out is named in DynamoDB's words.
    const key = page.getByRole('textbox', { name: /^Key condition/ });
    await page.getByRole('textbox', { name: /^Filter/ }).fill('');
    await page.getByRole('textbox', { name: /^Projection/ }).fill('');
    await key.fill('status = "open" AND createdAt = "2025-11-02"');
    await page.getByRole('alert').filter({ hasText: 'HASH key attributes priority must have equality conditions specified in the query' }).waitFor();
    await key.fill('status = "open" AND priority = 1 AND createdAt = "2025-11-02" AND id >= "T#2"');
    const parameters = page.getByLabel('Query parameters');
    await expect.poll(async () => JSON.parse(await parameters.innerText()).KeyConditionExpression).toBe('#status = :v0 AND priority = :v1 AND createdAt = :v2 AND id >= :v3');
    await expect.poll(() => page.getByRole('tabpanel').innerText()).toContain('QueryCommand');

    await page.getByRole('button', { name: /^Run on / }).click();
    const ids = page.getByRole('list', { name: 'Items returned' }).getByRole('listitem');
    await expect.poll(() => ids.count()).toBe(2);
    expect((await ids.allInnerTexts()).map((text) => (JSON.parse(text) as { id: { S: string } }).id.S)).toEqual(['T#2', 'T#3']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotWholePage(page, 'expressions-multi-attribute-gsi');

    // The link keeps every row.
    expect(new URL(page.url()).searchParams.getAll('pkx')).toEqual(['N:priority']);
    const other = await context.newPage();
    await other.goto(page.url());
    await other.getByRole('heading', { level: 1, name: 'Expression builder' }).waitFor();
    expect(await other.getByLabel('Sort key 2', { exact: true }).inputValue()).toBe('id');
    expect(await other.getByLabel('Partition key 2 type').inputValue()).toBe('N');
    // A row removed: the condition on id is now one more than the key has, refused in DynamoDB's words.
    await other.getByRole('button', { name: 'Remove sort key 2' }).click();
    await other.getByRole('alert').filter({ hasText: 'Query key condition not supported' }).waitFor();
    expect(new URL(other.url()).searchParams.getAll('skx')).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
