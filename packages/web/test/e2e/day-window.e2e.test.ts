/**
 * The day-window trap of the audit log, in the workbench as a person meets
 * it: a day's window ending at "EVT#2026-06-23T23:59:59Z" leaves out the
 * events of the day's last second (their keys go on with the event id), and
 * a window ending at the day itself leaves out the whole day. The pane says
 * how many items the bound left out, offers the bound followed by U+10FFFF
 * and begins_with on the day with the count of each, and one click (or key)
 * applies the fix and runs it. What the grid shows is checked against the
 * example data the server seeds, filtered and ordered here on its own.
 */
import { describe, expect, it } from 'vitest';
import type { Item } from '@dynotable/core';
import { auditLogSeed } from '../../../server/src/seed/audit-log-data.js';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { allRows, column, openTable, pane, paneGrid, settledStats } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

const ACTOR = 'ACTOR#u_8814';
const FROM = 'EVT#2026-06-23T00:00:00Z';
const TO = 'EVT#2026-06-23T23:59:59Z';
const DAY = 'EVT#2026-06-23';
const HIGHEST = '\u{10ffff}';

/** DynamoDB orders string keys by their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const text = (item: Item, name: string): string | undefined => {
  const value = item[name];
  return value !== undefined && 'S' in value ? value.S : undefined;
};

/** The actor's sort keys in key order. */
const actorKeys = auditLogSeed()
  .items.filter((item) => text(item, 'PK') === ACTOR)
  .map((item) => text(item, 'SK')!)
  .sort(byBytes);
const within = (low: string, high: string) => actorKeys.filter((sk) => byBytes(sk, low) >= 0 && byBytes(sk, high) <= 0);
const items = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;

describe.skipIf(browserMissing() !== undefined)('the day-window trap in the workbench', () => {
  const workbench = useWorkbench();

  it("audit log: the window ending at 23:59:59Z leaves out the day's last second; the fix shows every event of the day", async () => {
    const dayKeys = actorKeys.filter((sk) => sk.startsWith(DAY));
    const trapped = within(FROM, TO);
    const lastSecond = dayKeys.filter((sk) => sk.startsWith(`${TO}#`));
    // The example data holds the trap: events in the day's last second, which the window misses.
    expect(lastSecond.length).toBeGreaterThan(0);
    expect(trapped.length + lastSecond.length).toBe(dayKeys.length);

    const { context, page, errors } = await workbench().open();
    await openTable(page, 'AuditLog');
    const first = pane(page, 1);
    const grid = paneGrid(page, 1);

    // The day's window as the seed article writes it.
    await first.getByRole('radio', { name: 'Query' }).check();
    await first.getByLabel('Partition key PK (S)').fill(ACTOR);
    await first.getByLabel('Limit', { exact: true }).fill('');
    await first.getByLabel('Sort key SK condition').selectOption('BETWEEN');
    await first.getByLabel('Sort key SK from (S)').fill(FROM);
    await first.getByLabel('Sort key SK to (S)').fill(TO);
    expect((await settledStats(first))['Count']).toBe(String(trapped.length));

    // The pane counts what the bound left out, says why, and counts both fixes.
    const warning = first.getByText(`This bound leaves out ${items(lastSecond.length)} that start with ${TO}:`);
    await warning.waitFor();
    // The table is linked to the audit-log model, so the warning names the template the keys are written with.
    expect(await first.getByText(/Keys written as EVT#\{at:iso\}#\{eventId\} go on after "EVT#2026-06-23T23:59:59Z", so they sort after it/).count()).toBe(1);
    const widen = first.getByRole('button', { name: `Use the bound followed by U+10FFFF (${items(dayKeys.length)})` });
    const beginsWith = first.getByRole('button', { name: `Use begins_with ${DAY} (${items(dayKeys.length)})` });
    await widen.waitFor();
    await beginsWith.waitFor();
    await screenshot(page, 'day-window-trap');
    expect(await seriousViolations(page)).toEqual([]);

    // The fix from the keyboard: the bound followed by U+10FFFF, run at once.
    await widen.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => first.getByLabel('Sort key SK to (S)').inputValue()).toBe(TO + HIGHEST);
    // The field says what its invisible last character is (the warning's explanation, until it
    // goes, says the same words: the hint is the line that starts with them).
    await first.getByText(/^followed by U\+10FFFF, the highest character/).waitFor();
    const fixed = await settledStats(first);
    expect(fixed['Count']).toBe(String(dayKeys.length));
    expect(column(await allRows(grid), 'SK')).toEqual(dayKeys);
    // No bound is left that leaves items out.
    await expect.poll(() => first.getByText(/This bound leaves out/).count()).toBe(0);

    // The same events as begins_with on the day.
    await first.getByLabel('Sort key SK condition').selectOption('begins_with');
    await first.getByLabel('Sort key SK value (S)').fill(DAY);
    expect((await settledStats(first))['Count']).toBe(String(dayKeys.length));
    expect(column(await allRows(grid), 'SK')).toEqual(dayKeys);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a window ending at the day itself leaves out the whole day; begins_with, clicked, brings it back with "Run as I type" off', async () => {
    const dayKeys = actorKeys.filter((sk) => sk.startsWith(DAY));
    expect(within(DAY, DAY)).toEqual([]);

    const { context, page, errors } = await workbench().open();
    await openTable(page, 'AuditLog');
    const first = pane(page, 1);
    const grid = paneGrid(page, 1);
    await first.getByRole('radio', { name: 'Query' }).check();
    await first.getByLabel('Partition key PK (S)').fill(ACTOR);
    await first.getByLabel('Limit', { exact: true }).fill('');
    await first.getByLabel('Sort key SK condition').selectOption('BETWEEN');
    await first.getByLabel('Sort key SK from (S)').fill(DAY);
    await first.getByLabel('Sort key SK to (S)').fill(DAY);
    expect((await settledStats(first))['Count']).toBe(String(within(DAY, DAY).length));

    await first.getByText(`This bound leaves out ${items(dayKeys.length)} that start with ${DAY}:`).waitFor();
    await first.getByRole('checkbox', { name: 'Run as I type' }).uncheck();
    await first.getByRole('button', { name: `Use begins_with ${DAY} (${items(dayKeys.length)})` }).click();
    expect(await first.getByLabel('Sort key SK condition').inputValue()).toBe('begins_with');
    expect(await first.getByLabel('Sort key SK value (S)').inputValue()).toBe(DAY);
    await expect.poll(async () => (await settledStats(first))['Count']).toBe(String(dayKeys.length));
    expect(column(await allRows(grid), 'SK')).toEqual(dayKeys);
    expect(await first.getByText(/This bound leaves out/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the expression builder, with no table to count, explains the trap and writes the fixed key condition', async () => {
    const { context, page, errors } = await workbench().open();
    await page.goto(`${workbench().server.origin}/design/expressions`);
    await page.getByRole('heading', { level: 1, name: 'Expression builder' }).waitFor();
    await page.getByRole('textbox', { name: 'Partition key', exact: true }).fill('PK');
    await page.getByRole('textbox', { name: 'Sort key', exact: true }).fill('SK');
    const key = page.getByRole('textbox', { name: /^Key condition/ });
    await key.fill(`PK = "${ACTOR}" AND SK BETWEEN "${FROM}" AND "${TO}"`);

    const note = page.getByRole('note', { name: 'Upper bound' });
    await note.getByText(`This bound leaves out every key that starts with ${TO} and goes on.`).waitFor();
    const widened = `PK = "${ACTOR}" AND SK BETWEEN "${FROM}" AND "${TO}\\uDBFF\\uDFFF"`;
    expect(await note.locator('pre').allTextContents()).toEqual([widened, `PK = "${ACTOR}" AND begins_with(SK, "${DAY}")`]);
    expect(await seriousViolations(page)).toEqual([]);

    await note.getByRole('button', { name: 'Use the bound followed by U+10FFFF' }).click();
    await expect.poll(() => key.inputValue()).toBe(widened);
    await expect.poll(() => note.count()).toBe(0);
    // The request sends the bound followed by U+10FFFF.
    await expect.poll(async () => (await page.getByLabel('Query parameters').textContent()) ?? '').toContain(JSON.stringify(TO + HIGHEST));
    expect(errors).toEqual([]);
    await context.close();
  });
});
