/**
 * The engine's streams at run time: per stream, its shards and the last
 * sequence number, read from storage on first use and kept in step with
 * every batch that adds records. Records are storage writes that join the
 * item writes of the same batch, so a record exists exactly when the write
 * it describes was applied (on disk: in the same transaction).
 *
 * Shard rollover: the open shard closes, and a child shard opens with it as
 * parent, when a record arrives and the shard holds `shardMaxRecords`
 * records or is older than `shardMaxAgeMs` (AWS rolls shards over every few
 * hours; 4 hours by default here).
 */
import type { ItemWrite, SpaceName, Storage } from '../storage/storage.js';
import { recordTime, type StreamRecord } from './record.js';
import { newShardId, readLastSequence, readShards, RECORD_PARTITION, SHARD_PARTITION, shardSort, shardWrite, type Shard } from './shards.js';

export interface StreamSettings {
  /** A shard closes once it holds this many records (default: no limit). */
  shardMaxRecords?: number;
  /** A shard closes once it is this old, in milliseconds (default 4 hours). */
  shardMaxAgeMs?: number;
}

const DEFAULT_SHARD_AGE_MS = 4 * 60 * 60 * 1000;

interface StreamState {
  shards: Shard[];
  last: number;
}

export class StreamLog {
  private readonly states = new Map<SpaceName, StreamState>();
  private readonly maxRecords: number;
  private readonly maxAgeMs: number;

  constructor(settings: StreamSettings = {}) {
    this.maxRecords = settings.shardMaxRecords ?? Number.POSITIVE_INFINITY;
    this.maxAgeMs = settings.shardMaxAgeMs ?? DEFAULT_SHARD_AGE_MS;
  }

  /** The stream's shards and last sequence number. */
  state(storage: Storage, space: SpaceName): Readonly<StreamState> {
    let state = this.states.get(space);
    if (state === undefined) {
      const shards = readShards(storage, space);
      state = { shards, last: readLastSequence(storage, space, shards) };
      this.states.set(space, state);
    }
    return state;
  }

  private mutable(storage: Storage, space: SpaceName): StreamState {
    return this.state(storage, space) as StreamState;
  }

  /** After a batch failed to apply: the stored state is the truth again. */
  forget(): void {
    this.states.clear();
  }

  /** The first shard of a new stream. */
  open(storage: Storage, space: SpaceName, nowMs: number): ItemWrite[] {
    const state = this.mutable(storage, space);
    const shard: Shard = { id: newShardId(nowMs), start: state.last + 1, createdAt: nowMs, ordinal: state.shards.length };
    state.shards.push(shard);
    return [shardWrite(space, shard)];
  }

  /**
   * Closes the open shard of a stream being disabled. A shard without records
   * ends at its starting number, as in DynamoDB Local (which spends it).
   */
  close(storage: Storage, space: SpaceName): ItemWrite[] {
    const state = this.mutable(storage, space);
    const open = state.shards[state.shards.length - 1];
    if (open === undefined || open.end !== undefined) return [];
    state.last = Math.max(state.last, open.start);
    open.end = state.last;
    return [shardWrite(space, open)];
  }

  /** Adds to `writes` those that store one record, the shard rolling over first when due. */
  append(storage: Storage, space: SpaceName, nowMs: number, record: StreamRecord, writes: ItemWrite[]): void {
    const state = this.mutable(storage, space);
    const open = state.shards[state.shards.length - 1];
    if (open === undefined || open.end !== undefined) {
      // A stream saved before it had shards (or whose shard closed): open one.
      writes.push(...this.open(storage, space, nowMs));
    } else {
      const count = state.last - open.start + 1;
      if (count > 0 && (count >= this.maxRecords || nowMs - open.createdAt >= this.maxAgeMs)) {
        open.end = state.last;
        writes.push(shardWrite(space, open));
        const child: Shard = { id: newShardId(nowMs), parent: open.id, start: state.last + 1, createdAt: nowMs, ordinal: state.shards.length };
        state.shards.push(child);
        writes.push(shardWrite(space, child));
      }
    }
    // A new sequence number: nothing is stored there.
    record.sequence = ++state.last;
    writes.push({ space, partition: RECORD_PARTITION, sort: record.sort, deferred: record, fresh: true });
  }

  /**
   * Removes the records written at or before `cutoffMs` and the closed shards left
   * without any, and returns the trim horizon: the first sequence number
   * still readable. A store that refuses writes (read-only) keeps them, and
   * they only read as trimmed.
   */
  trim(storage: Storage, space: SpaceName, cutoffMs: number): number {
    const state = this.mutable(storage, space);
    let horizon = state.last + 1;
    const expired: ItemWrite[] = [];
    for (const stored of storage.range(space, RECORD_PARTITION, {}, true)) {
      if (recordTime(stored) > cutoffMs) {
        horizon = Number(stored.sort);
        break;
      }
      expired.push({ space, partition: RECORD_PARTITION, sort: stored.sort });
    }
    if (expired.length === 0) return horizon;
    const gone = state.shards.filter((shard) => shard.end !== undefined && shard.end < horizon);
    for (const shard of gone) expired.push({ space, partition: SHARD_PARTITION, sort: shardSort(shard) });
    try {
      storage.write(expired);
      state.shards = state.shards.filter((shard) => !gone.includes(shard));
    } catch {
      // Read-only: the records stay stored, past the horizon.
    }
    return horizon;
  }
}
