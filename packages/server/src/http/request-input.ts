/**
 * A route's raw input: the query string for GET and DELETE (repeated keys
 * become arrays), the JSON body for POST, PUT and PATCH (and for a DELETE that
 * sends one). Size-limited; bad JSON is DynamoDB's SerializationException, and
 * so, as on the engine's wire protocol, are bytes that are not UTF-8 (never
 * read as U+FFFD) and JSON nested deeper than core's MAX_JSON_DEPTH (which
 * nothing valid comes near, and which keeps every later walk off the stack's limit).
 *
 * Hand-written, reading Node's request itself: Hono's body helpers decode
 * loosely (a bad byte becomes U+FFFD) and know no nesting limit, and no
 * library does both with the size limit (a refused body is drained, so the
 * 413 still reaches the client). DynamoDB's numbers stay exact: they arrive
 * as strings (`{"N": "…"}`), which JSON.parse keeps as written.
 */
import type { IncomingMessage } from 'node:http';
import { InvalidUtf8Error, MAX_JSON_DEPTH, decodeUtf8Strict, jsonTooDeepMessage, nestsDeeperThan } from '@dynotable/core';
import { ApiError } from '../api/route.js';

/** Enough for a 25-item batch of 400 KB items, with room for JSON overhead. */
export const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;

export function queryInput(search: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    input[key] = values.length === 1 ? values[0]! : values;
  }
  return input;
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export async function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown> {
  if (!hasBody(request)) return {};
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    request.resume();
    throw new ApiError(415, 'UnsupportedMediaType', "send the request body as JSON with 'Content-Type: application/json'");
  }
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    request.resume();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.resume();
      throw tooLarge(limit);
    }
    chunks.push(chunk);
  }
  const text = decodeBody(Buffer.concat(chunks));
  if (text.trim() === '') return {};
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new ApiError(400, 'SerializationException', jsonTooDeepMessage('The request body'));
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'SerializationException', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The body's bytes as UTF-8, strictly: invalid bytes are refused, never replaced. */
function decodeBody(bytes: Uint8Array): string {
  try {
    return decodeUtf8Strict(bytes);
  } catch (error) {
    if (!(error instanceof InvalidUtf8Error)) throw error;
    const bad = Array.from(bytes.subarray(error.offset, error.offset + 4), (b) => `0x${b.toString(16).padStart(2, '0')}`);
    const what = bad.length === 0 ? 'a UTF-8 sequence cut short at the end' : `the bytes ${bad.join(' ')}`;
    throw new ApiError(
      400,
      'SerializationException',
      `The request body is not valid UTF-8: ${what} at byte offset ${error.offset}; send the body encoded as UTF-8`,
    );
  }
}

function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'RequestTooLarge', `The request body is larger than the server's limit of ${limit} bytes`);
}
