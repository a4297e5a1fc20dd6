/**
 * Items as CSV: a header row of attribute names with their type as a suffix
 * (`price (N)`), one row per item, an empty cell for an absent attribute and
 * `""` for an empty value. An attribute met with two types gets one column per
 * type. Headers without a suffix take their type from an optional type row
 * (the second row: S, N, B, ...) or are strings. See docs/import-export.md.
 *
 * The CSV itself (RFC 4180: quoting, doubled quotes, CRLF, LF or CR line ends,
 * a byte-order mark) is read by csv-parse and written by csv-stringify, as
 * streams: one record at a time. Every cell goes in and comes out as text,
 * never cast, so numbers keep every digit; what a cell means is csv-cells.ts.
 */
import { pipeline, Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { stringify, type Options } from 'csv-stringify/sync';
import type { AttributeType, Item } from '@dynotable/core';
import { typeOf } from '@dynotable/core';
import type { CsvColumn } from './csv-cells.js';
import { decodeCell, encodeCell, headerCell, isAttributeType, parseHeaderCell } from './csv-cells.js';
import { TransferInputError, atLine } from './errors.js';
import type { SourceItem } from './source-item.js';

export interface CsvReadOptions {
  /** The second row gives the type of each column (S, N, B, BOOL, NULL, M, L, SS, NS, BS); a typed header wins. */
  readonly typeRow?: boolean;
}

/** A cell as read: its text, and whether it was quoted (`""`, an empty value, is not an empty cell, an absent one). */
interface CsvField {
  readonly text: string;
  readonly quoted: boolean;
}

interface CsvRecord {
  readonly fields: readonly CsvField[];
  /** 1-based line where the record starts. */
  readonly line: number;
}

const LINE_ENDS = ['\r\n', '\n', '\r'];

const CSV_MESSAGES: Readonly<Record<string, string>> = {
  CSV_INVALID_CLOSING_QUOTE: 'not valid CSV: a quoted field must end at a comma or the end of the line',
  INVALID_OPENING_QUOTE: 'not valid CSV: a double quote inside an unquoted field; quote the field and double the quote',
  CSV_QUOTE_NOT_CLOSED: 'not valid CSV: a quoted field is not closed before the end of the file',
};

/**
 * Which fields of a record were quoted, read from its raw text: called only for
 * a record with an empty field, to tell `""` (an empty value) from nothing (an
 * absent attribute), which csv-parse gives alike. (Its cast hook can say
 * whether a field was quoted, but builds a context per field and reads CSV
 * several times slower.) The raw text may start with the end of the line
 * before; no field starts with a line break, so that is skipped.
 */
function quotedFields(raw: string, count: number): boolean[] {
  const quoted: boolean[] = [];
  let at = 0;
  while (raw[at] === '\r' || raw[at] === '\n') at++;
  for (let field = 0; field < count; field++) {
    if (raw[at] === '"') {
      quoted.push(true);
      at++;
      for (;;) {
        const close = raw.indexOf('"', at);
        if (close < 0) return quoted;
        at = close + 1;
        if (raw[at] !== '"') break;
        at++;
      }
    } else {
      quoted.push(false);
    }
    const comma = raw.indexOf(',', at);
    if (comma < 0) break;
    at = comma + 1;
  }
  return quoted;
}

function lineBreaks(fields: readonly string[]): number {
  let count = 0;
  for (const field of fields) for (let at = field.indexOf('\n'); at >= 0; at = field.indexOf('\n', at + 1)) count++;
  return count;
}

/** The records of CSV text, each with the line it starts on. */
async function* csvRecords(chunks: AsyncIterable<string>): AsyncIterable<CsvRecord> {
  // A malformed record is skipped by the parser and kept here, so that it is reported after the records before it, with its line.
  let failure: { readonly error: CsvError; readonly records: number } | undefined;
  const parser = parse({
    bom: true,
    record_delimiter: LINE_ENDS,
    relax_column_count: true,
    raw: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      // `records`: how many records came before the bad one.
      if (error !== undefined) failure ??= { error, records: Number(error.records) };
      return undefined;
    },
  });
  const records = pipeline(Readable.from(chunks), parser, () => {});
  const fail = (error: CsvError, line: number) => new TransferInputError(line, 'SerializationException', CSV_MESSAGES[error.code] ?? `not valid CSV: ${error.message}`);
  let next = 1;
  let count = 0;
  for await (const { record, raw } of records as AsyncIterable<{ record: string[]; raw: string }>) {
    if (failure !== undefined && count >= failure.records) throw fail(failure.error, next);
    count++;
    const line = next;
    next += 1 + lineBreaks(record);
    const quoted = record.includes('') ? quotedFields(raw, record.length) : undefined;
    yield { fields: record.map((text, i) => ({ text, quoted: quoted?.[i] === true })), line };
  }
  if (failure !== undefined) throw fail(failure.error, next);
}

/** The columns an item needs, in the order of its attributes. */
function columnsOf(item: Item): CsvColumn[] {
  return Object.keys(item).map((name) => ({ name, type: typeOf(item[name]!) }));
}

/** Adds the columns an item needs to a column list (kept in first-seen order). */
export class CsvColumnSet {
  private readonly seen = new Set<string>();
  readonly columns: CsvColumn[] = [];

  constructor(first: readonly CsvColumn[] = []) {
    for (const column of first) this.add(column);
  }

  add(column: CsvColumn): void {
    const key = `${column.type}\u0000${column.name}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.columns.push(column);
  }

  addItem(item: Item): void {
    for (const column of columnsOf(item)) this.add(column);
  }
}

/** How csv-stringify writes: CRLF, and quoted when it must be, when empty, or with white space at either end (so nothing is trimmed or lost on the way back). */
const STRINGIFY: Options = { record_delimiter: '\r\n', quote_record_delimiter: true, quoted_match: [/^$/, /^\s|\s$/] };

/** Rows written by one call of csv-stringify: memory holds this many at most. */
const ROWS_AT_ONCE = 256;

/** Writes the header, then one row per item; `columns` must cover every attribute of every item. */
export async function* writeCsv(items: AsyncIterable<Item>, columns: readonly CsvColumn[]): AsyncIterable<string> {
  const index = new Map<string, number>();
  columns.forEach((column, i) => index.set(`${column.type}\u0000${column.name}`, i));
  let rows: (string | undefined)[][] = [columns.map(headerCell)];
  for await (const item of items) {
    // undefined: an absent attribute, an empty cell; '' an empty value, written "".
    const cells = new Array<string | undefined>(columns.length).fill(undefined);
    for (const name of Object.keys(item)) {
      const value = item[name]!;
      const at = index.get(`${typeOf(value)}\u0000${name}`);
      if (at === undefined) throw new Error(`no CSV column for attribute ${name} of type ${typeOf(value)}`);
      cells[at] = encodeCell(value);
    }
    rows.push(cells);
    if (rows.length >= ROWS_AT_ONCE) {
      yield stringify(rows, STRINGIFY);
      rows = [];
    }
  }
  if (rows.length > 0) yield stringify(rows, STRINGIFY);
}

function isBlank(fields: readonly CsvField[]): boolean {
  return fields.every((field) => field.text === '' && !field.quoted);
}

export async function* readCsv(chunks: AsyncIterable<string>, options: CsvReadOptions = {}): AsyncIterable<SourceItem> {
  let header: { name: string; type: AttributeType | undefined }[] | undefined;
  let columns: CsvColumn[] | undefined;
  for await (const record of csvRecords(chunks)) {
    if (isBlank(record.fields)) continue;
    if (header === undefined) {
      header = record.fields.map((field) => parseHeaderCell(field.text));
      header.forEach((column, i) => {
        if (column.name === '') throw new TransferInputError(record.line, 'ValidationException', `column ${i + 1} of the header has no attribute name`);
      });
      if (options.typeRow !== true) columns = header.map((column) => ({ name: column.name, type: column.type ?? 'S' }));
      continue;
    }
    if (columns === undefined) {
      columns = header.map((column, i) => {
        const cell = record.fields[i]?.text.trim() ?? '';
        const type = cell === '' ? (column.type ?? 'S') : cell.toUpperCase();
        if (!isAttributeType(type)) throw new TransferInputError(record.line, 'ValidationException', `the type row names '${cell}' for column '${column.name}'; use one of S, N, B, BOOL, NULL, M, L, SS, NS, BS`);
        return { name: column.name, type: column.type ?? type };
      });
      continue;
    }
    if (record.fields.length > columns.length) {
      throw new TransferInputError(record.line, 'ValidationException', `the row has ${record.fields.length} cells but the header names ${columns.length} columns`);
    }
    yield { line: record.line, item: rowItem(record.fields, columns, record.line) };
  }
}

function rowItem(fields: readonly CsvField[], columns: readonly CsvColumn[], line: number): Item {
  const item: Item = {};
  fields.forEach((field, i) => {
    if (field.text === '' && !field.quoted) return;
    const column = columns[i]!;
    if (Object.hasOwn(item, column.name)) {
      throw new TransferInputError(line, 'ValidationException', `attribute '${column.name}' has a value in two columns; give it in one`);
    }
    try {
      Object.defineProperty(item, column.name, { value: decodeCell(field.text, column.type), enumerable: true, writable: true, configurable: true });
    } catch (error) {
      const wrapped = atLine(line, error);
      throw new TransferInputError(line, wrapped.type, `column '${headerCell(column)}': ${wrapped.detail}`);
    }
  });
  return item;
}
