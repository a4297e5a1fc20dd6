/**
 * The open connections of one server: the embedded engine, DynamoDB Local,
 * any DynamoDB-compatible endpoint and AWS accounts, each with its client and
 * safety mode. ConnectionInfo is all that leaves it: never a credential.
 */
import { resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DataDirectoryInUseError, NoDatabaseError } from '@dynotable/engine';
import { DataError } from '../data/errors.js';
import { isLoopbackHost } from '../loopback.js';
import { seedEmbeddedEngine } from '../seed/seed.js';
import { listProfiles } from './aws-profiles.js';
import { createDynamoClient } from './client.js';
import { reportCredentialErrors } from './credential-errors.js';
import { defaultDataDir } from './data-dir.js';
import { DYNAMODB_LOCAL_CREDENTIALS, DYNAMODB_LOCAL_DEFAULT_ENDPOINT, DYNAMODB_LOCAL_REGION, startDynamoDbLocal } from './dynamodb-local.js';
import { openEmbedded } from './embedded.js';
import { openEmbeddedOnDemand } from './embedded-on-demand.js';
import { defaultName, preferredId, uniqueId } from './naming.js';
import { openWhenFree } from './open-when-free.js';
import { AWS_REGION_PATTERN } from './request-schema.js';
import type { Connection, ConnectionInfo, ConnectionRegistry, ConnectionRequest, SafetyMode } from './registry-types.js';

export { defaultDataDir } from './data-dir.js';

export interface ConnectionRegistryOptions {
  /** `--read-only`: every connection is read-only, and setSafety cannot lift it. */
  readonly readOnly?: boolean;
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Fill a new embedded engine (in memory, or a data directory used for the
   * first time) with the three example tables and their data. On by default.
   */
  readonly seedExamples?: boolean;
  /**
   * Get the embedded engine ready after add() returns, so a server can start
   * listening meanwhile: the examples written a batch at a time, then one call
   * through its SDK client (whose first call sets itself up, some 50 ms, which
   * the page's first request would otherwise wait for). ready() resolves when
   * that is done. Off by default: add() returns with the examples written.
   */
  readonly prepareInBackground?: boolean;
  /**
   * An embedded engine on disk is opened only while requests come, and closed
   * once none has for `idleMs`, so the data folder is free in between (for
   * `dynotable mcp`, which an agent keeps running). Off by default: held open.
   */
  readonly embeddedOnDemand?: { readonly idleMs: number; readonly onHeldElsewhere?: (message: string) => void };
}

/** How long opening a data folder waits for a `dynotable mcp` on it to finish its burst of calls. */
const FOLDER_WAIT_MS = 2000;

interface Entry {
  info: ConnectionInfo;
  readonly client: DynamoDBClient;
  readonly close: () => Promise<void>;
}

interface Opened {
  readonly client: DynamoDBClient;
  readonly close: () => Promise<void>;
  readonly safety: SafetyMode;
  readonly details: Partial<Pick<ConnectionInfo, 'endpoint' | 'region' | 'profile' | 'dataDir'>>;
}

function checkEndpoint(endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new DataError('invalid', 'ValidationException', `endpoint: '${endpoint}' is not a URL; give one such as http://localhost:8000`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DataError('invalid', 'ValidationException', `endpoint: '${endpoint}' must start with http:// or https://`);
  }
}

function isLoopbackEndpoint(endpoint: string): boolean {
  try {
    return isLoopbackHost(new URL(endpoint).hostname);
  } catch {
    return false;
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

export function createConnectionRegistry(options: ConnectionRegistryOptions = {}): ConnectionRegistry {
  const env = options.env ?? process.env;
  const readOnly = options.readOnly === true;
  const seedExamples = options.seedExamples ?? true;
  const entries = new Map<string, Entry>();
  const preparing = new Set<Promise<unknown>>();

  function entry(id: string): Entry {
    const found = entries.get(id);
    if (found === undefined) {
      const known = [...entries.keys()].join(', ');
      throw new DataError('not-found', 'ConnectionNotFound', `There is no connection '${id}'.${known === '' ? '' : ` Open connections: ${known}.`}`);
    }
    return found;
  }

  async function openEmbeddedConnection(request: Extract<ConnectionRequest, { kind: 'embedded' }>): Promise<Opened> {
    const dataDir = request.inMemory === true ? undefined : (request.dataDir ?? defaultDataDir(env));
    // The engine refuses a second opener too; this names the connection that holds the directory.
    const holder = dataDir === undefined ? undefined : [...entries.values()].find((other) => other.info.dataDir === resolve(dataDir));
    if (holder) throw new DataDirectoryInUseError(`The data directory ${holder.info.dataDir} is already open as connection '${holder.info.id}'.`);
    let opened: ReturnType<typeof openEmbedded>;
    try {
      if (dataDir !== undefined && options.embeddedOnDemand !== undefined) return await openOnDemand(resolve(dataDir), options.embeddedOnDemand);
      opened = await openWhenFree(() => openEmbedded(dataDir, { readOnly }), FOLDER_WAIT_MS);
    } catch (error) {
      if (error instanceof NoDatabaseError) {
        throw new DataError(
          'conflict',
          'NoDatabase',
          `${error.message} DynoTable runs with --read-only, which never creates a database; choose a folder that holds one, or restart without --read-only to create it.`,
        );
      }
      throw error;
    }
    const seeded = seedExamples && opened.fresh ? seedEmbeddedEngine(opened.engine) : Promise.resolve();
    if (options.prepareInBackground === true) {
      const preparation = seeded.then(() => opened.client.send(new ListTablesCommand({ Limit: 1 })));
      // A failure is for ready() to report (the API answers with it), not for the process to die of.
      preparation.catch(() => {});
      preparing.add(preparation);
    } else {
      try {
        await seeded;
      } catch (error) {
        opened.close();
        throw error;
      }
    }
    return {
      client: opened.client,
      close: async () => opened.close(),
      safety: 'full',
      details: { dataDir: opened.dataDir },
    };
  }

  async function openOnDemand(dataDir: string, onDemand: NonNullable<ConnectionRegistryOptions['embeddedOnDemand']>): Promise<Opened> {
    const opened = await openEmbeddedOnDemand(dataDir, { ...onDemand, readOnly, seed: seedExamples ? seedEmbeddedEngine : undefined });
    return { client: opened.client, close: async () => opened.close(), safety: 'full', details: { dataDir } };
  }

  async function openDynamoDbLocal(request: Extract<ConnectionRequest, { kind: 'dynamodb-local' }>): Promise<Opened> {
    if (request.start === true && request.endpoint !== undefined) {
      throw new DataError('invalid', 'ValidationException', 'endpoint: give an endpoint to connect to a running DynamoDB Local, or start: true to start one — not both');
    }
    if (request.start === true && readOnly) {
      throw new DataError(
        'refused',
        'ReadOnlyConnection',
        'DynoTable was started with --read-only: a DynamoDB Local it starts would be empty and could not be given tables. Connect to a running one with its endpoint instead.',
      );
    }
    const started = request.start === true ? await startDynamoDbLocal() : undefined;
    const endpoint = started?.endpoint ?? request.endpoint ?? DYNAMODB_LOCAL_DEFAULT_ENDPOINT;
    checkEndpoint(endpoint);
    const client = new DynamoDBClient({ endpoint, region: DYNAMODB_LOCAL_REGION, credentials: DYNAMODB_LOCAL_CREDENTIALS, maxAttempts: 3 });
    return {
      client,
      close: async () => {
        client.destroy();
        await started?.stop();
      },
      safety: 'full',
      details: { endpoint, region: DYNAMODB_LOCAL_REGION },
    };
  }

  function openEndpoint(request: Extract<ConnectionRequest, { kind: 'endpoint' }>): Opened {
    checkEndpoint(request.endpoint);
    const region = request.region ?? 'us-east-1';
    const client = createDynamoClient({ endpoint: request.endpoint, region }, env);
    return {
      client,
      close: async () => client.destroy(),
      safety: isLoopbackEndpoint(request.endpoint) ? 'full' : 'confirm-writes',
      details: { endpoint: request.endpoint, region },
    };
  }

  function openAws(request: Extract<ConnectionRequest, { kind: 'aws' }>): Opened {
    if (!AWS_REGION_PATTERN.test(request.region)) {
      throw new DataError('invalid', 'ValidationException', `region: '${request.region}' is not an AWS region; give one such as us-east-1 or eu-west-1`);
    }
    if (request.profile !== undefined) {
      const names = listProfiles(env).map((profile) => profile.name);
      if (!names.includes(request.profile)) {
        throw new DataError(
          'invalid',
          'ProfileNotFound',
          `There is no AWS profile '${request.profile}' in the AWS config or credentials file.` +
            (names.length > 0 ? ` Known profiles: ${names.join(', ')}.` : ' Create one with `aws configure --profile NAME` or `aws configure sso`.'),
        );
      }
    }
    const client = createDynamoClient({ profile: request.profile, region: request.region }, env);
    return { client, close: async () => client.destroy(), safety: 'confirm-writes', details: { region: request.region, profile: request.profile } };
  }

  async function open(request: ConnectionRequest): Promise<Opened> {
    switch (request.kind) {
      case 'embedded':
        return openEmbeddedConnection(request);
      case 'dynamodb-local':
        return openDynamoDbLocal(request);
      case 'endpoint':
        return openEndpoint(request);
      case 'aws':
        return openAws(request);
    }
  }

  const registry: ConnectionRegistry = {
    list() {
      return [...entries.values()].map((found) => found.info);
    },

    get(id) {
      const found = entry(id);
      return { info: found.info, client: found.client, close: () => registry.remove(id) } satisfies Connection;
    },

    async add(request) {
      const opened = await open(request);
      const id = uniqueId(preferredId(request), (candidate) => entries.has(candidate));
      const safety: SafetyMode = readOnly ? 'read-only' : (request.safety ?? opened.safety);
      const name = request.name?.trim() || defaultName(request, opened.details.endpoint);
      const info: ConnectionInfo = withoutUndefined({ id, name, kind: request.kind, safety, ...opened.details });
      const added: Entry = { info, client: opened.client, close: opened.close };
      if (request.kind !== 'embedded') reportCredentialErrors(opened.client, () => added.info, env);
      entries.set(id, added);
      return info;
    },

    setSafety(id, safety) {
      const found = entry(id);
      if (readOnly && safety !== 'read-only') {
        throw new DataError(
          'refused',
          'ReadOnlyConnection',
          'DynoTable was started with --read-only, so every connection stays read-only. Restart it without --read-only to write.',
        );
      }
      found.info = { ...found.info, safety };
      return found.info;
    },

    async remove(id) {
      const found = entry(id);
      entries.delete(id);
      await found.close();
    },

    async ready() {
      await Promise.all(preparing);
    },

    async closeAll() {
      // Seeding in the background would go on against a closed engine: let it finish first.
      await Promise.allSettled(preparing);
      const all = [...entries.values()];
      entries.clear();
      await Promise.allSettled(all.map((found) => found.close()));
    },
  };
  return registry;
}
