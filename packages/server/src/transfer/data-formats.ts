/**
 * The formats of `dynotable data`: the API's formats (formats.ts) plus plain
 * JSON lines and DynamoDB's export to S3 (DynamoDB JSON lines, gzip-compressed,
 * in data files under a `data/` folder — the bytes are handled in
 * s3-export-files.ts; as text it is DynamoDB JSON lines).
 */
import type { Item } from '@dynotable/core';
import { detectFormat, FORMAT_FILES, readItems, writeItems, type ReadOptions, type TransferFormat, type WriteOptions } from './formats.js';
import { readPlainJsonLines, writePlainJsonLines } from './plain-json-lines.js';
import type { SourceItem } from './source-item.js';
import { coalesce } from './text-chunks.js';

export const DATA_FORMATS = ['dynamodb-json', 'jsonl', 'json', 'csv', 's3-export', 'nosql-workbench'] as const;
export type DataFormat = (typeof DATA_FORMATS)[number];

/** Whether the format keeps every type (plain JSON lines does not: binary and sets). */
export const LOSSLESS: Readonly<Record<DataFormat, boolean>> = {
  'dynamodb-json': true,
  jsonl: false,
  json: true,
  csv: true,
  's3-export': true,
  'nosql-workbench': true,
};

/** The file name extension and content type of a download in this format (an S3 export data file, uncompressed). */
export function dataFormatFile(format: DataFormat): { readonly extension: string; readonly contentType: string } {
  if (format === 'jsonl') return { extension: 'plain.jsonl', contentType: 'application/x-ndjson; charset=utf-8' };
  if (format === 's3-export') return { extension: 'json', contentType: 'application/x-ndjson; charset=utf-8' };
  return FORMAT_FILES[format];
}

/** The API's format that reads and writes the same text, if any. */
function textFormat(format: DataFormat): TransferFormat | undefined {
  if (format === 'jsonl') return undefined;
  return format === 's3-export' ? 'dynamodb-json' : format;
}

export function readDataItems(format: DataFormat, chunks: AsyncIterable<string>, options: ReadOptions = {}): AsyncIterable<SourceItem> {
  const text = textFormat(format);
  return text === undefined ? readPlainJsonLines(chunks) : readItems(text, chunks, options);
}

export function writeDataItems(format: DataFormat, items: AsyncIterable<Item>, options: WriteOptions = {}): AsyncIterable<string> {
  const text = textFormat(format);
  return text === undefined ? coalesce(writePlainJsonLines(items)) : writeItems(text, items, options);
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

/** Guesses the format from the start of a file: the API's guess, with JSON lines told apart as DynamoDB JSON or plain. */
export function detectDataFormat(head: string): DataFormat {
  const guess = detectFormat(head);
  if (guess !== 'dynamodb-json') return guess;
  const firstLine = head
    .replace(/^\uFEFF/, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  if (firstLine === undefined) return 'dynamodb-json';
  try {
    return looksLikeDynamoJson(JSON.parse(firstLine)) ? 'dynamodb-json' : 'jsonl';
  } catch {
    return 'dynamodb-json'; // a line longer than the head, or bad JSON: its reader will say what is wrong
  }
}
