/**
 * Tables through the UI: create one with its indexes, update it, delete it
 * with its name typed; a confirm-writes connection shows the request first;
 * several tables open as tabs.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { useWorkbench } from './support/workbench.js';

async function describeInPage(page: Page, table: string) {
  const connection = new URL(page.url()).pathname.split('/')[2]!;
  return page.evaluate(
    async ([c, t]) => {
      const response = await fetch(`/api/connections/${c}/tables/${t}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> & { table?: Record<string, unknown> } };
    },
    [connection, table] as const,
  );
}

async function setSafety(page: Page, safety: string) {
  await page.getByLabel('Safety mode').selectOption(safety);
  await expect.poll(() => page.getByLabel('Safety mode').inputValue()).toBe(safety);
}

describe.skipIf(browserMissing() !== undefined)('tables in the workbench', () => {
  const workbench = useWorkbench();

  it('creates a table with a GSI and an LSI, updates it, and deletes it once its name is typed', async () => {
    const { context, page } = await workbench().open();
    await page.getByRole('button', { name: 'New table' }).click();
    const dialog = page.getByRole('dialog', { name: 'New table' });
    expect(new URL(page.url()).pathname).toMatch(/\/new-table$/);
    await dialog.getByLabel('Table name').fill('Orders');
    await dialog.getByRole('button', { name: 'Add a global secondary index' }).click();
    const gsi = dialog.getByRole('group', { name: /^Global secondary index/ });
    await gsi.getByLabel('Index name').fill('ByCustomer');
    await gsi.getByRole('group', { name: 'Partition key' }).getByLabel(/Attribute name/).fill('customer');
    await gsi.getByLabel('Projection').selectOption('INCLUDE');
    await gsi.getByLabel(/Included attributes/).fill('total, status');
    await dialog.getByRole('button', { name: 'Add a local secondary index' }).click();
    const lsi = dialog.getByRole('group', { name: /^Local secondary index/ });
    await lsi.getByLabel('Index name').fill('ByDate');
    await lsi.getByRole('group', { name: 'Sort key' }).getByLabel(/Attribute name/).fill('placedAt');
    await lsi.getByLabel('Projection').selectOption('KEYS_ONLY');
    await screenshot(page, 'create-table');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create table' }).click();

    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const created = await describeInPage(page, 'Orders');
    expect(created.status).toBe(200);
    expect(created.body.table).toMatchObject({
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [{ IndexName: 'ByCustomer', Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total', 'status'] } }],
      LocalSecondaryIndexes: [{ IndexName: 'ByDate', Projection: { ProjectionType: 'KEYS_ONLY' } }],
    });
    const details = page.getByRole('region', { name: 'Table description' });
    await details.getByRole('rowheader', { name: 'ByCustomer' }).waitFor();
    expect(await details.innerText()).toContain('INCLUDE total, status');
    expect(await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link', { name: /^Orders/ }).count()).toBe(1);

    // Update: provisioned billing.
    await page.getByRole('button', { name: 'Update table' }).click();
    const update = page.getByRole('dialog', { name: 'Update Orders' });
    await update.getByLabel('Provisioned').check();
    await update.getByLabel('Read capacity units').fill('7');
    await update.getByLabel('Write capacity units').fill('3');
    await update.getByRole('button', { name: 'Change billing' }).click();
    await update.waitFor({ state: 'detached' });
    await expect.poll(async () => (await describeInPage(page, 'Orders')).body.table?.['BillingModeSummary']).toMatchObject({ BillingMode: 'PROVISIONED' });
    await details.getByText('7 RCU, 3 WCU').waitFor();

    // Update: a GSI added, then deleted (DynamoDB takes one index change per call).
    await page.getByRole('button', { name: 'Update table' }).click();
    const gsiForm = page.getByRole('dialog', { name: 'Update Orders' }).getByRole('group', { name: /^Global secondary index/ });
    await gsiForm.getByLabel('Index name').fill('ByStatus');
    await gsiForm.getByRole('group', { name: 'Partition key' }).getByLabel(/Attribute name/).fill('status');
    await gsiForm.getByLabel('Projection').selectOption('KEYS_ONLY');
    await page.getByRole('dialog', { name: 'Update Orders' }).getByRole('button', { name: 'Add this index' }).click();
    await update.waitFor({ state: 'detached' });
    await details.getByRole('rowheader', { name: 'ByStatus' }).waitFor();
    await page.getByRole('button', { name: 'Update table' }).click();
    await update.getByLabel('Index', { exact: true }).selectOption('ByStatus');
    await update.getByRole('button', { name: 'Delete index' }).click();
    await update.waitFor({ state: 'detached' });
    await expect
      .poll(async () => ((await describeInPage(page, 'Orders')).body.table?.['GlobalSecondaryIndexes'] as { IndexName: string }[]).map((index) => index.IndexName))
      .toEqual(['ByCustomer']);

    // Delete: the button waits for the exact name.
    await page.getByRole('button', { name: 'Delete table' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Orders' });
    const confirm = remove.getByRole('button', { name: 'Delete table' });
    await remove.getByLabel('Table name').fill('orders');
    expect(await confirm.isDisabled()).toBe(true);
    await remove.getByLabel('Table name').fill('Orders');
    await confirm.click();
    await remove.waitFor({ state: 'detached' });
    await expect.poll(async () => (await describeInPage(page, 'Orders')).status).toBe(400);
    await page.getByRole('heading', { name: 'Pick a table' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link', { name: /^Orders/ }).count()).toBe(0);
    await context.close();
  });

  it('on a confirm-writes connection, shows the exact request and sends it only when confirmed', async () => {
    const { context, page } = await workbench().open();
    await setSafety(page, 'confirm-writes');
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'New table' });
    await dialog.getByLabel('Table name').fill('Careful');
    await dialog.getByRole('button', { name: 'Create table' }).click();

    const confirmation = page.getByRole('dialog', { name: 'Confirm this write' });
    const request = await confirmation.getByLabel('The request').innerText();
    expect(request).toMatch(/^POST \/api\/connections\/[^/]+\/tables\n/);
    expect(JSON.parse(request.slice(request.indexOf('\n')))).toMatchObject({ name: 'Careful', partitionKey: { name: 'PK', type: 'S' } });
    await screenshot(page, 'confirm-write');
    expect(await seriousViolations(page)).toEqual([]);

    // Declined: nothing was created, and the form says so.
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByText('ConfirmationDeclined').waitFor();
    expect((await describeInPage(page, 'Careful')).status).toBe(400);

    await dialog.getByRole('button', { name: 'Create table' }).click();
    await confirmation.getByRole('button', { name: 'Send with confirm: true' }).click();
    await page.getByRole('heading', { level: 1, name: 'Careful' }).waitFor();
    expect((await describeInPage(page, 'Careful')).status).toBe(200);

    await setSafety(page, 'read-only');
    await page.getByRole('button', { name: 'Delete table' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Careful' });
    await remove.getByLabel('Table name').fill('Careful');
    await remove.getByRole('button', { name: 'Delete table' }).click();
    await remove.getByText('ReadOnlyConnection').waitFor();
    await setSafety(page, 'full');
    await context.close();
  });

  it('keeps several tables open as tabs and closes them', async () => {
    const { context, page } = await workbench().open();
    const tabs = page.getByRole('navigation', { name: 'Open tables' });
    for (const table of ['AuditLog', 'TicketDesk', 'Leaderboard']) {
      await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link', { name: new RegExp(`^${table}`) }).click();
      await page.getByRole('heading', { level: 1, name: table }).waitFor();
    }
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['AuditLog', 'TicketDesk', 'Leaderboard']);
    await tabs.getByRole('link', { name: 'AuditLog' }).click();
    expect(new URL(page.url()).pathname).toMatch(/\/t\/AuditLog$/);
    await page.keyboard.press(']');
    expect(new URL(page.url()).pathname).toMatch(/\/t\/TicketDesk$/);
    await page.goBack();
    expect(new URL(page.url()).pathname).toMatch(/\/t\/AuditLog$/);
    await tabs.getByRole('button', { name: 'Close AuditLog' }).click();
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['TicketDesk', 'Leaderboard']);
    expect(new URL(page.url()).pathname).toMatch(/\/t\/TicketDesk$/);
    await screenshot(page, 'tabs');
    await context.close();
  });

  it('has an accessibility check that finds a planted violation', async () => {
    const { context, page } = await workbench().open();
    await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link').first().waitFor();
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = '/planted.png';
      document.querySelector('main')?.append(image);
    });
    expect((await seriousViolations(page)).map((violation) => violation.id)).toContain('image-alt');
    await context.close();
  });
});
