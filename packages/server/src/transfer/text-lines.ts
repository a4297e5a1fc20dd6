/**
 * The lines of a text stream, for the readers of one item per line: a
 * byte-order mark removed, lines cut at `\n` (a CRLF's `\r` is left for the
 * reader's trim), a last line without its `\n` still read.
 */
import type { Item } from '@dynotable/core';
import { atLine } from './errors.js';
import type { SourceItem } from './source-item.js';

/** The complete lines of each chunk as it arrives (no empty groups); the last line, when not empty, comes alone at the end. */
export async function* lineGroups(chunks: AsyncIterable<string>): AsyncIterable<string[]> {
  let rest = '';
  let first = true;
  for await (let chunk of chunks) {
    if (first) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const pieces = (rest + chunk).split('\n');
    rest = pieces.pop()!;
    if (pieces.length > 0) yield pieces;
  }
  if (rest !== '') yield [rest];
}

/** The lines of a text stream with their 1-based numbers. */
async function* numberedLines(chunks: AsyncIterable<string>): AsyncIterable<{ line: number; text: string }> {
  let line = 1;
  for await (const group of lineGroups(chunks)) {
    for (const text of group) yield { line: line++, text };
  }
}

/** One item per line, read by `parse` from the trimmed text: blank lines skipped, an error told with its line. */
export async function* readLineItems(chunks: AsyncIterable<string>, parse: (text: string) => Item): AsyncIterable<SourceItem> {
  for await (const { line, text } of numberedLines(chunks)) {
    const trimmed = text.trim();
    if (trimmed === '') continue;
    let item: Item;
    try {
      item = parse(trimmed);
    } catch (error) {
      throw atLine(line, error);
    }
    yield { line, item };
  }
}
