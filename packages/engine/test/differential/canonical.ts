/**
 * Responses → comparable plain data. Removes what is transport noise ($metadata,
 * stack traces), makes what DynamoDB leaves unordered orderless (set members,
 * map keys), and applies the DynamoDB Local deviations docs/dynamodb-rules.md#where-dynamodb-local-differs records,
 * so that both sides are compared as DynamoDB would answer.
 */
import { normalizeNumber } from '@dynotable/core';

/**
 * Plain JSON-like data with stable key order; bytes as `b64:` text; set members
 * sorted. With `numbers`, every N / NS is rewritten in DynamoDB's stored form.
 */
export function canonical(value: unknown, numbers = false): unknown {
  if (value instanceof Uint8Array) return `b64:${Buffer.from(value).toString('base64')}`;
  if (Array.isArray(value)) return value.map((v) => canonical(v, numbers));
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    let c = canonical(v, numbers);
    if (numbers && key === 'N' && typeof c === 'string') c = storedNumber(c);
    if (numbers && key === 'NS' && Array.isArray(c)) c = c.map((n) => (typeof n === 'string' ? storedNumber(n) : n));
    // DynamoDB does not keep the order of set members.
    result[key] = (key === 'SS' || key === 'NS' || key === 'BS') && Array.isArray(c) ? [...(c as string[])].sort() : c;
  }
  return result;
}

export function canonicalText(value: unknown): string {
  return JSON.stringify(canonical(value));
}

export interface ErrorOutcome {
  error: string;
  message: string;
  [field: string]: unknown;
}

export type Outcome = Record<string, unknown> | ErrorOutcome;

export function isError(outcome: Outcome): outcome is ErrorOutcome {
  return typeof outcome.error === 'string';
}

/** DynamoDB's wording where DynamoDB Local's differs (docs/dynamodb-rules.md#where-dynamodb-local-differs). */
function dynamoMessage(message: string): string {
  // DynamoDB Local says "Cannot do operations on a non-existent table"; DynamoDB says this.
  if (message === 'Cannot do operations on a non-existent table') return 'Requested resource not found';
  return message;
}

/** An SDK error as data: exception name, message, and the modelled fields (Item, CancellationReasons). */
export function errorOutcome(error: unknown, numbers = false): ErrorOutcome {
  if (!(error instanceof Error)) return { error: 'NotAnError', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(error)) {
    if (key === '$metadata' || key === '$fault' || key === '$response' || key === '$retryable' || key === 'name' || key === 'message' || key === '__type' || key === 'Message') continue;
    fields[key] = v;
  }
  return { error: error.name, message: dynamoMessage(error.message), ...(canonical(fields, numbers) as Record<string, unknown>) };
}

function storedNumber(text: string): string {
  try {
    return normalizeNumber(text);
  } catch {
    return text;
  }
}

/**
 * A successful response without the SDK's $metadata; empty UnprocessedKeys/Items
 * count as absent. `numbers`: see `canonical`.
 */
export function responseOutcome(response: Record<string, unknown>, numbers = false): Outcome {
  const { $metadata: _metadata, ...rest } = response;
  for (const key of ['UnprocessedKeys', 'UnprocessedItems']) {
    const v = rest[key];
    if (v !== undefined && typeof v === 'object' && v !== null && Object.keys(v).length === 0) delete rest[key];
  }
  return canonical(rest, numbers) as Outcome;
}
