/**
 * The embedded DynamoDB-compatible engine: one entry point that runs any
 * operation on wire-format (DynamoDB JSON) input. The HTTP server, the
 * in-process SDK transport and tests all go through `execute`.
 */
import { DynamoError } from '@dynotable/core';
import type { EngineContext, Operation } from './context.js';
import { operations } from './operations.js';
import { materializeOutput, outputToJson, outputToWire } from './output/raw-json.js';
import { MemoryStorage } from './storage/memory.js';
import type { Storage } from './storage/storage.js';
import { StreamLog, type StreamSettings } from './streams/log.js';
import { RetiredStreams } from './streams/retired.js';
import { Catalog } from './tables/catalog.js';

export interface EngineOptions {
  /** Where items live; in memory by default. */
  storage?: Storage;
  /** Milliseconds since the epoch; injectable for TTL tests. */
  now?: () => number;
  /** Used in ARNs. */
  region?: string;
  accountId?: string;
  /** When stream shards roll over (streams/log.ts); for tests, e.g. a shard per 3 records. */
  streams?: StreamSettings;
}

/** What a transport knows of the request beyond its body. */
export interface CallInfo {
  /** The SigV4 signing region of the request (stream records name it). */
  signingRegion?: string;
}

export interface Engine {
  /** Runs one operation (e.g. 'PutItem') on its JSON input; throws DynamoError. */
  execute(operation: string, input: unknown, call?: CallInfo): Record<string, unknown>;
  /**
   * Like execute, with the output as JSON text, which skips converting
   * stored items to objects and back (what the wire protocol uses when the
   * engine has it).
   */
  executeToJson?(operation: string, input: unknown, call?: CallInfo): string;
  /**
   * executeToJson's text as the wire sends it: the text, or its UTF-8 bytes
   * when the output is large (encoded piece by piece, never joined into one string).
   */
  executeToWire?(operation: string, input: unknown, call?: CallInfo): string | Uint8Array;
  /** True when `operation` (e.g. 'PutItem') is one the engine answers. */
  supports(operation: string): boolean;
  /** The context operations run in, for background work such as TTL. */
  readonly context: EngineContext;
  close(): void;
}

function run(context: EngineContext, operation: string, input: unknown, call: CallInfo | undefined): Record<string, unknown> {
  const found: Operation | undefined = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
  if (found === undefined) throw new DynamoError('UnknownOperationException', '');
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new DynamoError('SerializationException', 'Start of structure or map found where not expected');
  }
  // Operations are synchronous: the caller's region holds for exactly this one. (The context
  // itself is kept, not copied: per-engine state such as idempotency tokens is keyed on it.)
  context.signingRegion = call?.signingRegion;
  try {
    return found(context, input as Record<string, unknown>);
  } finally {
    context.signingRegion = undefined;
  }
}

export function createEngine(options: EngineOptions = {}): Engine {
  const storage = options.storage ?? new MemoryStorage();
  const context: EngineContext = {
    storage,
    catalog: new Catalog(storage),
    now: options.now ?? Date.now,
    region: options.region ?? 'local',
    accountId: options.accountId ?? '000000000000',
    // A store in memory keeps no records: the stream log does, cheaper (streams/memory-records.ts).
    streams: new StreamLog(options.streams, storage instanceof MemoryStorage),
    retiredStreams: new RetiredStreams(),
  };
  return {
    context,
    supports(operation) {
      return Object.hasOwn(operations, operation);
    },
    execute(operation, input, call) {
      return materializeOutput(run(context, operation, input, call));
    },
    executeToJson(operation, input, call) {
      return outputToJson(run(context, operation, input, call));
    },
    executeToWire(operation, input, call) {
      return outputToWire(run(context, operation, input, call));
    },
    close() {
      storage.close();
    },
  };
}
