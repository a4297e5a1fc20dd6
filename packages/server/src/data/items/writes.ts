/** Sending the item writes, each answered with what was written, the consumed capacity and the exact request. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { itemToWire, type CodegenParams, type Item, type WireItem } from '@dynotable/core';
import { DataError } from '../errors.js';
import { deleteKeys, type NotDeleted } from '../batch-delete-keys.js';
import { consumedOf, type Consumed } from '../consumed.js';
import { requestView, type RequestView } from '../request-view.js';
import { keyAttributes, type TableShape } from '../table-description.js';
import { readWireForWrite } from '../wire-input.js';
import type { MinimalUpdate } from './minimal-update.js';
import { sendRequest, wireOf } from './send.js';

export interface WriteResult {
  /** PutItem and DeleteItem: the item that was there before, if any. UpdateItem: the item as it is now. */
  readonly previous?: WireItem;
  readonly item?: WireItem;
  readonly consumed: Consumed;
  readonly request: RequestView;
}

async function send(client: DynamoDBClient, table: TableShape, operation: 'PutItem' | 'DeleteItem', params: CodegenParams, signal: AbortSignal): Promise<WriteResult> {
  const request = requestView(operation, params);
  const output = await sendRequest(client, operation, params, signal);
  const previous = wireOf(output.Attributes);
  return { ...(previous !== undefined ? { previous } : {}), consumed: consumedOf(output.ConsumedCapacity, 'write', table.tableClass), request };
}

export const putItem = (client: DynamoDBClient, table: TableShape, params: CodegenParams, signal: AbortSignal) => send(client, table, 'PutItem', params, signal);
export const deleteItem = (client: DynamoDBClient, table: TableShape, params: CodegenParams, signal: AbortSignal) => send(client, table, 'DeleteItem', params, signal);

export interface UpdateResult {
  /** The top-level attributes written (SET) or removed. */
  readonly changed: string[];
  /** The item as it is now (ReturnValues ALL_NEW); absent when nothing differed and nothing was sent. */
  readonly item?: WireItem;
  readonly consumed?: Consumed;
  readonly request?: RequestView;
}

export async function updateItem(client: DynamoDBClient, table: TableShape, update: MinimalUpdate, signal: AbortSignal): Promise<UpdateResult> {
  const changed = update.changes.map((change) => change.name);
  if (update.params === undefined) return { changed };
  const request = requestView('UpdateItem', update.params);
  let output;
  try {
    output = await sendRequest(client, 'UpdateItem', update.params, signal);
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
      throw new DataError(
        'invalid',
        'ConditionalCheckFailedException',
        `The conditional request failed: the item changed since it was loaded (${changed.join(', ')} no longer as loaded, or the item was deleted), so nothing was written. Reload the item and make the edit again.`,
      );
    }
    throw error;
  }
  const item = wireOf(output.Attributes);
  return { changed, ...(item !== undefined ? { item } : {}), consumed: consumedOf(output.ConsumedCapacity, 'write', table.tableClass), request };
}

/** Keys checked against the table's key schema before anything is sent; duplicates are deleted once. */
export function readKeys(table: TableShape, keys: readonly Record<string, unknown>[]): { keys: Item[]; duplicates: number } {
  const names = keyAttributes(table);
  const seen = new Set<string>();
  const unique: Item[] = [];
  keys.forEach((json, index) => {
    const key = readWireForWrite(json);
    const attributes = Object.keys(key);
    if (attributes.length !== names.length || !names.every((name) => Object.hasOwn(key, name))) {
      throw new DataError('invalid', 'ValidationException', `keys[${index}]: The provided key element does not match the schema`);
    }
    const identity = JSON.stringify(names.map((name) => itemToWire({ [name]: key[name]! })));
    if (seen.has(identity)) return;
    seen.add(identity);
    unique.push(key);
  });
  return { keys: unique, duplicates: keys.length - unique.length };
}

export interface BatchDeleteResponse {
  readonly requested: number;
  readonly duplicates: number;
  readonly deleted: number;
  /** Every key that was not deleted, with why; empty when all were. */
  readonly notDeleted: NotDeleted[];
  readonly error?: { readonly type: string; readonly message: string };
  readonly consumed: Consumed;
}

export async function batchDelete(
  client: DynamoDBClient,
  table: TableShape,
  rawKeys: readonly Record<string, unknown>[],
  signal: AbortSignal,
): Promise<BatchDeleteResponse> {
  const { keys, duplicates } = readKeys(table, rawKeys);
  const result = await deleteKeys(client, table.name, keys, { tableClass: table.tableClass, signal });
  return { requested: rawKeys.length, duplicates, ...result };
}
