/**
 * Bundled into a blank Chromium page by ../entity-checks.bench.ts: builds the
 * same 100,000 items as core's entity benchmark and times the checks in the
 * page, where the grid runs them.
 */
import { parseModel } from '@dynotable/core';
import { checkWorkload, entityWorkload } from '../../../core/bench/entities-workload.js';

export interface PageResult {
  readonly total: number;
  readonly stale: number;
  readonly flagged: number;
  readonly unknown: number;
  /** Milliseconds per pass over every item, in order. */
  readonly times: number[];
}

function run(ticketDeskYaml: string, leaderboardYaml: string, itemsPerModel: number, rounds: number): PageResult {
  const workload = entityWorkload(parseModel(ticketDeskYaml, 'ticket-desk.yaml'), parseModel(leaderboardYaml, 'leaderboard.yaml'), itemsPerModel);
  let last = checkWorkload(workload); // warm-up
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    last = checkWorkload(workload);
    times.push(performance.now() - start);
  }
  const total = workload.tables.reduce((sum, table) => sum + table.items.length, 0);
  return { total, stale: workload.stale, ...last, times };
}

(globalThis as { runEntityChecks?: typeof run }).runEntityChecks = run;
