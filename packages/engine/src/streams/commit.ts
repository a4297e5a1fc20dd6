/**
 * Applies the item writes of one request together with the stream records
 * of its changes, in one storage batch: a record is stored exactly when the
 * write it describes is. Tables without a stream pay one check per change.
 */
import type { EngineContext } from '../context.js';
import type { ItemWrite } from '../storage/storage.js';
import { recordChange, type ChangeSource, type StreamChange } from './record.js';
import { enabledStream, spaceOfStream } from './stream-meta.js';

/** The region a record names: the caller's signing region, else the engine's own. */
function recordRegion(context: EngineContext): string {
  return context.signingRegion ?? (context.region === 'local' ? 'us-east-1' : context.region);
}

/** Adds to `writes` the stream records of `changes` (undefined entries: tables without a stream). */
function addRecordWrites(context: EngineContext, changes: readonly (StreamChange | undefined)[], source: ChangeSource, writes: ItemWrite[]): void {
  const nowMs = context.now();
  const region = recordRegion(context);
  for (const change of changes) {
    if (change === undefined) continue;
    const stream = enabledStream(change.table);
    if (stream === undefined) continue;
    const record = recordChange(change, stream.viewType, region, nowMs, source);
    if (record === undefined) continue;
    context.streams.append(context.storage, spaceOfStream(change.table.name, stream), nowMs, record, writes);
  }
}

/** Writes `writes` and the records of `changes` atomically. */
export function commitWrites(
  context: EngineContext,
  writes: readonly ItemWrite[],
  changes: readonly (StreamChange | undefined)[],
  source: ChangeSource = 'caller',
): void {
  let withStream = false;
  for (const change of changes) if (change !== undefined) withStream = true;
  if (!withStream) {
    context.storage.write(writes);
    return;
  }
  // The item writes first, then the records (the array is this batch's own).
  const all = writes.slice();
  try {
    addRecordWrites(context, changes, source, all);
    context.storage.write(all);
  } catch (error) {
    // The sequence numbers and shards handed out above were not stored.
    context.streams.forget();
    throw error;
  }
}
