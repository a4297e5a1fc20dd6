/**
 * Verify as a job: the model's tables under a temporary prefix on the
 * connection, sample items written through the model's keys, every access
 * pattern run and compared (core's verifyModel), tables removed afterwards.
 */
import { verifyModel, type Model, type VerifyTarget } from '@dynotable/core';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { JobProgress } from '../../data/job-types.js';
import { sdkTarget } from '../../connections/verify-target.js';
import type { ConnectionKind } from '../../connections/registry-types.js';
import { jsonSafe } from './json-safe.js';

export interface VerifyJobOptions {
  readonly items?: number;
  readonly seed?: number;
  readonly keep?: boolean;
}

/** How long verify may run between two turns of the event loop. */
const YIELD_EVERY_MS = 25;

/**
 * A target whose pauses end early when the job is cancelled; operations stop at the next call.
 * The embedded engine answers in process without ever waiting on I/O, so the
 * target gives the event loop a turn now and then: progress events go out and
 * a cancel request comes in while verify runs.
 */
function cancellableTarget(target: VerifyTarget, signal: AbortSignal): VerifyTarget {
  const abort = () => Object.assign(new Error('verification cancelled'), { name: 'AbortError' });
  let lastTurn = Date.now();
  return {
    eventuallyConsistentIndexes: target.eventuallyConsistentIndexes,
    execute: async (operation, input) => {
      if (Date.now() - lastTurn >= YIELD_EVERY_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        lastTurn = Date.now();
      }
      // Removing the temporary tables still runs, so a cancelled verify leaves nothing behind.
      if (signal.aborted && operation !== 'DeleteTable' && operation !== 'DescribeTable') throw abort();
      return target.execute(operation, input);
    },
    sleep: (ms) => (signal.aborted ? Promise.resolve() : target.sleep(ms)),
  };
}

export async function runVerifyJob(
  model: Model,
  client: DynamoDBClient,
  kind: ConnectionKind,
  options: VerifyJobOptions,
  report: (progress: JobProgress) => void,
  signal: AbortSignal,
): Promise<unknown> {
  const target = cancellableTarget(sdkTarget(client, kind === 'aws'), signal);
  const result = await verifyModel(model, target, {
    ...(options.items !== undefined ? { items: options.items } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    keep: options.keep === true,
    onProgress: (progress) => report({ phase: progress.phase, done: progress.done, total: progress.total }),
  });
  // The sample items appear again as expectedItem/actualItem; the raw records are left out.
  return jsonSafe(result, new Set(['expected', 'actual']));
}
