/** StreamSpecification: the table's streams enabled and disabled; the label is the enabling time, as DynamoDB forms it. */
import { validationError } from '@dynotable/core';
import type { EngineContext } from '../../context.js';
import type { ItemWrite } from '../../storage/storage.js';
import { streamSpace, tableStreams } from '../../streams/stream-meta.js';
import type { TableMeta } from '../../tables/meta.js';
import { asRecord } from './constraints.js';

/** DynamoDB's stream label: the UTC time the stream was enabled, to the millisecond, without a zone. */
function streamLabel(nowMs: number): string {
  return new Date(nowMs).toISOString().replace('Z', '');
}

/** The table's stream settings after a request's StreamSpecification, or undefined for none. */
export function parseStreamSpecification(value: unknown, nowMs: number): TableMeta['stream'] | undefined {
  const stream = asRecord(value);
  if (stream === undefined) return undefined;
  const viewType = stream.StreamViewType;
  if (stream.StreamEnabled === true) {
    if (typeof viewType !== 'string') {
      throw validationError('Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.');
    }
    return { enabled: true, viewType, label: streamLabel(nowMs) };
  }
  if (viewType !== undefined && viewType !== null) {
    throw validationError('Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.');
  }
  return { enabled: false };
}

/**
 * Applies an enabled or disabled stream to `next` (the table after the
 * request; `table` before it) and returns the storage writes that open the
 * new stream's first shard or close the disabled one's open shard.
 */
export function streamWrites(context: EngineContext, table: TableMeta | undefined, next: TableMeta, stream: NonNullable<TableMeta['stream']>): ItemWrite[] {
  const nowMs = context.now();
  const streams = table === undefined ? [] : tableStreams(table).map((entry) => ({ ...entry }));
  next.stream = stream;
  if (stream.enabled) {
    next.streams = [...streams, { label: stream.label!, viewType: stream.viewType!, createdAt: nowMs }];
    return context.streams.open(context.storage, streamSpace(next.name, stream.label!), nowMs);
  }
  const last = streams[streams.length - 1];
  next.streams = streams;
  if (last === undefined) return [];
  last.disabledAt = nowMs;
  return context.streams.close(context.storage, streamSpace(next.name, last.label));
}
