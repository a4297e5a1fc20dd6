/**
 * Where DynamoDB Local answers differently from DynamoDB, the comparison
 * follows DynamoDB: each rule below recognises one known deviation as narrowly
 * as it can and makes the two answers comparable again. Anything else that
 * differs is a disagreement.
 */
import { canonicalText } from './canonical.js';
import type { Input } from './requests.js';
import { keysOfSpec, type TableSpec } from './scenario.js';

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
  tables: { name: string; spec: TableSpec }[] = [],
): { engine: Answer; local: Answer; excuse?: string; diverged?: boolean } {
  const e = structuredClone(engine);
  const l = structuredClone(local);
  // DynamoDB Local sends ConsumedCapacity even when the request did not ask for it
  // (seen on DeleteItem); DynamoDB sends it only for TOTAL and INDEXES.
  const asked = input.ReturnConsumedCapacity === 'TOTAL' || input.ReturnConsumedCapacity === 'INDEXES';
  if (!asked && isRecord(l) && !Array.isArray(l)) delete l.ConsumedCapacity;
  // DynamoDB Local reports only CapacityUnits; the engine also splits them into
  // ReadCapacityUnits / WriteCapacityUnits as the API model allows. Which one
  // DynamoDB sends is not known, so the split is not compared.
  if (operation === 'TransactWriteItems') excuseConditionCheckReads(input, e, l);
  eachCapacity(e, dropUnitSplits);
  eachCapacity(l, dropUnitSplits);
  if (operation === 'PutItem') excusePartialIndexKeyUnits(input, tables, e, l);
  if (operation === 'BatchWriteItem') excuseBatchPartialIndexKeyUnits(input, tables, e, l);
  // docs/dynamodb-rules.md#capacity: a Query or Scan costs at least 0.5 (eventually) or 1 (strongly
  // consistent) even when it reads nothing; DynamoDB Local reports 0.
  if ((operation === 'Query' || operation === 'Scan') && JSON.stringify(l).includes('"CapacityUnits":0')) {
    for (const side of [e, l]) eachCapacity(side, (c) => Object.keys(c).forEach((k) => delete c[k]));
  }
  if (operation === 'BatchWriteItem' || operation === 'TransactWriteItems') excuseAbsentDeleteUnits(operation, input, e, l);
  if ((operation === 'Query' || operation === 'Scan') && typeof input.IndexName === 'string' && /^lsi\d+$/.test(input.IndexName)) excuseLowerLocalUnits(e, l);
  if (operation === 'TransactWriteItems' && writesOneTableTwice(input)) excuseLowerLocalUnits(e, l);
  const between = operation === 'Query' ? betweenEnd(input) : undefined;
  if (between) excuseBetweenEndLastKey(between, e, l);
  if ((operation === 'Query' || operation === 'Scan') && filtersOnUnprojected(input, tables)) excuseUnprojectedFilter(e, l);
  const le = errorOf(l);
  const ee = errorOf(e);
  // DynamoDB Local accepts an UpdateItem that gives an LSI sort key the wrong type (and
  // stores it); PutItem and transactions refuse the same item ("Type mismatch for
  // Index Key", docs/dynamodb-rules.md#consistency-and-indexes). The tables
  // differ from here on, so the scenario stops being compared.
  if (operation === 'UpdateItem' && ee?.error === 'ValidationException' && le === null && LSI_TYPE_MISMATCH.test(ee.message)) {
    return { engine: e, local: e, excuse: 'LSI key type accepted by DynamoDB Local', diverged: true };
  }
  // The same through a transaction's Update: where the engine's reason is that mismatch,
  // DynamoDB Local's is None; the items differ only if Local then wrote them.
  const lsiReasons = (ee as ErrorAnswer | null)?.CancellationReasons;
  if (operation === 'TransactWriteItems' && ee?.error === 'TransactionCanceledException' && lsiReasons) {
    const updates = Array.isArray(input.TransactItems) ? input.TransactItems : [];
    const localReasons = (le as ErrorAnswer | null)?.CancellationReasons;
    const lsiOnly = (r: { Code: string; Message?: string }, i: number) =>
      r.Code === 'ValidationError' && LSI_TYPE_MISMATCH.test(r.Message ?? '') && isRecord(updates[i]) && updates[i].Update !== undefined;
    const explained = lsiReasons.some(lsiOnly);
    if (explained && le === null && lsiReasons.every((r, i) => r.Code === 'None' || lsiOnly(r, i))) {
      return { engine: e, local: e, excuse: 'LSI key type accepted by DynamoDB Local', diverged: true };
    }
    if (explained && le?.error === ee.error && localReasons?.length === lsiReasons.length) {
      const alike = lsiReasons.every((r, i) => (lsiOnly(r, i) ? localReasons[i]!.Code === 'None' : JSON.stringify(r) === JSON.stringify(localReasons[i])));
      if (alike && localReasons.some((r) => r.Code !== 'None')) return { engine: e, local: e, excuse: 'LSI key type accepted by DynamoDB Local' };
    }
  }
  if (le && ee) {
    if (le.error === ee.error && sameReasonsButTruncated(ee, le)) return { engine: e, local: e, excuse: 'truncated type-mismatch reason' };
    const excuse = errorExcuse(operation, input, ee, le, tables);
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
 * misnamed or mistyped key attribute (docs/dynamodb-rules.md#limits-and-errors lists it;
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
/** A key or index key given a BOOL, NULL, L, M or a set: DynamoDB names the types (docs/dynamodb-rules.md#consistency-and-indexes); Local says "Invalid attribute value type". */
const NON_SCALAR_TYPE_MISMATCH = /^One or more parameter values were invalid: Type mismatch for (?:key \S+ expected: [SNB] actual|Index Key \S+ Expected: [SNB] Actual): (?:BOOL|NULL|L|M|SS|NS|BS)(?: IndexName: \S+)?$/;
const LSI_TYPE_MISMATCH = /^One or more parameter values were invalid: Type mismatch for Index Key \S+ Expected: [SNB] Actual: [SNB] IndexName: lsi\d+$/;
const MISSED_KEY_ELEMENT = /^Query condition missed key schema element: \S+$/;
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
function errorExcuse(operation: string, input: Input, engine: ErrorAnswer, local: ErrorAnswer, tables: { name: string; spec: TableSpec }[]): string | undefined {
  // Requests naming several tables: DynamoDB Local walks RequestItems in its own
  // (hash map) order, so with problems in two tables it may report the other one.
  // DynamoDB does not document an order.
  if ((operation === 'BatchWriteItem' || operation === 'BatchGetItem') && engine.error === 'ValidationException' && local.error === engine.error) {
    if (isRecord(input.RequestItems) && Object.keys(input.RequestItems).length > 1) return 'table order of a batch';
  }
  // Two actions on one item: DynamoDB refuses the request ("Transaction request
  // cannot include multiple operations on one item", docs/dynamodb-rules.md#limits-and-errors),
  // the engine before evaluating anything. DynamoDB Local applies the actions one
  // by one and may cancel instead, even evaluating a later condition against an
  // earlier Put's new item.
  // Local then also reports an update that cannot apply (a ValidationException) first.
  if (operation === 'TransactWriteItems' && engine.error === 'ValidationException' && engine.message === MULTIPLE_OPERATIONS && (local.error === 'TransactionCanceledException' || local.error === 'ValidationException')) {
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
  // "for Index Key"; DynamoDB names the attribute, types and index (docs/dynamodb-rules.md#consistency-and-indexes).
  if (local.error === engine.error && TRUNCATED_TYPE_MISMATCH.test(local.message) && engine.message.startsWith(local.message)) {
    return 'truncated type-mismatch message';
  }
  if (engine.error === 'ValidationException' && engine.message === KEY_SCHEMA_MISMATCH && LOCAL_KEY_MESSAGES.has(local.message)) {
    // TransactGetItems: DynamoDB Local even wraps it in a TransactionCanceledException without reasons.
    if (local.error === 'ValidationException' || (operation === 'TransactGetItems' && local.error === 'TransactionCanceledException')) {
      return 'key schema mismatch worded by DynamoDB Local';
    }
  }
  // A Get whose key does not fit its table: DynamoDB cancels with a ValidationError reason for
  // that Get (docs/dynamodb-rules.md#request-validation-messages); DynamoDB Local cancels too,
  // with its own message and no reasons.
  if (
    operation === 'TransactGetItems' &&
    engine.error === 'TransactionCanceledException' &&
    local.error === 'TransactionCanceledException' &&
    local.CancellationReasons === undefined &&
    engine.CancellationReasons?.some((reason) => reason.Code === 'ValidationError')
  ) {
    return 'per-Get key validation cancelled without reasons by DynamoDB Local';
  }
  // A Get whose key DynamoDB refuses (an empty string, a value of another type) cancels the
  // transaction with a ValidationError reason for that Get; DynamoDB Local refuses the whole
  // request with a ValidationException of its own wording.
  if (
    operation === 'TransactGetItems' &&
    engine.error === 'TransactionCanceledException' &&
    local.error === 'ValidationException' &&
    engine.CancellationReasons?.some((reason) => reason.Code === 'ValidationError') &&
    engine.CancellationReasons.every((reason) => reason.Code === 'ValidationError' || reason.Code === 'None')
  ) {
    return 'per-Get key validation refused for the whole request by DynamoDB Local';
  }
  // Two Gets of one item refuse the request before any Get's key cancels it; DynamoDB Local
  // reads the Gets one by one and cancels (or refuses) at an earlier bad key.
  if (
    operation === 'TransactGetItems' &&
    engine.error === 'ValidationException' &&
    engine.message === MULTIPLE_OPERATIONS &&
    ((local.error === 'TransactionCanceledException' && local.CancellationReasons === undefined) || local.error === 'ValidationException')
  ) {
    return 'a repeated Get found before a bad key cancels';
  }
  if (local.error !== 'ValidationException') return undefined;
  // DynamoDB Local prints the attributes an index lacks in its hash set's order; the engine sorts them.
  if (engine.error === 'ValidationException' && sameListInOtherOrder(engine.message, local.message)) return 'index attributes listed in another order';
  // docs/dynamodb-rules.md#key-conditions: DynamoDB names the key attribute left without a condition; Local leaves the name off.
  if (engine.error === 'ValidationException' && MISSED_KEY_ELEMENT.test(engine.message) && local.message === 'Query condition missed key schema element') {
    return 'missed key schema element without its name in DynamoDB Local';
  }
  // DynamoDB: "One or more parameter values were invalid: Missing the key X in the item" (docs/dynamodb-rules.md#limits-and-errors).
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
    // The engine would cancel for it too, but another action's request error (found while
    // applying the actions) comes first; DynamoDB Local refuses before applying anything.
    if (operation === 'TransactWriteItems' && engine.error === 'ValidationException' && nonScalarKeyIn(input, tables)) {
      return 'non-scalar key type in a transaction refused first by DynamoDB Local';
    }
  }
  return undefined;
}

/**
 * Deletes of absent items. docs/dynamodb-rules.md#capacity: a delete of a missing item costs 1 WCU, and
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

/**
 * A ConditionCheck reads its item transactionally (docs/dynamodb-rules.md#capacity: reads ×2 in a
 * transaction); DynamoDB Local charges nothing for it. When the request has
 * ConditionChecks and DynamoDB Local's units are exactly the engine's write
 * units, the engine's read units are left out of the comparison.
 */
function excuseConditionCheckReads(input: Input, engine: Answer, local: Answer): void {
  const checks = Array.isArray(input.TransactItems) && input.TransactItems.some((item) => isRecord(item) && item.ConditionCheck !== undefined);
  if (!checks || !isRecord(engine) || !isRecord(local) || !Array.isArray(engine.ConsumedCapacity) || !Array.isArray(local.ConsumedCapacity)) return;
  const parse = (c: unknown) => (typeof c === 'string' ? (JSON.parse(c) as Record<string, unknown>) : (c as Record<string, unknown>));
  const localList = local.ConsumedCapacity.map(parse);
  const patchedList: unknown[] = engine.ConsumedCapacity.map((c) => {
    const ec = parse(c);
    const lc = localList.find((x) => x.TableName === ec.TableName);
    const reads = Number(ec.ReadCapacityUnits ?? 0);
    if (!lc || reads === 0 || Number(lc.CapacityUnits) !== Number(ec.CapacityUnits) - reads) return c;
    const table = isRecord(ec.Table) ? { ...ec.Table, CapacityUnits: Number(ec.Table.CapacityUnits) - reads, ReadCapacityUnits: 0 } : undefined;
    const patched = { ...ec, CapacityUnits: Number(ec.CapacityUnits) - reads, ReadCapacityUnits: 0, ...(table ? { Table: table } : {}) };
    return typeof c === 'string' ? canonicalText(patched) : patched;
  });
  if (patchedList.every((c) => typeof c === 'string')) patchedList.sort();
  engine.ConsumedCapacity = patchedList;
}

/**
 * Whether a transaction has several Put, Update, Delete or ConditionCheck
 * actions on one table. DynamoDB adds up every action's units
 * (docs/dynamodb-rules.md#capacity); DynamoDB Local reports for the table the
 * units of one action only (measured: an Update and a Put of two new 1-unit
 * items, 2 units instead of 4; two ConditionChecks of absent items, 2 instead of 4), and
 * excuseLowerLocalUnits's rule (its figures at most the engine's, all else equal)
 * makes the answers comparable.
 */
function writesOneTableTwice(input: Input): boolean {
  if (!Array.isArray(input.TransactItems)) return false;
  const seen = new Set<string>();
  for (const item of input.TransactItems) {
    if (!isRecord(item)) continue;
    const action = [item.Put, item.Update, item.Delete, item.ConditionCheck].find(isRecord);
    if (action === undefined || typeof action.TableName !== 'string') continue;
    if (seen.has(action.TableName)) return true;
    seen.add(action.TableName);
  }
  return false;
}

/**
 * Where DynamoDB Local charges less than DynamoDB: docs/dynamodb-rules.md#capacity: an LSI read
 * that fetches base items (attributes the index does not project) adds a full item read for each,
 * and DynamoDB Local charges only the index read; a transaction writing one table twice (above).
 * When the answers agree but for capacity and every DynamoDB Local figure is at most the
 * engine's, the engine's figures are taken for both.
 */
function excuseLowerLocalUnits(engine: Answer, local: Answer): void {
  const units = (answer: Answer) => {
    const found: number[] = [];
    eachCapacity(answer, (c) => found.push(Number(c.CapacityUnits)));
    return found;
  };
  const [eu, lu] = [units(engine), units(local)];
  if (eu.length === 0 || eu.length !== lu.length || lu.some((u, i) => !(u > 0 && u <= eu[i]!))) return;
  const strip = (answer: Answer) => {
    const copy = structuredClone(answer);
    eachCapacity(copy, (c) => Object.keys(c).forEach((k) => delete c[k]));
    return JSON.stringify(copy);
  };
  if (strip(engine) !== strip(local)) return;
  if (eu.every((u, i) => u === lu[i])) return;
  const engineCapacities: Record<string, unknown>[] = [];
  eachCapacity(engine, (c) => engineCapacities.push(structuredClone(c)));
  let i = 0;
  eachCapacity(local, (c) => {
    Object.keys(c).forEach((k) => delete c[k]);
    Object.assign(c, engineCapacities[i++]);
  });
}

/**
 * For a Query whose sort key condition is `BETWEEN a AND b`: the sort key name and
 * the bound where the read ends (b forward, a with ScanIndexForward false).
 */
function betweenEnd(input: Input): { name: string; bound: unknown } | undefined {
  if (typeof input.KeyConditionExpression !== 'string') return undefined;
  const values = isRecord(input.ExpressionAttributeValues) ? input.ExpressionAttributeValues : {};
  const names = isRecord(input.ExpressionAttributeNames) ? input.ExpressionAttributeNames : {};
  const match = /([#\w]+)\s+BETWEEN\s+(:\w+)\s+AND\s+(:\w+)/i.exec(input.KeyConditionExpression);
  if (!match) return undefined;
  const name = match[1]!.startsWith('#') ? names[match[1]!] : match[1];
  const bound = values[input.ScanIndexForward === false ? match[2]! : match[3]!];
  return typeof name === 'string' && bound !== undefined ? { name, bound } : undefined;
}

/**
 * DynamoDB Local sends no LastEvaluatedKey when a Query's sort key condition is
 * BETWEEN and the Limit is reached on an item whose sort key is the bound where
 * the read ends (seen with BETWEEN a value and itself, forward and backward, and
 * backward on an item at the lower bound; it does send one for `=`, `<=` and `>=`
 * on the same item). DynamoDB documents that
 * a LastEvaluatedKey may come even when no more items remain; the engine sends one
 * whenever the Limit is reached, and its next page is then empty. When that empty
 * page and that key are the only difference, they are left out of the comparison
 * (along with the one-page capacity of an index Query summary, then not comparable).
 */
function excuseBetweenEndLastKey(between: { name: string; bound: unknown }, engine: Answer, local: Answer): void {
  const pagesOf = (answer: Answer) => (Array.isArray(answer) ? answer : isRecord(answer) && Array.isArray(answer.pages) ? answer.pages : undefined);
  const [ep, lp] = [pagesOf(engine), pagesOf(local)];
  if (!ep || !lp || ep.length !== lp.length + 1 || lp.length === 0) return;
  const extra = ep[ep.length - 1] as unknown;
  const keyed = ep[ep.length - 2] as unknown;
  const emptyPage = isRecord(extra) && extra.Count === 0 && extra.ScannedCount === 0 && (extra.Items === undefined || (Array.isArray(extra.Items) && extra.Items.length === 0));
  const atBound = isRecord(keyed) && isRecord(keyed.LastEvaluatedKey) && canonicalText(keyed.LastEvaluatedKey[between.name]) === canonicalText(between.bound);
  if (!emptyPage || !atBound || !isRecord(keyed) || !isRecord(lp[lp.length - 1]) || (lp[lp.length - 1] as Record<string, unknown>).LastEvaluatedKey !== undefined) return;
  ep.pop();
  delete keyed.LastEvaluatedKey;
  if (!Array.isArray(engine) && isRecord(engine) && isRecord(local) && lp.length === 1 && engine.ConsumedCapacity === undefined) delete local.ConsumedCapacity;
}

/** Whether a read of a GSI filters on an attribute the index does not project. */
function filtersOnUnprojected(input: Input, tables: { name: string; spec: TableSpec }[]): boolean {
  if (typeof input.FilterExpression !== 'string' || typeof input.IndexName !== 'string') return false;
  const spec = tables.find((t) => t.name === input.TableName)?.spec;
  const index = spec?.gsis.find((g) => g.name === input.IndexName);
  if (!spec || !index || index.projection === 'ALL') return false;
  const projected = new Set([spec.hash.name, spec.range?.name, ...keysOfSpec(index).map((k) => k.name), ...(index.projection === 'INCLUDE' ? index.include : [])]);
  const names = isRecord(input.ExpressionAttributeNames) ? input.ExpressionAttributeNames : {};
  // Top-level attribute names of the filter: `#name` placeholders and bare names, not functions or `:values`.
  const expression = input.FilterExpression.replace(/:\w+/g, ' ');
  const used = [...expression.matchAll(/(#\w+|\b[A-Za-z_]\w*\b)(?!\s*\()/g)]
    .filter((m) => m.index === 0 || !/[.\w]/.test(expression[m.index - 1]!))
    .map((m) => (m[1]!.startsWith('#') ? names[m[1]!] : m[1]))
    .filter((n): n is string => typeof n === 'string' && !/^(AND|OR|NOT|BETWEEN|IN)$/i.test(n));
  return used.some((n) => !projected.has(n));
}

/**
 * A GSI holds only its projected attributes, and DynamoDB evaluates a filter
 * against the index entry; DynamoDB Local evaluates it against the base item,
 * so it can keep items the engine filters out (or the reverse). When the filter
 * names an attribute the GSI does not project and everything but the filtered
 * counts and items agrees (scanned counts, pages), the engine's counts and items
 * are taken for both.
 */
function excuseUnprojectedFilter(engine: Answer, local: Answer): void {
  if (!isRecord(engine) || !isRecord(local) || Array.isArray(engine) || Array.isArray(local)) return;
  if (errorOf(engine) || errorOf(local) || engine.ScannedCount !== local.ScannedCount) return;
  const pageKeys = (answer: Record<string, unknown>) => JSON.stringify(Array.isArray(answer.pages) ? answer.pages.map((p) => (isRecord(p) ? [p.ScannedCount, p.LastEvaluatedKey] : p)) : null);
  if (pageKeys(engine) !== pageKeys(local)) return;
  local.Count = engine.Count;
  local.items = engine.items;
  if ('order' in engine) local.order = engine.order;
  if ('pages' in engine) local.pages = engine.pages;
}

/** Whether a transaction Puts an item whose table or index key attribute holds a BOOL, NULL, L, M or set. */
function nonScalarKeyIn(input: Input, tables: { name: string; spec: TableSpec }[]): boolean {
  if (!Array.isArray(input.TransactItems)) return false;
  return input.TransactItems.some((action) => {
    if (!isRecord(action)) return false;
    // A Put's item (its table and index keys), or any other action's key.
    const [request, item] = isRecord(action.Put)
      ? [action.Put, action.Put.Item]
      : (() => {
          const other = [action.Update, action.Delete, action.ConditionCheck].find(isRecord);
          return [other, other?.Key];
        })();
    const spec = request && tables.find((t) => t.name === request.TableName)?.spec;
    if (!spec || !isRecord(item)) return false;
    const keys = [spec.hash, spec.range, ...(request === action.Put ? [...spec.gsis, ...spec.lsis].flatMap(keysOfSpec) : [])];
    return keys.some((k) => {
      const value = k && item[k.name];
      return isRecord(value) && !('S' in value || 'N' in value || 'B' in value);
    });
  });
}

/**
 * docs/dynamodb-rules.md#capacity: an item in a GSI neither before nor after a write costs the GSI
 * nothing. DynamoDB Local charges 1 when a key attribute of the GSI comes or
 * goes though the item lacks another one before and after (measured: an item
 * holding only the GSI sort key replaced by one holding only its partition key).
 * Only GSIs the new item is not in can be charged so; per GSI with INDEXES,
 * up to one unit per such GSI in total otherwise. Those units are not compared.
 */
function excusePartialIndexKeyUnits(input: Input, tables: { name: string; spec: TableSpec }[], engine: Answer, local: Answer): void {
  const spec = tables.find((t) => t.name === input.TableName)?.spec;
  if (!spec || !isRecord(input.Item) || !isRecord(engine) || !isRecord(local)) return;
  const item = input.Item;
  const outside = spec.gsis.filter((g) => keysOfSpec(g).some((k) => !(k.name in item))).map((g) => g.name);
  excuseExtraIndexUnits(outside, 1, engine, local);
}

/**
 * Drops from DynamoDB Local's ConsumedCapacity the GSIs it charges and the
 * engine does not, when each is one of `outside` and charged at most
 * `most` units, and they make up the whole difference in the total.
 */
function excuseExtraIndexUnits(outside: readonly string[], most: number, engine: Record<string, unknown>, local: Record<string, unknown>): void {
  const [ec, lc] = [engine.ConsumedCapacity, local.ConsumedCapacity];
  if (outside.length === 0 || !isRecord(ec) || !isRecord(lc)) return;
  const extra = Number(lc.CapacityUnits) - Number(ec.CapacityUnits);
  if (!Number.isInteger(extra) || extra < 1 || extra > outside.length * most) return;
  const [eg, lg] = [ec.GlobalSecondaryIndexes, lc.GlobalSecondaryIndexes];
  // Without INDEXES there is only the total to go by.
  if (isRecord(lg)) {
    const units = (indexes: unknown, name: string) => (isRecord(indexes) && isRecord(indexes[name]) ? Number(indexes[name].CapacityUnits) : 0);
    const over = new Map(Object.keys(lg).map((name) => [name, units(lg, name) - units(eg, name)]));
    const charged = [...over].filter(([, more]) => more !== 0);
    if (!charged.every(([name, more]) => outside.includes(name) && Number.isInteger(more) && more >= 1 && more <= most)) return;
    // What is left of the difference is the table's (a delete of an absent item: excused below).
    const sum = charged.reduce((total, [, more]) => total + more, 0);
    if (sum < 1 || sum > extra) return;
    for (const [name] of charged) {
      if (units(eg, name) === 0) delete lg[name];
      else lg[name] = { ...(lg[name] as Record<string, unknown>), CapacityUnits: units(eg, name) };
    }
    if (Object.keys(lg).length === 0) delete lc.GlobalSecondaryIndexes;
    lc.CapacityUnits = Number(lc.CapacityUnits) - sum;
  } else if (!isRecord(lc.Table)) lc.CapacityUnits = ec.CapacityUnits;
}

/**
 * The same for a BatchWriteItem on one table: a put can be charged for the
 * GSIs its item lacks a key attribute of, a delete for any GSI (the item it
 * removes is not in the request); at most one unit per write and GSI.
 */
function excuseBatchPartialIndexKeyUnits(input: Input, tables: { name: string; spec: TableSpec }[], engine: Answer, local: Answer): void {
  const requests = isRecord(input.RequestItems) ? Object.entries(input.RequestItems) : [];
  const [TableName, writes] = requests.length === 1 ? requests[0]! : [undefined, undefined];
  const spec = tables.find((t) => t.name === TableName)?.spec;
  if (TableName === undefined || spec === undefined || !Array.isArray(writes) || !isRecord(engine) || !isRecord(local)) return;
  const outside = new Set<string>();
  for (const write of writes) {
    const item = isRecord(write) && isRecord(write.PutRequest) && isRecord(write.PutRequest.Item) ? write.PutRequest.Item : undefined;
    for (const g of spec.gsis) if (item === undefined || keysOfSpec(g).some((k) => !(k.name in item))) outside.add(g.name);
  }
  const [ec, lc] = [engine.ConsumedCapacity, local.ConsumedCapacity];
  if (!Array.isArray(ec) || !Array.isArray(lc) || ec.length !== 1 || lc.length !== 1) return;
  const single = (c: unknown) => ({ ConsumedCapacity: typeof c === 'string' ? (JSON.parse(c) as unknown) : c });
  const [e, l] = [single(ec[0]), single(lc[0])];
  excuseExtraIndexUnits([...outside], writes.length, e, l);
  const back = (original: unknown, changed: unknown) => (typeof original === 'string' ? canonicalText(changed) : changed);
  engine.ConsumedCapacity = [back(ec[0], e.ConsumedCapacity)];
  local.ConsumedCapacity = [back(lc[0], l.ConsumedCapacity)];
}

/** Two messages that differ only in the order of the names of their one `[a, b, …]` list. */
function sameListInOtherOrder(engine: string, local: string): boolean {
  const list = /^(.*)\[([^\]]*)\](.*)$/;
  const [e, l] = [list.exec(engine), list.exec(local)];
  if (e === null || l === null || e[1] !== l[1] || e[3] !== l[3]) return false;
  const names = (text: string) => text.split(', ').sort().join(', ');
  return names(e[2]!) === names(l[2]!);
}
