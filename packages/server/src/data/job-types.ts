/** Long work (verify, import, export, copy, purge) runs as a job whose progress streams as server-sent events. */
import type { Progress } from './progress.js';

export type JobState = 'running' | 'succeeded' | 'failed' | 'cancelled';

/** The data layer's progress, as a job reports it. */
export type JobProgress = Progress;

export interface JobSnapshot {
  readonly id: string;
  readonly kind: string;
  readonly state: JobState;
  readonly progress: JobProgress;
  /** When succeeded: the job's result (JSON). */
  readonly result?: unknown;
  /** When failed: DynamoDB's (or our) error type and message. */
  readonly error?: { readonly type: string; readonly message: string };
}

export interface JobRegistry {
  /** Starts `work`; it reports progress through the callback and may watch the signal to stop. */
  start(kind: string, work: (report: (progress: JobProgress) => void, signal: AbortSignal) => Promise<unknown>): JobSnapshot;
  get(id: string): JobSnapshot | undefined;
  /** Running jobs and recently finished ones, newest first. */
  list(): JobSnapshot[];
  cancel(id: string): boolean;
  /** Every change of the job until it ends; ends immediately with the final snapshot for a finished job. */
  watch(id: string, listener: (snapshot: JobSnapshot) => void): () => void;
}
