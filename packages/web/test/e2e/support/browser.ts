/**
 * Debian's Chromium through playwright-core. Without /usr/bin/chromium the
 * browser tests are skipped with the reason printed — except in CI, where a
 * missing browser is a failure.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from './server.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = `${REPO_ROOT}.artifacts/screenshots`;

/** Why the browser tests cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const reason = `${CHROMIUM} not found (install Debian's chromium package)`;
  if (process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false') {
    throw new Error(`Browser tests need Chromium in CI: ${reason}`);
  }
  console.warn(`Skipping the browser tests: ${reason}`);
  return reason;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * Screenshots are for a person to look at (`npm run test:browser`); `npm test` sets
 * DYNOTABLE_SCREENSHOTS=off, as nobody looks at its ninety pictures and encoding them
 * costs the longest lane CPU. They are never what a test asserts.
 */
const screenshotsWanted = () => process.env['DYNOTABLE_SCREENSHOTS'] !== 'off';

/** Saves a full-page screenshot as .artifacts/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** The model tools scroll inside their main element: the viewport grows for the shot so it holds the whole page. */
export async function screenshotWholePage(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  const height = await page.evaluate(() => {
    const main = document.querySelector('.design-main');
    return main === null ? document.body.scrollHeight : main.getBoundingClientRect().top + main.scrollHeight;
  });
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: viewport?.width ?? 1280, height: Math.min(8000, Math.ceil(height)) });
  await screenshot(page, name);
  if (viewport !== null) await page.setViewportSize(viewport);
}
