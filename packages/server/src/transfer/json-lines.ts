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
import { readLineItems } from './text-lines.js';

export async function* writeJsonLines(items: AsyncIterable<Item>): AsyncIterable<string> {
  for await (const item of items) yield `{"Item":${JSON.stringify(itemToWire(item))}}\n`;
}

/** The item of a line: `{"Item": ...}` unwrapped, a bare item as it is. */
export function unwrap(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const keys = Object.keys(json);
  return keys.length === 1 && keys[0] === 'Item' ? (json as { Item: unknown }).Item : json;
}

function itemOfText(text: string): Item {
  return itemFromWire(unwrap(JSON.parse(text)));
}

export function itemOfLine(text: string, line: number): Item {
  try {
    return itemOfText(text);
  } catch (error) {
    throw atLine(line, error);
  }
}

export function readJsonLines(chunks: AsyncIterable<string>): AsyncIterable<SourceItem> {
  return readLineItems(chunks, itemOfText);
}
