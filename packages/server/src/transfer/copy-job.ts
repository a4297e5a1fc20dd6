/**
 * Copy: scans the source table (or runs the given Query or Scan) page by page
 * and writes the items into the target table with BatchWriteItem, optionally
 * creating the target first with the source's key schema, indexes and billing.
 * Each page is checked against the target's keys before it is written.
 */
import { DynamoError, type Item } from '@dynotable/core';
import { DataError } from '../data/errors.js';
import type { Progress } from '../data/progress.js';
import { writeAll } from './batch-writer.js';
import { ConsumedTally, type Consumed } from '../data/consumed.js';
import { describeTable } from './export-job.js';
import { checkItemForTable } from './item-checks.js';
import { itemsOf, readPages, type ReadRequest } from './read-pages.js';
import type { TableShape } from '../data/table-description.js';
import { createTableRequest } from './create-table-request.js';
import { pause, type WireSend } from './wire-send.js';

export interface CopyRequest {
  readonly source: { readonly send: WireSend; readonly table: string; readonly request?: ReadRequest; readonly limit?: number; readonly segments?: number };
  readonly target: { readonly send: WireSend; readonly table: string; readonly create: boolean };
  /** BatchWriteItem batches in flight at once (the writer's default when not given). */
  readonly concurrency?: number;
}

export interface CopyResult {
  readonly source: string;
  readonly target: string;
  readonly created: boolean;
  readonly read: number;
  readonly written: number;
  readonly cancelled: boolean;
  readonly consumed: { readonly source: Consumed; readonly target: Consumed };
}

/** Polls DescribeTable until the table and its global indexes are ACTIVE. */
async function waitActive(send: WireSend, table: string, signal: AbortSignal): Promise<void> {
  for (let delay = 100; !signal.aborted; delay = Math.min(delay * 2, 5000)) {
    const described = (await send('DescribeTable', { TableName: table }))['Table'] as {
      TableStatus?: string;
      GlobalSecondaryIndexes?: { IndexStatus?: string }[];
    };
    const ready = described.TableStatus === 'ACTIVE' && (described.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === undefined || index.IndexStatus === 'ACTIVE');
    if (ready) return;
    await pause(delay, signal);
  }
}

export async function runCopy(request: CopyRequest, report: (progress: Progress) => void, signal: AbortSignal): Promise<CopyResult> {
  const { source, target } = request;
  const sourceShape = await describeTable(source.send, source.table);
  const sourceUse = new ConsumedTally(sourceShape.tableClass);
  if (target.create) {
    report({ phase: 'create table', done: 0, total: 1 });
    await target.send('CreateTable', createTableRequest(sourceShape, target.table));
    await waitActive(target.send, target.table, signal);
    report({ phase: 'create table', done: 1, total: 1 });
  }
  const targetShape: TableShape = await describeTable(target.send, target.table);
  const targetUse = new ConsumedTally(targetShape.tableClass);
  const total = source.request === undefined && source.limit === undefined ? (sourceShape.itemCount ?? 0) : 0;
  let read = 0;
  const checked = async function* (): AsyncIterable<Item> {
    for await (const item of itemsOf(readPages(source.send, source.table, source.request, signal, sourceUse, source.segments), source.limit)) {
      checkItemForTable(item, targetShape);
      read++;
      yield item;
    }
  };
  report({ phase: 'copy', done: 0, total });
  const result = (written: number, cancelled: boolean): CopyResult => ({
    source: source.table,
    target: target.table,
    created: target.create,
    read,
    written,
    cancelled,
    consumed: { source: sourceUse.total, target: targetUse.total },
  });
  if (signal.aborted) return result(0, true);
  let writtenSoFar = 0;
  try {
    const { written, stopped } = await writeAll(checked(), {
      send: target.send,
      table: target.table,
      keys: targetShape.keys,
      signal,
      consumed: targetUse,
      ...(request.concurrency === undefined ? {} : { concurrency: request.concurrency }),
      onWritten: (done) => {
        writtenSoFar = done;
        report({ phase: 'copy', done, total });
      },
    });
    return result(written, stopped || signal.aborted);
  } catch (error) {
    if (!(error instanceof DynamoError)) throw error;
    // An item of the source that the target refuses (its keys differ): say so, and how far the copy got.
    throw new DataError('invalid', error.name, `${error.message} (item ${read + 1} of ${source.table} does not fit ${target.table}; ${writtenSoFar} items were written before it, the rest were not)`);
  }
}
