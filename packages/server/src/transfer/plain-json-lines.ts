/**
 * Plain JSON lines: one item per line as a plain JSON object, types inferred
 * on reading (see plain-json.ts). Blank lines are skipped; a byte-order mark
 * and CRLF line ends are fine.
 */
import type { Item } from '@dynotable/core';
import { atLine } from './errors.js';
import { plainItemFromText, plainItemText } from './plain-json.js';
import type { SourceItem } from './source-item.js';

export async function* writePlainJsonLines(items: AsyncIterable<Item>): AsyncIterable<string> {
  for await (const item of items) yield `${plainItemText(item)}\n`;
}

/** The lines of a text stream with their 1-based numbers, a byte-order mark removed. */
export async function* numberedLines(chunks: AsyncIterable<string>): AsyncIterable<{ line: number; text: string }> {
  let rest = '';
  let line = 1;
  let first = true;
  for await (let chunk of chunks) {
    if (first) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const pieces = (rest + chunk).split('\n');
    rest = pieces.pop()!;
    for (const text of pieces) yield { line: line++, text };
  }
  if (rest !== '') yield { line, text: rest };
}

export async function* readPlainJsonLines(chunks: AsyncIterable<string>): AsyncIterable<SourceItem> {
  for await (const { line, text } of numberedLines(chunks)) {
    const trimmed = text.trim();
    if (trimmed === '') continue;
    let item: Item;
    try {
      item = plainItemFromText(trimmed);
    } catch (error) {
      throw atLine(line, error);
    }
    yield { line, item };
  }
}
