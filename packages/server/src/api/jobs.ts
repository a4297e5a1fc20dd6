/**
 * The in-memory JobRegistry: long work runs in the background, reports
 * progress, and can be cancelled; watchers get each change (progress at most
 * every `publishIntervalMs`, the final snapshot at once). Finished jobs stay
 * readable for a while, then are forgotten.
 *
 * Cancelling aborts the work's signal; the job stays `running` (with
 * `cancelling: true`) until the work stops, then is `cancelled`, keeping what
 * the work returned (what was done) or the error it threw (other than the abort).
 */
import { randomBytes } from 'node:crypto';
import { describeForLog, mapError } from '../http/error-mapping.js';
import type { JobProgress, JobRegistry, JobSnapshot, JobState } from '../data/job-types.js';
import type { JobRecord } from '../data/shapes.js';

export interface JobRegistryOptions {
  /** How long a finished job stays readable (default one hour). */
  readonly retainMs?: number;
  /** At most this many finished jobs are kept (default 100); the oldest go first. */
  readonly maxFinished?: number;
  /** Progress reaches watchers at most this often (default 100 ms); the final snapshot is never delayed. */
  readonly publishIntervalMs?: number;
  readonly now?: () => number;
  /** Where an unexpected failure of a job is logged (one line). */
  readonly log?: (line: string) => void;
}

type Work = (report: (progress: JobProgress) => void, signal: AbortSignal) => Promise<unknown>;

interface Job {
  readonly id: string;
  readonly kind: string;
  readonly controller: AbortController;
  readonly startedMs: number;
  readonly listeners: Set<(snapshot: JobSnapshot) => void>;
  state: JobState;
  progress: JobProgress;
  result?: unknown;
  error?: { type: string; message: string };
  endedMs?: number;
  timer?: ReturnType<typeof setTimeout>;
}

const STARTING: JobProgress = { phase: 'starting', done: 0, total: 0 };

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export class InMemoryJobRegistry implements JobRegistry {
  private readonly jobs = new Map<string, Job>();
  private readonly retainMs: number;
  private readonly maxFinished: number;
  private readonly publishIntervalMs: number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(options: JobRegistryOptions = {}) {
    this.retainMs = options.retainMs ?? 60 * 60 * 1000;
    this.maxFinished = options.maxFinished ?? 100;
    this.publishIntervalMs = options.publishIntervalMs ?? 100;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
  }

  start(kind: string, work: Work): JobSnapshot {
    this.prune();
    const job: Job = {
      id: randomBytes(12).toString('base64url'),
      kind,
      controller: new AbortController(),
      startedMs: this.now(),
      listeners: new Set(),
      state: 'running',
      progress: STARTING,
    };
    this.jobs.set(job.id, job);
    const report = (progress: JobProgress) => this.report(job, progress);
    // Started after start() returns, so the caller answers with the snapshot first; a synchronous throw fails the job too.
    Promise.resolve()
      .then(() => work(report, job.controller.signal))
      .then(
        (result) => this.finish(job, job.controller.signal.aborted ? 'cancelled' : 'succeeded', result, undefined),
        (error: unknown) => this.finish(job, job.controller.signal.aborted ? 'cancelled' : 'failed', undefined, error),
      );
    return this.snapshot(job);
  }

  get(id: string): JobRecord | undefined {
    this.prune();
    const job = this.jobs.get(id);
    return job && this.snapshot(job);
  }

  /** Every job still kept, newest first. */
  list(): JobRecord[] {
    this.prune();
    return [...this.jobs.values()].reverse().map((job) => this.snapshot(job));
  }

  /** True when a running job was asked to stop. */
  cancel(id: string): boolean {
    const job = this.jobs.get(id);
    if (job === undefined || job.state !== 'running' || job.controller.signal.aborted) return false;
    job.controller.abort();
    this.publish(job);
    return true;
  }

  /** Stops every running job (the server is shutting down). */
  cancelAll(): void {
    for (const job of this.jobs.values()) if (job.state === 'running') job.controller.abort();
  }

  watch(id: string, listener: (snapshot: JobSnapshot) => void): () => void {
    const job = this.jobs.get(id);
    if (job === undefined) return () => {};
    listener(this.snapshot(job));
    if (job.state !== 'running') return () => {};
    job.listeners.add(listener);
    return () => job.listeners.delete(listener);
  }

  private report(job: Job, progress: JobProgress): void {
    if (job.state !== 'running') return;
    job.progress = { phase: progress.phase, done: progress.done, total: progress.total };
    if (job.timer === undefined && job.listeners.size > 0) {
      job.timer = setTimeout(() => this.publish(job), this.publishIntervalMs);
    }
  }

  private finish(job: Job, state: JobState, result: unknown, error: unknown): void {
    job.state = state;
    job.endedMs = this.now();
    if (result !== undefined) job.result = result;
    if (error !== undefined && !(state === 'cancelled' && isAbort(error))) {
      const mapped = mapError(error);
      if (mapped.unexpected) this.log(`job ${job.id} (${job.kind}) failed: ${describeForLog(error)}`);
      job.error = { type: mapped.body.__type, message: mapped.body.message };
    }
    this.publish(job);
    job.listeners.clear();
  }

  private publish(job: Job): void {
    if (job.timer !== undefined) {
      clearTimeout(job.timer);
      job.timer = undefined;
    }
    const snapshot = this.snapshot(job);
    for (const listener of [...job.listeners]) {
      try {
        listener(snapshot);
      } catch (error) {
        this.log(`job ${job.id}: a watcher failed: ${describeForLog(error)}`);
      }
    }
  }

  private snapshot(job: Job): JobRecord {
    return {
      id: job.id,
      kind: job.kind,
      state: job.state,
      progress: job.progress,
      ...(job.result !== undefined ? { result: job.result } : {}),
      ...(job.error !== undefined ? { error: job.error } : {}),
      startedAt: new Date(job.startedMs).toISOString(),
      ...(job.endedMs !== undefined ? { endedAt: new Date(job.endedMs).toISOString() } : {}),
      ...(job.state === 'running' && job.controller.signal.aborted ? { cancelling: true } : {}),
    };
  }

  private prune(): void {
    const finished = [...this.jobs.values()].filter((job) => job.endedMs !== undefined);
    const cutoff = this.now() - this.retainMs;
    const excess = finished.length - this.maxFinished;
    finished.forEach((job, i) => {
      if (i < excess || job.endedMs! < cutoff) this.jobs.delete(job.id);
    });
  }
}

export function createJobRegistry(options?: JobRegistryOptions): InMemoryJobRegistry {
  return new InMemoryJobRegistry(options);
}
