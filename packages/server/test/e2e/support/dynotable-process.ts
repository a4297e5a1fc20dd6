/**
 * `dynotable` started as a user starts it: a child process running the
 * command's entry point from the sources (so a stale build never decides a
 * test) or the shipped command (bin/dynotable.js over the bundle), its address
 * and token read from what it prints. The session then
 * behaves like the browser: it loads the printed URL once, keeps the cookie it
 * gets, and sends the page's Origin on every write. `stop()` sends SIGTERM and
 * returns how the process ended.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const ENTRY = 'packages/server/src/cli/run.ts';
const URL_PATTERN = /(http:\/\/127\.0\.0\.1:(\d+))\/\?token=([A-Za-z0-9_-]{43})/;
const START_TIMEOUT_MS = 90_000;

export interface ApiResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface DynotableSession {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  /** The URL the command printed. */
  readonly url: string;
  /** `name=value` of the cookie the first page load set. */
  readonly cookie: string;
  /** A JSON request as the web UI sends it: the cookie always, the Origin on writes. */
  api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** The body as text (a download). */
  text(path: string): Promise<{ status: number; headers: Headers; text: string }>;
  /** The job's server-sent events until its final snapshot; every snapshot received, in order. */
  jobEvents(jobId: string): Promise<JobSnapshot[]>;
  stdout(): string;
  stderr(): string;
  /** SIGTERM (or the signal given), then waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface JobSnapshot {
  readonly id: string;
  readonly kind: string;
  readonly state: 'running' | 'succeeded' | 'failed' | 'cancelled';
  readonly progress: { readonly phase: string; readonly done: number; readonly total: number };
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly type: string; readonly message: string };
}

/** Runs `dynotable <args>` to its end (a command such as `data export`), from the sources, with this environment. */
export function runDynotable(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<Exit> {
  const child = spawnDynotable(args, 'sources', env);
  const output = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output.stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output.stderr += text));
  return new Promise((resolve) => child.once('exit', (code, signal) => setImmediate(() => resolve({ code, signal, ...output }))));
}

/**
 * Which build runs: the sources through tsx, or bin/dynotable.js as `npx
 * dynotable` runs it: the one-file bundle that `npm run build` makes, with its
 * precomputed seed data (test/cli/bundled-command.test.ts checks it is current),
 * and V8's code cache. `{ execArgv }`: the bundle with those Node flags, such as
 * a BundledCommand's (support/bundled-command.ts), whose code cache is its own.
 */
export type DynotableBuild = 'sources' | 'bundle' | { readonly execArgv: readonly string[] };

const BUNDLE = 'packages/server/dist/bundle/dynotable.cjs';
const BIN = 'packages/server/bin/dynotable.js';

function spawnDynotable(args: readonly string[], build: DynotableBuild, env: NodeJS.ProcessEnv = process.env): ChildProcess {
  if (build !== 'sources' && !existsSync(`${ROOT}${BUNDLE}`)) throw new Error(`${BUNDLE} is missing: run \`npm run build\``);
  const entry = build === 'sources' ? ['--import', 'tsx', ENTRY] : build === 'bundle' ? [BIN] : [...build.execArgv, BIN];
  return spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { ...env, TSX_TSCONFIG_PATH: 'tsconfig.test.json', BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the printed URL's parts once it appears; rejects if the process ends first. */
function printedUrl(child: ChildProcess, output: { stdout: string; stderr: string }): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`dynotable printed no URL within ${START_TIMEOUT_MS} ms:\n${output.stdout}\n${output.stderr}`)), START_TIMEOUT_MS);
    const check = () => {
      const match = output.stdout.match(URL_PATTERN);
      if (match) finish(undefined, match);
    };
    const ended = (code: number | null) => finish(new Error(`dynotable exited with ${String(code)} before printing its URL:\n${output.stdout}\n${output.stderr}`));
    function finish(error: Error | undefined, match?: RegExpMatchArray) {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', ended);
      if (error) reject(error);
      else resolve(match!);
    }
    child.stdout?.on('data', check);
    child.once('exit', ended);
    check();
  });
}

/** The first page load with the token: the server answers with the cookie and a redirect without the token. */
async function login(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  const setCookie = response.headers.get('set-cookie');
  if (response.status !== 302 || setCookie === null) throw new Error(`loading ${url} gave ${response.status} without a cookie`);
  await response.body?.cancel();
  return setCookie.split(';')[0]!;
}

async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data !== '') yield data;
    }
  }
}

/** The shipped `dynotable --no-open --in-memory --port 0` and any further options: a fresh embedded engine on a free port. */
export function startInMemory(...options: string[]): Promise<DynotableSession> {
  return startDynotable(['--no-open', '--in-memory', '--port', '0', ...options], 'bundle');
}

/** Stops the session (when it started) and expects the command to have exited cleanly. */
export async function stopCleanly(session: DynotableSession | undefined): Promise<void> {
  const exit = await session?.stop();
  expect(exit?.code).toBe(0);
}

/** Starts `dynotable <args>` (add `--no-open`, `--in-memory`, `--port 0` yourself, as a user would), with this environment (default: the test's). */
export async function startDynotable(args: readonly string[], build: DynotableBuild = 'sources', env?: NodeJS.ProcessEnv): Promise<DynotableSession> {
  const child = spawnDynotable(args, build, env);
  const output = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output.stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output.stderr += text));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      // Let the last output arrive.
      setImmediate(() => resolve({ code, signal, stdout: output.stdout, stderr: output.stderr }));
    }),
  );
  let match: RegExpMatchArray;
  try {
    match = await printedUrl(child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const [url, origin, port, token] = match as unknown as [string, string, string, string];
  const cookie = await login(url);

  const headers = (method: string, json: boolean): Record<string, string> => ({
    cookie,
    ...(method === 'GET' || method === 'HEAD' ? {} : { origin }),
    ...(json ? { 'content-type': 'application/json' } : {}),
  });

  const session: DynotableSession = {
    origin,
    port: Number(port),
    token,
    url,
    cookie,
    async api<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: headers(method, body !== undefined),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: (text === '' ? {} : JSON.parse(text)) as T };
    },
    async text(path) {
      const response = await fetch(`${origin}${path}`, { headers: headers('GET', false) });
      return { status: response.status, headers: response.headers, text: await response.text() };
    },
    async jobEvents(jobId) {
      const response = await fetch(`${origin}/api/jobs/${encodeURIComponent(jobId)}/events`, { headers: headers('GET', false) });
      if (response.status !== 200 || response.body === null) throw new Error(`job events: ${response.status} ${await response.text()}`);
      const snapshots: JobSnapshot[] = [];
      for await (const data of sseData(response.body)) {
        const snapshot = JSON.parse(data) as JobSnapshot;
        snapshots.push(snapshot);
        if (snapshot.state !== 'running') break;
      }
      return snapshots;
    },
    stdout: () => output.stdout,
    stderr: () => output.stderr,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  return session;
}

/** The final snapshot of a job started by `start` (its answer is the job's first snapshot). */
export async function runJob(session: DynotableSession, start: Promise<ApiResponse>): Promise<{ events: JobSnapshot[]; final: JobSnapshot }> {
  const started = await start;
  if (started.status !== 200) throw new Error(`starting the job: ${started.status} ${JSON.stringify(started.body)}`);
  const events = await session.jobEvents(String(started.body['id']));
  return { events, final: events.at(-1)! };
}
