/**
 * DynamoDB JSON lines for an import, a chunk's lines at a time to keep the
 * per-item cost down: checked as readJsonLines reads them (the first pass),
 * then read as DynamoDB JSON without converting the values (the second pass,
 * once every line is known to be good).
 */
import type { Item, WireItem } from '@dynotable/core';
import { itemOfLine, unwrap } from './json-lines.js';
import { lineGroups } from './text-lines.js';

export async function* readWireLines(chunks: AsyncIterable<string>): AsyncIterable<WireItem[]> {
  for await (const lines of lineGroups(chunks)) {
    const items: WireItem[] = [];
    for (const line of lines) if (line.trim() !== '') items.push(unwrap(JSON.parse(line)) as WireItem);
    if (items.length > 0) yield items;
  }
}

/** A checked line of DynamoDB JSON lines: the item, its line, and the length of its text (see import-checks.ts). */
export interface JsonLineItem {
  readonly line: number;
  readonly item: Item;
  readonly textLength: number;
}

/** DynamoDB JSON lines as readJsonLines reads them (same lines, same errors), a chunk's items at a time. */
export async function* readJsonLinePages(chunks: AsyncIterable<string>): AsyncIterable<JsonLineItem[]> {
  let line = 1;
  for await (const lines of lineGroups(chunks)) {
    const items: JsonLineItem[] = [];
    for (const text of lines) {
      const here = line++;
      const trimmed = text.trim();
      if (trimmed !== '') items.push({ line: here, item: itemOfLine(trimmed, here), textLength: trimmed.length });
    }
    if (items.length > 0) yield items;
  }
}
