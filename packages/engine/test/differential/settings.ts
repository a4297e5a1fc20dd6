/**
 * How many scenarios the differential test runs, from the environment:
 *
 *   DIFFERENTIAL_RUNS=5000          scenarios (default 100 in `npm test`, within its time on 2 cores)
 *   DIFFERENTIAL_OPERATIONS=30      most operations per scenario (default 24)
 *   DIFFERENTIAL_SEED=123           fast-check seed (fixed by default, so CI is repeatable)
 *   DIFFERENTIAL_PATH=4:1:0         replay one counterexample (printed with its seed on failure)
 *   DIFFERENTIAL_SUBJECT=URL        compare DynamoDB Local with another endpoint instead of the engine
 *   DIFFERENTIAL_SURVEY=1           run all scenarios and list every kind of disagreement (triage)
 *   DIFFERENTIAL_INVALID=0          well-formed keys and index values only (default 1: some malformed)
 *   DIFFERENTIAL_STREAMS=2          scenario streams run side by side (default 2), each with its own
 *                                   seed (seed, seed+1, …) and an equal share of the runs; a failure
 *                                   prints the seed and path of its stream for DIFFERENTIAL_PATH
 */
export interface DifferentialSettings {
  runs: number;
  operations: number;
  seed: number;
  path: string | undefined;
  subject: string | undefined;
  survey: boolean;
  invalidInputs: boolean;
  streams: number;
}

function integer(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, not ${text}`);
  return value;
}

export function differentialSettings(): DifferentialSettings {
  return {
    // Creating, reading back and deleting each scenario's tables costs half of a
    // scenario on DynamoDB Local: 500 scenarios of up to 24 operations send
    // about 6,000 item operations for less than half the cost of 1,500 of up
    // to 14. Longer histories also meet fuller tables, paged reads and more
    // conditional failures. `npm test` runs 100 to stay within its time on two
    // cores, `npm run test:deep` 5,000.
    runs: integer('DIFFERENTIAL_RUNS', 100),
    operations: integer('DIFFERENTIAL_OPERATIONS', 24),
    seed: integer('DIFFERENTIAL_SEED', 20_261_130),
    path: process.env.DIFFERENTIAL_PATH || undefined,
    subject: process.env.DIFFERENTIAL_SUBJECT || undefined,
    survey: process.env.DIFFERENTIAL_SURVEY === '1',
    invalidInputs: process.env.DIFFERENTIAL_INVALID !== '0',
    // A replayed path belongs to one stream: replay it alone.
    streams: process.env.DIFFERENTIAL_PATH ? 1 : Math.max(1, integer('DIFFERENTIAL_STREAMS', 2)),
  };
}
