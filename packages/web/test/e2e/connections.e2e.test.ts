/**
 * Connections in the UI: an AWS connection is marked as such and starts
 * asking before every write; its credential errors stay in the view that
 * asked. (The server runs without any AWS credentials: nothing reaches AWS.)
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { useWorkbench } from './support/workbench.js';

describe.skipIf(browserMissing() !== undefined)('connections in the workbench', () => {
  const workbench = useWorkbench();

  it('marks an AWS connection, shows its safety mode, and keeps its credential errors in the table list', async () => {
    const { context, page } = await workbench().open();
    const switcher = page.getByLabel('Connection', { exact: true });
    await switcher.waitFor();
    const added = await page.evaluate(async () => {
      const response = await fetch('/api/connections', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'aws', name: 'Production', region: 'eu-west-1' }),
      });
      return (await response.json()) as { connection: { id: string; safety: string } };
    });
    expect(added.connection.safety).toBe('confirm-writes');
    await page.reload();
    const option = switcher.locator(`option[value="${added.connection.id}"]`);
    expect(await option.textContent()).toBe('Production — AWS eu-west-1');

    await switcher.selectOption(added.connection.id);
    expect(new URL(page.url()).pathname).toBe(`/c/${added.connection.id}`);
    await page.getByText('AWS eu-west-1', { exact: true }).waitFor();
    expect(await page.getByLabel('Safety mode').inputValue()).toBe('confirm-writes');
    const tables = page.getByRole('navigation', { name: 'Tables', exact: true });
    await tables.getByRole('alert').getByText('CredentialsMissing').waitFor();
    expect(await page.getByRole('heading', { name: 'Open the link printed in the terminal' }).count()).toBe(0);
    await screenshot(page, 'aws-connection');
    expect(await seriousViolations(page)).toEqual([]);

    // Back to the embedded engine from the palette.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Type a command' }).fill('switch embedded');
    await page.keyboard.press('Enter');
    await tables.getByRole('link', { name: /^AuditLog/ }).waitFor();
    await context.close();
  });

  it('adds a second embedded engine from the dialog, switches to it, and closes it', async () => {
    const { context, page } = await workbench().open();
    const switcher = page.getByLabel('Connection', { exact: true });
    await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link').first().waitFor();
    const before = await switcher.locator('option').count();
    await page.getByRole('button', { name: 'Add a connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a connection' });
    await dialog.getByLabel('Name (optional)').fill('Scratch');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => switcher.locator('option').count()).toBe(before + 1);
    expect(await switcher.locator('option:checked').textContent()).toBe('Scratch');
    const scratch = new URL(page.url()).pathname;
    expect(scratch).toMatch(/^\/c\/[^/]+$/);

    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Type a command' }).fill('close scratch');
    await page.keyboard.press('Enter');
    await expect.poll(() => switcher.locator('option').count()).toBe(before);
    expect(new URL(page.url()).pathname).not.toBe(scratch);
    await context.close();
  });
});
