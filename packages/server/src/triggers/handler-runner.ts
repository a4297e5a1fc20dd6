/**
 * Runs a trigger's handler module: one call at a time, in a worker thread
 * started on the first call. The console output of each call is kept with
 * it. A call that outlives the timeout, or a worker that dies, fails the call
 * and the worker is replaced at the next one. When the handler file changes,
 * the next call runs in a fresh worker that imports it again (hot reload).
 */
import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { HandlerCall } from './batch-response.js';
import { HANDLER_WORKER_SOURCE } from './handler-worker-source.js';
import type { HandlerError, OutputLine } from './trigger-types.js';

export type HandlerRun = HandlerCall & { readonly output: readonly OutputLine[] };

export interface HandlerRunnerOptions {
  readonly file: string;
  /** The call's time limit (Lambda's function timeout). */
  readonly timeoutMs: number;
  readonly functionName: string;
  /** Told when the file changed and the next call imports it again. */
  readonly reloaded?: () => void;
  /** Watch the file for changes (default true). */
  readonly watch?: boolean;
}

/** Time to import the module, beside the call's own timeout. */
const LOAD_TIMEOUT_MS = 10_000;

interface WorkerMessage {
  type: 'started' | 'output' | 'result';
  id: number;
  stream?: 'stdout' | 'stderr';
  text?: string;
  ok?: boolean;
  result?: unknown;
  error?: HandlerError;
}

export class HandlerRunner {
  private worker: Worker | undefined;
  private nextId = 1;
  private stale = false;
  private closed = false;
  private readonly watcher: FSWatcher | undefined;
  /** Calls wait for the one before (the shards of a table share the handler). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: HandlerRunnerOptions) {
    this.watcher = options.watch === false ? undefined : watchFile(options.file, () => this.fileChanged());
  }

  /** Calls the handler with `event`, after any call under way; never throws: a failure is the call's error. */
  invoke(event: unknown, requestId: string): Promise<HandlerRun> {
    const run = this.queue.then(() => this.invokeNow(event, requestId));
    this.queue = run;
    return run;
  }

  private invokeNow(event: unknown, requestId: string): Promise<HandlerRun> {
    if (this.closed) return Promise.resolve({ ok: false, error: { type: 'TriggerStopped', message: 'the trigger was removed' }, output: [] });
    if (this.stale) this.stopWorker();
    this.stale = false;
    const worker = (this.worker ??= this.startWorker());
    const id = this.nextId++;
    const output: OutputLine[] = [];
    return new Promise<HandlerRun>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (call: HandlerCall, replaceWorker: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (replaceWorker && this.worker === worker) this.stopWorker();
        resolve({ ...call, output });
      };
      const timeOut = (ms: number, what: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => finish({ ok: false, error: { type: 'TimeoutError', message: `${what} timed out after ${(ms / 1000).toFixed(2)} seconds` } }, true), ms);
      };
      const onMessage = (message: WorkerMessage) => {
        if (message.type === 'output' && message.id === id) output.push({ stream: message.stream!, text: message.text! });
        if (message.id !== id) return;
        if (message.type === 'started') timeOut(this.options.timeoutMs, 'Task');
        if (message.type === 'result') finish(message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error! }, false);
      };
      const onError = (error: Error) => finish({ ok: false, error: { type: error.name || 'Error', message: `uncaught in the handler: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) } }, true);
      const onExit = (code: number) => finish({ ok: false, error: { type: 'ProcessExit', message: `the handler's worker exited with code ${code}` } }, true);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      timeOut(LOAD_TIMEOUT_MS, 'Loading the handler');
      worker.postMessage({ type: 'invoke', id, event, context: { functionName: this.options.functionName, awsRequestId: requestId, timeoutMs: this.options.timeoutMs } });
    });
  }

  close(): void {
    this.closed = true;
    this.watcher?.close();
    this.stopWorker();
  }

  private startWorker(): Worker {
    const worker = new Worker(HANDLER_WORKER_SOURCE, { eval: true, workerData: { file: this.options.file }, stdout: true, stderr: true });
    // Writes straight to process.stdout/stderr: kept with whatever call is running.
    worker.stdout.on('data', (chunk: Buffer) => worker.emit('message', { type: 'output', id: this.nextId - 1, stream: 'stdout', text: chunk.toString('utf8').replace(/\n$/, '') }));
    worker.stderr.on('data', (chunk: Buffer) => worker.emit('message', { type: 'output', id: this.nextId - 1, stream: 'stderr', text: chunk.toString('utf8').replace(/\n$/, '') }));
    worker.unref();
    return worker;
  }

  private stopWorker(): void {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) void worker.terminate();
  }

  private fileChanged(): void {
    if (this.stale || this.closed) return;
    this.stale = true;
    this.options.reloaded?.();
  }
}

/** Watches one file; a file that cannot be watched (gone, no permission) is simply not reloaded. */
function watchFile(file: string, changed: () => void): FSWatcher | undefined {
  try {
    const watcher = watch(file, { persistent: false }, () => changed());
    watcher.on('error', () => watcher.close());
    return watcher;
  } catch {
    return undefined;
  }
}
