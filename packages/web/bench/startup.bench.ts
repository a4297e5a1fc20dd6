/**
 * From `dynotable` starting to the first table shown in Chromium: the
 * server's part (spawn until the URL is printed, run from the sources through
 * tsx, so slower than the built command) and the page's part (opening the URL
 * until the table list shows its first table). Needs packages/web/dist built.
 */
import { performance } from 'node:perf_hooks';
import { launchChromium } from '../test/e2e/support/browser.js';
import { startDynotable, webBuildExists } from '../test/e2e/support/server.js';

const RUNS = Number(process.env['RUNS'] ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

if (!webBuildExists()) throw new Error('packages/web/dist is missing: run `npm run build -w @dynotable/web` first');
const browser = await launchChromium();
const serverTimes: number[] = [];
const pageTimes: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const server = await startDynotable();
    const printed = performance.now();
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const opening = performance.now();
      await page.goto(server.url);
      await page.locator('.table-list a').first().waitFor();
      pageTimes.push(performance.now() - opening);
      serverTimes.push(printed - started);
    } finally {
      await context.close();
      await server.stop();
    }
  }
} finally {
  await browser.close();
}
console.log(`startup over ${RUNS} runs (median):`);
console.log(`  server start to URL printed:   ${ms(median(serverTimes))}`);
console.log(`  URL opened to first table shown: ${ms(median(pageTimes))}  (aim: under 1 s)`);
console.log(`  total:                          ${ms(median(serverTimes) + median(pageTimes))}`);
