/**
 * The seed scenarios of the audit log and the leaderboard, done in the
 * workbench as a new user would: the newest-first feed, the day window by
 * tightening BETWEEN, the base table and a GSI side by side with the
 * direction flipped and the same item highlighted in both. What the grid
 * shows is checked against the example data the server seeds, filtered and
 * ordered here on its own.
 */
import { describe, expect, it } from 'vitest';
import type { Item } from '@dynotable/core';
import { auditLogSeed } from '../../../server/src/seed/audit-log-data.js';
import { leaderboardSeed } from '../../../server/src/seed/leaderboard-data.js';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { allRows, column, gridItemCount, openTable, pagingStatus, pane, paneGrid, renderedRows, settledStats } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

const ACTOR = 'ACTOR#u_8814';
const MONTH = ['EVT#2026-06-01T00:00:00Z', 'EVT#2026-06-30T23:59:59Z'] as const;
const DAY = ['EVT#2026-06-23T00:00:00Z', 'EVT#2026-06-23T23:59:59Z'] as const;

/** DynamoDB orders string keys by their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const text = (item: Item, name: string): string | undefined => {
  const value = item[name];
  return value !== undefined && 'S' in value ? value.S : undefined;
};

/** The actor's sort keys, newest first, within [from, to] when given. */
function actorEvents(window?: readonly [string, string]): string[] {
  return auditLogSeed()
    .items.filter((item) => text(item, 'PK') === ACTOR)
    .map((item) => text(item, 'SK')!)
    .filter((sk) => window === undefined || (byBytes(sk, window[0]) >= 0 && byBytes(sk, window[1]) <= 0))
    .sort(byBytes)
    .reverse();
}

describe.skipIf(browserMissing() !== undefined)('the seed scenarios in the workbench', () => {
  const workbench = useWorkbench();

  it("audit log: the actor's newest-first feed, then one day's window by tightening BETWEEN", async () => {
    const { context, page, errors } = await workbench().open();
    await openTable(page, 'AuditLog');
    const first = pane(page, 1);
    const grid = paneGrid(page, 1);
    // The table's first Scan shown: the pane is mounted and settled before it is changed.
    await settledStats(first);

    // Query the actor's item collection: oldest first by default.
    await first.getByRole('radio', { name: 'Query' }).check();
    await first.getByLabel('Partition key PK (S)').fill(ACTOR);
    await settledStats(first);
    const feed = actorEvents();
    expect(feed.length).toBeGreaterThan(100);
    const oldestFirst = [...feed].reverse();
    expect(column(await renderedRows(grid), 'SK').slice(0, 10)).toEqual(oldestFirst.slice(0, 10));

    // Flip the direction from the keyboard: ScanIndexForward=false, newest first.
    const direction = first.getByRole('button', { name: 'Ascending ↑' });
    await direction.focus();
    await page.keyboard.press('Space');
    expect(await first.getByRole('button', { name: 'Descending ↓' }).getAttribute('aria-pressed')).toBe('true');
    const newest = await settledStats(first);
    expect(newest['Count']).toBe('100');
    expect(await pagingStatus(first)).toBe('More items: LastEvaluatedKey returned');
    const newestRows = await allRows(grid);
    expect(newestRows.map((row) => row.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(column(newestRows, 'SK')).toEqual(feed.slice(0, 100));
    expect(new Set(column(newestRows, 'PK'))).toEqual(new Set([ACTOR]));
    expect(await first.getByText('Last request sent (Query)').count()).toBe(1);
    expect(JSON.parse(await first.locator('.wb-wire').textContent() ?? '{}')).toMatchObject({ ScanIndexForward: false, Limit: 100 });
    await grid.press('Control+Home');
    await screenshot(page, 'audit-log-newest-first');
    expect(await seriousViolations(page)).toEqual([]);

    // The next page, then every page: the whole feed, newest first, with the totals of all the pages
    // (the last page read is the empty one after a full page of 100, or the partial one).
    await first.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(async () => (await settledStats(first))['Pages']).toBe('2');
    expect(await gridItemCount(grid)).toBe(200);
    await first.getByRole('button', { name: 'Load all' }).click();
    await expect.poll(() => pagingStatus(first)).toBe('No more items');
    const everyPage = await settledStats(first);
    expect(everyPage['Count']).toBe(feed.length.toLocaleString('en-US'));
    expect(everyPage['Pages']).toBe(String(Math.floor(feed.length / 100) + 1));
    expect(await gridItemCount(grid)).toBe(feed.length);
    expect(column(await allRows(grid), 'SK')).toEqual(feed);

    // A month's window with no Limit, then tightened to the day.
    await first.getByLabel('Limit', { exact: true }).fill('');
    await first.getByLabel('Sort key SK condition').selectOption('BETWEEN');
    await first.getByLabel('Sort key SK from (S)').fill(MONTH[0]);
    await first.getByLabel('Sort key SK to (S)').fill(MONTH[1]);
    const month = await settledStats(first);
    expect(month['Count']).toBe(String(actorEvents(MONTH).length));

    const from = first.getByLabel('Sort key SK from (S)');
    const to = first.getByLabel('Sort key SK to (S)');
    await from.fill(DAY[0]);
    await to.fill(DAY[1]);
    const day = await settledStats(first);
    const expected = actorEvents(DAY);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(actorEvents(MONTH).length);
    expect(day['Count']).toBe(String(expected.length));
    expect(day['ScannedCount']).toBe(String(expected.length));
    expect(await pagingStatus(first)).toBe('No more items');
    expect(await gridItemCount(grid)).toBe(expected.length);
    const dayRows = await allRows(grid);
    expect(column(dayRows, 'SK')).toEqual(expected);
    // Two events in the same second stay two items, told apart by their event ids.
    expect(column(dayRows, 'SK').filter((sk) => sk.startsWith('EVT#2026-06-23T09:14:07Z#'))).toEqual(['EVT#2026-06-23T09:14:07Z#k7q2m9', 'EVT#2026-06-23T09:14:07Z#k7q2m4']);

    // The live expression builder shows the request that produced this view.
    const expressions = first.locator('.wb-expression-field');
    const keyCondition = expressions.filter({ has: page.getByText('KeyConditionExpression', { exact: true }) }).locator('pre');
    expect(await keyCondition.textContent()).toMatch(/ BETWEEN :\S+ AND :\S+$/);
    const values = expressions.filter({ has: page.getByText('ExpressionAttributeValues', { exact: true }) }).locator('pre');
    expect(Object.values(JSON.parse((await values.textContent()) ?? '{}') as Record<string, unknown>)).toEqual(expect.arrayContaining([{ S: ACTOR }, { S: DAY[0] }, { S: DAY[1] }]));
    await grid.press('Control+Home');
    await screenshot(page, 'audit-log-day-window');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaderboard: the base table and GSI1 side by side, top ratings first, the same player highlighted in both', async () => {
    const { context, page, errors } = await workbench().open();
    await openTable(page, 'Leaderboard');
    const seed = leaderboardSeed().items;
    const season = seed.filter((item) => text(item, 'GSI1PK') === 'SEASON#2026-Q2');
    const ratingsDown = season.map((item) => text(item, 'GSI1SK')!).sort(byBytes).reverse();
    const profile = seed.find((item) => text(item, 'PK') === 'PLAYER#u8231' && text(item, 'SK') === 'PROFILE')!;
    expect(text(profile, 'GSI1SK')).toBe('RATING#01842');

    // Pane 1, the base table: the player's profile.
    const base = pane(page, 1);
    await base.getByRole('radio', { name: 'Query' }).check();
    await base.getByLabel('Partition key PK (S)').fill('PLAYER#u8231');
    await base.getByLabel('Sort key SK condition').selectOption('=');
    await base.getByLabel('Sort key SK value (S)').fill('PROFILE');
    expect((await settledStats(base))['Count']).toBe('1');

    // Pane 2, GSI1: the season's players, the direction flipped so the top ratings come first.
    await page.getByRole('button', { name: 'Add pane' }).click();
    const ranking = pane(page, 2);
    await ranking.getByRole('radio', { name: 'Query' }).check();
    await ranking.getByRole('combobox', { name: /^Index/ }).selectOption('GSI1');
    await expect.poll(() => ranking.getAttribute('aria-label')).toBe('Pane 2: GSI GSI1 (GSI1PK, GSI1SK; ALL)');
    await ranking.getByLabel('Partition key GSI1PK (S)').fill('SEASON#2026-Q2');
    await ranking.getByRole('button', { name: 'Ascending ↑' }).click();
    const ranked = await settledStats(ranking);
    expect(ranked['Count']).toBe(String(Math.min(100, season.length)));
    const rankingGrid = paneGrid(page, 2);
    const rankingRows = await allRows(rankingGrid);
    expect(column(rankingRows, 'GSI1SK')).toEqual(ratingsDown.slice(0, 100));
    // Consistent reads are not offered on a GSI, with DynamoDB's reason.
    expect(await ranking.getByRole('checkbox', { name: 'ConsistentRead' }).isDisabled()).toBe(true);
    await ranking.getByText('Consistent reads are not supported on global secondary indexes').first().waitFor();

    // The columns the ranking needs: SK and GSI1PK hidden from the header.
    await rankingGrid.press('Control+Home');
    await rankingGrid.getByRole('button', { name: 'Hide GSI1PK' }).click();
    await rankingGrid.getByRole('button', { name: 'Hide SK' }).click();
    // The index's keys lead (GSI1PK, GSI1SK, then the table's PK, SK): GSI1SK, then PK.
    expect(Object.keys((await renderedRows(rankingGrid))[0]!.cells).slice(0, 2)).toEqual(['GSI1SK', 'PK']);

    // Clicking the profile in the base table brings it into view in GSI1, highlighted in both.
    const baseGrid = paneGrid(page, 1);
    await baseGrid.getByRole('gridcell', { name: 'PLAYER#u8231', exact: true }).first().click();
    await expect.poll(async () => (await renderedRows(rankingGrid)).filter((row) => row.highlighted).map((row) => [row.cells['PK'], row.cells['GSI1SK']])).toEqual([['PLAYER#u8231', 'RATING#01842']]);
    expect((await renderedRows(baseGrid)).filter((row) => row.highlighted).map((row) => row.cells['SK'])).toEqual(['PROFILE']);
    const place = ratingsDown.indexOf('RATING#01842') + 1;
    expect((await renderedRows(rankingGrid)).find((row) => row.highlighted)?.position).toBe(place);
    await rankingGrid.press('Home');
    await screenshot(page, 'leaderboard-side-by-side');
    expect(await seriousViolations(page)).toEqual([]);

    // Another player clicked in GSI1: the base pane, which does not hold it, highlights nothing.
    const top = rankingRows[0]!.cells['PK']!;
    await rankingGrid.press('Control+Home');
    await rankingGrid.getByRole('gridcell', { name: top, exact: true }).first().click();
    await expect.poll(async () => (await renderedRows(rankingGrid)).filter((row) => row.highlighted).map((row) => row.cells['PK'])).toEqual([top]);
    expect((await renderedRows(baseGrid)).filter((row) => row.highlighted)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
