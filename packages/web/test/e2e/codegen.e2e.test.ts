/**
 * The query builder in real Chromium: the leaderboard's data-access module
 * and integration test shown with line numbers, one downloaded (its content
 * what the server generates), and an access pattern's boto3 snippet and AWS
 * CLI command; accessibility in both themes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { browserMissing, screenshot } from './support/browser.js';
import { REPO_ROOT } from './support/server.js';
import { useWorkbench } from './support/workbench.js';

const LEADERBOARD = readFileSync(`${REPO_ROOT}examples/leaderboard.yaml`, 'utf8');

interface GeneratedFile {
  fileName: string;
  source: string;
}

async function codegen(page: Page, pattern?: string): Promise<unknown> {
  return page.evaluate(
    async ({ model, pattern }) => {
      const response = await fetch('/api/model/codegen', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model, source: 'leaderboard.yaml', ...(pattern !== undefined ? { pattern } : {}) }),
      });
      return response.json();
    },
    { model: LEADERBOARD, pattern },
  );
}

async function openCodegen(page: Page, origin: string, colorScheme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.evaluate(
    ({ text, theme }) => {
      localStorage.setItem('dynotable.model', JSON.stringify({ text, fileName: 'leaderboard.yaml' }));
      localStorage.setItem('dynotable.theme', theme);
    },
    { text: LEADERBOARD, theme: colorScheme },
  );
  await page.goto(`${origin}/design/codegen`);
  await page.getByRole('heading', { level: 1, name: 'Query builder' }).waitFor();
}

/** The code view's text without its line numbers, and how many numbers it shows. */
async function codeView(page: Page, label: string): Promise<{ text: string; numbers: number }> {
  const region = page.getByRole('region', { name: label, exact: true });
  await region.waitFor();
  const text = await region.locator('.code-text').innerText();
  const numbers = (await region.locator('.code-gutter').innerText()).trim().split('\n').length;
  return { text, numbers };
}

describe.skipIf(browserMissing() !== undefined)('the query builder', () => {
  const workbench = useWorkbench();

  it('shows the data-access module and its integration test, and downloads one as the server generates it', async () => {
    const { context, page, errors } = await workbench().open({ colorScheme: 'light' });
    await openCodegen(page, workbench().server.origin);
    const { files } = (await codegen(page)) as { files: GeneratedFile[] };
    expect(files).toHaveLength(2);

    for (const file of files) {
      await page.getByRole('heading', { level: 3, name: file.fileName }).waitFor();
      const shown = await codeView(page, `Source of ${file.fileName}`);
      expect(shown.text.replace(/\n$/, '')).toBe(file.source.replace(/\n$/, ''));
      expect(shown.numbers).toBe(file.source.replace(/\n$/, '').split('\n').length);
    }

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download ${files[1]!.fileName}` }).click()]);
    expect(download.suggestedFilename()).toBe(files[1]!.fileName);
    const path = await download.path();
    expect(readFileSync(path, 'utf8')).toBe(files[1]!.source);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'codegen-files');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gives an access pattern's boto3 snippet and AWS CLI command, the pattern kept in the URL", async () => {
    const { context, page, errors } = await workbench().open({ colorScheme: 'dark' });
    await openCodegen(page, workbench().server.origin, 'dark');
    const { snippets } = (await codegen(page, 'topPlayersOfSeason')) as { snippets: { python: string; cli: string } };

    await page.getByRole('combobox', { name: 'Access pattern' }).selectOption('topPlayersOfSeason');
    expect(new URL(page.url()).searchParams.get('pattern')).toBe('topPlayersOfSeason');
    await expect.poll(async () => (await codeView(page, 'Source of boto3 snippet of topPlayersOfSeason')).text.trim()).toBe(snippets.python.trim());
    expect((await codeView(page, 'Source of AWS CLI command of topPlayersOfSeason')).text.trim()).toBe(snippets.cli.trim());
    expect(snippets.cli).toContain('GSI1');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Query builder' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Access pattern' }).inputValue()).toBe('topPlayersOfSeason');

    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('region', { name: 'boto3 snippet of topPlayersOfSeason', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'codegen-pattern-snippets-dark');
    expect(errors).toEqual([]);
    await context.close();
  });
});
