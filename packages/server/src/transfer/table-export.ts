/**
 * Export for `dynotable data export`: reads a table page by page (a Scan in
 * parallel segments, or the Query/Scan given) and hands the text of the
 * chosen format to a sink as it is produced, so memory stays flat whatever
 * the table's size. The DynamoDB JSON formats write each page's items as the
 * read returned them (the same text as the API's writers, without converting
 * every value there and back); the others convert to core's values. CSV needs
 * every column before its first row: its items go to a DynamoDB JSON lines
 * spool first and are converted from there.
 */
import { join } from 'node:path';
import { itemFromWire, type Item, type WireItem } from '@dynotable/core';
import type { Progress } from '../data/progress.js';
import { ConsumedTally, type Consumed } from '../data/consumed.js';
import { CsvColumnSet } from './csv-format.js';
import { fileText, writeTextFile } from './data-files.js';
import { describeTable } from './export-job.js';
import { isDynamoJsonLines, readItems, writeItems, type DataFormat } from './formats.js';
import { readTextPages, type TextSend } from './page-text.js';
import { readWirePages, type ReadRequest } from './read-pages.js';
import type { WireSend } from './wire-send.js';

export interface TableExportRequest {
  readonly table: string;
  readonly format: DataFormat;
  readonly request?: ReadRequest;
  readonly limit?: number;
  /** A Scan in this many parallel segments (default 1). */
  readonly segments?: number;
  /** Where CSV keeps its spool (a temporary folder). */
  readonly spoolFolder: string;
  /** Reads that answer with JSON text (the embedded engine): the DynamoDB JSON formats then copy each item's text. */
  readonly textSend?: TextSend;
}

export interface TableExportResult {
  readonly table: string;
  readonly format: DataFormat;
  readonly items: number;
  readonly cancelled: boolean;
  readonly consumed: Consumed;
}

/** Takes the text; `count()` is the number of items once the text has ended. */
export type TextSink = (text: AsyncIterable<string>, count: () => number) => Promise<void>;

/** DynamoDB JSON lines as writeJsonLines writes them: each item (its JSON text) wrapped in `Item`. */
async function* jsonLines(pages: AsyncIterable<string[]>): AsyncIterable<string> {
  for await (const page of pages) {
    let text = '';
    for (const item of page) text += `{"Item":${item}}\n`;
    if (text !== '') yield text;
  }
}

/** A JSON array of DynamoDB JSON items as writeJsonArray writes it. */
async function* jsonArray(pages: AsyncIterable<string[]>): AsyncIterable<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    let text = '';
    for (const item of page) {
      text += `${first ? '\n' : ',\n'}${item}`;
      first = false;
    }
    if (text !== '') yield text;
  }
  yield first ? ']\n' : '\n]\n';
}

async function* asText(pages: AsyncIterable<WireItem[]>): AsyncIterable<string[]> {
  for await (const page of pages) yield page.map((item) => JSON.stringify(item));
}

async function* itemsOfPages(pages: AsyncIterable<WireItem[]>): AsyncIterable<Item> {
  for await (const page of pages) for (const item of page) yield itemFromWire(item);
}

export async function exportTable(send: WireSend, request: TableExportRequest, sink: TextSink, report: (progress: Progress) => void, signal: AbortSignal): Promise<TableExportResult> {
  const shape = await describeTable(send, request.table);
  const consumed = new ConsumedTally(shape.tableClass);
  const estimate = request.request === undefined ? (shape.itemCount ?? 0) : 0;
  const total = request.limit === undefined ? estimate : Math.min(request.limit, estimate);
  const limit = request.limit ?? Infinity;
  let count = 0;
  /** The pages, cut at the limit, counted as they pass. */
  async function* counted<T>(read: AsyncIterable<T[]>): AsyncIterable<T[]> {
    report({ phase: 'export', done: 0, total });
    if (limit > 0) {
      for await (const page of read) {
        const taken = count + page.length > limit ? page.slice(0, limit - count) : page;
        count += taken.length;
        report({ phase: 'export', done: count, total });
        yield taken;
        if (count >= limit) break;
      }
    }
    report({ phase: 'export', done: count, total });
  }
  const pages = () => counted(readWirePages(send, request.table, request.request, signal, consumed, request.segments));
  const textPages = () =>
    request.textSend === undefined ? asText(pages()) : counted(readTextPages(request.textSend, request.table, request.request, signal, consumed, request.segments));
  const format = request.format;
  if (isDynamoJsonLines(format)) {
    await sink(jsonLines(textPages()), () => count);
  } else if (format === 'json') {
    await sink(jsonArray(textPages()), () => count);
  } else if (format !== 'csv') {
    await sink(writeItems(format, itemsOfPages(pages()), { table: shape }), () => count);
  } else {
    const spool = join(request.spoolFolder, `${request.table}.spool.jsonl`);
    const columns = new CsvColumnSet([shape.keys.partition, ...(shape.keys.sort ? [shape.keys.sort] : [])]);
    const collect = async function* (): AsyncIterable<Item> {
      for await (const item of itemsOfPages(pages())) {
        columns.addItem(item);
        yield item;
      }
    };
    await writeTextFile(spool, writeItems('dynamodb-json', collect()));
    const spooled = async function* (): AsyncIterable<Item> {
      for await (const { item } of readItems('dynamodb-json', fileText(spool))) yield item;
    };
    if (!signal.aborted) await sink(writeItems('csv', spooled(), { columns: columns.columns }), () => count);
  }
  return { table: request.table, format, items: count, cancelled: signal.aborted, consumed: consumed.total };
}
