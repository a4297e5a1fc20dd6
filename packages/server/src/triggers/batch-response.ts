/**
 * What a handler's invocation came to, read as Lambda reads it: a throw (or a
 * timeout) fails the whole batch; with ReportBatchItemFailures, an answer of
 * `{batchItemFailures: [{itemIdentifier: SequenceNumber}, …]}` fails the batch
 * from its lowest failed record on — the records before it count as done. An
 * empty list (or no such answer) is a success; an answer Lambda cannot read
 * (an identifier that is empty or not in the batch) fails the whole batch.
 */
import type { LambdaStreamRecord } from './lambda-records.js';
import type { HandlerError } from './trigger-types.js';

/** What the handler runner reports of one call. */
export type HandlerCall = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: HandlerError };

export type BatchOutcome =
  | { readonly kind: 'success' }
  /** Records from `from` (an index in the batch) on failed; `identifiers` are what the handler named. */
  | { readonly kind: 'partial'; readonly from: number; readonly identifiers: readonly string[] }
  | { readonly kind: 'error'; readonly error: HandlerError };

function unreadable(message: string): BatchOutcome {
  return { kind: 'error', error: { type: 'InvalidBatchItemFailures', message } };
}

export function batchOutcome(call: HandlerCall, records: readonly LambdaStreamRecord[], reportFailures: boolean): BatchOutcome {
  if (!call.ok) return { kind: 'error', error: call.error };
  if (!reportFailures) return { kind: 'success' };
  const result = call.result as { batchItemFailures?: unknown } | null | undefined;
  const failures = typeof result === 'object' && result !== null ? result.batchItemFailures : undefined;
  if (failures === undefined || failures === null) return { kind: 'success' };
  if (!Array.isArray(failures)) return unreadable('batchItemFailures must be a list of {itemIdentifier}');
  if (failures.length === 0) return { kind: 'success' };
  const identifiers: string[] = [];
  let from = records.length;
  for (const failure of failures) {
    const identifier = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof identifier !== 'string' || identifier === '') return unreadable('an itemIdentifier in batchItemFailures is missing or empty');
    const index = records.findIndex((record) => record.dynamodb.SequenceNumber === identifier);
    if (index === -1) return unreadable(`itemIdentifier '${identifier}' is not the SequenceNumber of a record in the batch`);
    identifiers.push(identifier);
    from = Math.min(from, index);
  }
  return { kind: 'partial', from, identifiers };
}
