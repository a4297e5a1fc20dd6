/**
 * ExecuteStatement's NextToken: opaque to clients, like DynamoDB's (base64
 * JSON naming the read a page stopped in and its last key). A token that
 * does not decode to one is "Invalid NextToken".
 */
import { validationError } from '@dynotable/core';

export interface Resume {
  /** Which of the plan's requests (one per `pk IN (…)` value) the next page continues. */
  request: number;
  /** That request's ExclusiveStartKey, in wire form; absent to start it from the beginning. */
  startKey?: Record<string, unknown> | undefined;
}

const INVALID_TOKEN = 'Invalid NextToken';

export function encodeNextToken(resume: Resume): string {
  const body = { version: 'V1', opIndexToExclusiveNextKey: { [resume.request]: resume.startKey ?? null } };
  return Buffer.from(JSON.stringify(body)).toString('base64');
}

export function decodeNextToken(token: unknown): Resume {
  if (token === undefined || token === null) return { request: 0 };
  if (typeof token !== 'string') throw validationError(INVALID_TOKEN);
  try {
    const body = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { version?: unknown; opIndexToExclusiveNextKey?: unknown };
    const entries = Object.entries((body.opIndexToExclusiveNextKey ?? {}) as Record<string, unknown>);
    if (body.version !== 'V1' || entries.length !== 1) throw new Error('not a token');
    const [index, key] = entries[0]!;
    const request = Number(index);
    if (!Number.isInteger(request) || request < 0) throw new Error('not a token');
    if (key !== null && (typeof key !== 'object' || Array.isArray(key))) throw new Error('not a token');
    return { request, startKey: (key ?? undefined) as Record<string, unknown> | undefined };
  } catch {
    throw validationError(INVALID_TOKEN);
  }
}
