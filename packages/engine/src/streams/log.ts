/**
 * The engine's streams at run time: per stream, its shards and the last
 * sequence number, read from storage on first use and kept in step with
 * every batch that adds records, and its records. On a store on disk records
 * are storage writes that join the item writes of the same batch, so a record
 * exists exactly when the write it describes was applied (in the same
 * transaction). In memory, where nothing survives the process anyway, each
 * stream keeps its records in a log of its own (memory-records.ts), appended
 * once the batch is applied.
 *
 * Shard rollover: the open shard closes, and a child shard opens with it as
 * parent, when a record arrives and the shard holds `shardMaxRecords`
 * records or is older than `shardMaxAgeMs` (AWS rolls shards over every few
 * hours; 4 hours by default here).
 */
import type { ItemWrite, SortRange, SpaceName, Storage } from '../storage/storage.js';
import type { KeySchema } from '../tables/meta.js';
import { MemoryRecords, type LoggedRecord } from './memory-records.js';
import { recordText, recordTime, type RecordParts } from './record.js';
import { newShardId, readLastSequence, readShards, RECORD_PARTITION, SHARD_PARTITION, sequenceText, shardSort, shardWrite, type Shard } from './shards.js';

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
  /** Per stream space, its records, when they are kept in memory. */
  private readonly memory: Map<SpaceName, MemoryRecords> | undefined;

  /** `recordsInMemory`: records kept here (memory-records.ts) rather than written to storage, for a store that is itself in memory. */
  constructor(settings: StreamSettings = {}, recordsInMemory = false) {
    this.maxRecords = settings.shardMaxRecords ?? Number.POSITIVE_INFINITY;
    this.maxAgeMs = settings.shardMaxAgeMs ?? DEFAULT_SHARD_AGE_MS;
    this.memory = recordsInMemory ? new Map() : undefined;
  }

  /** True when records are kept here rather than written to storage (appendInMemory, not appendWrites). */
  get inMemory(): boolean {
    return this.memory !== undefined;
  }

  /** The stream's shards and last sequence number. */
  state(storage: Storage, space: SpaceName): Readonly<StreamState> {
    let state = this.states.get(space);
    if (state === undefined) {
      const shards = readShards(storage, space);
      const last = readLastSequence(storage, space, shards);
      state = { shards, last: Math.max(last, this.memory?.get(space)?.last ?? 0) };
      this.states.set(space, state);
    }
    return state;
  }

  private mutable(storage: Storage, space: SpaceName): StreamState {
    return this.state(storage, space) as StreamState;
  }

  /** After a batch failed to apply: the stored state is the truth again (and records kept in memory, which only applied batches reach). */
  forget(): void {
    this.states.clear();
  }

  /** A stream's space moved (a deleted table's stream, kept for a day): its records in memory go with it. */
  moved(from: SpaceName, to: SpaceName): void {
    const records = this.memory?.get(from);
    if (records === undefined) return;
    this.memory!.delete(from);
    this.memory!.set(to, records);
  }

  /** A stream's space was dropped from storage: the records kept in memory for it go too. */
  droppedSpace(space: SpaceName): void {
    this.memory?.delete(space);
  }

  /** A table's spaces were dropped from storage: the records kept in memory for its streams go too. */
  droppedTable(table: string): void {
    if (this.memory === undefined) return;
    const prefix = `${table}\u0000`;
    for (const key of [...this.memory.keys()]) if (key.startsWith(prefix)) this.memory.delete(key);
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

  /**
   * The next sequence number of the stream, after adding to `writes` those
   * that roll its shard over when due (or open a shard for a stream that has
   * none open).
   */
  private place(storage: Storage, space: SpaceName, nowMs: number, writes: ItemWrite[]): number {
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
    return ++state.last;
  }

  /** Adds to `writes` those that store one record in storage, the shard rolling over first when due. */
  appendWrites(storage: Storage, space: SpaceName, nowMs: number, parts: RecordParts, keys: KeySchema, writes: ItemWrite[]): void {
    const sequence = this.place(storage, space, nowMs, writes);
    const json = recordText(parts, keys);
    // A new sequence number: nothing is stored there.
    writes.push({ space, partition: RECORD_PARTITION, sort: sequenceText(sequence), json, size: json.length, fresh: true });
  }

  /**
   * Keeps one record in memory (the batch it describes applied already); a
   * shard that rolls over is written to storage on its own.
   */
  appendInMemory(storage: Storage, space: SpaceName, nowMs: number, parts: RecordParts, keys: KeySchema): void {
    const shardWrites: ItemWrite[] = [];
    const sequence = this.place(storage, space, nowMs, shardWrites);
    if (shardWrites.length > 0) storage.write(shardWrites);
    let records = this.memory!.get(space);
    if (records === undefined) this.memory!.set(space, (records = new MemoryRecords(keys)));
    records.append(sequence, parts);
  }

  /** The stream's records numbered `from` to `to` (inclusive; Infinity for no end), oldest first. */
  *read(storage: Storage, space: SpaceName, from: number, to: number): Generator<LoggedRecord> {
    if (this.memory !== undefined) {
      const records = this.memory.get(space);
      if (records !== undefined) yield* records.read(from, to);
      return;
    }
    const range: SortRange = { lower: { key: sequenceText(from), inclusive: true } };
    if (Number.isFinite(to)) range.upper = { key: sequenceText(to), inclusive: true };
    for (const stored of storage.range(space, RECORD_PARTITION, range, true)) yield { sequence: Number(stored.sort), json: stored.json };
  }

  /**
   * Removes the records written at or before `cutoffMs` and the closed shards left
   * without any, and returns the trim horizon: the first sequence number
   * still readable. A store that refuses writes (read-only) keeps them, and
   * they only read as trimmed.
   */
  trim(storage: Storage, space: SpaceName, cutoffMs: number): number {
    const state = this.mutable(storage, space);
    if (this.memory !== undefined) return this.trimInMemory(storage, space, cutoffMs, state);
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
    try {
      this.dropClosedShards(storage, space, state, horizon, expired);
    } catch {
      // Read-only: the records stay stored, past the horizon.
    }
    return horizon;
  }

  private trimInMemory(storage: Storage, space: SpaceName, cutoffMs: number, state: StreamState): number {
    const records = this.memory!.get(space);
    if (records === undefined) return state.last + 1;
    const { dropped, first } = records.trim(cutoffMs);
    const horizon = first ?? state.last + 1;
    if (dropped > 0) this.dropClosedShards(storage, space, state, horizon, []);
    return horizon;
  }

  /** Writes `writes` with the deletes of the closed shards that end before `horizon` (no record left), then forgets those shards. */
  private dropClosedShards(storage: Storage, space: SpaceName, state: StreamState, horizon: number, writes: ItemWrite[]): void {
    const gone = state.shards.filter((shard) => shard.end !== undefined && shard.end < horizon);
    for (const shard of gone) writes.push({ space, partition: SHARD_PARTITION, sort: shardSort(shard) });
    if (writes.length === 0) return;
    storage.write(writes);
    state.shards = state.shards.filter((shard) => !gone.includes(shard));
  }
}
