/** The handler runs in a worker thread: its answer, its console output per call, its errors, its timeout, and a reload when its file changes. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HandlerRunner } from '../../src/triggers/handler-runner.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function runnerFor(source: string, options: { timeoutMs?: number; watch?: boolean; name?: string; reloaded?: () => void } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dynotable-handler-'));
  const file = join(dir, options.name ?? 'handler.mjs');
  writeFileSync(file, source);
  const runner = new HandlerRunner({ file, timeoutMs: options.timeoutMs ?? 5000, functionName: 'Orders-trigger', watch: options.watch ?? false, ...(options.reloaded ? { reloaded: options.reloaded } : {}) });
  cleanups.push(() => {
    runner.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { runner, file };
}

describe('a handler run', () => {
  it('gets the event and a Lambda-like context, and answers with its value; console lines are kept with the call', async () => {
    const { runner } = runnerFor(`
      export const handler = async (event, context) => {
        console.log('records:', event.Records.length);
        console.error('warning %s', 'w');
        return { seen: event.Records.map((r) => r.n), name: context.functionName, id: context.awsRequestId, left: context.getRemainingTimeInMillis() > 0 };
      };`);
    const run = await runner.invoke({ Records: [{ n: 1 }, { n: 2 }] }, 'req-1');
    expect(run).toEqual({
      ok: true,
      result: { seen: [1, 2], name: 'Orders-trigger', id: 'req-1', left: true },
      output: [
        { stream: 'stdout', text: 'records: 2' },
        { stream: 'stderr', text: 'warning w' },
      ],
    });
    const second = await runner.invoke({ Records: [] }, 'req-2');
    expect(second.output).toEqual([
      { stream: 'stdout', text: 'records: 0' },
      { stream: 'stderr', text: 'warning w' },
    ]);
  });

  it('reports a throw as the call\'s error, with its type and message', async () => {
    const { runner } = runnerFor(`export async function handler() { throw new TypeError('bad record'); }`);
    const run = await runner.invoke({ Records: [] }, 'r');
    expect(run.ok).toBe(false);
    expect(!run.ok && { type: run.error.type, message: run.error.message }).toEqual({ type: 'TypeError', message: 'bad record' });
  });

  it('answers through the callback of a three-parameter handler, and takes a CommonJS module', async () => {
    const { runner } = runnerFor(`exports.handler = (event, context, callback) => callback(null, { n: event.Records.length });`, { name: 'handler.cjs' });
    expect(await runner.invoke({ Records: [1] }, 'r')).toMatchObject({ ok: true, result: { n: 1 } });
  });

  it('fails a call that outlives the timeout, and runs the next one in a fresh worker', async () => {
    const { runner } = runnerFor(`
      let calls = 0;
      export const handler = async (event) => { calls++; if (event.hang) await new Promise(() => {}); return calls; };`, { timeoutMs: 200 });
    const first = await runner.invoke({ Records: [], hang: true }, 'r1');
    expect(first).toMatchObject({ ok: false, error: { type: 'TimeoutError', message: 'Task timed out after 0.20 seconds' } });
    // A fresh worker: its module state starts again.
    const second = await runner.invoke({ Records: [] }, 'r2');
    expect(second).toMatchObject({ ok: true, result: 1 });
  });

  it('says so when the module exports no handler, or cannot be loaded', async () => {
    const none = runnerFor(`export const other = 1;`).runner;
    expect(await none.invoke({ Records: [] }, 'r')).toMatchObject({ ok: false, error: { type: 'TypeError', message: expect.stringContaining('exports no function named handler') } });
    const broken = runnerFor(`export const handler = ;`).runner;
    expect(await broken.invoke({ Records: [] }, 'r')).toMatchObject({ ok: false, error: { type: 'SyntaxError' } });
  });

  it('imports the file again after it changes (hot reload)', async () => {
    let reloaded = 0;
    const { runner, file } = runnerFor(`export const handler = async () => 'v1';`, { watch: true, reloaded: () => reloaded++ });
    expect(await runner.invoke({ Records: [] }, 'r1')).toMatchObject({ result: 'v1' });
    writeFileSync(file, `export const handler = async () => 'v2';`);
    await expect.poll(() => reloaded).toBeGreaterThan(0);
    expect(await runner.invoke({ Records: [] }, 'r2')).toMatchObject({ result: 'v2' });
  });
});
