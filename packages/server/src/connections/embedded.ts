/**
 * The embedded engine as a connection: on disk in a data directory (one
 * engine per directory: a second opener is refused) or in memory, reached
 * through the AWS SDK with the engine's in-process request handler.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createEngine, DATABASE_FILE, inProcessClientConfig, openEngine, startTtlSweeper } from '@dynotable/engine';
import type { Engine } from '@dynotable/engine';

export interface OpenedEmbedded {
  readonly client: DynamoDBClient;
  /** The engine itself, for the first run's seeding. */
  readonly engine: Engine;
  /** Absolute; undefined in memory. */
  readonly dataDir: string | undefined;
  /** In memory, or a data directory that held no database before: the examples may be seeded. */
  readonly fresh: boolean;
  close(): void;
}

/**
 * Throws the engine's DataDirectoryInUseError or StorageFormatError when the
 * directory cannot be used. `readOnly` (`--read-only`): the tables on disk as
 * they are, nothing created or changed there — no database made, no examples,
 * no TTL deletions; a directory without a database is the engine's NoDatabaseError.
 */
export function openEmbedded(dataDir: string | undefined, options: { readonly readOnly?: boolean } = {}): OpenedEmbedded {
  const readOnly = options.readOnly === true;
  const directory = dataDir === undefined ? undefined : resolve(dataDir);
  const fresh = directory === undefined || (!readOnly && !existsSync(join(directory, DATABASE_FILE)));
  const engine = directory === undefined ? createEngine() : openEngine({ dataDir: directory, readOnly });
  // Expired items are deleted by the sweeper: a write, so not on a read-only data directory.
  const stopSweeper = readOnly && directory !== undefined ? () => {} : startTtlSweeper(engine);
  const client = new DynamoDBClient(inProcessClientConfig(engine));
  let closed = false;
  return {
    client,
    engine,
    dataDir: directory,
    fresh,
    close() {
      if (closed) return;
      closed = true;
      stopSweeper();
      client.destroy();
      engine.close();
    },
  };
}
