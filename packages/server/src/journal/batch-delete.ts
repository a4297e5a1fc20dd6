/**
 * Batch delete, journaled: BatchWriteItem returns no old items, so each item
 * is read first (consistent BatchGetItem) and the keys that were deleted are
 * recorded with those images as one operation. The reads are added to the
 * consumed capacity. Beyond JOURNALED_BATCH_LIMIT keys the images are not
 * kept (the reads and the memory would be too much): one line says what was
 * deleted, and it cannot be undone.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { itemFromWire, itemToWire } from '@dynotable/core';
import type { ServerContext } from '../api/context.js';
import { addConsumed } from '../api/data/consumed.js';
import { batchDelete, readKeys, type BatchDeleteResponse } from '../api/data/items/writes.js';
import { keyAttributes, type TableInfo } from '../api/data/table-info.js';
import { keyId, readItems } from './read-items.js';
import { recordChanges, type JournalReceipt } from './record.js';
import type { ItemChange } from './types.js';

export const JOURNALED_BATCH_LIMIT = 10_000;

export async function journaledBatchDelete(
  context: ServerContext,
  params: Readonly<Record<string, string>>,
  client: DynamoDBClient,
  table: TableInfo,
  rawKeys: readonly Record<string, unknown>[],
  signal: AbortSignal,
): Promise<BatchDeleteResponse & { journal?: JournalReceipt }> {
  const connectionId = params['connectionId'] ?? '';
  if (context.journal === undefined) return batchDelete(client, table, rawKeys, signal);
  const names = keyAttributes(table);
  const { keys } = readKeys(table, rawKeys);
  if (keys.length > JOURNALED_BATCH_LIMIT) {
    const result = await batchDelete(client, table, rawKeys, signal);
    const note = `batch delete of ${result.deleted} items (more than ${JOURNALED_BATCH_LIMIT}, so their images were not kept)`;
    const journal = await recordChanges(context, connectionId, table.name, 'batch-delete', [], { note, undoable: false });
    return journal === undefined ? result : { ...result, journal };
  }
  const before = await readItems(client, table.name, names, keys, { tableClass: table.tableClass, signal });
  const result = await batchDelete(client, table, rawKeys, signal);
  const notDeleted = new Set(result.notDeleted.map((entry) => keyId(itemFromWire(entry.key), names)));
  const changes: ItemChange[] = [];
  for (const key of keys) {
    const id = keyId(key, names);
    const item = before.items.get(id);
    // An item that was not there was not deleted: nothing to undo.
    if (item === undefined || notDeleted.has(id)) continue;
    changes.push({ key: itemToWire(key), before: itemToWire(item), after: null });
  }
  const journal = await recordChanges(context, connectionId, table.name, 'batch-delete', changes);
  const consumed = addConsumed(result.consumed, before.consumed);
  return journal === undefined ? { ...result, consumed } : { ...result, consumed, journal };
}
