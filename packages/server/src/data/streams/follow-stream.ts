/**
 * Reads a stream's records shard by shard: from its oldest record
 * (trim-horizon) or from now on (latest), each shard to its end, then its
 * children (a shard closes when DynamoDB splits it: its records come before
 * theirs, so one item's changes stay in order). Follows the open shards by
 * polling, or stops once it has caught up.
 */
import type { Shard, ShardIteratorType, _Record as SdkRecord } from '@aws-sdk/client-dynamodb-streams';
import { sleep as sleepFor } from '../backoff.js';
import type { StreamsApi } from './streams-api.js';

export type StreamStart = 'trim-horizon' | 'latest';

export interface FollowOptions {
  readonly from: StreamStart;
  readonly signal: AbortSignal;
  /** `follow` polls the open shards until the signal aborts; `caught-up` stops when every shard has answered with nothing new. */
  readonly until?: 'follow' | 'caught-up';
  /** The wait when no shard had anything new (default 1 s). */
  readonly pollMs?: number;
  /** Follow: the shard list is read again after this many rounds, to find shards split off meanwhile (default 10). */
  readonly describeEvery?: number;
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** A record of a shard; or, once, word that every shard has been read up to now (the records still to come are new). */
export type StreamEvent = { readonly kind: 'record'; readonly shardId: string; readonly record: SdkRecord } | { readonly kind: 'caught-up' };

interface Reading {
  iterator?: string;
  /** How to get a first (or, after it expired, a new) iterator. */
  type: ShardIteratorType;
  after?: string;
}

async function listShards(api: StreamsApi, streamArn: string, signal: AbortSignal): Promise<{ shards: Shard[]; enabled: boolean }> {
  const shards: Shard[] = [];
  let start: string | undefined;
  let status: string | undefined;
  do {
    const { StreamDescription: description } = await api.describeStream({ StreamArn: streamArn, ...(start !== undefined ? { ExclusiveStartShardId: start } : {}) }, signal);
    shards.push(...(description?.Shards ?? []));
    status = description?.StreamStatus;
    start = description?.LastEvaluatedShardId;
  } while (start !== undefined);
  return { shards, enabled: status !== 'DISABLED' && status !== 'DISABLING' };
}

function isOpen(shard: Shard): boolean {
  return shard.SequenceNumberRange?.EndingSequenceNumber === undefined;
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

export async function* followStream(api: StreamsApi, streamArn: string, options: FollowOptions): AsyncGenerator<StreamEvent> {
  const { signal } = options;
  const until = options.until ?? 'follow';
  const pollMs = options.pollMs ?? 1000;
  const describeEvery = options.describeEvery ?? 10;
  const sleep = options.sleep ?? sleepFor;
  const reading = new Map<string, Reading>();
  const finished = new Set<string>();
  const seen = new Set<string>();

  /** Starts every shard not yet read whose parent is read to its end (or gone): at its first record. */
  function startReadyShards(shards: readonly Shard[]): void {
    const known = new Set(shards.map((shard) => shard.ShardId));
    for (const shard of shards) {
      const id = shard.ShardId;
      if (id === undefined || seen.has(id)) continue;
      const parent = shard.ParentShardId;
      if (parent !== undefined && known.has(parent) && !finished.has(parent)) continue;
      seen.add(id);
      reading.set(id, { type: 'TRIM_HORIZON' });
    }
  }

  let { shards, enabled } = await listShards(api, streamArn, signal);
  if (options.from === 'latest') {
    // Records already there are skipped: closed shards count as read, open ones start at their end.
    for (const shard of shards) {
      if (shard.ShardId === undefined) continue;
      seen.add(shard.ShardId);
      if (isOpen(shard)) reading.set(shard.ShardId, { type: 'LATEST' });
      else finished.add(shard.ShardId);
    }
  }
  startReadyShards(shards);
  let caughtUp = false;

  for (let round = 1; !signal.aborted; round++) {
    let anyRecords = false;
    let anyClosed = false;
    /** A shard to read again at once: its iterator expired, or its records were trimmed. */
    let retry = false;
    for (const [shardId, shard] of reading) {
      if (signal.aborted) return;
      try {
        if (shard.iterator === undefined) {
          const { ShardIterator } = await api.getShardIterator(
            { StreamArn: streamArn, ShardId: shardId, ShardIteratorType: shard.type, ...(shard.after !== undefined ? { SequenceNumber: shard.after } : {}) },
            signal,
          );
          shard.iterator = ShardIterator;
        }
        const page = shard.iterator === undefined ? { Records: [], NextShardIterator: undefined } : await api.getRecords({ ShardIterator: shard.iterator, Limit: 1000 }, signal);
        for (const record of page.Records ?? []) {
          anyRecords = true;
          const sequence = record.dynamodb?.SequenceNumber;
          if (sequence !== undefined) Object.assign(shard, { type: 'AFTER_SEQUENCE_NUMBER', after: sequence });
          yield { kind: 'record', shardId, record };
        }
        shard.iterator = page.NextShardIterator ?? undefined;
        if (shard.iterator === undefined) {
          reading.delete(shardId);
          finished.add(shardId);
          anyClosed = true;
        }
      } catch (error) {
        if (signal.aborted) return;
        const name = errorName(error);
        // An iterator lasts 15 minutes: a new one picks up after the last record read.
        if (name === 'ExpiredIteratorException') {
          shard.iterator = undefined;
          retry = true;
        }
        // Records older than 24 hours are gone: read from the oldest one left.
        else if (name === 'TrimmedDataAccessException') {
          Object.assign(shard, { iterator: undefined, type: 'TRIM_HORIZON', after: undefined });
          retry = true;
        }
        // The shard itself is trimmed away.
        else if (name === 'ResourceNotFoundException') {
          reading.delete(shardId);
          finished.add(shardId);
          anyClosed = true;
        } else throw error;
      }
    }
    if (anyClosed || reading.size === 0 || round % describeEvery === 0) {
      ({ shards, enabled } = await listShards(api, streamArn, signal));
      const before = reading.size;
      startReadyShards(shards);
      if (reading.size > before) continue;
    }
    if (!anyRecords && !anyClosed && !retry) {
      if (!caughtUp) {
        caughtUp = true;
        yield { kind: 'caught-up' };
      }
      if (until === 'caught-up') return;
      // A disabled stream whose shards are all read has nothing more to give.
      if (reading.size === 0 && !enabled) return;
      await sleep(pollMs, signal).catch(() => {});
    }
  }
}
