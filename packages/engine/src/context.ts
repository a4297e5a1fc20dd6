/**
 * What every operation gets: the storage, the table catalog, the clock and
 * the identity used in ARNs. Operations are synchronous, so each one is
 * atomic with respect to every other in this process.
 */
import type { Storage } from './storage/storage.js';
import type { StreamLog } from './streams/log.js';
import type { RetiredStreams } from './streams/retired.js';
import type { Catalog } from './tables/catalog.js';

export interface EngineContext {
  storage: Storage;
  catalog: Catalog;
  /** Milliseconds since the epoch; injectable for TTL and timestamps in tests. */
  now: () => number;
  region: string;
  accountId: string;
  /** The streams' shards and sequence numbers (streams/log.ts). */
  streams: StreamLog;
  /** Deleted tables' streams, readable for 24 hours (streams/retired.ts). */
  retiredStreams: RetiredStreams;
  /** The SigV4 signing region of the request being run, when it had one (stream records name it). */
  signingRegion?: string | undefined;
}

/** One DynamoDB operation: wire-format input (already JSON-parsed) to wire-format output. */
export type Operation = (context: EngineContext, input: Record<string, unknown>) => Record<string, unknown>;
