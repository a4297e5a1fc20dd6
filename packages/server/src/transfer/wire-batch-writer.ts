/**
 * BatchWriteItem for items already in DynamoDB JSON (an import's second pass,
 * once every item has been checked): the same rules as batch-writer.ts — 25
 * items a batch, a key met twice starts a new batch so the later item wins,
 * UnprocessedItems sent again after an exponential backoff with full jitter,
 * the signal watched between batches, and a failure that says exactly how
 * many items were written — without converting every value to core's form
 * and back, which would cost as much as the write itself.
 */
import { decodeBase64, encodeBase64, normalizeNumber, type WireItem } from '@dynotable/core';
import { ApiError } from '../api/route.js';
import { BATCH_SIZE, type BatchWriteOptions, type BatchWriteResult } from './batch-writer.js';
import type { KeyShape } from './table-shape.js';
import { pause } from './wire-send.js';

type WriteRequest = { PutRequest: { Item: WireItem } };

/** The key as DynamoDB compares it: `1` and `1.0` are one number, base64 texts of the same bytes one binary. */
function keyPart(item: WireItem, name: string): string {
  const value = item[name] as Record<string, unknown> | undefined;
  if (value === undefined) return '';
  if (typeof value['N'] === 'string') return `N${normalizeNumber(value['N'])}`;
  if (typeof value['B'] === 'string') {
    const bytes = decodeBase64(value['B']);
    return `B${bytes === undefined ? value['B'] : encodeBase64(bytes)}`;
  }
  return `S${String(value['S'])}`;
}

function keyText(item: WireItem, keys: KeyShape): string {
  return keys.sort ? `${keyPart(item, keys.partition.name)}\u0000${keyPart(item, keys.sort.name)}` : keyPart(item, keys.partition.name);
}

/** Why a write stopped with part of the items written: the error's type and message, and the count. */
function partial(error: unknown, written: number): ApiError {
  const name = error instanceof ApiError ? error.type : error instanceof Error ? error.name : 'InternalError';
  const message = error instanceof Error ? error.message : String(error);
  const type = name === 'Error' ? 'InternalError' : name;
  const status = error instanceof ApiError ? error.status : /Throttl|Exceeded/.test(type) ? 429 : 400;
  const note = written === 0 ? 'Nothing was written.' : `${written} item${written === 1 ? ' was' : 's were'} written before this; the rest were not.`;
  return new ApiError(status, type, `${message} (${note})`);
}

export async function writeWireItems(batches: AsyncIterable<readonly WireItem[]>, options: BatchWriteOptions): Promise<BatchWriteResult> {
  const maxAttempts = options.maxAttempts ?? 10;
  const baseDelay = options.baseDelayMs ?? 50;
  let written = 0;
  let batch: WriteRequest[] = [];
  let keys = new Set<string>();

  /** Sends one batch until all of it is written; false when cancelled first. */
  const flush = async (): Promise<boolean> => {
    let pending = batch;
    batch = [];
    keys = new Set();
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (options.signal.aborted) return false;
      let output: Record<string, unknown>;
      try {
        output = await options.send('BatchWriteItem', { RequestItems: { [options.table]: pending }, ReturnConsumedCapacity: 'INDEXES' });
      } catch (error) {
        throw partial(error, written);
      }
      options.consumed.add(output['ConsumedCapacity'], 'write');
      const unprocessed = ((output['UnprocessedItems'] as Record<string, WriteRequest[]> | undefined) ?? {})[options.table] ?? [];
      written += pending.length - unprocessed.length;
      options.onWritten?.(written);
      pending = unprocessed;
      if (pending.length === 0) break;
      if (attempt >= maxAttempts) {
        throw partial(new ApiError(503, 'ProvisionedThroughputExceededException', `DynamoDB left ${pending.length} items unprocessed after ${maxAttempts} attempts`), written);
      }
      await pause(Math.random() * Math.min(5000, baseDelay * 2 ** (attempt - 1)), options.signal);
    }
    return true;
  };

  for await (const items of batches) {
    for (const item of items) {
      const key = keyText(item, options.keys);
      if (keys.has(key) || batch.length === BATCH_SIZE) {
        if (!(await flush())) return { written, stopped: true };
      }
      if (options.signal.aborted) return { written, stopped: true };
      keys.add(key);
      batch.push({ PutRequest: { Item: item } });
    }
  }
  if (batch.length > 0 && !(await flush())) return { written, stopped: true };
  return { written, stopped: false };
}
