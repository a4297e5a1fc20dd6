/**
 * `dynotable` in child processes that the crash tests SIGKILL: the workbench
 * server (its URL and token read from what it prints, requests with the
 * Bearer token) and the `dynotable data` commands: the shipped command
 * (bin/dynotable.js over the bundle) once it is built, as `npm test` builds it
 * first — it starts in a fraction of the CPU time of the sources through tsx,
 * which run it when nothing is built.
 * Kills are placed by watching progress — the journal file growing — never
 * by sleeping.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ENTRY = 'packages/server/src/cli/run.ts';
const BIN = 'packages/server/bin/dynotable.js';
/** bin/dynotable.js runs the bundle, or the compiled files when the bundle is older than them. */
const BUILT = existsSync(`${ROOT}packages/server/dist/cli/run.js`);
const URL_PATTERN = /(http:\/\/127\.0\.0\.1:\d+)\/\?token=([A-Za-z0-9_-]{43})/;

export interface Child {
  readonly process: ChildProcess;
  output(): string;
  /** SIGKILL, and waits for the process to be gone. */
  kill(): Promise<NodeJS.Signals | null>;
  /** Waits for the process to end on its own. */
  exited(): Promise<number | null>;
}

export function spawnDynotable(args: readonly string[]): Child {
  const child = spawn(process.execPath, [...(BUILT ? [BIN] : ['--import', 'tsx', ENTRY]), ...args], {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.test.json', BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    process: child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return (await ended).signal;
    },
    async exited() {
      return (await ended).code;
    },
  };
}

export interface Server extends Child {
  readonly origin: string;
  api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

/** `dynotable --no-open --port 0 <args>`, once it prints its address. */
export async function startServer(args: readonly string[]): Promise<Server> {
  const child = spawnDynotable(['--no-open', '--port', '0', ...args]);
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const check = () => {
      const found = child.output().match(URL_PATTERN);
      if (found) {
        child.process.stdout!.off('data', check);
        resolve(found);
      }
    };
    child.process.stdout!.on('data', check);
    child.process.once('exit', (code) => reject(new Error(`dynotable exited (${String(code)}) before printing its URL:\n${child.output()}`)));
  });
  const [, origin, token] = match as unknown as [string, string, string];
  return {
    ...child,
    origin,
    async api<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as T };
    },
  };
}

function size(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The number of complete lines appended to `file` after byte `from`. */
function linesSince(file: string, from: number): number {
  if (size(file) <= from) return 0;
  const text = readFileSync(file).subarray(from).toString('utf8');
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

export const journalSize = size;

/**
 * Resolves once `file` has grown by `lines` lines past `from` (the work is
 * under way, its batches journaled), or rejects when `child` ends or the
 * work (`finished`) is done first: then nothing was journaled ahead.
 */
export async function whenJournalHas(file: string, from: number, lines: number, child: Child, finished?: Promise<unknown>): Promise<void> {
  let ended: string | undefined;
  void child.exited().then(() => (ended ??= 'the process ended'));
  void finished?.then(() => (ended ??= 'the work finished'));
  for (;;) {
    if (linesSince(file, from) >= lines) return;
    if (ended !== undefined) throw new Error(`${ended} before the journal had ${lines} new lines (${linesSince(file, from)}):\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resolves when the server's job is no longer running. */
export async function jobDone(server: Server, id: string): Promise<void> {
  for (;;) {
    const job = await server.api<{ state?: string }>('GET', `/api/jobs/${encodeURIComponent(id)}`).catch(() => undefined);
    if (job === undefined || job.body.state !== 'running') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
