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
export function reconcile(
  operation: string,
  input: Input,
  engine: Answer,
  local: Answer,
): { engine: Answer; local: Answer; excuse?: string; diverged?: boolean } {
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
  if (operation === 'BatchWriteItem' || operation === 'TransactWriteItems') excuseAbsentDeleteUnits(operation, input, e, l);
  const le = errorOf(l);
  const ee = errorOf(e);
  // DynamoDB Local accepts an UpdateItem that gives an LSI sort key the wrong type (and
  // stores it); PutItem and transactions refuse the same item (facts §6: "Type mismatch
  // for Index Key"). The tables differ from here on, so the scenario stops being compared.
  if (operation === 'UpdateItem' && ee?.error === 'ValidationException' && le === null && LSI_TYPE_MISMATCH.test(ee.message)) {
    return { engine: e, local: e, excuse: 'LSI key type accepted by DynamoDB Local', diverged: true };
  }
  if (le && ee) {
    if (le.error === ee.error && sameReasonsButTruncated(ee, le)) return { engine: e, local: e, excuse: 'truncated type-mismatch reason' };
    const excuse = errorExcuse(operation, input, ee, le);
    if (excuse) return { engine: e, local: e, excuse };
  }
  return { engine: e, local: l };
}

interface ErrorAnswer {
  error: string;
  message: string;
  CancellationReasons?: { Code: string; Message?: string }[];
}

const KEY_SCHEMA_MISMATCH = 'The provided key element does not match the schema';
/**
 * DynamoDB Local's words for a `Key` that does not match the key schema. DynamoDB
 * says "The provided key element does not match the schema" for a missing, extra,
 * misnamed or mistyped key attribute (facts §7 lists it as a confirmed fixed message;
 * it is the well-known answer to a GetItem that gives only the partition key of a
 * table with a sort key).
 */
const LOCAL_KEY_MESSAGES = new Set([
  'The number of conditions on the keys is invalid',
  'One of the required keys was not given a value',
  'One or more parameter values were invalid: Type mismatch for key',
  'Invalid attribute value type',
]);
const MISSING_KEY_IN_ITEM = /^One or more parameter values were invalid: Missing the key \S+ in the item$/;
/** A key or index key given a BOOL, NULL, L, M or a set: DynamoDB names the types (facts §6); Local says "Invalid attribute value type". */
const NON_SCALAR_TYPE_MISMATCH = /^One or more parameter values were invalid: Type mismatch for (?:key \S+ expected: [SNB] actual|Index Key \S+ Expected: [SNB] Actual): (?:BOOL|NULL|L|M|SS|NS|BS)(?: IndexName: \S+)?$/;
const LSI_TYPE_MISMATCH = /^One or more parameter values were invalid: Type mismatch for Index Key \S+ Expected: [SNB] Actual: [SNB] IndexName: lsi\d+$/;
const KEY_UPDATE = /^One or more parameter values were invalid: Cannot update attribute \S+\. This attribute is part of the key$/;

/** Cancellation reasons alike but for DynamoDB Local's truncated type-mismatch messages. */
function sameReasonsButTruncated(engine: ErrorAnswer, local: ErrorAnswer): boolean {
  const [er, lr] = [engine.CancellationReasons, local.CancellationReasons];
  if (!er || !lr || er.length !== lr.length || engine.message !== local.message) return false;
  let truncated = false;
  for (const [i, reason] of lr.entries()) {
    const mine = er[i]!;
    if (reason.Code !== mine.Code) return false;
    if (reason.Message === mine.Message && JSON.stringify(reason) === JSON.stringify(mine)) continue;
    if (reason.Message === undefined || !TRUNCATED_TYPE_MISMATCH.test(reason.Message) || !mine.Message?.startsWith(reason.Message)) return false;
    if (JSON.stringify({ ...reason, Message: mine.Message }) !== JSON.stringify(mine)) return false;
    truncated = true;
  }
  return truncated;
}

const MULTIPLE_OPERATIONS = 'Transaction request cannot include multiple operations on one item';

/** Whether a transaction's Update names `attribute` as a top-level path of its UpdateExpression. */
function updatesAttribute(input: Input, attribute: string): boolean {
  if (!Array.isArray(input.TransactItems)) return false;
  return input.TransactItems.some((item) => {
    const update = isRecord(item) && isRecord(item.Update) ? item.Update : undefined;
    if (!update || typeof update.UpdateExpression !== 'string') return false;
    const names = isRecord(update.ExpressionAttributeNames) ? update.ExpressionAttributeNames : {};
    const resolved = update.UpdateExpression.replace(/#\w+/g, (n) => (typeof names[n] === 'string' ? (names[n] as string) : n));
    const escaped = attribute.replace(/[^\w]/g, '\\$&');
    return new RegExp(`(^|[^.\\w])${escaped}(?!\\w)`).test(resolved);
  });
}

/** The known DynamoDB Local deviations in error answers, by name, or undefined. */
function errorExcuse(operation: string, input: Input, engine: ErrorAnswer, local: ErrorAnswer): string | undefined {
  // Requests naming several tables: DynamoDB Local walks RequestItems in its own
  // (hash map) order, so with problems in two tables it may report the other one.
  // DynamoDB does not document an order.
  if ((operation === 'BatchWriteItem' || operation === 'BatchGetItem') && engine.error === 'ValidationException' && local.error === engine.error) {
    if (isRecord(input.RequestItems) && Object.keys(input.RequestItems).length > 1) return 'table order of a batch';
  }
  // Two actions on one item: DynamoDB refuses the request (facts §3: "Transaction request
  // cannot include multiple operations on one item"), the engine before evaluating
  // anything. DynamoDB Local applies the actions one by one and may cancel instead,
  // even evaluating a later condition against an earlier Put's new item.
  if (operation === 'TransactWriteItems' && engine.error === 'ValidationException' && engine.message === MULTIPLE_OPERATIONS && local.error === 'TransactionCanceledException') {
    return 'two actions on one item decided one by one by DynamoDB Local';
  }
  const single = local.CancellationReasons?.length === 1 ? local.CancellationReasons[0]! : undefined;
  if (operation === 'TransactWriteItems' && local.error === 'TransactionCanceledException' && single?.Code === 'ValidationError' && KEY_UPDATE.test(single.Message ?? '')) {
    // DynamoDB Local checks every Update for a key attribute before anything else and
    // cancels with that one reason; DynamoDB's reasons follow the request's actions.
    // Excused only when an Update of the request does touch the attribute named.
    const name = /Cannot update attribute (\S+)\./.exec(single.Message!)![1]!;
    if (updatesAttribute(input, name)) return 'key update cancels alone in DynamoDB Local';
  }
  // DynamoDB Local cuts type-mismatch messages after "Type mismatch for key" /
  // "for Index Key"; DynamoDB names the attribute, types and index (facts §6).
  if (local.error === engine.error && TRUNCATED_TYPE_MISMATCH.test(local.message) && engine.message.startsWith(local.message)) {
    return 'truncated type-mismatch message';
  }
  if (engine.error === 'ValidationException' && engine.message === KEY_SCHEMA_MISMATCH && LOCAL_KEY_MESSAGES.has(local.message)) {
    // TransactGetItems: DynamoDB Local even wraps it in a TransactionCanceledException without reasons.
    if (local.error === 'ValidationException' || (operation === 'TransactGetItems' && local.error === 'TransactionCanceledException')) {
      return 'key schema mismatch worded by DynamoDB Local';
    }
  }
  if (local.error !== 'ValidationException') return undefined;
  // DynamoDB: "One or more parameter values were invalid: Missing the key X in the item" (facts §1.3 style).
  if (engine.error === 'ValidationException' && MISSING_KEY_IN_ITEM.test(engine.message) && local.message === 'One of the required keys was not given a value') {
    return 'missing key worded by DynamoDB Local';
  }
  if (local.message === 'Invalid attribute value type') {
    if (engine.error === 'ValidationException' && NON_SCALAR_TYPE_MISMATCH.test(engine.message)) return 'non-scalar key type worded by DynamoDB Local';
    // In a transaction the engine cancels (a ValidationError reason, as DynamoDB Local does
    // for a scalar of the wrong type); DynamoDB Local refuses the request outright.
    if (engine.error === 'TransactionCanceledException' && engine.CancellationReasons?.some((r) => r.Code === 'ValidationError' && NON_SCALAR_TYPE_MISMATCH.test(r.Message ?? ''))) {
      return 'non-scalar key type in a transaction refused by DynamoDB Local';
    }
  }
  return undefined;
}

/**
 * Deletes of absent items. Facts §4: a delete of a missing item costs 1 WCU, and
 * transactions count twice, so 2 in a transaction. DynamoDB Local charges 2 in a
 * BatchWriteItem and 1 (or less) in a transaction. Both answers are made comparable
 * when the table units differ by at most that much per Delete of that table (the
 * answers do not say which items were absent) and everything else agrees.
 */
function excuseAbsentDeleteUnits(operation: string, input: Input, engine: Answer, local: Answer): void {
  if (!isRecord(engine) || !isRecord(local) || !Array.isArray(engine.ConsumedCapacity) || !Array.isArray(local.ConsumedCapacity)) return;
  const deletes = new Map<string, number>();
  if (operation === 'BatchWriteItem' && isRecord(input.RequestItems)) {
    for (const [table, requests] of Object.entries(input.RequestItems)) {
      deletes.set(table, Array.isArray(requests) ? requests.filter((r) => isRecord(r) && r.DeleteRequest !== undefined).length : 0);
    }
  } else if (Array.isArray(input.TransactItems)) {
    for (const item of input.TransactItems) {
      const del = isRecord(item) && isRecord(item.Delete) ? item.Delete : undefined;
      if (del && typeof del.TableName === 'string') deletes.set(del.TableName, (deletes.get(del.TableName) ?? 0) + 1);
    }
  }
  const parse = (c: unknown) => (typeof c === 'string' ? (JSON.parse(c) as Record<string, unknown>) : (c as Record<string, unknown>));
  const engineList = engine.ConsumedCapacity.map(parse);
  const localList = local.ConsumedCapacity.map(parse);
  const patched = localList.map((lc) => {
    const ec = engineList.find((c) => c.TableName === lc.TableName);
    const count = deletes.get(String(lc.TableName)) ?? 0;
    if (!ec || count === 0) return lc;
    const units = (c: Record<string, unknown>) => (isRecord(c.Table) ? Number(c.Table.CapacityUnits) : Number(c.CapacityUnits));
    const extra = (operation === 'BatchWriteItem' ? 1 : -1) * (units(lc) - units(ec));
    // In a transaction DynamoDB Local was seen charging 1 for two absent deletes: up to 2 per Delete.
    if (!Number.isInteger(extra) || extra < 0 || extra > (operation === 'BatchWriteItem' ? count : 2 * count) || Number(lc.CapacityUnits) - Number(ec.CapacityUnits) !== units(lc) - units(ec)) return lc;
    return { ...lc, CapacityUnits: ec.CapacityUnits, ...(isRecord(lc.Table) ? { Table: { ...lc.Table, CapacityUnits: units(ec) } } : {}) };
  });
  const rendered = (local.ConsumedCapacity as unknown[]).map((c, i) => (typeof c === 'string' ? canonicalText(patched[i]) : patched[i]));
  if (rendered.every((c) => typeof c === 'string')) rendered.sort();
  local.ConsumedCapacity = rendered;
}
