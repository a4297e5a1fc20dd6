/**
 * Batch delete, journaled ahead: BatchWriteItem returns no old items, so
 * before each batch of 25 keys is sent, its items are read (consistent
 * BatchGetItem) and appended to the journal, on disk (fdatasync), as lines of
 * one operation; only then is the batch sent. Keys with no item are not
 * recorded (deleting them changes nothing). The reads are added to the
 * consumed capacity. Whatever a crash leaves deleted is named by a record,
 * and undo puts back each item whose key is still free (an item that was not
 * deleted after all is still as before: nothing to do).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { JournalContext } from './context.js';
import { deleteKeys } from '../data/batch-delete-keys.js';
import { addConsumed } from '../data/consumed.js';
import { batchDelete, readKeys, type BatchDeleteResponse } from '../data/items/writes.js';
import { type TableShape } from '../data/table-description.js';
import { journalDeletionsAhead } from './deletions-ahead.js';
import type { JournalReceipt } from './record.js';

export async function journaledBatchDelete(
  context: JournalContext,
  params: Readonly<Record<string, string>>,
  client: DynamoDBClient,
  table: TableShape,
  rawKeys: readonly Record<string, unknown>[],
  signal: AbortSignal,
): Promise<BatchDeleteResponse & { journal?: JournalReceipt }> {
  const journal = context.journal;
  if (journal === undefined) return batchDelete(client, table, rawKeys, signal);
  const connectionId = params['connectionId'] ?? '';
  const { keys, duplicates } = readKeys(table, rawKeys);
  const ahead = journalDeletionsAhead(context, journal, connectionId, client, table, 'batch-delete', signal);
  const bulk = ahead.bulk;
  let note = 'batch delete stopped with an error';
  try {
    const result = await deleteKeys(client, table.name, keys, { tableClass: table.tableClass, signal, beforeBatch: ahead.beforeBatch });
    note = `batch delete of ${result.deleted} of ${keys.length} keys${result.error !== undefined ? ` (stopped: ${result.error.type}: ${result.error.message})` : ''}`;
    const answer = { requested: rawKeys.length, duplicates, ...result, consumed: addConsumed(result.consumed, ahead.reads()) };
    return bulk.batches === 0 ? answer : { ...answer, journal: { operationId: bulk.id } };
  } catch (error) {
    note = `batch delete stopped with an error (${error instanceof Error ? error.message : String(error)})`;
    throw error;
  } finally {
    // Only when something was recorded: a batch delete of absent keys changes nothing.
    if (bulk.batches > 0) await bulk.end(note).catch(() => undefined);
  }
}
