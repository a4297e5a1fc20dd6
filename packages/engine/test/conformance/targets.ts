/**
 * The conformance harness: the same tests, written once against the AWS SDK v3,
 * run against every target:
 *
 * - `engine-inprocess`: a fresh engine behind the in-process SDK transport;
 * - `engine-http`: a fresh engine behind its HTTP server on a free port;
 * - `engine-disk`: a fresh engine on the on-disk store, in a new temporary data
 *   directory per describe block, behind the in-process transport;
 * - `dynamodb-local`: AWS's DynamoDB Local, one instance per run (global setup).
 *
 *   describeEachTarget('PutItem', (target) => {
 *     it('stores an item', async () => {
 *       const TableName = target.tableName('put');
 *       await target.client.send(new CreateTableCommand({ TableName, ... }));
 *     });
 *   });
 *
 * Where DynamoDB Local is known to differ from DynamoDB
 * (docs/dynamodb-rules.md#where-dynamodb-local-differs), a test
 * asserts DynamoDB's behaviour and uses `target.isDynamoDbLocal` to expect
 * Local's, saying so in a comment.
 *
 * Environment: CONFORMANCE_TARGETS=engine-inprocess,engine-http limits a run
 * to some targets (and then starts no DynamoDB Local);
 * DYNAMODB_LOCAL_ENDPOINT=http://127.0.0.1:8000 uses a DynamoDB Local that is
 * already running instead of starting one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe } from 'vitest';
import { createEngine, inProcessClientConfig, openEngine, startEngineServer } from '@dynotable/engine';
import type { Engine, EngineOptions, EngineServer } from '@dynotable/engine';
import { oracleInfo, retryingServerFaults } from '../../../core/test/support/dynamodb-local.js';
import { selectedTargetNames } from './target-names.js';
import type { TargetName } from './target-names.js';

export interface ConformanceTarget {
  readonly name: TargetName;
  /** A client for this target; usable inside tests and hooks (not at collection time). */
  readonly client: DynamoDBClient;
  /** True for DynamoDB Local, whose known differences from DynamoDB docs/dynamodb-rules.md#where-dynamodb-local-differs lists. */
  readonly isDynamoDbLocal: boolean;
  /** The engine behind the target; null for DynamoDB Local. */
  readonly engine: Engine | null;
  /** The HTTP endpoint; null for the in-process transport. */
  readonly endpoint: string | null;
  /** A table name unique to this run: `<prefix>-<run>-<n>`. Tables named this way are deleted after the block. */
  tableName(prefix: string): string;
}

export interface TargetOptions {
  /** Options for the engine targets' fresh engine, e.g. an injected clock. */
  engineOptions?: () => EngineOptions;
  /** Run only on these targets (e.g. engine-only behaviour such as an injected clock). */
  only?: readonly TargetName[];
}

const CREDENTIALS = { accessKeyId: 'conformance', secretAccessKey: 'conformance' };
const REGION = 'us-east-1';

/** Differs per test process, so runs sharing one DynamoDB Local do not collide. */
const RUN_ID = Math.random().toString(36).slice(2, 8);
let tableCounter = 0;

function httpClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: REGION, credentials: CREDENTIALS, maxAttempts: 1 });
}

interface Resources {
  client: DynamoDBClient;
  engine: Engine | null;
  endpoint: string | null;
  close(): Promise<void>;
}

async function openTarget(name: TargetName, options: TargetOptions): Promise<Resources> {
  if (name === 'dynamodb-local') {
    const endpoint = oracleInfo().endpoint;
    if (endpoint === null) throw new Error('DynamoDB Local is not available');
    // DynamoDB Local now and then answers a valid request with a 500 InternalFailure under
    // load; a retry of that 500 is what an application would see, so Local gets it.
    const client = retryingServerFaults(httpClient(endpoint));
    return { client, engine: null, endpoint, close: async () => client.destroy() };
  }
  if (name === 'engine-disk') {
    const dataDir = mkdtempSync(join(tmpdir(), 'dynotable-conformance-'));
    const engine = openEngine({ region: REGION, ...options.engineOptions?.(), dataDir });
    const client = new DynamoDBClient({ ...inProcessClientConfig(engine), credentials: CREDENTIALS, maxAttempts: 1 });
    const close = async () => {
      client.destroy();
      engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return { client, engine, endpoint: null, close };
  }
  const engine = createEngine({ region: REGION, ...options.engineOptions?.() });
  if (name === 'engine-inprocess') {
    const client = new DynamoDBClient({ ...inProcessClientConfig(engine), credentials: CREDENTIALS, maxAttempts: 1 });
    const close = async () => {
      client.destroy();
      engine.close();
    };
    return { client, engine, endpoint: null, close };
  }
  const server: EngineServer = await startEngineServer({ engine });
  const client = httpClient(server.url);
  return {
    client,
    engine,
    endpoint: server.url,
    async close() {
      client.destroy();
      await server.close();
      engine.close();
    },
  };
}

function defineTarget(name: TargetName, options: TargetOptions): ConformanceTarget {
  let resources: Resources | undefined;
  const created: string[] = [];
  const opened = (): Resources => {
    if (resources === undefined) throw new Error(`The ${name} target is only available inside tests and hooks`);
    return resources;
  };
  const target: ConformanceTarget = {
    name,
    isDynamoDbLocal: name === 'dynamodb-local',
    get client() {
      return opened().client;
    },
    get engine() {
      return opened().engine;
    },
    get endpoint() {
      return opened().endpoint;
    },
    tableName(prefix) {
      tableCounter++;
      const tableName = `${prefix}-${RUN_ID}-${tableCounter}`;
      created.push(tableName);
      return tableName;
    },
  };
  beforeAll(async () => {
    resources = await openTarget(name, options);
  });
  afterAll(async () => {
    if (resources === undefined) return;
    if (target.isDynamoDbLocal) {
      // The engines are thrown away; the shared DynamoDB Local is tidied up.
      for (const TableName of created.splice(0)) {
        await resources.client.send(new DeleteTableCommand({ TableName })).catch(() => undefined);
      }
    }
    await resources.close();
    resources = undefined;
  });
  return target;
}

let skipNoticeShown = false;

function unavailableReason(name: TargetName): string | null {
  if (name !== 'dynamodb-local') return null;
  const info = oracleInfo();
  return info.endpoint === null ? (info.skipReason ?? 'no endpoint') : null;
}

/** Defines `body`'s tests once per selected target, each in its own describe block named `<name> [<target>]`. */
export function describeEachTarget(
  name: string,
  body: (target: ConformanceTarget) => void,
  options: TargetOptions = {},
): void {
  for (const targetName of selectedTargetNames()) {
    if (options.only !== undefined && !options.only.includes(targetName)) continue;
    const reason = unavailableReason(targetName);
    if (reason !== null) {
      if (!skipNoticeShown) console.warn(`Skipping the ${targetName} conformance target: ${reason}`);
      skipNoticeShown = true;
      describe.skip(`${name} [${targetName}]`, () => body(defineTarget(targetName, options)));
      continue;
    }
    describe(`${name} [${targetName}]`, () => body(defineTarget(targetName, options)));
  }
}
