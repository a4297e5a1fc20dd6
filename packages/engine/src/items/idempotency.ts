/**
 * ClientRequestToken of TransactWriteItems: for 10 minutes, the same token
 * with the same request answers the first result again without applying it;
 * with a different request it is refused.
 */
import { DynamoError } from '@dynotable/core';
import type { EngineContext } from '../context.js';

const WINDOW_MS = 10 * 60 * 1000;

interface Remembered {
  fingerprint: string;
  output: Record<string, unknown>;
  at: number;
}

const byEngine = new WeakMap<EngineContext, Map<string, Remembered>>();

function tokens(context: EngineContext): Map<string, Remembered> {
  let map = byEngine.get(context);
  if (map === undefined) byEngine.set(context, (map = new Map()));
  const now = context.now();
  for (const [token, entry] of map) if (now - entry.at >= WINDOW_MS) map.delete(token);
  return map;
}

/** The earlier output for this token and request, if any; throws when the token was used for another request. */
export function recallIdempotent(context: EngineContext, token: unknown, fingerprint: string): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  const entry = tokens(context).get(token);
  if (entry === undefined) return undefined;
  // DynamoDB Local answers with an empty message.
  if (entry.fingerprint !== fingerprint) throw new DynamoError('IdempotentParameterMismatchException', '');
  return entry.output;
}

export function rememberIdempotent(context: EngineContext, token: unknown, fingerprint: string, output: Record<string, unknown>): void {
  if (typeof token !== 'string') return;
  tokens(context).set(token, { fingerprint, output, at: context.now() });
}
