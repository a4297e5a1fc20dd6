/**
 * A stream's shards and sequence numbers, as stored in its space
 * (stream-meta.ts): partition `shard` holds one entry per shard in creation
 * order, partition `record` one entry per record keyed by its sequence
 * number. Sequence numbers are 21-digit decimal strings, as DynamoDB Local
 * writes them, so their text order is their numeric order.
 */
import type { Storage, ItemWrite, SpaceName } from '../storage/storage.js';

export const SHARD_PARTITION = 'shard';
export const RECORD_PARTITION = 'record';

const SEQUENCE_DIGITS = 21;

export interface Shard {
  id: string;
  parent?: string;
  /** Its first sequence number. */
  start: number;
  /** Its last sequence number, once closed. */
  end?: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Its place in the stream, from 0. */
  ordinal: number;
}

export function sequenceText(sequence: number): string {
  return String(sequence).padStart(SEQUENCE_DIGITS, '0');
}

/** A sequence number as a client sends it: 21 or more digits; undefined when it is not one. */
export function parseSequence(text: string): number | undefined {
  if (!/^[0-9]{21,40}$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** DynamoDB's shard id form: the creation time in 20 digits and 8 hex digits. */
export function newShardId(createdAt: number): string {
  const suffix = Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
  return `shardId-${String(createdAt).padStart(20, '0')}-${suffix}`;
}

export function shardSort(shard: Shard): string {
  return String(shard.ordinal).padStart(10, '0');
}

export function shardWrite(space: SpaceName, shard: Shard): ItemWrite {
  const text = JSON.stringify(shard);
  return { space, partition: SHARD_PARTITION, sort: shardSort(shard), item: { s: { S: text } }, size: text.length };
}

export function readShards(storage: Storage, space: SpaceName): Shard[] {
  const shards: Shard[] = [];
  for (const stored of storage.range(space, SHARD_PARTITION, {}, true)) {
    shards.push(JSON.parse((stored.item.s as { S: string }).S) as Shard);
  }
  return shards;
}

/** The last sequence number given out in the stream (0 before the first). */
export function readLastSequence(storage: Storage, space: SpaceName, shards: readonly Shard[]): number {
  for (const stored of storage.range(space, RECORD_PARTITION, {}, false)) return Number(stored.sort);
  // Every record trimmed: the shards still tell where numbering stopped.
  let last = 0;
  for (const shard of shards) last = Math.max(last, shard.end ?? shard.start - 1);
  return last;
}
