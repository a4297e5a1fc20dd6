/**
 * Deletes keys with BatchWriteItem, 25 at a time. Unprocessed items are
 * retried with backoff; what still could not be deleted is returned key by
 * key, and an error mid-way stops the run and says what was and was not done.
 * Nothing is left unaccounted for.
 */
import { BatchWriteItemCommand, type DynamoDBClient, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { itemToWire, MAX_BATCH_WRITE_REQUESTS, type Item, type WireItem } from '@dynotable/core';
import { abortError, sendUntilProcessed, type BackoffOptions } from './backoff.js';
import { addConsumed, consumedOf, NOTHING_CONSUMED, type Consumed } from './consumed.js';
import type { TableClass } from './table-description.js';

const BATCH_WRITE_LIMIT = MAX_BATCH_WRITE_REQUESTS;

export interface NotDeleted {
  readonly key: WireItem;
  readonly reason: string;
}

export interface BatchDeleteResult {
  readonly deleted: number;
  readonly notDeleted: NotDeleted[];
  /** When a call failed: DynamoDB's error; the keys it did not reach are in notDeleted. */
  readonly error?: { readonly type: string; readonly message: string };
  readonly consumed: Consumed;
}

export interface BatchDeleteOptions extends BackoffOptions {
  readonly tableClass?: TableClass | undefined;
  readonly signal?: AbortSignal | undefined;
  /** After each batch: keys deleted so far. */
  readonly onProgress?: (deleted: number) => void;
  /**
   * Before each batch of up to 25 keys is first sent (not before its retries):
   * the write-ahead journal records the batch here. A throw stops the run as a
   * failed call would, with this batch not sent.
   */
  readonly beforeBatch?: (keys: readonly Item[]) => Promise<void>;
}

/** The wire BatchWriteItem requests for these keys, in the order they would be sent. */
export function batchDeleteRequests(table: string, keys: readonly Item[]): Record<string, unknown>[] {
  const requests: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += BATCH_WRITE_LIMIT) {
    const chunk = keys.slice(start, start + BATCH_WRITE_LIMIT);
    requests.push({
      RequestItems: { [table]: chunk.map((key) => ({ DeleteRequest: { Key: itemToWire(key) } })) },
      ReturnConsumedCapacity: 'TOTAL',
    });
  }
  return requests;
}

function keyOf(request: WriteRequest): WireItem {
  return itemToWire((request.DeleteRequest?.Key ?? {}) as Item);
}

export async function deleteKeys(client: DynamoDBClient, table: string, keys: readonly Item[], options: BatchDeleteOptions = {}): Promise<BatchDeleteResult> {
  const maxAttempts = options.maxAttempts ?? 10;
  let deleted = 0;
  let consumed = NOTHING_CONSUMED;
  const notDeleted: NotDeleted[] = [];
  for (let start = 0; start < keys.length; start += BATCH_WRITE_LIMIT) {
    const chunk = keys.slice(start, start + BATCH_WRITE_LIMIT);
    let pending: readonly WriteRequest[] = chunk.map((key) => ({ DeleteRequest: { Key: key as never } }));
    let left: readonly WriteRequest[];
    try {
      // The one batch-write loop (backoff.ts): unprocessed keys sent again after a backoff.
      const result = await sendUntilProcessed(
        pending,
        async (requests, attempt) => {
          if (attempt === 1) await options.beforeBatch?.(chunk);
          const output = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: [...requests] }, ReturnConsumedCapacity: 'TOTAL' }), {
            abortSignal: options.signal,
          });
          consumed = addConsumed(consumed, consumedOf(output.ConsumedCapacity, 'write', options.tableClass));
          const unprocessed = output.UnprocessedItems?.[table] ?? [];
          deleted += requests.length - unprocessed.length;
          pending = unprocessed;
          return unprocessed;
        },
        { ...options, maxAttempts },
      );
      if (result.stopped) throw abortError();
      left = result.pending;
    } catch (error) {
      // Nothing done yet and nothing to report: DynamoDB's error as it is.
      if (deleted === 0 && notDeleted.length === 0) throw error;
      const failure = error instanceof Error ? { type: error.name, message: error.message } : { type: 'InternalError', message: String(error) };
      const reason = `not attempted: ${failure.type}: ${failure.message}`;
      for (const request of pending) notDeleted.push({ key: keyOf(request), reason });
      for (const key of keys.slice(start + BATCH_WRITE_LIMIT)) notDeleted.push({ key: itemToWire(key), reason });
      return { deleted, notDeleted, error: failure, consumed };
    }
    if (left.length > 0) {
      const reason = `still unprocessed after ${maxAttempts} attempts (the table's capacity was exceeded); try again later`;
      for (const request of left) notDeleted.push({ key: keyOf(request), reason });
    }
    options.onProgress?.(deleted);
  }
  return { deleted, notDeleted, consumed };
}
