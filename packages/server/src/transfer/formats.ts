/**
 * The registry of data formats: each format of core's DATA_FORMAT_INFO (name,
 * label, extension, content type, help) with its reader (text chunks in, items
 * with their line out) and writer (items in, text chunks out), streaming. The
 * API, the `dynotable data` command and the export/import jobs all go through
 * it; a format in core without a reader and writer here does not compile.
 */
import { DATA_FORMAT_INFO, DATA_FORMATS, type DataFormat, type DataFormatInfo, type Item } from '@dynotable/core';
import type { CsvColumn } from './csv-cells.js';
import { readCsv, writeCsv } from './csv-format.js';
import { readJsonArray, writeJsonArray } from './json-array.js';
import { readJsonLines, writeJsonLines } from './json-lines.js';
import { readPlainJsonLines, writePlainJsonLines } from './plain-json-lines.js';
import type { SourceItem } from './source-item.js';
import type { TableShape } from '../data/table-description.js';
import { coalesce } from './text-chunks.js';
import { readWorkbench, writeWorkbench } from './workbench-data.js';

export { DATA_FORMATS, type DataFormat };

export interface ReadOptions {
  /** csv: the second row holds the column types. */
  readonly csvTypeRow?: boolean;
  /** nosql-workbench: the table whose TableData to read. */
  readonly workbenchTable?: string;
}

export interface WriteOptions {
  /** csv: every column the items need (see CsvColumnSet). */
  readonly columns?: readonly CsvColumn[];
  /** nosql-workbench: the table the items come from. */
  readonly table?: TableShape;
}

interface FormatCodec {
  readonly read: (chunks: AsyncIterable<string>, options: ReadOptions) => AsyncIterable<SourceItem>;
  readonly write: (items: AsyncIterable<Item>, options: WriteOptions) => AsyncIterable<string>;
}

export type FormatEntry = DataFormatInfo & FormatCodec & { readonly name: DataFormat };

/** Each format's reader and writer; an S3 export's data file is DynamoDB JSON lines (its bytes: s3-export-files.ts). */
const CODECS: { readonly [F in DataFormat]: FormatCodec } = {
  'dynamodb-json': { read: (chunks) => readJsonLines(chunks), write: (items) => writeJsonLines(items) },
  jsonl: { read: (chunks) => readPlainJsonLines(chunks), write: (items) => writePlainJsonLines(items) },
  json: { read: (chunks) => readJsonArray(chunks), write: (items) => writeJsonArray(items) },
  csv: {
    read: (chunks, options) => readCsv(chunks, { typeRow: options.csvTypeRow === true }),
    write: (items, options) => {
      if (options.columns === undefined) throw new Error('the csv writer needs the columns');
      return writeCsv(items, options.columns);
    },
  },
  's3-export': { read: (chunks) => readJsonLines(chunks), write: (items) => writeJsonLines(items) },
  'nosql-workbench': {
    read: (chunks, options) => readWorkbench(chunks, options.workbenchTable === undefined ? {} : { table: options.workbenchTable }),
    write: (items, options) => {
      if (options.table === undefined) throw new Error('the nosql-workbench writer needs the table');
      return writeWorkbench(items, options.table);
    },
  },
};

/** The registry: every format, in core's order, with its reader and writer. */
export const FORMATS: readonly FormatEntry[] = DATA_FORMAT_INFO.map((info) => ({ ...info, ...CODECS[info.name] }));

export function formatEntry(format: DataFormat): FormatEntry {
  return FORMATS.find((entry) => entry.name === format)!;
}

/** The DynamoDB JSON lines formats, which the import and export fast paths read and write as wire text. */
export function isDynamoJsonLines(format: DataFormat): format is 'dynamodb-json' | 's3-export' {
  return format === 'dynamodb-json' || format === 's3-export';
}

export function readItems(format: DataFormat, chunks: AsyncIterable<string>, options: ReadOptions = {}): AsyncIterable<SourceItem> {
  return CODECS[format].read(chunks, options);
}

export function writeItems(format: DataFormat, items: AsyncIterable<Item>, options: WriteOptions = {}): AsyncIterable<string> {
  return coalesce(CODECS[format].write(items, options));
}

const TYPE_KEYS = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS']);

/** A parsed line looks like DynamoDB JSON: wrapped in Item, or every member a one-key type object. */
function looksLikeDynamoJson(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const members = Object.values(json);
  if (members.length === 0) return true;
  const keys = Object.keys(json);
  if (keys.length === 1 && keys[0] === 'Item' && typeof members[0] === 'object') return looksLikeDynamoJson(members[0]);
  return members.every((member) => {
    if (typeof member !== 'object' || member === null || Array.isArray(member)) return false;
    const types = Object.keys(member);
    return types.length === 1 && TYPE_KEYS.has(types[0]!);
  });
}

/**
 * Guesses the format from the first characters of a file: `[` or scan output
 * is a JSON array, a NoSQL Workbench model is one, other `{` lines are
 * DynamoDB JSON lines when the first line looks like DynamoDB JSON and plain
 * JSON lines otherwise, and anything else is CSV.
 */
export function detectFormat(head: string): DataFormat {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return 'json';
  if (!text.startsWith('{')) return 'csv';
  if (/^\{\s*"(ModelName|ModelMetadata|DataModel)"/.test(text)) return 'nosql-workbench';
  if (/^\{\s*"(Items|Count|ScannedCount)"/.test(text)) return 'json';
  const firstLine = text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  if (firstLine === undefined) return 'dynamodb-json';
  try {
    // Only whether it looks like DynamoDB JSON is asked: JSON.parse's doubles do no harm here.
    return looksLikeDynamoJson(JSON.parse(firstLine)) ? 'dynamodb-json' : 'jsonl';
  } catch {
    return 'dynamodb-json'; // a line longer than the head, or bad JSON: its reader will say what is wrong
  }
}
