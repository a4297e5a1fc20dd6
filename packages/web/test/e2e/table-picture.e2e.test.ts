/**
 * The pictures of the designed tables in real Chromium: the leaderboard's
 * questions typed into the designer, the base table and the season index
 * drawn as items, a band per partition, key columns first, readable and
 * without serious accessibility violations in the light and the dark theme.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { LEADERBOARD_QUESTIONS, typeLeaderboardQuestions } from './support/leaderboard-questions.js';
import { useWorkbench } from './support/workbench.js';

const QUESTIONS = LEADERBOARD_QUESTIONS;

async function designLeaderboard(page: Page): Promise<Locator> {
  await page.goto(`${new URL(page.url()).origin}/design`);
  await page.getByRole('heading', { level: 1, name: 'Model designer' }).waitFor();
  await page.getByLabel('Model name').fill('leaderboard');
  await typeLeaderboardQuestions(page);
  const proposal = page.getByRole('region', { name: 'Proposed design' });
  await proposal.locator(`[data-question="${QUESTIONS[2]}"]`).waitFor();
  return proposal;
}

/** The texts of a table's cells, row by row, for the rows of one band (a tbody). */
async function bandRows(band: Locator): Promise<string[][]> {
  return band.locator('tr').evaluateAll((rows) => rows.slice(1).map((row) => Array.from(row.children, (cell) => cell.textContent ?? '')));
}

describe.skipIf(browserMissing() !== undefined)('the table pictures', () => {
  const workbench = useWorkbench();

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`draws the designed leaderboard and its season index as items (${colorScheme})`, async () => {
      const { context, page, errors } = await workbench().open({ colorScheme });
      const proposal = await designLeaderboard(page);
      const base = proposal.getByRole('table', { name: /^Leaderboard \(base table\)/ });
      await base.waitFor();
      const headers = await base.locator('thead th').allTextContents();
      expect(headers[0]).toBe('Entity');
      expect(headers[1]).toMatch(/partition key$/);
      expect(headers[2]).toMatch(/sort key$/);
      expect(await base.locator('tbody th[scope="rowgroup"]').count()).toBeGreaterThan(0);

      const season = proposal.getByRole('table', { name: /^Leaderboard · GSI\d \(global secondary index\)/ }).filter({ hasText: 'RATING#' }).first();
      await season.waitFor();
      const sortColumn = 2;
      for (const band of await season.locator('tbody').all()) {
        const keys = (await bandRows(band)).map((cells) => cells[sortColumn]!);
        // ASCII keys: JS order is byte order here.
        expect(keys).toEqual([...keys].sort());
      }
      // Matches carry no season keys: counted under the picture instead of drawn.
      const picture = season.locator('xpath=ancestor::div[contains(@class, "table-picture")][1]');
      expect(await picture.locator('.tp-left-out').textContent()).toMatch(/^\d+ of \d+ sample Match items not in this index \(sparse: /);
      // Wide tables scroll inside their own region, reachable from the keyboard.
      const region = page.getByRole('region', { name: /^Leaderboard \(base table\)/ });
      expect(await region.getAttribute('tabindex')).toBe('0');
      await season.scrollIntoViewIfNeeded();
      await screenshot(page, `table-picture-leaderboard-${colorScheme}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
