/**
 * Writes items with BatchWriteItem, 25 at a time, several batches in flight
 * at once (4 by default: a remote table answers each batch after a round
 * trip, so one at a time leaves the connection idle most of the time).
 * UnprocessedItems are sent again after an exponential backoff with full
 * jitter. A key met twice starts a new batch (DynamoDB refuses duplicates in
 * one), and a key still in flight waits for the batches in flight to finish,
 * so the later item wins as it would with one put after another. Between
 * batches the signal is watched: a cancelled write stops there, the batches
 * in flight finish, and the count says exactly what was written.
 */
import { DataError } from '../data/errors.js';
import type { Item } from '@dynotable/core';
import { attributeValueToWire, itemToWire, MAX_BATCH_WRITE_REQUESTS, normalizeNumber } from '@dynotable/core';
import type { ConsumedTally } from '../data/consumed.js';
import type { KeyShape } from '../data/table-description.js';
import { sendUntilProcessed } from '../data/backoff.js';
import type { WireSend } from './wire-send.js';

const BATCH_SIZE = MAX_BATCH_WRITE_REQUESTS;

export interface BatchWriteOptions {
  readonly send: WireSend;
  readonly table: string;
  readonly keys: KeyShape;
  readonly signal: AbortSignal;
  readonly consumed: ConsumedTally;
  /** Called after each batch with the total written so far. */
  readonly onWritten?: (written: number) => void;
  /** Sends of one batch before giving up on its unprocessed items (default 10). */
  readonly maxAttempts?: number;
  /** The first backoff in ms (default 50); it doubles up to 5 s. */
  readonly baseDelayMs?: number;
  /** Batches in flight at once (default 4; 1 sends one after another). */
  readonly concurrency?: number;
}

export interface BatchWriteResult {
  readonly written: number;
  /** True when the signal stopped the writing early. */
  readonly stopped: boolean;
}

/** What differs between the writers: how an item's key is compared and how the item goes on the wire. */
export interface BatchItems<T> {
  /** The key as DynamoDB compares it, as text: two items with the same text cannot share a batch. */
  keyText(item: T, keys: KeyShape): string;
  /** The item in DynamoDB JSON, as a PutRequest carries it. */
  toWire(item: T): Readonly<Record<string, unknown>>;
}

type WriteRequest = { PutRequest: { Item: Readonly<Record<string, unknown>> } };

/** The key as DynamoDB compares it: `1` and `1.0` are the same number. */
function keyText(item: Item, keys: KeyShape): string {
  const part = (name: string): string => {
    const value = item[name];
    if (value !== undefined && 'N' in value) return `N${normalizeNumber(value.N)}`;
    return JSON.stringify(value === undefined ? null : attributeValueToWire(value));
  };
  return keys.sort ? `${part(keys.partition.name)}\u0000${part(keys.sort.name)}` : part(keys.partition.name);
}

/** Why a write stopped with part of the items written: DynamoDB's error type and message, and the count. */
function partial(error: unknown, written: number): DataError {
  const name = error instanceof DataError ? error.type : error instanceof Error ? error.name : 'InternalError';
  const message = error instanceof Error ? error.message : String(error);
  const type = name === 'Error' ? 'InternalError' : name;
  const kind = error instanceof DataError ? error.kind : /Throttl|Exceeded/.test(type) ? 'throttled' : 'invalid';
  const note = written === 0 ? 'Nothing was written.' : `${written} item${written === 1 ? ' was' : 's were'} written; the rest were not.`;
  return new DataError(kind, type, `${message} (${note})`);
}

const DEFAULT_CONCURRENCY = 4;

/** Writes the items of each group as they come, in batches of 25 across the groups, several batches in flight. */
export async function writeBatched<T>(groups: AsyncIterable<readonly T[]>, options: BatchWriteOptions, encoding: BatchItems<T>): Promise<BatchWriteResult> {
  const maxAttempts = options.maxAttempts ?? 10;
  const baseDelay = options.baseDelayMs ?? 50;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  let written = 0;
  let batch: WriteRequest[] = [];
  let keys = new Set<string>();
  /** The batches sent and not yet settled, with their keys. */
  const inFlight = new Map<Promise<void>, Set<string>>();
  let failure: unknown;
  let stopped = false;

  /** Sends one batch until all of it is written, or the signal stops it; records the first failure. */
  const send = async (requests: WriteRequest[]): Promise<void> => {
    try {
      // The one batch-write loop (data/backoff.ts), shared with the deletes.
      const result = await sendUntilProcessed(
        requests,
        async (pending) => {
          const output = await options.send('BatchWriteItem', { RequestItems: { [options.table]: pending }, ReturnConsumedCapacity: 'INDEXES' });
          options.consumed.add(output['ConsumedCapacity'], 'write');
          const unprocessed = ((output['UnprocessedItems'] as Record<string, WriteRequest[]> | undefined) ?? {})[options.table] ?? [];
          written += pending.length - unprocessed.length;
          options.onWritten?.(written);
          return unprocessed;
        },
        { signal: options.signal, maxAttempts, baseDelayMs: baseDelay },
      );
      if (result.stopped) stopped = true;
      else if (result.pending.length > 0) {
        throw new DataError('unavailable', 'ProvisionedThroughputExceededException', `DynamoDB left ${result.pending.length} items unprocessed after ${maxAttempts} attempts`);
      }
    } catch (error) {
      failure ??= error;
    }
  };

  const settleAll = async (): Promise<void> => {
    await Promise.all(inFlight.keys());
  };
  /** Sends the batch being filled, once a place in flight is free; false when the write must stop. */
  const flush = async (): Promise<boolean> => {
    while (inFlight.size >= concurrency) await Promise.race(inFlight.keys());
    if (failure !== undefined || stopped) return false;
    const requests = batch;
    const sentKeys = keys;
    batch = [];
    keys = new Set();
    const sending: Promise<void> = send(requests).finally(() => inFlight.delete(sending));
    inFlight.set(sending, sentKeys);
    return true;
  };
  const keyInFlight = (key: string): boolean => [...inFlight.values()].some((sent) => sent.has(key));

  const finish = async (): Promise<BatchWriteResult> => {
    await settleAll();
    if (failure !== undefined) throw partial(failure, written);
    return { written, stopped: stopped || options.signal.aborted };
  };

  try {
    for await (const group of groups) {
      for (const item of group) {
        const key = encoding.keyText(item, options.keys);
        if (keys.has(key) || batch.length === BATCH_SIZE) {
          if (!(await flush())) return await finish();
        }
        // The same key in a batch still in flight: that write must land first.
        if (keyInFlight(key)) await settleAll();
        if (options.signal.aborted || failure !== undefined || stopped) return await finish();
        keys.add(key);
        batch.push({ PutRequest: { Item: encoding.toWire(item) } });
      }
    }
  } catch (error) {
    // The items could not be read on (or one does not fit): what is in flight lands first, so the count is exact.
    await settleAll();
    throw error;
  }
  if (batch.length > 0) await flush();
  return finish();
}

async function* singly<T>(items: AsyncIterable<T>): AsyncIterable<readonly T[]> {
  for await (const item of items) yield [item];
}

const coreItems: BatchItems<Item> = { keyText, toWire: itemToWire };

export function writeAll(items: AsyncIterable<Item>, options: BatchWriteOptions): Promise<BatchWriteResult> {
  return writeBatched(singly(items), options, coreItems);
}
