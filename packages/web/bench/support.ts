/** What the browser benchmarks share: a signed-in workbench page on a fresh `dynotable`, and the figures printed. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/support/browser.js';
import { startDynotable, webBuildExists, type RunningDynotable } from '../test/e2e/support/server.js';

export interface BenchPage {
  readonly server: RunningDynotable;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** The connection the page opened on (the embedded engine). */
  readonly connectionId: string;
  close(): Promise<void>;
}

export async function openWorkbench(): Promise<BenchPage> {
  if (!webBuildExists()) throw new Error('packages/web/dist is missing: run `npm run build -w @dynotable/web` first');
  const [server, browser] = await Promise.all([startDynotable(), launchChromium()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with a `__name` helper, which functions sent to page.evaluate would call in the page.
  await context.addInitScript('globalThis.__name = (target) => target;');
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(server.url);
  await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link').first().waitFor();
  const connectionId = new URL(page.url()).pathname.split('/')[2]!;
  return {
    server,
    browser,
    context,
    page,
    connectionId,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);
export const ms = (value: number) => `${value.toFixed(1)} ms`;
