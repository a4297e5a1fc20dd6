/**
 * Purge: delete every item and keep the table. Scans only the key attributes,
 * deletes each page with BatchWriteItem (unprocessed items retried with
 * backoff), and reports progress; stops between batches when cancelled.
 * Keys that still cannot be deleted fail the job with the counts.
 */
import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { printExpressions, type Item } from '@dynotable/core';
import type { Progress } from '../progress.js';
import { DataError } from '../errors.js';
import type { BackoffOptions } from '../backoff.js';
import { deleteKeys, type BatchDeleteOptions } from '../batch-delete-keys.js';
import { path } from '../conditions.js';
import { addConsumed, consumedOf, NOTHING_CONSUMED, type Consumed } from '../consumed.js';
import { keyAttributes, type TableShape } from '../table-description.js';

export interface PurgeResult {
  readonly deleted: number;
  /** True when the job was cancelled: what was deleted until then stays deleted. */
  readonly cancelled?: boolean;
  readonly consumed: Consumed;
}

export async function purgeTable(
  client: DynamoDBClient,
  table: TableShape,
  report: (progress: Progress) => void,
  signal: AbortSignal,
  backoff: BackoffOptions & Pick<BatchDeleteOptions, 'beforeBatch'> = {},
): Promise<PurgeResult> {
  const projection = printExpressions({ projection: { kind: 'projection', paths: keyAttributes(table).map(path) } });
  let deleted = 0;
  let consumed = NOTHING_CONSUMED;
  let startKey: Item | undefined;
  const total = () => Math.max(table.itemCount ?? 0, deleted);
  report({ phase: 'deleting', done: 0, total: total() });
  do {
    if (signal.aborted) return { deleted, cancelled: true, consumed };
    const page = await client.send(
      new ScanCommand({
        TableName: table.name,
        ProjectionExpression: projection.ProjectionExpression,
        ...(projection.ExpressionAttributeNames !== undefined ? { ExpressionAttributeNames: projection.ExpressionAttributeNames } : {}),
        ...(startKey !== undefined ? { ExclusiveStartKey: startKey as never } : {}),
        ReturnConsumedCapacity: 'TOTAL',
      }),
      { abortSignal: signal },
    );
    consumed = addConsumed(consumed, consumedOf(page.ConsumedCapacity, 'read', table.tableClass));
    const keys = (page.Items ?? []) as Item[];
    const before = deleted;
    const result = await deleteKeys(client, table.name, keys, {
      ...backoff,
      tableClass: table.tableClass,
      signal,
      onProgress: (n) => report({ phase: 'deleting', done: before + n, total: Math.max(total(), before + n) }),
    }).catch((error: unknown) => {
      if (signal.aborted) return undefined;
      throw error;
    });
    if (result === undefined) return { deleted, cancelled: true, consumed };
    deleted += result.deleted;
    consumed = addConsumed(consumed, result.consumed);
    if (signal.aborted) return { deleted, cancelled: true, consumed };
    if (result.notDeleted.length > 0) {
      const why = result.error ? `${result.error.type}: ${result.error.message}` : result.notDeleted[0]!.reason;
      throw new DataError(
        'incomplete',
        'PurgeIncomplete',
        `Purge stopped after deleting ${deleted} items: ${result.notDeleted.length} items of the last page could not be deleted (${why}). The table still holds the rest; run purge again.`,
      );
    }
    startKey = page.LastEvaluatedKey as Item | undefined;
  } while (startKey !== undefined);
  report({ phase: 'done', done: deleted, total: deleted });
  return { deleted, consumed };
}
