/**
 * A route's raw input: the query string for GET and DELETE (repeated keys
 * become arrays), the JSON body for POST, PUT and PATCH (and for a DELETE that
 * sends one). Size-limited; bad JSON is DynamoDB's SerializationException.
 */
import type { IncomingMessage } from 'node:http';
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
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'SerializationException', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'RequestTooLarge', `The request body is larger than the server's limit of ${limit} bytes`);
}
