/**
 * The designer reads questions as people write them, in real Chromium: the
 * leaderboard brief's four questions, typed with the keyboard exactly as the
 * brief words them, give one Player (no NPlayer, no PlayerProfile), its matches
 * in its own partition read newest first, and the season ranking on a GSI
 * sorted by a zero-padded rating; a word it cannot place is said under the
 * question with what it would read instead, and left out of the design.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { allRows, column, openTable, pane, paneGrid, settledStats } from './support/panes.js';
import { useWorkbench } from './support/workbench.js';

const BRIEF = ['get player profile by id', "list a player's recent matches newest first", 'top N players of a season by rating', 'find player by handle'];

async function openDesigner(page: Page): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/design`);
  await page.getByRole('heading', { level: 1, name: 'Model designer' }).waitFor();
}

async function typeQuestions(page: Page, questions: readonly string[]): Promise<void> {
  await page.getByRole('textbox', { name: 'Access pattern 1' }).click();
  for (const [index, question] of questions.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(question);
  }
}

/** Each entity's key templates in the proposal, by key attribute. */
async function keyTemplates(proposal: Locator): Promise<Record<string, Record<string, string>>> {
  return proposal.locator('.key-templates').evaluateAll((blocks) =>
    Object.fromEntries(
      blocks.map((block) => [
        block.querySelector('h4')?.textContent ?? '',
        Object.fromEntries(Array.from(block.querySelectorAll('.key-template')).map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? ''])),
      ]),
    ),
  );
}

describe.skipIf(browserMissing() !== undefined)('the designer reads people', () => {
  const workbench = useWorkbench();

  it('designs the leaderboard brief as typed: one Player, its matches in its partition, a padded season ranking', async () => {
    const { context, page, errors } = await workbench().open();
    await openDesigner(page);
    await page.getByLabel('Model name').fill('leaderboard');
    await typeQuestions(page, BRIEF);

    const proposal = page.getByRole('region', { name: 'Proposed design' });
    for (const question of BRIEF) await proposal.locator(`[data-question="${question}"]`).waitFor();
    await expect.poll(async () => Object.keys(await keyTemplates(proposal)).sort()).toEqual(['Match', 'Player']);
    const keys = await keyTemplates(proposal);
    expect(JSON.stringify(keys)).not.toMatch(/NPLAYER|PLAYER_PROFILE|nPlayerId|playerProfileId/);

    // Read under each question: the words name Player, with a limit the caller chooses.
    const note = async (index: number) => {
      const input = page.getByRole('textbox', { name: `Access pattern ${index + 1}` });
      return page.locator(`#${await input.getAttribute('aria-describedby')}`).textContent();
    };
    await expect.poll(() => note(0)).toBe('Reads as: get Player where playerId = ?');
    await expect.poll(() => note(2)).toBe('Reads as: list Player where season = ?, ordered by rating descending');

    // The player and its matches share a partition; the matches sort by time and are read backwards.
    expect(keys['Player']!['PK']).toBe('PLAYER#{playerId}');
    expect(keys['Match']!['PK']).toBe('PLAYER#{playerId}');
    expect(keys['Match']!['SK']).toMatch(/^MATCH#\{createdAt:iso\}#\{matchId\}$/);
    const matches = await proposal.locator(`[data-question="${BRIEF[1]}"]`).textContent();
    expect(matches).toContain('Query on Leaderboard');
    expect(matches).toContain('ScanIndexForward false');

    // The season ranking: a GSI partitioned by season, sorted by the zero-padded rating.
    const ranking = await proposal.locator(`[data-question="${BRIEF[2]}"]`).textContent();
    const index = /Query on Leaderboard GSI (GSI\d)/.exec(ranking ?? '')?.[1];
    expect(index).toBeDefined();
    expect(keys['Player']![`${index!}PK`]).toBe('SEASON#{season}');
    expect(keys['Player']![`${index!}SK`]).toMatch(/^RATING#\{rating:0\d+\}#PLAYER#\{playerId\}$/);
    expect(await proposal.locator(`[data-question="${BRIEF[3]}"]`).textContent()).toMatch(/on Leaderboard GSI GSI\d/);
    await screenshot(page, 'designer-leaderboard-brief');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a word it cannot place under its question, with did you mean, and designs the rest', async () => {
    const { context, page, errors } = await workbench().open();
    await openDesigner(page);
    await typeQuestions(page, ['get ticket by id', 'list tickets by team, newst first']);
    const second = page.getByRole('textbox', { name: 'Access pattern 2' });
    const note = page.locator(`#${await second.getAttribute('aria-describedby')}`);
    await expect.poll(() => note.textContent()).toMatch(/Not understood: newst \(did you mean “newest”\?\)/);
    const proposal = page.getByRole('region', { name: 'Proposed design' });
    await proposal.locator('[data-question="get ticket by id"]').waitFor();
    expect(await proposal.locator('[data-question="list tickets by team, newst first"]').count()).toBe(0);

    // Corrected as suggested, it is designed too.
    await second.press('End');
    for (let typed = 0; typed < 'newst first'.length; typed += 1) await page.keyboard.press('Backspace');
    await page.keyboard.type('newest first');
    await expect.poll(() => note.textContent()).toMatch(/^Reads as: list Ticket where team = \?, ordered by createdAt descending$/);
    await proposal.locator('[data-question="list tickets by team, newest first"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaderboard, end to end: the brief designed, applied with sample data, and the top players of a season run as a pattern pane, ranked', async () => {
    const { context, page, errors } = await workbench().open();
    await openDesigner(page);
    await page.getByLabel('Model name').fill('leaderboard');
    await typeQuestions(page, BRIEF);
    const proposal = page.getByRole('region', { name: 'Proposed design' });
    for (const question of BRIEF) await proposal.locator(`[data-question="${question}"]`).waitFor();
    await page.getByRole('button', { name: 'Accept the design' }).click();

    // Applied to the embedded engine (its example Leaderboard is there: under a prefix), with sample items.
    await page.goto(`${new URL(page.url()).origin}/design/apply`);
    await page.getByRole('heading', { level: 1, name: 'Apply to a connection' }).waitFor();
    await page.getByLabel('Table name prefix').fill('brief_');
    await page.getByLabel('Sample items per entity').fill('60');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('list', { name: 'Applied tables' }).getByText(/^Created brief_Leaderboard, \d+ sample items loaded/).waitFor();

    // The table, linked to the Design area's model; the season ranking as a pattern pane.
    await page.goto(`${new URL(page.url()).origin}/`);
    await page.getByLabel('Safety mode').waitFor();
    await openTable(page, 'brief_Leaderboard');
    const bar = page.getByRole('region', { name: 'Model of brief_Leaderboard' });
    await bar.getByText('No model linked.').waitFor();
    await bar.getByRole('button', { name: "Link the Design area's model" }).click();
    await bar.getByText(/from the Design area; this is its table Leaderboard, entities Player, Match/).waitFor();
    const ranking = page.getByRole('listitem').filter({ hasText: BRIEF[2]! });
    await ranking.getByRole('button').first().click();
    const form = page.getByRole('form', { name: /^Run / });

    // A season that the sample holds, read from the table as a check would.
    const players = await page.evaluate(async () => {
      const response = await fetch('/api/connections/embedded/tables/brief_Leaderboard/items/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return ((await response.json()) as { items: Record<string, { S?: string; N?: string }>[] }).items;
    });
    const season = players.find((item) => item['season']?.S !== undefined && item['PK']?.S?.startsWith('PLAYER#') === true)!['season']!.S!;
    await form.getByLabel('season').fill(season);
    // "top N": the caller's N is the pane's Limit.
    await form.getByLabel('Limit').fill('10');
    await form.getByText(/^The exact Query request$/).click();
    const request = JSON.parse(await form.locator('pre').innerText()) as { params: { IndexName: string; ScanIndexForward?: boolean; Limit?: number } };
    expect(request.params).toMatchObject({ ScanIndexForward: false, Limit: 10 });
    const sortKey = `${request.params.IndexName}SK`;
    await form.getByRole('button', { name: 'Open as a pane' }).click();

    const pattern = pane(page, 1);
    await pattern.getByText(/pattern /).first().waitFor();
    const stats = await settledStats(pattern);
    const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
    const expected = players
      .filter((item) => item['season']?.S === season && item[sortKey]?.S !== undefined)
      .map((item) => item[sortKey]!.S!)
      .sort(byBytes)
      .reverse();
    expect(expected.length).toBeGreaterThan(1);
    expect(stats['Count']).toBe(String(Math.min(10, expected.length)));
    // Ranked: the highest rating first, exactly as the index orders the season's players.
    expect(column(await allRows(paneGrid(page, 1)), sortKey).slice(0, 10)).toEqual(expected.slice(0, 10));
    await screenshot(page, 'designer-brief-applied-ranking');
    expect(errors).toEqual([]);
    await context.close();
  });
});
