/**
 * Lossless display of a wire value in one line: numbers as their exact text,
 * sets as ⟨a, b⟩ with their type, binary as base64 with its length, maps and
 * lists as compact JSON-like text with the same notation inside. `fullValue`
 * is the expanded, indented form.
 */
import type { WireAttributeValue } from '@dynotable/core';

export type WireType = 'S' | 'N' | 'B' | 'BOOL' | 'NULL' | 'M' | 'L' | 'SS' | 'NS' | 'BS';

export function wireTypeOf(value: WireAttributeValue): WireType {
  for (const key in value) return key as WireType;
  return 'NULL';
}

/** Bytes in a padded base64 text. */
export function base64ByteLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The value inside a map or list (strings quoted, so "12" and 12 differ). */
function nested(value: WireAttributeValue): string {
  if ('S' in value) return JSON.stringify(value.S);
  if ('B' in value) return `b64"${value.B}"`;
  if ('BS' in value) return `⟨${value.BS.map((b) => `b64"${b}"`).join(', ')}⟩`;
  if ('SS' in value) return `⟨${value.SS.map((s) => JSON.stringify(s)).join(', ')}⟩`;
  return cellText(value);
}

/** One line, as shown in a cell. */
export function cellText(value: WireAttributeValue): string {
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return `${value.B} (${plural(base64ByteLength(value.B), 'byte')})`;
  if ('BOOL' in value) return String(value.BOOL);
  if ('NULL' in value) return 'null';
  if ('SS' in value) return `⟨${value.SS.join(', ')}⟩`;
  if ('NS' in value) return `⟨${value.NS.join(', ')}⟩`;
  if ('BS' in value) return `⟨${value.BS.join(', ')}⟩`;
  if ('L' in value) return `[${value.L.map(nested).join(', ')}]`;
  return `{${Object.entries(value.M)
    .map(([key, item]) => `${JSON.stringify(key)}: ${nested(item)}`)
    .join(', ')}}`;
}

/** The expanded form: one member per line, indented, types named. */
export function fullValue(value: WireAttributeValue, indent = ''): string {
  const inner = `${indent}  `;
  if ('L' in value) {
    if (value.L.length === 0) return '[]';
    return `[\n${value.L.map((item) => inner + fullValue(item, inner)).join(',\n')}\n${indent}]`;
  }
  if ('M' in value) {
    const entries = Object.entries(value.M);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${fullValue(item, inner)}`).join(',\n')}\n${indent}}`;
  }
  if ('SS' in value || 'NS' in value || 'BS' in value) return `${nested(value)} (${wireTypeOf(value)}, ${plural(setSize(value), 'member')})`;
  if ('N' in value) return value.N;
  return nested(value);
}

function setSize(value: WireAttributeValue): number {
  if ('SS' in value) return value.SS.length;
  if ('NS' in value) return value.NS.length;
  if ('BS' in value) return value.BS.length;
  return 0;
}

/** What a copy of the cell puts on the clipboard: the text shown for scalars, DynamoDB JSON for the rest. */
export function copyText(value: WireAttributeValue): string {
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return value.B;
  if ('BOOL' in value) return String(value.BOOL);
  return JSON.stringify(value);
}

/** A tooltip this long is still read at a glance; the rest is in the expanded value (Shift+Enter). */
const HOVER_LIMIT = 4000;

/** The tooltip of a cell: the whole value as text (maps and lists indented), then its type. */
export function hoverText(value: WireAttributeValue): string {
  const type = wireTypeOf(value);
  const text = type === 'M' || type === 'L' ? fullValue(value) : cellText(value);
  const shown = text.length > HOVER_LIMIT ? `${text.slice(0, HOVER_LIMIT)}… (${(text.length - HOVER_LIMIT).toLocaleString('en-US')} more characters: Shift+Enter shows them)` : text;
  return `${shown}\n${type}`;
}
