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

/** Throws the engine's DataDirectoryInUseError or StorageFormatError when the directory cannot be used. */
export function openEmbedded(dataDir: string | undefined): OpenedEmbedded {
  const directory = dataDir === undefined ? undefined : resolve(dataDir);
  const fresh = directory === undefined || !existsSync(join(directory, DATABASE_FILE));
  const engine = directory === undefined ? createEngine() : openEngine({ dataDir: directory });
  const stopSweeper = startTtlSweeper(engine);
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
