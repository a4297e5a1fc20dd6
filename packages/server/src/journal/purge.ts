/**
 * Purge, journaled ahead like a batch delete: the purge scans the keys page by
 * page and deletes them 25 at a time; before each BatchWriteItem the items at
 * its keys are read (consistent BatchGetItem) and appended to the journal, on
 * disk, as lines of one operation. So a purge, even one killed part way, can
 * be undone: the items come back where their keys are still free.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { JournalContext } from './context.js';
import type { Progress } from '../data/progress.js';
import { addConsumed } from '../data/consumed.js';
import { type TableShape } from '../data/table-description.js';
import { purgeTable, type PurgeResult } from '../data/tables/purge.js';
import { journalDeletionsAhead } from './deletions-ahead.js';

export async function journaledPurge(
  context: JournalContext,
  connectionId: string,
  client: DynamoDBClient,
  table: TableShape,
  report: (progress: Progress) => void,
  signal: AbortSignal,
): Promise<PurgeResult> {
  const journal = context.journal;
  if (journal === undefined) return purgeTable(client, table, report, signal);
  const ahead = journalDeletionsAhead(context, journal, connectionId, client, table, 'purge', signal);
  const bulk = ahead.bulk;
  let note = 'purge stopped';
  try {
    const result = await purgeTable(client, table, report, signal, { beforeBatch: ahead.beforeBatch });
    note = `purge deleted ${result.deleted} items${result.cancelled === true ? ' (cancelled part way)' : ''}`;
    return { ...result, consumed: addConsumed(result.consumed, ahead.reads()) };
  } catch (error) {
    note = `purge stopped with an error (${error instanceof Error ? error.message : String(error)})`;
    throw error;
  } finally {
    // The batches are on disk already; the closing line says how the purge ended (a summary when it deleted nothing).
    await bulk.end(note).catch(() => undefined);
  }
}
