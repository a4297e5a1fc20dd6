/**
 * fast-check settings for the oracle tests: a fixed seed per property so a
 * failure reproduces, or `ORACLE_SEED=random` / `ORACLE_SEED=<integer>` to explore.
 */
import type { Parameters } from 'fast-check';

function seedFromEnvironment(fixed: number): { seed: number; source: string } {
  const requested = process.env.ORACLE_SEED;
  if (requested === undefined || requested === '') return { seed: fixed, source: 'fixed' };
  if (requested === 'random') return { seed: Math.floor(Math.random() * 0x7fffffff), source: 'random' };
  const seed = Number(requested);
  if (!Number.isInteger(seed)) throw new Error(`ORACLE_SEED must be an integer or "random", got ${requested}`);
  return { seed, source: 'ORACLE_SEED' };
}

/** fast-check parameters for one property; the seed is printed so any run can be replayed. */
export function oracleRun<T>(name: string, fixed: number, numRuns: number): Parameters<T> {
  const { seed, source } = seedFromEnvironment(fixed);
  if (source !== 'fixed') console.info(`[oracle] ${name}: seed ${seed} (${source}); replay with ORACLE_SEED=${seed}`);
  return { seed, numRuns, endOnFailure: true };
}
