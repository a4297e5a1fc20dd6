/**
 * DynamoDB JSON lines for an import, a chunk's lines at a time to keep the
 * per-item cost down: checked as readJsonLines reads them (the first pass),
 * then read as DynamoDB JSON without converting the values (the second pass,
 * once every line is known to be good).
 */
import type { Item, WireItem } from '@dynotable/core';
import { itemOfLine } from './json-lines.js';

function unwrap(json: Record<string, unknown>): WireItem {
  const keys = Object.keys(json);
  return (keys.length === 1 && keys[0] === 'Item' ? json['Item'] : json) as WireItem;
}

export async function* readWireLines(chunks: AsyncIterable<string>): AsyncIterable<WireItem[]> {
  let rest = '';
  let first = true;
  for await (let chunk of chunks) {
    if (first) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    const items: WireItem[] = [];
    for (const line of lines) if (line.trim() !== '') items.push(unwrap(JSON.parse(line) as Record<string, unknown>));
    if (items.length > 0) yield items;
  }
  if (rest.trim() !== '') yield [unwrap(JSON.parse(rest) as Record<string, unknown>)];
}

/** A checked line of DynamoDB JSON lines: the item, its line, and the length of its text (see import-checks.ts). */
export interface JsonLineItem {
  readonly line: number;
  readonly item: Item;
  readonly textLength: number;
}

/** DynamoDB JSON lines as readJsonLines reads them (same lines, same errors), a chunk's items at a time. */
export async function* readJsonLinePages(chunks: AsyncIterable<string>): AsyncIterable<JsonLineItem[]> {
  let rest = '';
  let line = 1;
  let first = true;
  const take = (text: string, into: JsonLineItem[]) => {
    const here = line++;
    const trimmed = text.trim();
    if (trimmed !== '') into.push({ line: here, item: itemOfLine(trimmed, here), textLength: trimmed.length });
  };
  for await (let chunk of chunks) {
    if (first) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const pieces = (rest + chunk).split('\n');
    rest = pieces.pop()!;
    const items: JsonLineItem[] = [];
    for (const piece of pieces) take(piece, items);
    if (items.length > 0) yield items;
  }
  const last: JsonLineItem[] = [];
  take(rest, last);
  if (last.length > 0) yield last;
}
