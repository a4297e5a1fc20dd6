/**
 * A query of 100 items, from the click on Run to the frame that shows them,
 * measured in the page: performance.now() when the click event is dispatched,
 * then a MutationObserver waits until the grid holds the 100 new items (its
 * row count, and its first row the one this direction puts first), and the
 * next requestAnimationFrame — the frame that paints them — ends the run.
 * The query is the audit log actor's feed, Limit 100, on the embedded engine;
 * runs alternate the direction so each one renders different rows.
 */
import { median, ms, openWorkbench, percentile } from './support.js';

const RUNS = Number(process.env['RUNS'] ?? 30);
const WARMUP = 4;
const ITEMS = 100;

declare global {
  interface Window {
    benchRun?: Promise<number>;
  }
}

const bench = await openWorkbench();
const { page } = bench;
const times: number[] = [];
try {
  await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link', { name: /^AuditLog/ }).click();
  const pane = page.getByRole('region', { name: /^Pane 1: / });
  await pane.getByRole('checkbox', { name: 'Run as I type' }).uncheck();
  await pane.getByRole('radio', { name: 'Query' }).check();
  await pane.getByLabel('Partition key PK (S)').fill('ACTOR#u_8814');
  await pane.getByLabel('Limit', { exact: true }).fill(String(ITEMS));
  const run = pane.getByRole('button', { name: 'Run Query' });
  const direction = pane.getByRole('button', { name: /^(Ascending|Descending)/ });
  const firstSortKey = pane.locator('.wb-grid-body [role="row"][aria-rowindex="2"] [aria-colindex="3"]');

  /** What each direction shows first, from a plain run. */
  const firstShown = new Map<boolean, string>();
  for (const descending of [false, true]) {
    if ((await direction.getAttribute('aria-pressed')) !== String(descending)) await direction.click();
    await run.click();
    await page.getByRole('grid', { name: 'Items of pane 1' }).and(page.locator(`[aria-rowcount="${ITEMS + 1}"]`)).waitFor();
    await page.waitForFunction(() => !document.body.textContent?.includes('The results below are from the query as it was'));
    firstShown.set(descending, (await firstSortKey.textContent()) ?? '');
  }
  if (firstShown.get(false) === firstShown.get(true)) throw new Error('both directions show the same first item');

  for (let index = 0; index < WARMUP + RUNS; index++) {
    const descending = index % 2 === 1;
    if ((await direction.getAttribute('aria-pressed')) !== String(descending)) await direction.click();
    await page.evaluate(
      ({ expected, rows }) => {
        window.benchRun = new Promise<number>((resolve, reject) => {
          const section = document.querySelector('section[aria-label^="Pane 1: "]')!;
          const grid = section.querySelector('[role="grid"]')!;
          let clicked: number | undefined;
          const onClick = (event: Event) => {
            if ((event.target as Element).closest('button[type="submit"]') === null) return;
            clicked = performance.now();
            window.removeEventListener('click', onClick, true);
          };
          window.addEventListener('click', onClick, true);
          const shown = () =>
            grid.getAttribute('aria-rowcount') === String(rows + 1) &&
            grid.querySelector('.wb-grid-body [role="row"][aria-rowindex="2"] [aria-colindex="3"]')?.textContent === expected;
          const observer = new MutationObserver(() => {
            if (clicked === undefined || !shown()) return;
            observer.disconnect();
            const start = clicked;
            requestAnimationFrame(() => resolve(performance.now() - start));
          });
          observer.observe(section, { subtree: true, childList: true, characterData: true, attributes: true });
          setTimeout(() => reject(new Error('the results did not show within 10 s')), 10_000);
        });
      },
      { expected: firstShown.get(descending)!, rows: ITEMS },
    );
    await run.click();
    const elapsed = await page.evaluate(() => window.benchRun!);
    if (index >= WARMUP) times.push(elapsed);
  }
} finally {
  await bench.close();
}
console.log(`query of ${ITEMS} items, click to rendered, over ${RUNS} runs (after ${WARMUP} warm-up runs):`);
console.log(`  median ${ms(median(times))}  (aim: under 100 ms)`);
console.log(`  p95    ${ms(percentile(times, 0.95))}`);
console.log(`  min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}`);
