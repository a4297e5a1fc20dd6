/**
 * Starting and killing engine processes. By default the entry script is
 * bundled once with esbuild (which tsx ships) and each start runs plain
 * JavaScript, which starts several times faster than compiling with tsx on
 * every one of a hundred restarts; CRASH_RUNNER=tsx runs it through
 * `node --import tsx` instead. better-sqlite3 stays external (a native module),
 * so the bundle is written under node_modules/.cache, where Node finds it.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePortLine } from './child-protocol.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./engine-process.ts', import.meta.url));

export interface Runner {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  remove(): void;
}

export async function prepareRunner(kind = process.env.CRASH_RUNNER ?? 'bundle'): Promise<Runner> {
  if (kind === 'tsx') {
    // The tsconfig's paths point @dynotable/core at its sources, as in the tests.
    const env = { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.test.json') };
    return { command: process.execPath, args: ['--import', 'tsx', ENTRY], env, remove: () => {} };
  }
  if (kind !== 'bundle') throw new Error(`CRASH_RUNNER must be 'bundle' or 'tsx', not '${kind}'`);
  const { build } = await import('esbuild');
  const dir = join(ROOT, 'node_modules', '.cache', `dynotable-crash-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'engine-process.mjs');
  await build({
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    alias: { '@dynotable/core': join(ROOT, 'packages/core/src/index.ts') },
    external: ['better-sqlite3'],
    logLevel: 'error',
  });
  return { command: process.execPath, args: [outfile], env: process.env, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running (or exited) engine process. */
export class EngineProcess {
  readonly child: ChildProcess;
  /** The port once it listens; undefined if it exited first. */
  readonly ready: Promise<number | undefined>;
  readonly exited: Promise<Exit>;
  stdout = '';
  stderr = '';

  constructor(runner: Runner, args: readonly string[]) {
    this.child = spawn(runner.command, [...runner.args, ...args], { env: runner.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    this.child.stderr!.setEncoding('utf8').on('data', (text: string) => (this.stderr += text));
    this.ready = new Promise((resolve) => {
      this.child.stdout!.setEncoding('utf8').on('data', (text: string) => {
        this.stdout += text;
        const port = parsePortLine(this.stdout);
        if (port !== undefined) resolve(port);
      });
      void this.exited.then(() => resolve(parsePortLine(this.stdout)));
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** SIGKILL: no chance to flush or unlock anything. Resolves once the process is gone. */
  async kill(): Promise<Exit> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    return this.exited;
  }
}

/** Starts an engine and waits until it listens; throws with its stderr when it exits first or takes too long. */
export async function startEngine(runner: Runner, args: readonly string[], timeoutMs = 30_000): Promise<{ engine: EngineProcess; port: number }> {
  const engine = new EngineProcess(runner, args);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  const port = await Promise.race([engine.ready, timeout]);
  clearTimeout(timer);
  if (typeof port === 'number') return { engine, port };
  await engine.kill();
  const exit = await engine.exited;
  throw new Error(
    `the engine process did not start (${port === 'timeout' ? `no port after ${timeoutMs} ms` : `exit code ${exit.code}, signal ${exit.signal}`})` +
      `\n  arguments: ${args.join(' ')}\n  stderr: ${engine.stderr.trim() || '(empty)'}`,
  );
}
