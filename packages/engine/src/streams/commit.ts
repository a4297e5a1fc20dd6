/**
 * Applies the item writes of one request together with the stream records
 * of its changes, in one storage batch: a record is stored exactly when the
 * write it describes is. Tables without a stream pay one check per change.
 */
import type { EngineContext } from '../context.js';
import type { ItemWrite } from '../storage/storage.js';
import { recordItem, type ChangeSource, type StreamChange } from './record.js';
import { enabledStream, spaceOfStream } from './stream-meta.js';

/** The region a record names: the caller's signing region, else the engine's own. */
function recordRegion(context: EngineContext): string {
  return context.signingRegion ?? (context.region === 'local' ? 'us-east-1' : context.region);
}

/** Storage writes for the stream records of `changes` (undefined entries: tables without a stream). */
function recordWrites(context: EngineContext, changes: readonly (StreamChange | undefined)[], source: ChangeSource): ItemWrite[] {
  const writes: ItemWrite[] = [];
  const nowMs = context.now();
  const region = recordRegion(context);
  for (const change of changes) {
    if (change === undefined) continue;
    const stream = enabledStream(change.table);
    if (stream === undefined) continue;
    const record = recordItem(change, { viewType: stream.viewType, region, nowMs, source });
    if (record === undefined) continue;
    writes.push(...context.streams.append(context.storage, spaceOfStream(change.table.name, stream), nowMs, record));
  }
  return writes;
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
  try {
    const records = recordWrites(context, changes, source);
    context.storage.write(records.length === 0 ? writes : writes.concat(records));
  } catch (error) {
    // The sequence numbers and shards handed out above were not stored.
    context.streams.forget();
    throw error;
  }
}
