/**
 * Import for `dynotable data import`: the source is read twice as a stream.
 * The first pass checks every item as DynamoDB would check its PutItem on the
 * target table and counts them; the first bad one stops the import with its
 * line (TransferInputError) and nothing is written. Between the passes
 * `beforeWrite` may still decline (a question before writing to AWS). The
 * second pass writes with BatchWriteItem, 25 at a time, straight from the
 * DynamoDB JSON when the source gives it.
 */
import { itemToWire, type WireItem } from '@dynotable/core';
import type { Progress } from '../data/progress.js';
import { ConsumedTally, type Consumed } from '../data/consumed.js';
import { atLine } from './errors.js';
import { FileLineError } from './file-line-error.js';
import { describeTable } from './export-job.js';
import { importChecker } from './import-checks.js';
import type { SourceItem } from './source-item.js';
import type { TableShape } from '../data/table-description.js';
import { writeWireItems } from './wire-batch-writer.js';
import type { WireSend } from './wire-send.js';

export interface TableImportRequest {
  readonly table: string;
  /** The items of the source, some at a time, read again for each pass. */
  readonly read: () => AsyncIterable<readonly ImportItem[]>;
  /** The same items as DynamoDB JSON, when the source can give them without converting (DynamoDB JSON lines). */
  readonly readWire?: () => AsyncIterable<WireItem[]>;
  /** Called with the item count once all are checked; false stops before anything is written. */
  readonly beforeWrite?: (items: number, shape: TableShape) => Promise<boolean>;
}

/** An item of the source; `textLength` (its JSON text's length) lets a small item skip the size count. */
export interface ImportItem extends SourceItem {
  readonly textLength?: number;
  /** The file it comes from, when the source has several. */
  readonly file?: string;
}

/** Groups single items (the API's readers) into arrays. */
export async function* inGroups(items: AsyncIterable<SourceItem>, size = 256): AsyncIterable<SourceItem[]> {
  let group: SourceItem[] = [];
  for await (const item of items) {
    group.push(item);
    if (group.length >= size) {
      yield group;
      group = [];
    }
  }
  if (group.length > 0) yield group;
}

export interface TableImportResult {
  readonly table: string;
  readonly items: number;
  readonly written: number;
  /** Declined by beforeWrite, or stopped by the signal. */
  readonly cancelled: boolean;
  readonly consumed: Consumed;
}

/** Checks every item; returns their count or throws the first bad line's TransferInputError. */
async function checkSource(read: () => AsyncIterable<readonly ImportItem[]>, shape: TableShape, report: (progress: Progress) => void, signal: AbortSignal): Promise<number> {
  const check = importChecker(shape);
  let count = 0;
  report({ phase: 'check', done: 0, total: 0 });
  for await (const group of read()) {
    for (const { line, item, textLength, file } of group) {
      try {
        check(item, textLength);
      } catch (error) {
        throw file === undefined ? atLine(line, error) : new FileLineError(file, atLine(line, error));
      }
    }
    count += group.length;
    report({ phase: 'check', done: count, total: 0 });
    if (signal.aborted) break;
  }
  report({ phase: 'check', done: count, total: count });
  return count;
}

export async function importTable(send: WireSend, request: TableImportRequest, report: (progress: Progress) => void, signal: AbortSignal): Promise<TableImportResult> {
  const shape = await describeTable(send, request.table);
  const consumed = new ConsumedTally(shape.tableClass);
  const items = await checkSource(request.read, shape, report, signal);
  const result = (written: number, cancelled: boolean): TableImportResult => ({ table: request.table, items, written, cancelled, consumed: consumed.total });
  if (signal.aborted) return result(0, true);
  if (request.beforeWrite !== undefined && !(await request.beforeWrite(items, shape))) return result(0, true);
  report({ phase: 'write', done: 0, total: items });
  const converted = async function* (): AsyncIterable<WireItem[]> {
    for await (const group of request.read()) yield group.map(({ item }) => itemToWire(item));
  };
  const { written, stopped } = await writeWireItems(request.readWire?.() ?? converted(), {
    send,
    table: request.table,
    keys: shape.keys,
    signal,
    consumed,
    onWritten: (done) => report({ phase: 'write', done, total: items }),
  });
  return result(written, stopped);
}
