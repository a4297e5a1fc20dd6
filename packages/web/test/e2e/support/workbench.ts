/**
 * One server for a test file, and a browser shared by the files of a worker: registered with beforeAll and
 * afterAll, opened at the printed URL (which signs the page in).
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { builtCommandExists, startDynotable, webBuildExists, type RunningDynotable } from './server.js';

export interface Workbench {
  readonly server: RunningDynotable;
  readonly browser: Browser;
  /**
   * A new browser context (its own cookies), signed in, on the app's first
   * view; `errors` collects the page's uncaught errors and console errors
   * (a Content-Security-Policy refusal is one).
   */
  open(options?: { colorScheme?: 'light' | 'dark' }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
}

/**
 * One Chromium per test worker, shared by the files it runs one after
 * another (each test opens its own context: cookies and storage are not
 * shared). Launching it costs more CPU than many a test; it goes when the
 * worker exits, and a browser that crashed is launched again.
 */
let shared: Promise<Browser> | undefined;

async function workerChromium(): Promise<Browser> {
  const browser = shared === undefined ? undefined : await shared.catch(() => undefined);
  if (browser !== undefined && browser.isConnected()) return browser;
  shared = launchChromium();
  return shared;
}

export function useWorkbench(): () => Workbench {
  let workbench: Workbench | undefined;
  let server: RunningDynotable | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!webBuildExists()) throw new Error('packages/web/dist is missing: run `npm run build -w @dynotable/web` first');
    // The command as users run it (bin/dynotable.js over the bundle: its seed data is built in, so it
    // starts in a fraction of the CPU time of the sources through tsx); the sources when nothing is built.
    [server, browser] = await Promise.all([startDynotable([], { built: builtCommandExists() }), workerChromium()]);
    const running = { server, browser };
    workbench = {
      ...running,
      async open(options = {}) {
        // Reduced motion: the fading tint of a just-written row repaints it for 2.5 s, frame after
        // frame, which no test looks at (they check its class and its frame, which stay): about a
        // tenth of Chromium's CPU in a file of many writes.
        const context = await running.browser.newContext({
          colorScheme: options.colorScheme ?? 'light',
          reducedMotion: 'reduce',
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        // A wait for an element, not a speed check: under the whole suite both cores are busy,
        // and a slow host made steps of a few seconds take four times longer.
        page.setDefaultTimeout(90_000);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`console: ${message.text()}`);
        });
        await page.goto(running.server.url);
        return { context, page, errors };
      },
    };
  });
  afterAll(async () => {
    // The file's contexts go; the browser stays for the worker's next file.
    await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
    await server?.stop();
  });
  return () => {
    if (workbench === undefined) throw new Error('the workbench did not start');
    return workbench;
  };
}
