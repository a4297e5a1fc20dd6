/**
 * From `dynotable` starting to the first table shown in Chromium: the
 * server's part (spawn until the URL is printed; the built command, as
 * `npx dynotable` runs it, or the sources through tsx when it is not built)
 * and the page's part (opening the URL until the table list shows its first
 * table). Needs packages/web/dist built.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchChromium } from '../test/e2e/support/browser.js';
import { builtCommandExists, startDynotable, webBuildExists, type StartOptions } from '../test/e2e/support/server.js';

const RUNS = Number(process.env['RUNS'] ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

if (!webBuildExists()) throw new Error('packages/web/dist is missing: run `npm run build -w @dynotable/web` first');
const built = builtCommandExists();
const browser = await launchChromium();

interface Timing {
  readonly server: number;
  readonly page: number;
}

/** One start: spawn until the URL is printed, then the URL opened until the first table shows. */
async function timeStart(options: StartOptions): Promise<Timing> {
  const started = performance.now();
  const server = await startDynotable([], options);
  const printed = performance.now();
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const opening = performance.now();
    await page.goto(server.url);
    await page.locator('.table-list a').first().waitFor();
    return { server: printed - started, page: performance.now() - opening };
  } finally {
    await context.close();
    await server.stop();
  }
}

function report(title: string, timings: readonly Timing[]): void {
  const server = median(timings.map((timing) => timing.server));
  const page = median(timings.map((timing) => timing.page));
  console.log(`${title}, over ${timings.length} runs (median):`);
  console.log(`  server start to URL printed:     ${ms(server)}`);
  console.log(`  URL opened to first table shown: ${ms(page)}`);
  console.log(`  server start to first table:     ${ms(median(timings.map((timing) => timing.server + timing.page)))}  (aim: under 1 s)`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'dynotable-startup-'));
try {
  // The first start creates and seeds the example tables (as --in-memory does every time);
  // later starts open the tables already on disk.
  const first: Timing[] = [];
  const later: Timing[] = [];
  for (let run = 0; run < RUNS; run++) first.push(await timeStart({ built }));
  await timeStart({ built, dataDir });
  for (let run = 0; run < RUNS; run++) later.push(await timeStart({ built, dataDir }));
  console.log(built ? 'the built command (bin/dynotable.js), as npx dynotable runs it' : 'from the sources through tsx (not built: slower than npx dynotable)');
  report('first start: seeding the three example tables (--in-memory)', first);
  report('later start: the tables already on disk', later);
} finally {
  await browser.close();
  rmSync(dataDir, { recursive: true, force: true });
}
