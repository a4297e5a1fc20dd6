/** Following a job: every snapshot reported, the EventSource closed on the final one (it would reconnect otherwise). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchJob } from '../src/api/jobs.js';
import type { JobSnapshot } from '../src/api/types.js';

class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(job: JobSnapshot) {
    this.onmessage?.({ data: JSON.stringify(job) });
  }
}

const snapshot = (state: JobSnapshot['state'], done: number): JobSnapshot => ({ id: 'j/1', kind: 'export', state, progress: { phase: 'export', done, total: 3 } });

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe('watchJob', () => {
  it('reports each snapshot and closes the stream on the final one', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const seen: number[] = [];
    const watch = watchJob('j/1', (job) => seen.push(job.progress.done));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/jobs/j%2F1/events');
    source.send(snapshot('running', 1));
    source.send(snapshot('running', 2));
    expect(source.readyState).not.toBe(FakeEventSource.CLOSED);
    source.send(snapshot('succeeded', 3));
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect((await watch.done).state).toBe('succeeded');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('fails when the stream closes before the job ends', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const watch = watchJob('j/1');
    const source = FakeEventSource.opened[0]!;
    source.send(snapshot('running', 1));
    source.close();
    source.onerror?.();
    await expect(watch.done).rejects.toThrow('stopped before it ended');
  });
});
