/**
 * Crash safety of the on-disk engine: SIGKILLed again and again while several
 * clients write (and UpdateTable creates and deletes a global index), it must
 * come back with every acknowledged write, no half transaction and every index
 * agreeing with its table, and each table's stream holding exactly one record
 * per change of each item, in order.
 *
 * Environment: CRASH_KILLS (default 16), CRASH_SEED (default fixed),
 * CRASH_CLIENTS (default 4), CRASH_MAX_DELAY_MS (default 300),
 * CRASH_INDEX_CHURN (percent of lifecycles that change an index, default 30),
 * CRASH_SHARD_RECORDS (stream records per shard before a rollover, default 100),
 * CRASH_ENGINE=in-memory (an engine that forgets everything: the run must
 * fail, which shows the checks bite), CRASH_RUNNER=tsx, CRASH_VERBOSE=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareRunner } from './child.js';
import type { Runner } from './child.js';
import { runCrashTest } from './crash-run.js';

function envNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not '${text}'`);
  return value;
}

const KILLS = envNumber('CRASH_KILLS', 16);
const SEED = envNumber('CRASH_SEED', 20261130);
const CLIENTS = envNumber('CRASH_CLIENTS', 4);
const MAX_DELAY_MS = envNumber('CRASH_MAX_DELAY_MS', 300);
const IN_MEMORY = process.env.CRASH_ENGINE === 'in-memory';
/** Percent of lifecycles that also create or delete a global index. */
const INDEX_CHURN = envNumber('CRASH_INDEX_CHURN', 30);
/** Records per stream shard before it rolls over. */
const SHARD_RECORDS = envNumber('CRASH_SHARD_RECORDS', 100);

describe('the on-disk engine killed with SIGKILL while clients write', () => {
  let runner: Runner;
  let dataDir: string;
  beforeAll(async () => {
    runner = await prepareRunner();
    dataDir = mkdtempSync(join(tmpdir(), 'dynotable-crash-'));
  });
  afterAll(() => {
    runner?.remove();
    // A failed run keeps its data directory for inspection (the failure names it).
    if (IN_MEMORY) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `keeps every acknowledged write, no half transaction and consistent indexes over ${KILLS} kills`,
    async () => {
      const summary = await runCrashTest({
        seed: SEED,
        kills: KILLS,
        clients: CLIENTS,
        usersPerClient: 12,
        eventsPerClient: 16,
        minDelayMs: 5,
        maxDelayMs: MAX_DELAY_MS,
        startupKillChance: 0.1,
        indexChurnChance: INDEX_CHURN / 100,
        engineArgs: [...(IN_MEMORY ? ['--in-memory'] : ['--data', dataDir]), '--shard-records', String(SHARD_RECORDS)],
        runner,
        reproduce: `CRASH_SEED=${SEED} CRASH_KILLS=${KILLS} CRASH_CLIENTS=${CLIENTS} CRASH_MAX_DELAY_MS=${MAX_DELAY_MS} CRASH_INDEX_CHURN=${INDEX_CHURN} CRASH_SHARD_RECORDS=${SHARD_RECORDS}`,
        log: process.env.CRASH_VERBOSE ? (line) => console.log(line) : undefined,
      });
      if (process.env.CRASH_VERBOSE) console.log(summary);
      rmSync(dataDir, { recursive: true, force: true });
      expect(summary.kills).toBe(KILLS);
      // The kills must land among writes, or the run proves little.
      expect(summary.acknowledged).toBeGreaterThan(KILLS);
      expect(summary.inFlightApplied + summary.inFlightNotApplied).toBeGreaterThan(KILLS / 2);
      // The streams were read back whole, across shard rollovers.
      expect(summary.streamRecords).toBeGreaterThan(summary.acknowledged / 2);
    },
    120_000 + KILLS * 5_000,
  );
});
