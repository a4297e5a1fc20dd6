/**
 * Where DynamoDB Local answers differently from DynamoDB, the comparison
 * follows DynamoDB: each rule below recognises one known deviation as narrowly
 * as it can and makes the two answers comparable again. Anything else that
 * differs is a disagreement.
 */
import { canonicalText } from './canonical.js';
import type { Input } from './requests.js';

type Answer = unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Applies `change` to every ConsumedCapacity object inside an answer (pages, summaries, lists). */
function eachCapacity(answer: Answer, change: (capacity: Record<string, unknown>) => void): void {
  if (Array.isArray(answer)) return answer.forEach((a) => eachCapacity(a, change));
  if (!isRecord(answer)) return;
  const capacity = answer.ConsumedCapacity;
  if (Array.isArray(capacity)) {
    answer.ConsumedCapacity = capacity.map((c) => {
      const parsed = typeof c === 'string' ? (JSON.parse(c) as Record<string, unknown>) : (c as Record<string, unknown>);
      change(parsed);
      return typeof c === 'string' ? canonicalText(parsed) : parsed;
    });
    if (capacity.every((c) => typeof c === 'string')) (answer.ConsumedCapacity as string[]).sort();
  } else if (isRecord(capacity)) change(capacity);
  if (Array.isArray(answer.pages)) eachCapacity(answer.pages, change);
}

function dropUnitSplits(capacity: Record<string, unknown>): void {
  delete capacity.ReadCapacityUnits;
  delete capacity.WriteCapacityUnits;
  for (const key of ['Table', 'GlobalSecondaryIndexes', 'LocalSecondaryIndexes']) {
    const part = capacity[key];
    if (!isRecord(part)) continue;
    if (key === 'Table') dropUnitSplits(part);
    else for (const index of Object.values(part)) if (isRecord(index)) dropUnitSplits(index);
  }
}

const TRUNCATED_TYPE_MISMATCH = /^One or more parameter values were invalid: Type mismatch for (?:key|Index Key)$/;

function errorOf(answer: Answer): { error: string; message: string } | null {
  return isRecord(answer) && typeof answer.error === 'string' ? (answer as { error: string; message: string }) : null;
}

/**
 * Returns both answers made comparable, and the excuse applied (if any).
 * `engine` and `local` are the comparable answers of the same request `input`.
 */
export function reconcile(operation: string, input: Input, engine: Answer, local: Answer): { engine: Answer; local: Answer; excuse?: string } {
  const e = structuredClone(engine);
  const l = structuredClone(local);
  // DynamoDB Local sends ConsumedCapacity even when the request did not ask for it
  // (seen on DeleteItem); DynamoDB sends it only for TOTAL and INDEXES.
  const asked = input.ReturnConsumedCapacity === 'TOTAL' || input.ReturnConsumedCapacity === 'INDEXES';
  if (!asked && isRecord(l) && !Array.isArray(l)) delete l.ConsumedCapacity;
  // DynamoDB Local reports only CapacityUnits; the engine also splits them into
  // ReadCapacityUnits / WriteCapacityUnits as the API model allows. Which one
  // DynamoDB sends is not confirmed in the facts file, so the split is not compared.
  eachCapacity(e, dropUnitSplits);
  eachCapacity(l, dropUnitSplits);
  // Facts §4: a Query or Scan costs at least 0.5 (eventually) or 1 (strongly
  // consistent) even when it reads nothing; DynamoDB Local reports 0.
  if ((operation === 'Query' || operation === 'Scan') && JSON.stringify(l).includes('"CapacityUnits":0')) {
    for (const side of [e, l]) eachCapacity(side, (c) => Object.keys(c).forEach((k) => delete c[k]));
  }
  const le = errorOf(l);
  const ee = errorOf(e);
  // DynamoDB Local cuts type-mismatch messages after "Type mismatch for key" /
  // "for Index Key"; DynamoDB names the attribute, types and index (facts §6).
  if (le && ee && le.error === ee.error && TRUNCATED_TYPE_MISMATCH.test(le.message) && ee.message.startsWith(le.message)) {
    return { engine: e, local: e, excuse: 'truncated type-mismatch message' };
  }
  return { engine: e, local: l };
}
