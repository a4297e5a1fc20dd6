/**
 * Plain JSON lines: one item per line as a plain JSON object, types inferred
 * on reading (see plain-json.ts). Blank lines are skipped; a byte-order mark
 * and CRLF line ends are fine.
 */
import type { Item } from '@dynotable/core';
import { plainItemFromText, plainItemText } from './plain-json.js';
import type { SourceItem } from './source-item.js';
import { readLineItems } from './text-lines.js';

export async function* writePlainJsonLines(items: AsyncIterable<Item>): AsyncIterable<string> {
  for await (const item of items) yield `${plainItemText(item)}\n`;
}

export function readPlainJsonLines(chunks: AsyncIterable<string>): AsyncIterable<SourceItem> {
  return readLineItems(chunks, plainItemFromText);
}
