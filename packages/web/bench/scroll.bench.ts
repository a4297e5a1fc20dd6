/**
 * Scrolling 100,000 loaded rows: a table of 100,000 items (imported through
 * the API), all of them loaded into the grid (Scan, Load all), then the grid
 * scrolled from top to bottom in steps, one step a frame (each step a jump
 * to rows never rendered: the worst case), then wheel-like, 100 px a frame
 * from the middle. Frame durations
 * come from requestAnimationFrame, long tasks from the Long Tasks API; a
 * frame over 50 ms is a long frame.
 */
import { ms, openWorkbench, percentile } from './support.js';

const ITEMS = Number(process.env['ITEMS'] ?? 100_000);
/** Steps from top to bottom: each one jumps ~ITEMS/STEPS rows, so every frame renders rows never seen before. */
const STEPS = Number(process.env['STEPS'] ?? 1000);
const TABLE = 'ScrollBench';
const GENTLE_FRAMES = 300;
const GENTLE_PX = 100;
const LONG_FRAME_MS = 50;

interface ScrollFigures {
  /** Frames with nothing to do, for comparison: the display's interval, longer on a busy machine. */
  idle: number[];
  frames: number[];
  /** Wheel-like scrolling, a few rows a frame (most rows stay rendered), from the middle. */
  gentle: number[];
  longTasks: number[];
  scrollHeight: number;
  lastRow: number;
}

const bench = await openWorkbench();
const { page, connectionId } = bench;
try {
  // The table and its items, through the API from the signed-in page.
  const imported = await page.evaluate(
    async ({ connection, table, count, chunk }) => {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const json = (await response.json()) as Record<string, unknown>;
        if (!response.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
        return json;
      };
      await post(`/api/connections/${connection}/tables`, { name: table, partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'N' } });
      const line = (i: number) =>
        JSON.stringify({
          PK: { S: `DEVICE#${String(i % 500).padStart(4, '0')}` },
          SK: { N: String(i) },
          reading: { N: `${i}.${String((i * 7919) % 100000).padStart(5, '0')}` },
          serial: { N: `1234567890123456789012345678901234${String(i % 10000).padStart(4, '0')}` },
          status: { S: ['ok', 'warning', 'fault'][i % 3] },
          tags: { SS: ['sensor', `zone-${i % 12}`] },
          active: { BOOL: i % 5 !== 0 },
          note: { S: `reading ${i} of the bench table` },
        });
      const started = performance.now();
      let written = 0;
      // The import route takes 16 MB a request: the file goes in parts.
      for (let from = 0; from < count; from += chunk) {
        const lines = Array.from({ length: Math.min(chunk, count - from) }, (_, offset) => line(from + offset));
        const job = await post(`/api/connections/${connection}/tables/${table}/import`, { content: lines.join('\n'), format: 'dynamodb-json', confirm: true });
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const snapshot = (await (await fetch(`/api/jobs/${String(job['id'])}`)).json()) as { state: string; result?: { written?: number } };
          if (snapshot.state === 'succeeded') {
            written += snapshot.result?.written ?? 0;
            break;
          }
          if (snapshot.state !== 'running') throw new Error(`import: ${JSON.stringify(snapshot)}`);
        }
      }
      return { written, seconds: (performance.now() - started) / 1000 };
    },
    { connection: connectionId, table: TABLE, count: ITEMS, chunk: 25_000 },
  );
  if (imported.written !== ITEMS) throw new Error(`imported ${imported.written} of ${ITEMS} items`);

  // Every item into the grid: a Scan without Limit, then Load all.
  await page.goto(`${bench.server.origin}/c/${connectionId}/t/${TABLE}`);
  const pane = page.getByRole('region', { name: /^Pane 1: / });
  // The first page without a Limit (1 MB of items), run by hand so no other run overlaps Load all.
  await pane.getByRole('checkbox', { name: 'Run as I type' }).uncheck();
  await pane.getByLabel('Limit', { exact: true }).fill('');
  await pane.getByRole('button', { name: 'Run Scan' }).click();
  await pane.getByText(/^[\d,]{5,} items loaded/).waitFor({ timeout: 60_000 });
  const loadAll = pane.getByRole('button', { name: 'Load all' });
  await loadAll.and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
  const loading = performance.now();
  await loadAll.click();
  await pane.getByText(`${ITEMS.toLocaleString('en-US')} items loaded`).waitFor({ timeout: 300_000 });
  const loadSeconds = (performance.now() - loading) / 1000;

  const figures = await page.evaluate(async ({ steps, gentleSteps, gentleStep }): Promise<ScrollFigures> => {
    const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Items of pane 1"]')!;
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((entry) => entry.duration)));
    observer.observe({ type: 'longtask' });
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const idle: number[] = [];
    let last = await frame();
    for (let count = 0; count < 60; count++) {
      const now = await frame();
      idle.push(now - last);
      last = now;
    }
    const bottom = grid.scrollHeight - grid.clientHeight;
    const frames: number[] = [];
    last = await frame();
    for (let step = 1; step <= steps; step++) {
      grid.scrollTop = Math.round((bottom * step) / steps);
      const now = await frame();
      frames.push(now - last);
      last = now;
    }
    await frame();
    const rows = Array.from(grid.querySelectorAll('.wb-grid-body [role="row"]')).map((row) => Number(row.getAttribute('aria-rowindex')));
    const gentle: number[] = [];
    grid.scrollTop = Math.round(bottom / 2);
    last = await frame();
    for (let step = 1; step <= gentleSteps; step++) {
      grid.scrollTop += gentleStep;
      const now = await frame();
      gentle.push(now - last);
      last = now;
    }
    // Let the last frames land, and the observer report.
    await frame();
    await frame();
    observer.disconnect();
    return { idle, frames, gentle, longTasks, scrollHeight: grid.scrollHeight, lastRow: Math.max(...rows) - 1 };
  }, { steps: STEPS, gentleSteps: GENTLE_FRAMES, gentleStep: GENTLE_PX });

  if (figures.lastRow !== ITEMS) throw new Error(`the bottom shows row ${figures.lastRow}, not ${ITEMS}`);
  const long = figures.frames.filter((duration) => duration > LONG_FRAME_MS);
  console.log(`scrolling ${ITEMS.toLocaleString('en-US')} loaded rows top to bottom in ${STEPS} steps (one a frame):`);
  console.log(`  import ${imported.seconds.toFixed(1)} s, Load all ${loadSeconds.toFixed(1)} s, grid height ${figures.scrollHeight.toLocaleString('en-US')} px`);
  console.log(`  frames over ${LONG_FRAME_MS} ms: ${long.length} of ${figures.frames.length}; longest ${ms(Math.max(...figures.frames))}`);
  console.log(`  frame median ${ms(percentile(figures.frames, 0.5))}, p95 ${ms(percentile(figures.frames, 0.95))}, p99 ${ms(percentile(figures.frames, 0.99))}`);
  const gentleLong = figures.gentle.filter((duration) => duration > LONG_FRAME_MS);
  console.log(`  then ${GENTLE_PX} px a frame for ${GENTLE_FRAMES} frames: ${gentleLong.length} over ${LONG_FRAME_MS} ms; median ${ms(percentile(figures.gentle, 0.5))}, longest ${ms(Math.max(...figures.gentle))}`);
  console.log(`  idle frames for comparison: median ${ms(percentile(figures.idle, 0.5))}`);
  console.log(`  long tasks (both passes): ${figures.longTasks.length}${figures.longTasks.length > 0 ? `; longest ${ms(Math.max(...figures.longTasks))}` : ''}`);
} finally {
  await bench.close();
}
