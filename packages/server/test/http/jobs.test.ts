/**
 * The in-memory job registry: progress, results, failures mapped like API
 * errors, cancellation through the signal, watchers, and forgetting finished
 * jobs after a while.
 */
import { describe, expect, it } from 'vitest';
import { InMemoryJobRegistry } from '../../src/api/jobs.js';
import type { JobProgress, JobSnapshot } from '../../src/data/job-types.js';
import { ApiError } from '../../src/api/route.js';

/** A promise the test settles by hand. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Resolves with the first snapshot that satisfies `predicate`. */
function until(jobs: InMemoryJobRegistry, id: string, predicate: (s: JobSnapshot) => boolean): Promise<JobSnapshot> {
  return new Promise((resolve) => {
    let done = false;
    const subscription: { stop?: () => void } = {};
    subscription.stop = jobs.watch(id, (snapshot) => {
      if (done || !predicate(snapshot)) return;
      done = true;
      // Called during watch() itself for a finished job, before `stop` is known.
      subscription.stop?.();
      resolve(snapshot);
    });
    if (done) subscription.stop();
  });
}

describe('InMemoryJobRegistry', () => {
  it('runs the work, reports progress, and keeps the result', async () => {
    const jobs = new InMemoryJobRegistry({ publishIntervalMs: 0 });
    const step = gate();
    let report!: (p: JobProgress) => void;
    const started = jobs.start('export', async (r) => {
      report = r;
      await step.promise;
      return { items: 3 };
    });
    expect(started).toMatchObject({ kind: 'export', state: 'running', progress: { phase: 'starting', done: 0, total: 0 } });
    expect(started.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(jobs.start('other', async () => 1).id).not.toBe(started.id);

    const seen = until(jobs, started.id, (s) => s.progress.done === 2);
    await Promise.resolve();
    report({ phase: 'scanning', done: 2, total: 3 });
    expect((await seen).progress).toEqual({ phase: 'scanning', done: 2, total: 3 });
    expect(jobs.get(started.id)?.progress.done).toBe(2);

    step.open();
    const final = await until(jobs, started.id, (s) => s.state !== 'running');
    expect(final).toMatchObject({ state: 'succeeded', result: { items: 3 } });
    expect(jobs.get(started.id)).toMatchObject({ state: 'succeeded', endedAt: expect.any(String) });
  });

  it('fails with an API error’s type and message, and hides a bug’s message (logging it)', async () => {
    const lines: string[] = [];
    const jobs = new InMemoryJobRegistry({ log: (line) => lines.push(line) });
    const known = jobs.start('import', async () => {
      throw new ApiError(400, 'ValidationException', 'line 7: not DynamoDB JSON');
    });
    expect(await until(jobs, known.id, (s) => s.state !== 'running')).toMatchObject({
      state: 'failed',
      error: { type: 'ValidationException', message: 'line 7: not DynamoDB JSON' },
    });
    const bug = jobs.start('import', () => {
      throw new TypeError('x is undefined');
    });
    expect(await until(jobs, bug.id, (s) => s.state !== 'running')).toMatchObject({
      state: 'failed',
      error: { type: 'InternalError', message: 'unexpected error; see the server log' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('x is undefined');
  });

  it('cancels by aborting the signal; the job is cancelled once the work stops, keeping what it returned', async () => {
    const jobs = new InMemoryJobRegistry();
    const job = jobs.start('copy', async (_report, signal) => {
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      return { copied: 10 };
    });
    await Promise.resolve();
    expect(jobs.cancel('nope')).toBe(false);
    expect(jobs.cancel(job.id)).toBe(true);
    expect(jobs.cancel(job.id)).toBe(false);
    const final = await until(jobs, job.id, (s) => s.state !== 'running');
    expect(final).toMatchObject({ state: 'cancelled', result: { copied: 10 } });
    expect(final).not.toHaveProperty('error');
    expect(jobs.cancel(job.id)).toBe(false);
  });

  it('gives a watcher of a finished job the final snapshot at once', async () => {
    const jobs = new InMemoryJobRegistry();
    const job = jobs.start('verify', async () => 'ok');
    await until(jobs, job.id, (s) => s.state !== 'running');
    const seen: JobSnapshot[] = [];
    jobs.watch(job.id, (s) => seen.push(s));
    expect(seen).toEqual([expect.objectContaining({ state: 'succeeded', result: 'ok' })]);
    expect(jobs.watch('unknown', () => seen.push(job))).toBeTypeOf('function');
    expect(seen).toHaveLength(1);
  });

  it('forgets finished jobs after the retention time, and beyond the maximum count, oldest first', async () => {
    let now = 1_000_000;
    const jobs = new InMemoryJobRegistry({ retainMs: 60_000, maxFinished: 2, now: () => now });
    const running = gate();
    const long = jobs.start('long', () => running.promise);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const job = jobs.start(`short${i}`, async () => i);
      await until(jobs, job.id, (s) => s.state !== 'running');
      ids.push(job.id);
      now += 1000;
    }
    expect(jobs.list().map((j) => j.kind)).toEqual(['short2', 'short1', 'long']);
    now += 60_000;
    expect(jobs.get(ids[2]!)).toBeUndefined();
    expect(jobs.list().map((j) => j.kind)).toEqual(['long']);
    expect(jobs.get(long.id)?.state).toBe('running');
    running.open();
  });
});
