/**
 * Items as CSV: a header row of attribute names with their type as a suffix
 * (`price (N)`), one row per item, an empty cell for an absent attribute and
 * `""` for an empty value. An attribute met with two types gets one column per
 * type. Headers without a suffix take their type from an optional type row
 * (the second row: S, N, B, ...) or are strings. See docs/import-export.md.
 */
import type { AttributeType, Item } from '@dynotable/core';
import { typeOf } from '@dynotable/core';
import type { CsvColumn } from './csv-cells.js';
import { decodeCell, encodeCell, headerCell, isAttributeType, parseHeaderCell } from './csv-cells.js';
import type { CsvField } from './csv-records.js';
import { csvRecords } from './csv-records.js';
import { TransferInputError, atLine } from './errors.js';
import type { SourceItem } from './source-item.js';

export interface CsvReadOptions {
  /** The second row gives the type of each column (S, N, B, BOOL, NULL, M, L, SS, NS, BS); a typed header wins. */
  readonly typeRow?: boolean;
}

function quote(text: string): string {
  if (text === '' || /[",\r\n]/.test(text) || text.trim() !== text) return `"${text.replaceAll('"', '""')}"`;
  return text;
}

/** The columns an item needs, in the order of its attributes. */
export function columnsOf(item: Item): CsvColumn[] {
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

/** Writes the header, then one row per item; `columns` must cover every attribute of every item. */
export async function* writeCsv(items: AsyncIterable<Item>, columns: readonly CsvColumn[]): AsyncIterable<string> {
  const index = new Map<string, number>();
  columns.forEach((column, i) => index.set(`${column.type}\u0000${column.name}`, i));
  yield `${columns.map((column) => quote(headerCell(column))).join(',')}\r\n`;
  for await (const item of items) {
    const cells: string[] = new Array<string>(columns.length).fill('');
    for (const name of Object.keys(item)) {
      const value = item[name]!;
      const at = index.get(`${typeOf(value)}\u0000${name}`);
      if (at === undefined) throw new Error(`no CSV column for attribute ${name} of type ${typeOf(value)}`);
      cells[at] = quote(encodeCell(value));
    }
    yield `${cells.join(',')}\r\n`;
  }
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
