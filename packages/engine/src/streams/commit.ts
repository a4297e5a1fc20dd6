/**
 * Applies the item writes of one request together with the stream records
 * of its changes: on disk in one storage batch, so a record is stored
 * exactly when the write it describes is; in memory appended to the stream's
 * log once the batch applied. Tables without a stream pay one check per change.
 */
import type { EngineContext } from '../context.js';
import type { ItemWrite } from '../storage/storage.js';
import { recordChange, type ChangeSource, type StreamChange } from './record.js';
import { enabledStream, spaceOfStream } from './stream-meta.js';

/** The region a record names: the caller's signing region, else the engine's own. */
function recordRegion(context: EngineContext): string {
  return context.signingRegion ?? (context.region === 'local' ? 'us-east-1' : context.region);
}

/**
 * Hands the records of `changes` (undefined entries: tables without a
 * stream) to the stream log: as writes added to `writes`, or, when `writes`
 * is undefined, kept in memory (the batch applied already).
 */
function addRecords(context: EngineContext, changes: readonly (StreamChange | undefined)[], source: ChangeSource, writes: ItemWrite[] | undefined): void {
  const nowMs = context.now();
  const region = recordRegion(context);
  const { streams, storage } = context;
  for (const change of changes) {
    if (change === undefined) continue;
    const stream = enabledStream(change.table);
    if (stream === undefined) continue;
    const parts = recordChange(change, stream.viewType, region, nowMs, source);
    if (parts === undefined) continue;
    const space = spaceOfStream(change.table.name, stream);
    if (writes === undefined) streams.appendInMemory(storage, space, nowMs, parts, change.table.keys);
    else streams.appendWrites(storage, space, nowMs, parts, change.table.keys, writes);
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
  if (context.streams.inMemory) {
    // Nothing in memory outlives the process: the records follow the applied batch.
    context.storage.write(writes);
    addRecords(context, changes, source, undefined);
    return;
  }
  // The item writes first, then the records (the array is this batch's own).
  const all = writes.slice();
  try {
    addRecords(context, changes, source, all);
    context.storage.write(all);
  } catch (error) {
    // The sequence numbers and shards handed out above were not stored.
    context.streams.forget();
    throw error;
  }
}
