/**
 * Export: reads a table (a Scan of everything, or a given Query or Scan) page
 * by page into a file of the chosen format, then offers it for download. CSV
 * needs every column before the first row, so its items go to a DynamoDB JSON
 * lines spool first and are converted from there — memory stays flat (on
 * disk; under --read-only the file and its spool are kept in memory, up to the
 * download store's limit, since nothing may be written to disk).
 */
import type { Item } from '@dynotable/core';
import type { Progress } from '../data/progress.js';
import { ConsumedTally, type Consumed } from '../data/consumed.js';
import { CsvColumnSet } from './csv-format.js';
import type { DownloadInfo, DownloadStore, PrepareOptions } from './downloads.js';
import { formatEntry, readItems, writeItems, type DataFormat } from './formats.js';
import { itemsOf, readPages, type ReadRequest } from './read-pages.js';
import { readTableDescription, type TableDescriptionLike, type TableShape } from '../data/table-description.js';
import type { WireSend } from './wire-send.js';

export interface ExportRequest {
  readonly table: string;
  readonly format: DataFormat;
  readonly request?: ReadRequest;
  /** At most this many items. */
  readonly limit?: number;
  /** A Scan in this many parallel segments (default 1). */
  readonly segments?: number;
}

export interface ExportResult {
  readonly table: string;
  readonly format: DataFormat;
  /** Items in the file. */
  readonly items: number;
  readonly cancelled: boolean;
  /** Absent when cancelled: nothing to download. */
  readonly download?: DownloadInfo;
  readonly consumed: Consumed;
}

export async function describeTable(send: WireSend, table: string): Promise<TableShape> {
  const output = await send('DescribeTable', { TableName: table });
  return readTableDescription(output['Table'] as TableDescriptionLike);
}

export async function runExport(
  send: WireSend,
  downloads: DownloadStore,
  request: ExportRequest,
  report: (progress: Progress) => void,
  signal: AbortSignal,
  /** `inMemory`: the file is kept in memory, never written to disk (`--read-only`). */
  options: PrepareOptions = {},
): Promise<ExportResult> {
  const shape = await describeTable(send, request.table);
  const consumed = new ConsumedTally(shape.tableClass);
  const total = request.request === undefined && request.limit === undefined ? (shape.itemCount ?? 0) : 0;
  const { extension, contentType } = formatEntry(request.format);
  const file = await downloads.prepare(`${request.table}.${extension}`, contentType, options);
  let count = 0;
  const counted = async function* (items: AsyncIterable<Item>, phase: string): AsyncIterable<Item> {
    report({ phase, done: 0, total });
    for await (const item of items) {
      count++;
      if (count % 100 === 0) report({ phase, done: count, total });
      yield item;
    }
    report({ phase, done: count, total });
  };
  const source = itemsOf(readPages(send, request.table, request.request, signal, consumed, request.segments), request.limit);
  const spool = request.format === 'csv' ? file.scratch() : undefined;
  try {
    if (spool === undefined) {
      await file.write(writeItems(request.format, counted(source, 'export'), { table: shape }));
    } else {
      const columns = new CsvColumnSet([shape.keys.partition, ...(shape.keys.sort ? [shape.keys.sort] : [])]);
      const collect = async function* (items: AsyncIterable<Item>): AsyncIterable<Item> {
        for await (const item of items) {
          columns.addItem(item);
          yield item;
        }
      };
      await spool.write(writeItems('dynamodb-json', collect(counted(source, 'export'))));
      if (!signal.aborted) {
        report({ phase: 'write csv', done: count, total: count });
        const spooled = async function* (): AsyncIterable<Item> {
          for await (const { item } of readItems('dynamodb-json', spool.read())) yield item;
        };
        await file.write(writeItems('csv', spooled(), { columns: columns.columns }));
      }
      await spool.remove();
    }
  } catch (error) {
    await file.discard();
    throw error;
  }
  if (signal.aborted) {
    await file.discard();
    return { table: request.table, format: request.format, items: count, cancelled: true, consumed: consumed.total };
  }
  const download = await file.publish();
  return { table: request.table, format: request.format, items: count, cancelled: false, download, consumed: consumed.total };
}
