/**
 * The job routes through real HTTP: list, read, cancel, and the event stream
 * (text/event-stream) that delivers each change and ends with the final
 * snapshot.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryJobRegistry } from '../../src/api/jobs.js';
import type { JobProgress, JobSnapshot } from '../../src/data/job-types.js';
import { startServer } from '../../src/http/server.js';
import type { RunningServer } from '../../src/http/server.js';
import { standInRegistry } from './support/stand-in-registry.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start() {
  const jobs = new InMemoryJobRegistry({ publishIntervalMs: 0 });
  const server = await startServer({ connections: standInRegistry(), jobs, staticDir: '/nonexistent' });
  running.push(server);
  const call = (path: string, init: RequestInit = {}) => fetch(`${server.origin}${path}`, { ...init, headers: { authorization: `Bearer ${server.token}` } });
  return { server, jobs, call };
}

/** Reads server-sent events one `data:` payload at a time. */
function eventReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    /** The next event's JSON, or undefined when the stream has ended. */
    async next(): Promise<JobSnapshot | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6));
          if (data.length > 0) return JSON.parse(data.join('\n')) as JobSnapshot;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) return undefined;
        buffer += value;
      }
    },
  };
}

function controlledJob(jobs: InMemoryJobRegistry) {
  let report!: (progress: JobProgress) => void;
  let finish!: () => void;
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const job = jobs.start('import', async (r) => {
    report = r;
    started();
    await new Promise<void>((resolve) => (finish = resolve));
    return { imported: 2 };
  });
  return { id: job.id, ready, report: (p: JobProgress) => report(p), finish: () => finish() };
}

describe('job routes', () => {
  it('stream a job’s progress as server-sent events, ending with the final snapshot', async () => {
    const { jobs, call } = await start();
    const job = controlledJob(jobs);
    await job.ready;

    const response = await call(`/api/jobs/${job.id}/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = eventReader(response);

    expect(await events.next()).toMatchObject({ id: job.id, kind: 'import', state: 'running' });
    job.report({ phase: 'writing', done: 1, total: 2 });
    expect(await events.next()).toMatchObject({ state: 'running', progress: { phase: 'writing', done: 1, total: 2 } });
    job.report({ phase: 'writing', done: 2, total: 2 });
    expect(await events.next()).toMatchObject({ progress: { done: 2 } });
    job.finish();
    expect(await events.next()).toMatchObject({ state: 'succeeded', result: { imported: 2 } });
    expect(await events.next()).toBeUndefined();
  });

  it('stream just the final snapshot for a finished job', async () => {
    const { jobs, call } = await start();
    const job = controlledJob(jobs);
    await job.ready;
    job.finish();
    await new Promise<void>((resolve) => jobs.watch(job.id, (s) => s.state === 'succeeded' && resolve()));
    const events = eventReader(await call(`/api/jobs/${job.id}/events`));
    expect(await events.next()).toMatchObject({ state: 'succeeded' });
    expect(await events.next()).toBeUndefined();
  });

  it('list, read and cancel jobs; unknown ids are 404 JobNotFound', async () => {
    const { jobs, call, server } = await start();
    const job = controlledJob(jobs);
    await job.ready;
    const list = await (await call('/api/jobs')).json();
    expect(list.jobs).toEqual([expect.objectContaining({ id: job.id, state: 'running' })]);
    expect(await (await call(`/api/jobs/${job.id}`)).json()).toMatchObject({ id: job.id, kind: 'import' });

    const events = eventReader(await call(`/api/jobs/${job.id}/events`));
    expect(await events.next()).toMatchObject({ state: 'running' });
    const cancel = await fetch(`${server.origin}/api/jobs/${job.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${server.token}` } });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ state: 'running', cancelling: true });
    expect(await events.next()).toMatchObject({ state: 'running', cancelling: true });
    job.finish();
    expect(await events.next()).toMatchObject({ state: 'cancelled', result: { imported: 2 } });
    expect(await events.next()).toBeUndefined();

    for (const path of ['/api/jobs/nope', '/api/jobs/nope/events']) {
      const missing = await call(path);
      expect(missing.status, path).toBe(404);
      expect((await missing.json()).__type).toBe('JobNotFound');
    }
  });

  it('stop watching a job when the client goes away', async () => {
    const { jobs, server } = await start();
    // Counts the stream's subscriptions to the registry.
    let watchers = 0;
    const watch = jobs.watch.bind(jobs);
    jobs.watch = (id, listener) => {
      watchers++;
      const stop = watch(id, listener);
      return () => {
        watchers--;
        stop();
      };
    };
    const job = controlledJob(jobs);
    await job.ready;
    const controller = new AbortController();
    const response = await fetch(`${server.origin}/api/jobs/${job.id}/events`, { headers: { authorization: `Bearer ${server.token}` }, signal: controller.signal });
    const events = eventReader(response);
    await events.next();
    expect(watchers).toBe(1);
    controller.abort();
    while (watchers > 0) await new Promise((resolve) => setImmediate(resolve));
    // The job goes on regardless.
    expect(jobs.get(job.id)?.state).toBe('running');
    job.finish();
  });
});
