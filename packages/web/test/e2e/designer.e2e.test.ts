/**
 * The model designer in real Chromium, questions first: from an empty
 * model, the leaderboard's four questions, the proposed design (with its
 * GSI), accepted into the model file; the rating's key template edited by hand
 * to an unpadded one, flagged by the linter and fixed in one click; the model
 * then verified on the embedded engine with every pattern passing, and the ticket
 * desk's cost comparison read (4 against 3 write units for a 1 KB ticket).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { LEADERBOARD_QUESTIONS, typeLeaderboardQuestions } from './support/leaderboard-questions.js';
import { useWorkbench } from './support/workbench.js';

/** The questions of examples/leaderboard.yaml, in order. */
const QUESTIONS = LEADERBOARD_QUESTIONS;

const modelText = (page: Page) => page.getByRole('textbox', { name: 'Model file text' }).inputValue();
const findings = (page: Page) => page.getByRole('list', { name: 'Lint findings' }).getByRole('listitem');
const storedModel = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('dynotable.model') ?? '{"text":""}') as { text: string }).text);

/** Selects `from` in the model file's text and types `to` over it, as a person would. */
async function typeOver(page: Page, from: string, to: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Model file text' });
  await editor.evaluate((element, target) => {
    const area = element as HTMLTextAreaElement;
    const start = area.value.indexOf(target);
    if (start < 0) throw new Error(`${target} is not in the model file`);
    area.focus();
    area.setSelectionRange(start, start + target.length);
  }, from);
  await page.keyboard.type(to);
}

/** The designer's page, signed in (the first load set the cookie). */
async function openDesigner(page: Page): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/design`);
  await page.getByRole('heading', { level: 1, name: 'Model designer' }).waitFor();
}

describe.skipIf(browserMissing() !== undefined)('the model designer', () => {
  const workbench = useWorkbench();

  it('designs the leaderboard from its questions, fixes an unpadded rating in one click, verifies it and reads the cost of a move', async () => {
    expect(QUESTIONS).toHaveLength(4);
    const { context, page, errors } = await workbench().open();
    await openDesigner(page);
    expect(await modelText(page)).toBe('');
    await page.getByLabel('Model name').fill('leaderboard');

    // The questions, typed one per line (Enter adds the next).
    await typeLeaderboardQuestions(page);
    const proposal = page.getByRole('region', { name: 'Proposed design' });
    const topPlayers = proposal.locator(`[data-question="${QUESTIONS[2]}"]`);
    await topPlayers.waitFor();
    // The season ranking needs a GSI: it appears in the tables, the plan and the reasons.
    await expect.poll(() => proposal.locator('.proposal-gsi').count()).toBeGreaterThanOrEqual(1);
    expect(await topPlayers.textContent()).toMatch(/Query on Leaderboard GSI GSI\d/);
    expect(await proposal.locator('[data-question="get player by id"]').textContent()).toContain('GetItem on Leaderboard');
    await expect.poll(() => proposal.getByRole('listitem').filter({ hasText: /^index GSI1: GSI GSI1/ }).count()).toBe(1);
    const ratingKey = await proposal.locator('.key-template', { hasText: 'GSI1SK' }).first().textContent();
    expect(ratingKey).toMatch(/RATING#\{rating:0\d+\}/);
    // The tables drawn as items, the base table and each GSI.
    await proposal.getByRole('heading', { name: 'The tables as items' }).waitFor();
    await screenshot(page, 'designer-proposal');

    // Accepted, the design is the model file, in the shared document.
    await page.getByRole('button', { name: 'Accept the design' }).click();
    await expect.poll(() => modelText(page)).toContain('GSI1SK: RATING#{rating:');
    expect(await storedModel(page)).toBe(await modelText(page));
    const padded = /\{rating:0\d+\}/.exec(await modelText(page))![0];

    // A hand edit makes the rating unpadded; the linter flags it next to its line.
    await typeOver(page, padded, '{rating}');
    const unpadded = findings(page).and(page.locator('[data-rule="unpadded-number-in-key"]'));
    await unpadded.first().waitFor();
    expect(await unpadded.first().textContent()).toContain('Player GSI1SK');
    const lineButton = unpadded.first().getByRole('button', { name: /^Go to line \d+$/ });
    const line = Number(/\d+/.exec((await lineButton.getAttribute('aria-label'))!)![0]);
    expect((await modelText(page)).split('\n')[line - 1]).toContain('GSI1SK: RATING#{rating}');
    expect(await page.getByText('(unsaved)').count()).toBe(1);
    await screenshot(page, 'designer-lint-unpadded');

    // One click applies the fix; the finding is gone and the template padded again.
    await unpadded.first().getByRole('button', { name: /^Use \{rating:0\d+\}/ }).click();
    await expect.poll(() => modelText(page)).toMatch(/GSI1SK: RATING#\{rating:0\d+\}/);
    await expect.poll(() => page.locator('[data-rule="unpadded-number-in-key"]').count()).toBe(0);
    await page.keyboard.press('Control+s');
    await expect.poll(() => storedModel(page)).toMatch(/GSI1SK: RATING#\{rating:0\d+\}/);
    expect(await page.getByText('(unsaved)').count()).toBe(0);
    await screenshot(page, 'designer-lint-fixed');
    expect(await seriousViolations(page)).toEqual([]);

    // The same model, proved on the embedded engine: every access pattern passes.
    const tools = page.getByRole('navigation', { name: 'Model tools' });
    await tools.getByRole('link', { name: 'Verify on a table' }).click();
    await page.getByText(/^Model leaderboard: 4 access patterns/).waitFor();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Result' }).waitFor();
    await page.getByRole('status').filter({ hasText: /^✓ All 4 patterns pass/ }).waitFor();
    const verdicts = page.getByRole('table', { name: 'Access patterns' }).locator('tbody tr td:first-child');
    expect(await verdicts.allInnerTexts()).toEqual(['PASS', 'PASS', 'PASS', 'PASS']);
    await screenshot(page, 'designer-journey-verified');

    // And what a change costs: the ticket desk's move against the GSI update, 4 against 3 write units for a 1 KB ticket.
    await tools.getByRole('link', { name: 'Pricing calculator' }).click();
    const units = (design: string) => page.getByRole('region', { name: design, exact: true }).locator('.pricing-units').innerText();
    await expect.poll(() => units('Transactional move')).toMatch(/^4 write units/);
    expect(await units('GSI update')).toMatch(/^3 write units/);
    expect(await page.getByLabel('Ticket size (bytes)').inputValue()).toBe('1024');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows under a question what it understood and which words it did not', async () => {
    const { context, page, errors } = await workbench().open();
    await openDesigner(page);
    const first = page.getByRole('textbox', { name: 'Access pattern 1' });
    await first.fill('list tickets where between');
    const note = page.locator(`#${await first.getAttribute('aria-describedby')}`);
    await expect.poll(() => note.textContent()).toMatch(/Not understood:.*where.*between/);
    await first.fill('list tickets by team, newest first');
    await expect.poll(() => note.textContent()).toMatch(/^Reads as: /);
    await page.getByRole('region', { name: 'Proposed design' }).locator('[data-question="list tickets by team, newest first"]').waitFor();
    await screenshot(page, 'designer-question-feedback');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports the accepted model to CloudFormation with its text and warnings, in the dark theme', async () => {
    const { context, page, errors } = await workbench().open({ colorScheme: 'dark' });
    await openDesigner(page);
    await page.getByRole('textbox', { name: 'Access pattern 1' }).fill('get player by id');
    await page.getByRole('region', { name: 'Proposed design' }).locator('[data-question="get player by id"]').waitFor();
    await page.getByRole('button', { name: 'Accept the design' }).click();
    await expect.poll(() => modelText(page)).toContain('PK: PLAYER#{playerId}');
    await page.getByLabel('Format').selectOption('cloudformation-yaml');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const exported = page.getByRole('region', { name: 'Export' }).locator('pre');
    await expect.poll(() => exported.textContent()).toContain('AWS::DynamoDB::Table');
    await screenshot(page, 'designer-export-dark');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
