/**
 * Items and values as text for the clipboard and for export: DynamoDB JSON
 * (lossless), plain JSON (the form most tools read: binary becomes a base64
 * string, sets become arrays; numbers keep their exact digits) and CSV (one
 * column per attribute seen).
 */
import type { WireAttributeValue, WireItem } from '@dynotable/core';
import { numberLiteral } from './editor/plain-json.js';

export function plainJsonText(value: WireAttributeValue): string {
  if ('S' in value) return JSON.stringify(value.S);
  if ('N' in value) return numberLiteral(value.N);
  if ('BOOL' in value) return value.BOOL ? 'true' : 'false';
  if ('NULL' in value) return 'null';
  if ('B' in value) return JSON.stringify(value.B);
  if ('M' in value) return plainItemText(value.M);
  if ('L' in value) return `[${value.L.map(plainJsonText).join(',')}]`;
  if ('SS' in value) return JSON.stringify(value.SS);
  if ('NS' in value) return `[${value.NS.map(numberLiteral).join(',')}]`;
  return JSON.stringify(value.BS);
}

/** An item (or a map's members) as one plain JSON object. */
export function plainItemText(item: WireItem): string {
  return `{${Object.entries(item)
    .map(([name, value]) => `${JSON.stringify(name)}:${plainJsonText(value)}`)
    .join(',')}}`;
}

export function dynamoJsonText(value: WireAttributeValue | WireItem): string {
  return JSON.stringify(value);
}

export type ItemTextFormat = 'jsonl' | 'dynamodb-json' | 'csv';

/** One item per line, each line ended (so files join and count as lines). */
export function itemsAsLines(items: readonly WireItem[], format: 'jsonl' | 'dynamodb-json'): string {
  const line = format === 'jsonl' ? plainItemText : dynamoJsonText;
  let text = '';
  for (const item of items) text += `${line(item)}\n`;
  return text;
}

/** A CSV field, quoted when it holds a comma, a quote, a line break or edge spaces (RFC 4180: quotes doubled). */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A value in a CSV cell: scalars as their text, maps, lists and sets as plain JSON text. */
function csvValue(value: WireAttributeValue): string {
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return value.B;
  if ('BOOL' in value) return String(value.BOOL);
  if ('NULL' in value) return 'null';
  return plainJsonText(value);
}

/**
 * A header row of every attribute seen (those of `leading` first, the rest
 * in the order they were first met), then one row per item; an absent attribute is
 * an empty field.
 */
export function itemsAsCsv(items: readonly WireItem[], leading: readonly string[] = []): string {
  const seen = new Set<string>();
  for (const item of items) for (const name in item) seen.add(name);
  const first = leading.filter((name, index) => seen.has(name) && leading.indexOf(name) === index);
  const columns = [...first, ...[...seen].filter((name) => !first.includes(name))];
  const lines = [columns.map(csvField).join(',')];
  for (const item of items) {
    lines.push(
      columns
        .map((name) => {
          const value = item[name];
          return value === undefined ? '' : csvField(csvValue(value));
        })
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function itemsAsText(items: readonly WireItem[], format: ItemTextFormat, leading: readonly string[] = []): string {
  return format === 'csv' ? itemsAsCsv(items, leading) : itemsAsLines(items, format);
}
