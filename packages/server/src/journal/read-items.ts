/**
 * Reads many items by key with strongly consistent BatchGetItem, 100 keys at
 * a time, unprocessed keys retried with backoff: the images the journal needs
 * before a batch delete, and the current state of items before an undo.
 */
import { BatchGetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { attributeValueToWire, MAX_BATCH_GET_KEYS, normalizeNumber, type Item } from '@dynotable/core';
import { backoffDelay, sleep, type BackoffOptions } from '../data/backoff.js';
import { addConsumed, consumedOf, NOTHING_CONSUMED, type Consumed } from '../data/consumed.js';
import type { TableClass } from '../data/table-description.js';

const BATCH_GET_LIMIT = MAX_BATCH_GET_KEYS;

/** A key as text, equal for keys DynamoDB deems equal (`1` and `1.0` are one number). */
export function keyId(key: Item, names: readonly string[]): string {
  return JSON.stringify(
    names.map((name) => {
      const value = key[name];
      if (value !== undefined && 'N' in value) return { N: normalizeNumber(value.N) };
      return value === undefined ? null : attributeValueToWire(value);
    }),
  );
}

export interface ReadItemsResult {
  /** By keyId; a key with no item is absent. */
  readonly items: Map<string, Item>;
  readonly consumed: Consumed;
}

export async function readItems(
  client: DynamoDBClient,
  table: string,
  keyNames: readonly string[],
  keys: readonly Item[],
  options: { readonly tableClass?: TableClass | undefined; readonly signal?: AbortSignal | undefined } & BackoffOptions = {},
): Promise<ReadItemsResult> {
  const items = new Map<string, Item>();
  let consumed = NOTHING_CONSUMED;
  const unique = [...new Map(keys.map((key) => [keyId(key, keyNames), key])).values()];
  for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT) {
    let pending: Item[] = unique.slice(start, start + BATCH_GET_LIMIT);
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > 1) await (options.sleep ?? sleep)(backoffDelay(attempt - 1, options), options.signal);
      if (attempt > (options.maxAttempts ?? 10)) throw new Error(`DynamoDB left ${pending.length} keys unread after ${attempt - 1} attempts; try again later`);
      const output = await client.send(
        new BatchGetItemCommand({ RequestItems: { [table]: { Keys: pending as never, ConsistentRead: true } }, ReturnConsumedCapacity: 'TOTAL' }),
        { abortSignal: options.signal },
      );
      consumed = addConsumed(consumed, consumedOf(output.ConsumedCapacity, 'read', options.tableClass));
      for (const item of (output.Responses?.[table] ?? []) as Item[]) items.set(keyId(item, keyNames), item);
      pending = (output.UnprocessedKeys?.[table]?.Keys ?? []) as Item[];
    }
  }
  return { items, consumed };
}
