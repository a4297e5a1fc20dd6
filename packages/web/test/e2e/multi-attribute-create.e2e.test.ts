/**
 * A GSI with a multi-attribute key made from the New table dialog: two
 * partition and two sort key attributes, each with its own type, added as
 * rows; a name used twice is refused in DynamoDB's words before anything is
 * sent; the table is created with every attribute as a HASH or RANGE element
 * and is then queried in the query panel, one field per key attribute.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { byStatusKeySchema } from '../../../core/test/support/multi-attribute-tickets.js';
import { seriousViolations } from './support/axe.js';
import { browserMissing } from './support/browser.js';
import { api, connectionOf } from './support/page-api.js';
import { allRows, column, pane, paneGrid, settledStats } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

const TABLE = 'DeskMultiKey';
const INDEX = 'ByStatus';

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
    await dialog.getByRole('button', { name: 'Create table' }).click();
    await page.getByRole('heading', { level: 1, name: TABLE }).waitFor();

    const connection = connectionOf(page);
    const described = await page.evaluate(async (url) => (await (await fetch(url)).json()) as { table: { GlobalSecondaryIndexes: { KeySchema: unknown }[] } }, `/api/connections/${connection}/tables/${TABLE}`);
    expect(described.table.GlobalSecondaryIndexes[0]!.KeySchema).toEqual(byStatusKeySchema());

    // Tickets: the open priority-1 ones of 2025-11-02 are T#2 and T#3; the others miss by one key attribute.
    const tickets = [
      ['T#1', 'open', '1', '2025-11-01'],
      ['T#2', 'open', '1', '2025-11-02'],
      ['T#3', 'open', '1', '2025-11-02'],
      ['T#4', 'open', '2', '2025-11-02'],
      ['T#5', 'closed', '1', '2025-11-02'],
    ] as const;
    for (const [id, status, priority, createdAt] of tickets) {
      const item = { PK: { S: `TICKET#${id}` }, SK: { S: 'TICKET' }, id: { S: id }, status: { S: status }, priority: { N: priority }, createdAt: { S: createdAt } };
      expect((await api(page, `/api/connections/${connection}/tables/${TABLE}/items/put`, { Item: item })).status).toBe(200);
    }

    const first = pane(page, 1);
    await first.getByRole('radio', { name: 'Query' }).check();
    await first.getByRole('combobox', { name: /^Index/ }).selectOption(INDEX);
    await first.getByLabel('Partition key status (S)').fill('open');
    await first.getByLabel('Partition key priority (N)').fill('1');
    await first.getByLabel('Sort key createdAt + id condition').selectOption('=');
    await first.getByLabel('Sort key createdAt (S)').fill('2025-11-02');
    expect((await settledStats(first))['Count']).toBe('2');
    expect(column(await allRows(paneGrid(page, 1)), 'id')).toEqual(['T#2', 'T#3']);

    expect(errors).toEqual([]);
    await context.close();
  });
});
