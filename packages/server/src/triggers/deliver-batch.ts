/**
 * Delivering one batch until every record is done or given up, as Lambda
 * does for a stream (in order: nothing later in the shard is sent meanwhile).
 *
 * - A failed call is retried after a back-off; each retry counts against
 *   `retries` (MaximumRetryAttempts; -1: until it succeeds).
 * - A partial failure (ReportBatchItemFailures) is retried from its lowest
 *   failed record on: the records before it are done.
 * - With `bisect` (BisectBatchOnFunctionError), a batch of two or more records
 *   whose call fails is split in two halves, each delivered in turn: first half
 *   first. Splitting is not a retry (the halves keep the retries used so far),
 *   so a failing record ends up retried alone.
 * - Records whose retries are used up go to `givenUp` (the on-failure
 *   destination), and delivery goes on with the rest.
 */
import type { BatchOutcome } from './batch-response.js';
import type { LambdaStreamRecord } from './lambda-records.js';

export interface DeliveryAttempt {
  readonly records: readonly LambdaStreamRecord[];
  /** Retries used before this call (0: the first call of these records). */
  readonly retry: number;
  /** This batch is a half of a failed one. */
  readonly bisected: boolean;
}

export interface DeliveryHooks {
  readonly retries: number;
  readonly bisect: boolean;
  invoke(attempt: DeliveryAttempt): Promise<BatchOutcome>;
  /** Retries used up: these records are given up after `invocations` calls that held them. */
  givenUp(records: readonly LambdaStreamRecord[], outcome: Exclude<BatchOutcome, { kind: 'success' }>, invocations: number): Promise<void>;
  /** The pause before retry number `retry` (1 for the first retry). */
  backOff(retry: number): Promise<void>;
  /** Stop early (the trigger is removed): undelivered records are left. */
  readonly stopped: () => boolean;
}

interface Pending {
  readonly records: readonly LambdaStreamRecord[];
  readonly retry: number;
  readonly bisected: boolean;
  /** Calls that held these records so far. */
  readonly invocations: number;
}

/**
 * Resolves when every record of the batch succeeded or was given up (or
 * delivery was stopped), with how many of its records, from the first, are
 * done: records are finished in order, so those are the checkpoint's.
 */
export async function deliverBatch(records: readonly LambdaStreamRecord[], hooks: DeliveryHooks): Promise<number> {
  const queue: Pending[] = [{ records, retry: 0, bisected: false, invocations: 0 }];
  let done = 0;
  while (queue.length > 0 && !hooks.stopped()) {
    const pending = queue.shift()!;
    const outcome = await hooks.invoke({ records: pending.records, retry: pending.retry, bisected: pending.bisected });
    if (outcome.kind === 'success') {
      done += pending.records.length;
      continue;
    }
    if (outcome.kind === 'partial') done += outcome.from;
    // Removed meanwhile: what is left is neither retried nor given up.
    if (hooks.stopped()) return done;
    const invocations = pending.invocations + 1;
    const failed = outcome.kind === 'partial' ? pending.records.slice(outcome.from) : pending.records;
    if (outcome.kind === 'error' && hooks.bisect && failed.length > 1) {
      const half = Math.ceil(failed.length / 2);
      queue.unshift(
        { records: failed.slice(0, half), retry: pending.retry, bisected: true, invocations },
        { records: failed.slice(half), retry: pending.retry, bisected: true, invocations },
      );
      continue;
    }
    if (hooks.retries !== -1 && pending.retry >= hooks.retries) {
      await hooks.givenUp(failed, outcome, invocations);
      done += failed.length;
      continue;
    }
    await hooks.backOff(pending.retry + 1);
    queue.unshift({ records: failed, retry: pending.retry + 1, bisected: pending.bisected, invocations });
  }
  return done;
}
