/**
 * Import: reads the file twice. First every item is parsed and checked as
 * DynamoDB would check its put (values, size, key and index key types); the
 * first bad one stops the import with its line and DynamoDB's message, and
 * nothing is written. Then the items are written 25 at a time.
 */
import { DataError } from '../data/errors.js';
import type { Item } from '@dynotable/core';
import type { Progress } from '../data/progress.js';
import { writeAll } from './batch-writer.js';
import { ConsumedTally, type Consumed } from '../data/consumed.js';
import { atLine, TransferInputError } from './errors.js';
import { describeTable } from './export-job.js';
import { readItems, type DataFormat, type ReadOptions } from './formats.js';
import { checkItemForTable } from './item-checks.js';
import type { TableShape } from '../data/table-description.js';
import type { WireSend } from './wire-send.js';

export interface ImportRequest {
  readonly table: string;
  readonly format: DataFormat;
  /** The file, read again for each pass. */
  readonly source: () => AsyncIterable<string>;
  readonly options?: ReadOptions;
}

export interface ImportResult {
  readonly table: string;
  readonly format: DataFormat;
  /** Items in the file. */
  readonly items: number;
  readonly written: number;
  readonly notWritten: number;
  readonly cancelled: boolean;
  readonly consumed: Consumed;
}

/** The first bad line, as the job's error: DynamoDB's type, the line and message, and that nothing was written. */
function invalidLine(error: TransferInputError): DataError {
  return new DataError('invalid', error.type, `Line ${error.line}: ${error.detail} (nothing was written)`);
}

async function* checkedItems(request: ImportRequest, shape: TableShape): AsyncIterable<{ line: number; item: Item }> {
  for await (const read of readItems(request.format, request.source(), request.options)) {
    try {
      checkItemForTable(read.item, shape);
    } catch (error) {
      throw atLine(read.line, error);
    }
    yield read;
  }
}

/** Counts the items, checking each; throws the first bad line. */
async function validateImport(request: ImportRequest, shape: TableShape, report: (progress: Progress) => void, signal: AbortSignal): Promise<number> {
  let count = 0;
  try {
    for await (const _ of checkedItems(request, shape)) {
      count++;
      if (count % 1000 === 0) {
        report({ phase: 'validate', done: count, total: 0 });
        if (signal.aborted) return count;
      }
    }
  } catch (error) {
    if (error instanceof TransferInputError) throw invalidLine(error);
    throw error;
  }
  return count;
}

export async function runImport(send: WireSend, request: ImportRequest, report: (progress: Progress) => void, signal: AbortSignal): Promise<ImportResult> {
  const shape = await describeTable(send, request.table);
  const consumed = new ConsumedTally(shape.tableClass);
  report({ phase: 'validate', done: 0, total: 0 });
  const total = await validateImport(request, shape, report, signal);
  const result = (written: number, cancelled: boolean): ImportResult => ({
    table: request.table,
    format: request.format,
    items: total,
    written,
    notWritten: total - written,
    cancelled,
    consumed: consumed.total,
  });
  if (signal.aborted) return result(0, true);
  report({ phase: 'write', done: 0, total });
  const items = async function* (): AsyncIterable<Item> {
    for await (const { item } of readItems(request.format, request.source(), request.options)) yield item;
  };
  const { written, stopped } = await writeAll(items(), {
    send,
    table: request.table,
    keys: shape.keys,
    signal,
    consumed,
    onWritten: (done) => report({ phase: 'write', done, total }),
  });
  return result(written, stopped);
}
