/**
 * One server for a test file, and a browser shared by the files of a worker: registered with beforeAll and
 * afterAll, opened at the printed URL (which signs the page in). A file's tests take turns with one
 * context and page, cleared between them, rather than a new context each.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { builtCommandExists, startDynotable, webBuildExists, type RunningDynotable } from './server.js';

export interface Workbench {
  readonly server: RunningDynotable;
  readonly browser: Browser;
  /**
   * A browser context as new (no cookies, storage or permissions of an earlier
   * test), signed in, on the app's first view; `errors` collects the page's
   * uncaught errors and console errors (a Content-Security-Policy refusal is
   * one). Its `close` gives it back for the file's next test.
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

/** A context and its page that a test gave back. */
interface Spare {
  readonly context: BrowserContext;
  readonly page: Page;
}

const VIEWPORT = { width: 1280, height: 800 };

/**
 * The context as a test sees it: everything is the context's own, except `close`, which gives
 * the context and its page back for the file's next test instead of closing them.
 */
function lent(context: BrowserContext, giveBack: () => Promise<void>): BrowserContext {
  return new Proxy(context, {
    get(target, property) {
      if (property === 'close') return giveBack;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A context given back, made as a new one is for the next test: its other pages closed; the page
 * off the app (a `beforeunload` it raises is accepted) and onto a same-origin file, where the
 * origin's local and session storage are cleared after the app's `pagehide` wrote its drafts; no
 * cookies, no permissions; the test's colour scheme and the first viewport. The page's listeners
 * go. Its HTTP cache stays, and no context is made, which cost 1 to 3 s of Chromium CPU a test.
 */
async function reset(spare: Spare, origin: string, colorScheme: 'light' | 'dark'): Promise<Page> {
  const { context } = spare;
  for (const other of context.pages()) if (other !== spare.page) await other.close();
  const page = spare.page.isClosed() ? await context.newPage() : spare.page;
  page.removeAllListeners();
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  // Chromium asks a document without an icon for /favicon.ico, and the 404 is a console error:
  // it must come before the next test listens, so the page leaves that document first.
  await page.goto('about:blank');
  page.removeAllListeners('dialog');
  await context.clearCookies();
  await context.clearPermissions();
  await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
  await page.setViewportSize(VIEWPORT);
  return page;
}

export function useWorkbench(): () => Workbench {
  let workbench: Workbench | undefined;
  let server: RunningDynotable | undefined;
  let browser: Browser | undefined;
  let spare: Spare | undefined;
  beforeAll(async () => {
    if (!webBuildExists()) throw new Error('packages/web/dist is missing: run `npm run build -w @dynotable/web` first');
    // The command as users run it (bin/dynotable.js over the bundle: its seed data is built in, so it
    // starts in a fraction of the CPU time of the sources through tsx); the sources when nothing is built.
    [server, browser] = await Promise.all([startDynotable([], { built: builtCommandExists() }), workerChromium()]);
    const running = { server, browser };
    workbench = {
      ...running,
      async open(options = {}) {
        const colorScheme = options.colorScheme ?? 'light';
        // A test gets the context the previous one gave back (close), made like new; a test that
        // holds one while opening another, or that failed before giving it back, gets a new one.
        const taken = spare;
        spare = undefined;
        let context: BrowserContext;
        let page: Page;
        if (taken !== undefined) {
          context = taken.context;
          page = await reset(taken, running.server.origin, colorScheme);
        } else {
          // Reduced motion: the fading tint of a just-written row repaints it for 2.5 s, frame after
          // frame, which no test looks at (they check its class and its frame, which stay): about a
          // tenth of Chromium's CPU in a file of many writes.
          context = await running.browser.newContext({ colorScheme, reducedMotion: 'reduce', viewport: VIEWPORT });
          page = await context.newPage();
        }
        // A wait for an element, not a speed check: under the whole suite both cores are busy,
        // and a slow host made steps of a few seconds take four times longer.
        page.setDefaultTimeout(90_000);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`console: ${message.text()}`);
        });
        await page.goto(running.server.url);
        const giveBack = async () => {
          spare = { context, page };
        };
        return { context: lent(context, giveBack), page, errors };
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
