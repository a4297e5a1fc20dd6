/**
 * Writes items with BatchWriteItem, 25 at a time. UnprocessedItems are sent
 * again after an exponential backoff with full jitter; a key met twice starts a
 * new batch (DynamoDB refuses duplicates in one), so the later item wins as it
 * would with one put after another. Between batches the signal is watched: a
 * cancelled write stops there, and the count says exactly what was written.
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
  const note = written === 0 ? 'Nothing was written.' : `${written} item${written === 1 ? ' was' : 's were'} written before this; the rest were not.`;
  return new DataError(kind, type, `${message} (${note})`);
}

/** Writes the items of each group as they come, in batches of 25 across the groups. */
export async function writeBatched<T>(groups: AsyncIterable<readonly T[]>, options: BatchWriteOptions, encoding: BatchItems<T>): Promise<BatchWriteResult> {
  const maxAttempts = options.maxAttempts ?? 10;
  const baseDelay = options.baseDelayMs ?? 50;
  let written = 0;
  let batch: WriteRequest[] = [];
  let keys = new Set<string>();

  /** Sends one batch until all of it is written; false when cancelled first. */
  const flush = async (): Promise<boolean> => {
    const requests = batch;
    batch = [];
    keys = new Set();
    let result;
    try {
      // The one batch-write loop (data/backoff.ts), shared with the deletes.
      result = await sendUntilProcessed(
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
    } catch (error) {
      throw partial(error, written);
    }
    if (result.stopped) return false;
    if (result.pending.length > 0) {
      throw partial(new DataError('unavailable', 'ProvisionedThroughputExceededException', `DynamoDB left ${result.pending.length} items unprocessed after ${maxAttempts} attempts`), written);
    }
    return true;
  };

  for await (const group of groups) {
    for (const item of group) {
      const key = encoding.keyText(item, options.keys);
      if (keys.has(key) || batch.length === BATCH_SIZE) {
        if (!(await flush())) return { written, stopped: true };
      }
      if (options.signal.aborted) return { written, stopped: true };
      keys.add(key);
      batch.push({ PutRequest: { Item: encoding.toWire(item) } });
    }
  }
  if (batch.length > 0 && !(await flush())) return { written, stopped: true };
  return { written, stopped: false };
}

async function* singly<T>(items: AsyncIterable<T>): AsyncIterable<readonly T[]> {
  for await (const item of items) yield [item];
}

const coreItems: BatchItems<Item> = { keyText, toWire: itemToWire };

export function writeAll(items: AsyncIterable<Item>, options: BatchWriteOptions): Promise<BatchWriteResult> {
  return writeBatched(singly(items), options, coreItems);
}
