/**
 * Verify as a job: the model's tables under a temporary prefix on the
 * connection, sample items written through the model's keys, every access
 * pattern run and compared (core's verifyModel), tables removed afterwards.
 */
import { verifyModel, type Model, type VerifyTarget } from '@dynotable/core';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { JobProgress } from '../job-types.js';
import { sdkTarget } from '../../connections/verify-target.js';
import type { ConnectionKind } from '../../connections/registry-types.js';
import { jsonSafe } from './json-safe.js';

export interface VerifyJobOptions {
  readonly items?: number;
  readonly seed?: number;
  readonly keep?: boolean;
}

/** A target whose pauses end early when the job is cancelled; operations stop at the next call. */
function cancellableTarget(target: VerifyTarget, signal: AbortSignal): VerifyTarget {
  const abort = () => Object.assign(new Error('verification cancelled'), { name: 'AbortError' });
  return {
    eventuallyConsistentIndexes: target.eventuallyConsistentIndexes,
    execute: (operation, input) => {
      // Removing the temporary tables still runs, so a cancelled verify leaves nothing behind.
      if (signal.aborted && operation !== 'DeleteTable' && operation !== 'DescribeTable') return Promise.reject(abort());
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
