/**
 * A read's output as JSON text (the embedded engine gives it with
 * executeToJson, splicing in each stored item's text), cut into the text of
 * each item of `Items` and the rest of the output parsed. An export of
 * DynamoDB JSON then copies each item's text into the file as it is, without
 * parsing it into objects and writing them out again.
 */
import type { ConsumedTally } from '../data/consumed.js';
import { readPagesOf, type ReadRequest } from './read-pages.js';

export class PageTextError extends Error {}

/** The index just past the JSON string that starts at `start` (a double quote). */
function skipString(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) throw new PageTextError('a string is not closed');
    // The quote is escaped when an odd number of backslashes precedes it.
    let slashes = 0;
    for (let back = quote - 1; text.charCodeAt(back) === 0x5c; back--) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** The index just past the JSON value (object or array) that starts at `start`. */
function skipContainer(text: string, start: number): number {
  let depth = 0;
  for (let at = start; at < text.length; ) {
    const code = text.charCodeAt(at);
    if (code === 0x22) {
      at = skipString(text, at);
      continue;
    }
    if (code === 0x7b || code === 0x5b) depth++;
    else if (code === 0x7d || code === 0x5d) {
      depth--;
      if (depth === 0) return at + 1;
    }
    at++;
  }
  throw new PageTextError('an object or array is not closed');
}

function skipSpace(text: string, at: number): number {
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break;
    at++;
  }
  return at;
}

/** The top-level member `"Items"`: where its array starts and ends. */
function findItems(text: string): { start: number; end: number } | undefined {
  let at = skipSpace(text, 0);
  if (text.charCodeAt(at) !== 0x7b) throw new PageTextError('the output is not a JSON object');
  at++;
  for (;;) {
    at = skipSpace(text, at);
    const code = text.charCodeAt(at);
    if (code === 0x7d) return undefined;
    if (code === 0x2c) {
      at++;
      continue;
    }
    if (code !== 0x22) throw new PageTextError('a member name was expected');
    const nameEnd = skipString(text, at);
    const name = text.slice(at, nameEnd);
    at = skipSpace(text, nameEnd);
    if (text.charCodeAt(at) !== 0x3a) throw new PageTextError("':' was expected");
    at = skipSpace(text, at + 1);
    const first = text.charCodeAt(at);
    const valueEnd = first === 0x7b || first === 0x5b ? skipContainer(text, at) : first === 0x22 ? skipString(text, at) : endOfLiteral(text, at);
    if (name === '"Items"') return { start: at, end: valueEnd };
    at = valueEnd;
  }
}

function endOfLiteral(text: string, at: number): number {
  while (at < text.length && !/[,}\]\s]/.test(text[at]!)) at++;
  return at;
}

/** The text of each element of the array spanning [start, end). */
function elements(text: string, start: number, end: number): string[] {
  const out: string[] = [];
  let at = start + 1;
  for (;;) {
    at = skipSpace(text, at);
    const code = text.charCodeAt(at);
    if (at >= end - 1 || code === 0x5d) return out;
    if (code === 0x2c) {
      at++;
      continue;
    }
    const valueEnd = code === 0x7b || code === 0x5b ? skipContainer(text, at) : code === 0x22 ? skipString(text, at) : endOfLiteral(text, at);
    out.push(text.slice(at, valueEnd));
    at = valueEnd;
  }
}

export interface PageText {
  /** The JSON text of each item, as in the output. */
  readonly items: string[];
  /** Everything else of the output (LastEvaluatedKey, ConsumedCapacity, Count, ...). */
  readonly rest: Record<string, unknown>;
}

export function splitPageText(text: string): PageText {
  const found = findItems(text);
  if (found === undefined) return { items: [], rest: JSON.parse(text) as Record<string, unknown> };
  const rest = JSON.parse(`${text.slice(0, found.start)}[]${text.slice(found.end)}`) as Record<string, unknown>;
  delete rest['Items'];
  return { items: elements(text, found.start, found.end), rest };
}

/** A read that answers with its output as JSON text. */
export type TextSend = (operation: string, input: Record<string, unknown>) => Promise<string>;

/** A TextSend as a WireSend: the output's parts parsed, its `Items` left as the text of each item. */
function splitSend(send: TextSend) {
  return async (operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const { items, rest } = splitPageText(await send(operation, input));
    return { ...rest, Items: items };
  };
}

/** The pages of a read as the text of their items, in parallel Scan segments when asked (pages in the order they arrive). */
export function readTextPages(send: TextSend, table: string, request: ReadRequest | undefined, signal: AbortSignal, consumed: ConsumedTally, segments = 1): AsyncIterable<string[]> {
  return readPagesOf(splitSend(send), (output) => output['Items'] as string[], table, request, signal, consumed, segments);
}
