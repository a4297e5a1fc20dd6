/**
 * Entity recognition and derived-key checks over 100,000 loaded items (the
 * ticket desk and the leaderboard, 50,000 each, about one in ten stale), as
 * the grid runs them on a page of results. Target: under 300 ms for the
 * 100,000. Run with `npm run bench`; BENCH_ROUNDS sets the rounds (default 7).
 */
import { readFileSync } from 'node:fs';
import { itemChecker, parseModel, type Model } from '../src/index.js';
import { entityWorkload } from './entities-workload.js';
import { environment } from './harness.js';

const ITEMS_PER_MODEL = 50_000;
const TARGET_MS = 300;
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 7) || 7);

function example(name: string): Model {
  return parseModel(readFileSync(new URL(`../../../examples/${name}.yaml`, import.meta.url), 'utf8'), `${name}.yaml`);
}

const workload = entityWorkload(example('ticket-desk'), example('leaderboard'), ITEMS_PER_MODEL);
const total = workload.tables.reduce((sum, table) => sum + table.items.length, 0);

/** One pass as the grid makes it: a checker per table (templates compiled once), every item checked. */
function checkAll(): { flagged: number; unknown: number } {
  let flagged = 0;
  let unknown = 0;
  for (const { model, table, items } of workload.tables) {
    const check = itemChecker(model, table);
    for (const item of items) {
      const result = check(item);
      if (result.entity === undefined) unknown++;
      if (result.mismatches.length > 0) flagged++;
    }
  }
  return { flagged, unknown };
}

const times: number[] = [];
let last = checkAll(); // warm-up
for (let round = 0; round < rounds; round++) {
  const start = performance.now();
  last = checkAll();
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;

console.log(environment());
console.log(
  `entity checks: ${total.toLocaleString('en-US')} items in ${median.toFixed(1)} ms (median of ${rounds}, min ${times[0]!.toFixed(1)} ms)` +
    ` — target under ${TARGET_MS} ms: ${median < TARGET_MS ? 'met' : 'NOT met'}`,
);
console.log(`  ${last.flagged.toLocaleString('en-US')} items flagged stale (${workload.stale.toLocaleString('en-US')} made stale), ${last.unknown} of no known entity`);
if (last.flagged !== workload.stale || last.unknown !== 0) {
  console.error('entity checks: the checker did not flag exactly the stale items');
  process.exitCode = 1;
}
