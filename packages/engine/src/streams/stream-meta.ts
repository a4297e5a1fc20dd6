/**
 * The streams of a table as its metadata keeps them: every stream enabled on
 * it, oldest first (the last is the latest), with its view type and when it
 * was enabled and disabled. A disabled stream stays readable for 24 hours.
 */
import type { EngineContext } from '../context.js';
import { indexSpace, type SpaceName } from '../storage/storage.js';
import { tableArn } from '../tables/lookup.js';
import type { KeySchema, StreamMeta, TableMeta } from '../tables/meta.js';

/** How long records, and disabled streams, stay readable. */
export const STREAM_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The table's streams, oldest first; a table saved before stream history derives it from `stream`. */
export function tableStreams(table: TableMeta): StreamMeta[] {
  if (table.streams !== undefined) return table.streams;
  const stream = table.stream;
  if (stream?.label === undefined) return [];
  const createdAt = Date.parse(`${stream.label}Z`);
  return [{ label: stream.label, viewType: stream.viewType ?? 'KEYS_ONLY', createdAt, ...(stream.enabled ? {} : { disabledAt: createdAt }) }];
}

/** The stream that records writes now, if the table has one enabled. */
export function enabledStream(table: TableMeta): StreamMeta | undefined {
  if (table.stream?.enabled !== true) return undefined;
  const streams = tableStreams(table);
  return streams[streams.length - 1];
}

/** A disabled stream is listed and readable until its retention has passed. */
export function isStreamVisible(stream: StreamMeta, nowMs: number): boolean {
  return stream.disabledAt === undefined || nowMs - stream.disabledAt < STREAM_RETENTION_MS;
}

export function streamArn(context: EngineContext, tableName: string, label: string): string {
  return `${tableArn(context, tableName)}/stream/${label}`;
}

/**
 * Where a stream's shards and records live: a space of the table that no
 * index can name (index names never hold '#'), so dropping the table drops it.
 */
export function streamSpace(tableName: string, label: string): SpaceName {
  return indexSpace(tableName, `#stream/${label}`);
}

const spaces = new WeakMap<StreamMeta, SpaceName>();

/** streamSpace for a table's stream, made once per stream (the same string is a cheaper map key). */
export function spaceOfStream(tableName: string, stream: StreamMeta): SpaceName {
  let space = spaces.get(stream);
  if (space === undefined) spaces.set(stream, (space = streamSpace(tableName, stream.label)));
  return space;
}

export interface StreamRef {
  tableName: string;
  keys: KeySchema;
  stream: StreamMeta;
  arn: string;
  /** Where its shards and records are (a deleted table's stream has moved: retired.ts). */
  space: SpaceName;
}

/**
 * The stream an ARN names, if it is one of this engine's and still visible:
 * a stream of a table, or of a deleted table (kept for 24 hours).
 */
export function findStream(context: EngineContext, arn: string): StreamRef | undefined {
  const match = /^arn:aws:dynamodb:([^:]*):([^:]*):table\/([^/]+)\/stream\/(.+)$/.exec(arn);
  if (match === null || match[1] !== context.region || match[2] !== context.accountId) return undefined;
  const [tableName, label] = [match[3]!, match[4]!];
  const nowMs = context.now();
  const table = context.catalog.find(tableName);
  const stream = table && tableStreams(table).find((candidate) => candidate.label === label);
  if (table !== undefined && stream !== undefined) {
    return isStreamVisible(stream, nowMs) ? { tableName, keys: table.keys, stream, arn, space: streamSpace(tableName, label) } : undefined;
  }
  const retired = context.retiredStreams
    .visible(context, nowMs)
    .find((candidate) => candidate.tableName === tableName && candidate.stream.label === label);
  return retired && { tableName, keys: retired.keys, stream: retired.stream, arn, space: retired.space };
}
