/**
 * DynamoDB JSON lines: one item per line, either wrapped as DynamoDB's export
 * to S3 writes it (`{"Item":{"pk":{"S":"a"}}}`) or as the bare item. A line
 * whose only member is `Item` is read as wrapped, so a bare item whose only
 * attribute is named Item must be written wrapped. Blank lines are skipped.
 */
import type { Item } from '@dynotable/core';
import { itemFromWire, itemToWire } from '@dynotable/core';
import { atLine } from './errors.js';
import type { SourceItem } from './source-item.js';

export async function* writeJsonLines(items: AsyncIterable<Item>): AsyncIterable<string> {
  for await (const item of items) yield `{"Item":${JSON.stringify(itemToWire(item))}}\n`;
}

function unwrap(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const keys = Object.keys(json);
  return keys.length === 1 && keys[0] === 'Item' ? (json as { Item: unknown }).Item : json;
}

export function itemOfLine(text: string, line: number): Item {
  try {
    return itemFromWire(unwrap(JSON.parse(text)));
  } catch (error) {
    throw atLine(line, error);
  }
}

export async function* readJsonLines(chunks: AsyncIterable<string>): AsyncIterable<SourceItem> {
  let rest = '';
  let line = 1;
  let first = true;
  const take = (text: string): SourceItem | undefined => {
    const here = line++;
    const trimmed = text.trim();
    return trimmed === '' ? undefined : { line: here, item: itemOfLine(trimmed, here) };
  };
  for await (let chunk of chunks) {
    if (first) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const pieces = (rest + chunk).split('\n');
    rest = pieces.pop()!;
    for (const piece of pieces) {
      const read = take(piece);
      if (read !== undefined) yield read;
    }
  }
  const last = take(rest);
  if (last !== undefined) yield last;
}
