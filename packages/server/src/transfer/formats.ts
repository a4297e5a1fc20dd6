/**
 * The file formats of import and export, each a reader (text chunks in, items
 * with their line out) and a writer (items in, text chunks out), streaming.
 */
import type { Item } from '@dynotable/core';
import type { CsvColumn } from './csv-cells.js';
import { readCsv, writeCsv } from './csv-format.js';
import { readJsonArray, writeJsonArray } from './json-array.js';
import { readJsonLines, writeJsonLines } from './json-lines.js';
import type { SourceItem } from './source-item.js';
import type { TableShape } from './table-shape.js';
import { coalesce } from './text-chunks.js';
import { readWorkbench, writeWorkbench } from './workbench-data.js';

export const TRANSFER_FORMATS = ['dynamodb-json', 'json', 'nosql-workbench', 'csv'] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];

export const FORMAT_FILES: Readonly<Record<TransferFormat, { readonly extension: string; readonly contentType: string }>> = {
  'dynamodb-json': { extension: 'jsonl', contentType: 'application/x-ndjson; charset=utf-8' },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
  'nosql-workbench': { extension: 'nosql-workbench.json', contentType: 'application/json; charset=utf-8' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
};

export interface ReadOptions {
  /** csv: the second row holds the column types. */
  readonly csvTypeRow?: boolean;
  /** nosql-workbench: the table whose TableData to read. */
  readonly workbenchTable?: string;
}

export function readItems(format: TransferFormat, chunks: AsyncIterable<string>, options: ReadOptions = {}): AsyncIterable<SourceItem> {
  switch (format) {
    case 'dynamodb-json':
      return readJsonLines(chunks);
    case 'json':
      return readJsonArray(chunks);
    case 'nosql-workbench':
      return readWorkbench(chunks, options.workbenchTable === undefined ? {} : { table: options.workbenchTable });
    case 'csv':
      return readCsv(chunks, { typeRow: options.csvTypeRow === true });
  }
}

export interface WriteOptions {
  /** csv: every column the items need (see CsvColumnSet). */
  readonly columns?: readonly CsvColumn[];
  /** nosql-workbench: the table the items come from. */
  readonly table?: TableShape;
}

export function writeItems(format: TransferFormat, items: AsyncIterable<Item>, options: WriteOptions = {}): AsyncIterable<string> {
  switch (format) {
    case 'dynamodb-json':
      return coalesce(writeJsonLines(items));
    case 'json':
      return coalesce(writeJsonArray(items));
    case 'nosql-workbench':
      if (options.table === undefined) throw new Error('the nosql-workbench writer needs the table');
      return coalesce(writeWorkbench(items, options.table));
    case 'csv':
      if (options.columns === undefined) throw new Error('the csv writer needs the columns');
      return coalesce(writeCsv(items, options.columns));
  }
}

/** Guesses the format from the first characters of a file. */
export function detectFormat(head: string): TransferFormat {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return 'json';
  if (!text.startsWith('{')) return 'csv';
  if (/^\{\s*"(ModelName|ModelMetadata|DataModel)"/.test(text)) return 'nosql-workbench';
  if (/^\{\s*"(Items|Count|ScannedCount)"/.test(text)) return 'json';
  return 'dynamodb-json';
}
