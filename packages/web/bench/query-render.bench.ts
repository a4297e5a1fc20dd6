/**
 * Two measures, in the page, on the embedded engine:
 *
 * - a query of 100 items, from the click on Run to the frame that shows them:
 *   performance.now() when the click event is dispatched, then a
 *   MutationObserver waits until the grid holds the new items (its row count,
 *   and its first row the one this direction puts first), and the next
 *   requestAnimationFrame — the frame that paints them — ends the run. The
 *   query is the audit log actor's feed, Limit 100; runs alternate the
 *   direction so each one renders different rows;
 * - a keystroke in a BETWEEN bound (Enter, which runs the query at once) to the
 *   frame that paints the new window's items; runs alternate between two upper
 *   bounds with different counts.
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
const clickTimes: number[] = [];
const keyTimes: number[] = [];

/**
 * Arms the page to time the next `trigger` event (a click on the Run button, or
 * Enter) until the frame that paints `rows` items with `expected` first in the
 * sort key's column.
 */
function arm(trigger: 'click' | 'keydown', expected: string, rows: number, sortColumn: string): Promise<void> {
  return page.evaluate(
    ({ trigger, expected, rows, sortColumn }) => {
      window.benchRun = new Promise<number>((resolve, reject) => {
        const section = document.querySelector('section[aria-label^="Pane 1: "]')!;
        const grid = section.querySelector('[role="grid"]')!;
        let started: number | undefined;
        const onTrigger = (event: Event) => {
          if (trigger === 'click' && (event.target as Element).closest('button[type="submit"]') === null) return;
          if (trigger === 'keydown' && (event as KeyboardEvent).key !== 'Enter') return;
          started = performance.now();
          window.removeEventListener(trigger, onTrigger, true);
        };
        window.addEventListener(trigger, onTrigger, true);
        const shown = () =>
          grid.getAttribute('aria-rowcount') === String(rows + 1) &&
          grid.querySelector(`.wb-grid-body [role="row"][aria-rowindex="2"] [aria-colindex="${sortColumn}"]`)?.textContent === expected;
        const observer = new MutationObserver(() => {
          if (started === undefined || !shown()) return;
          observer.disconnect();
          const start = started;
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(section, { subtree: true, childList: true, characterData: true, attributes: true });
        setTimeout(() => reject(new Error('the results did not show within 10 s')), 10_000);
      });
    },
    { trigger, expected, rows, sortColumn },
  );
}

try {
  await page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link', { name: /^AuditLog/ }).click();
  const pane = page.getByRole('region', { name: /^Pane 1: / });
  const grid = page.getByRole('grid', { name: 'Items of pane 1' });
  await pane.getByRole('checkbox', { name: 'Run as I type' }).uncheck();
  await pane.getByRole('radio', { name: 'Query' }).check();
  await pane.getByLabel('Partition key PK (S)').fill('ACTOR#u_8814');
  await pane.getByLabel('Limit', { exact: true }).fill(String(ITEMS));
  const run = pane.getByRole('button', { name: 'Run Query' });
  const direction = pane.getByRole('button', { name: /^(Ascending|Descending)/ });
  await run.click();
  await grid.and(page.locator(`[aria-rowcount="${ITEMS + 1}"]`)).waitFor();
  // The sort key's column, wherever the grid puts it (an entity column may come first).
  const sortColumn = (await grid.getByRole('columnheader').filter({ has: page.getByText('SK', { exact: true }) }).first().getAttribute('aria-colindex'))!;
  const firstSortKey = pane.locator(`.wb-grid-body [role="row"][aria-rowindex="2"] [aria-colindex="${sortColumn}"]`);
  const settled = () => page.waitForFunction(() => !document.body.textContent?.includes('The results below are from the query as it was'));

  /** What each direction shows first, from a plain run. */
  const firstShown = new Map<boolean, string>();
  for (const descending of [false, true]) {
    if ((await direction.getAttribute('aria-pressed')) !== String(descending)) await direction.click();
    await run.click();
    await grid.and(page.locator(`[aria-rowcount="${ITEMS + 1}"]`)).waitFor();
    await settled();
    firstShown.set(descending, (await firstSortKey.textContent()) ?? '');
  }
  if (firstShown.get(false) === firstShown.get(true)) throw new Error('both directions show the same first item');

  for (let index = 0; index < WARMUP + RUNS; index++) {
    const descending = index % 2 === 1;
    if ((await direction.getAttribute('aria-pressed')) !== String(descending)) await direction.click();
    await arm('click', firstShown.get(descending)!, ITEMS, sortColumn);
    await run.click();
    const elapsed = await page.evaluate(() => window.benchRun!);
    if (index >= WARMUP) clickTimes.push(elapsed);
  }

  // The day window: BETWEEN two bounds, the upper one edited.
  if ((await direction.getAttribute('aria-pressed')) !== 'false') await direction.click();
  await pane.getByLabel('Sort key SK condition').selectOption('BETWEEN');
  await pane.getByLabel('Sort key SK from (S)').fill('EVT#2026-06-23');
  const upper = pane.getByLabel('Sort key SK to (S)');
  const bounds = ['EVT#2026-06-23T12', 'EVT#2026-06-24'];
  /** Each bound's window: its item count and first sort key, from a plain run. */
  const windows = new Map<string, { rows: number; first: string }>();
  for (const bound of bounds) {
    await upper.fill(bound);
    await run.click();
    await settled();
    await page.waitForTimeout(200);
    const rows = Number(await grid.getAttribute('aria-rowcount')) - 1;
    windows.set(bound, { rows, first: (await firstSortKey.textContent()) ?? '' });
  }
  if (windows.get(bounds[0]!)!.rows === windows.get(bounds[1]!)!.rows) throw new Error('both bounds give windows of the same size');
  for (let index = 0; index < WARMUP + RUNS; index++) {
    const bound = bounds[index % 2]!;
    await upper.fill(bound);
    const expected = windows.get(bound)!;
    await arm('keydown', expected.first, expected.rows, sortColumn);
    await upper.press('Enter');
    const elapsed = await page.evaluate(() => window.benchRun!);
    if (index >= WARMUP) keyTimes.push(elapsed);
  }
} finally {
  await bench.close();
}
console.log(`query of ${ITEMS} items, click to rendered, over ${RUNS} runs (after ${WARMUP} warm-up runs):`);
console.log(`  median ${ms(median(clickTimes))}  (aim: under 100 ms)`);
console.log(`  p95    ${ms(percentile(clickTimes, 0.95))}`);
console.log(`  min ${ms(Math.min(...clickTimes))}, max ${ms(Math.max(...clickTimes))}`);
console.log(`a keystroke in a BETWEEN bound (Enter) to the repainted window, over ${RUNS} runs:`);
console.log(`  median ${ms(median(keyTimes))}  (aim: under 100 ms)`);
console.log(`  p95    ${ms(percentile(keyTimes, 0.95))}`);
console.log(`  min ${ms(Math.min(...keyTimes))}, max ${ms(Math.max(...keyTimes))}`);
