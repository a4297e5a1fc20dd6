/** The leaderboard example's access patterns, and typing them into the designer as a user does. */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server.js';

export const LEADERBOARD_QUESTIONS = [...readFileSync(`${REPO_ROOT}examples/leaderboard.yaml`, 'utf8').matchAll(/^\s+question: (.+)$/gm)].map((match) => match[1]!.trim());

/** The questions typed one per line (Enter adds the next) into the open designer. */
export async function typeLeaderboardQuestions(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Access pattern 1' }).click();
  for (const [index, question] of LEADERBOARD_QUESTIONS.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(question);
  }
}
