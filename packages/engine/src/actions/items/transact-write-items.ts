/**
 * TransactWriteItems: up to 100 ConditionCheck, Put, Update and Delete
 * actions, all applied or none. Failed conditions cancel the transaction with
 * one reason per action in request order; malformed actions are refused with a
 * ValidationException before anything is evaluated. Write units count twice.
 * Messages and the order of checks measured on DynamoDB Local, except where
 * AWS's own differ (docs/dynamodb-rules.md#request-validation-messages).
 */
import {
  itemReadUnits,
  itemSize,
  keyTypeMismatchMessage,
  MAX_TRANSACTION_BYTES,
  MAX_TRANSACTION_ITEMS,
  transactionTooLargeMessage,
  typeOf,
  itemToWire,
  evaluateCondition,
  isDynamoError,
  validationError,
  type Condition,
  type Item,
  type UpdateNode,
} from '@dynotable/core';
import type { EngineContext, Operation } from '../../context.js';
import { CapacityTally, renderConsumedCapacity } from '../../capacity/consumed.js';
import { itemCollectionMetrics } from '../../items/collection-metrics.js';
import { CONDITIONAL_CHECK_FAILED_MESSAGE, TransactionCanceledError, type CancellationReason } from '../../items/errors.js';
import { recallIdempotent, rememberIdempotent } from '../../items/idempotency.js';
import { indexKeyProblem } from '../../items/index-entries.js';
import { encodePosition, type EncodedPosition } from '../../items/keys.js';
import { checkWrittenItemSize, planWrite, tallyWrite, type PriorItem, type WritePlan } from '../../items/write-plan.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { readExpressions } from '../../requests/expressions.js';
import { readKey, readPutItem, readWireItem } from '../../requests/items.js';
import {
  readReturnConsumedCapacity,
  readReturnItemCollectionMetrics,
  readReturnValuesOnConditionCheckFailure,
  readTableName,
  type ReturnValuesOnConditionCheckFailure,
} from '../../requests/parameters.js';
import { tableSpace, type ItemWrite } from '../../storage/storage.js';
import { commitWrites } from '../../streams/commit.js';
import type { StreamChange } from '../../streams/record.js';
import { requireTable } from '../../tables/lookup.js';
import type { KeySchema, TableMeta } from '../../tables/meta.js';
import { ConstraintViolations, checkListLength, checkLength } from '../../validation/constraints.js';
import { objectListText } from '../../validation/dump.js';
import { applyItemUpdate, checkUpdateKeys, readUpdate } from './update-item.js';

const MAX_TRANSACT_ITEMS = MAX_TRANSACTION_ITEMS;
/** ClientRequestToken: 1 to 36 characters. */
const MAX_CLIENT_REQUEST_TOKEN_LENGTH = 36;

type ActionKind = 'ConditionCheck' | 'Put' | 'Update' | 'Delete';
const ACTION_KINDS: readonly ActionKind[] = ['ConditionCheck', 'Put', 'Update', 'Delete'];

interface Action {
  kind: ActionKind;
  table: TableMeta;
  /** The key (Put: the whole item). */
  item: Item;
  position: EncodedPosition;
  /** Set when a key attribute has the wrong type: the action cancels with a ValidationError reason. */
  invalidKey?: string;
  condition: Condition | undefined;
  update?: UpdateNode;
  returnOld: ReturnValuesOnConditionCheckFailure;
}

function camel(kind: ActionKind): string {
  return kind[0]!.toLowerCase() + kind.slice(1);
}

/** An action as written: its members checked and its expressions parsed, before any table is looked up. */
interface ActionRequest {
  kind: ActionKind;
  request: Record<string, unknown>;
  tableName: string;
  returnOld: ReturnValuesOnConditionCheckFailure;
  parsed: ReturnType<typeof readExpressions>;
}

function readActionRequest(raw: unknown, index: number): ActionRequest {
  const member = (raw ?? {}) as Record<string, unknown>;
  const kinds = ACTION_KINDS.filter((kind) => member[kind] !== undefined && member[kind] !== null);
  if (kinds.length === 0) throw validationError('Invalid Request: TransactWriteRequest should contain Delete or Put or Update request');
  if (kinds.length > 1) throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
  const kind = kinds[0]!;
  const request = member[kind] as Record<string, unknown>;
  const path = `transactItems.${index + 1}.member.${camel(kind)}`;
  const violations = new ConstraintViolations();
  const tableName = readTableName(violations, request.TableName, `${path}.tableName`);
  if (kind === 'Put') {
    if (request.Item === undefined || request.Item === null) violations.add(null, `${path}.item`, 'Member must not be null');
  } else if (request.Key === undefined || request.Key === null) violations.add(null, `${path}.key`, 'Member must not be null');
  if (kind === 'ConditionCheck' && (request.ConditionExpression === undefined || request.ConditionExpression === null)) {
    violations.add(null, `${path}.conditionExpression`, 'Member must not be null');
  }
  if (kind === 'Update' && (request.UpdateExpression === undefined || request.UpdateExpression === null)) {
    violations.add(null, `${path}.updateExpression`, 'Member must not be null');
  }
  const returnOld = readReturnValuesOnConditionCheckFailure(
    violations,
    request.ReturnValuesOnConditionCheckFailure,
    `${path}.returnValuesOnConditionCheckFailure`,
  );
  violations.throwIfAny();
  const parsed = readExpressions(request, kind === 'Update' ? ['UpdateExpression', 'ConditionExpression'] : ['ConditionExpression']);
  return { kind, request, tableName, returnOld, parsed };
}

/** The action on its table: the key read against the table's schema. */
function resolveAction(context: EngineContext, { kind, request, tableName, returnOld, parsed }: ActionRequest): Action {
  const table = requireTable(context, tableName);
  const wire = kind === 'Put' ? request.Item : request.Key;
  const mismatch = keyTypeMismatch(table.keys, readWireItem(wire));
  const action: Action = mismatch
    ? { kind, table, item: {}, position: { partition: '', sort: '' }, condition: undefined, returnOld, invalidKey: mismatch }
    : (() => {
        const item = kind === 'Put' ? readPutItem(table.keys, wire) : readKey(table.keys, wire);
        return { kind, table, item, position: encodePosition(table.keys, item), condition: parsed.condition, returnOld };
      })();
  if (kind === 'Update') action.update = readUpdate(request, table, parsed.update).update;
  return action;
}

function refuseEmptyIndexKey(table: TableMeta, item: Item, source: 'put' | 'update'): void {
  const problem = table.indexes.length > 0 ? indexKeyProblem(table, item, source) : undefined;
  // An empty or oversized value refuses the request; a wrong type only cancels (below).
  if (problem?.kind === 'empty' || problem?.kind === 'size') throw validationError(problem.message);
}

/**
 * A key attribute of the wrong type cancels the transaction (a ValidationError
 * reason) rather than refusing the request (measured on DynamoDB Local).
 */
function keyTypeMismatch(keys: KeySchema, item: Item): string | undefined {
  for (const attribute of keys.sort ? [keys.partition, keys.sort] : [keys.partition]) {
    const value = item[attribute.name];
    if (value !== undefined && typeOf(value) !== attribute.type) {
      return keyTypeMismatchMessage(attribute.name, attribute.type, typeOf(value));
    }
  }
  return undefined;
}

/**
 * Two actions on one item refuse the request before anything is evaluated
 * (no two actions on one item: docs/dynamodb-rules.md#limits-and-errors). DynamoDB
 * Local decides it while applying the actions one by one (see the
 * differential test's deviations).
 */
function readActions(context: EngineContext, transactItems: unknown[]): Action[] {
  // Every action's members and expression syntax first; then action by action its
  // table and key, (a Put) an empty index key, and an item an earlier action names
  // too: each refuses the whole request before any later action's table is looked
  // up (a wrong index key type only cancels, below).
  // Measured on DynamoDB Local, which takes the actions one by one: an earlier
  // Update that cannot apply to its item refuses the request first.
  const requests = transactItems.map((raw, index) => readActionRequest(raw, index));
  const seen = new Set<string>();
  const actions: Action[] = [];
  for (const request of requests) {
    try {
      const action = resolveAction(context, request);
      if (action.invalidKey === undefined) {
        if (action.kind === 'Put') refuseEmptyIndexKey(action.table, action.item, 'put');
        const id = `${action.table.name}\u0000${action.position.partition}\u0000${action.position.sort}`;
        if (seen.has(id)) throw validationError('Transaction request cannot include multiple operations on one item');
        seen.add(id);
      }
      actions.push(action);
    } catch (refusal) {
      refuseEarlierUpdates(context, actions);
      throw refusal;
    }
  }
  return actions;
}

/**
 * Applies the Updates before a refused action, as DynamoDB Local does on its
 * way there: one whose expression cannot apply to its item (a path through a
 * missing map, say) or that empties an index key refuses the request first.
 * Nothing is written; an Update whose condition fails is not applied.
 */
function refuseEarlierUpdates(context: EngineContext, actions: readonly Action[]): void {
  for (const action of actions) {
    if (action.kind !== 'Update' || action.invalidKey !== undefined) continue;
    const before = context.storage.get(tableSpace(action.table.name), action.position.partition, action.position.sort)?.item;
    if (action.condition !== undefined && !evaluateCondition(action.condition, before)) continue;
    try {
      checkUpdateKeys(action.update!, action.table);
    } catch (error) {
      if (isDynamoError(error)) continue;
      throw error;
    }
    refuseEmptyIndexKey(action.table, applyItemUpdate(action.update!, before, action.item, false).item, 'update');
  }
}

function conditionFailed(action: Action, before: Item | undefined): CancellationReason {
  const reason: CancellationReason = {
    Code: 'ConditionalCheckFailed',
    // DynamoDB Local ends a ConditionCheck's message with a period.
    Message: action.kind === 'ConditionCheck' ? `${CONDITIONAL_CHECK_FAILED_MESSAGE}.` : CONDITIONAL_CHECK_FAILED_MESSAGE,
  };
  if (action.returnOld === 'ALL_OLD' && before) reason.Item = itemToWire(before);
  return reason;
}

/** The writes of a Put, Update or Delete, or the ValidationError reason its new item cancels with. */
function planAction(action: Action, before: PriorItem | undefined, after: Item | undefined): WritePlan | CancellationReason {
  try {
    const size = after ? itemSize(after) : 0;
    if (after) checkWrittenItemSize(action.table, after, size, action.kind === 'Put' ? 'put' : 'update');
    const source = action.kind === 'Update' ? 'update' : 'put';
    return planWrite(action.table, action.position, before, after, size, 'transactional', source);
  } catch (error) {
    if (!isDynamoError(error) || error.name !== 'ValidationException') throw error;
    return { Code: 'ValidationError', Message: error.message };
  }
}

/**
 * The items of a transaction add up to at most 4 MB: the sizes are summed in
 * request order and the sum that first passes the limit is the one reported.
 */
function checkPayloadSize(actions: readonly Action[]): void {
  let total = 0;
  for (const action of actions) {
    total += itemSize(action.item);
    if (total > MAX_TRANSACTION_BYTES) throw validationError(transactionTooLargeMessage(total));
  }
}

/**
 * TransactItems of both transaction operations: present, 1 to 100 of them;
 * the list is printed as DynamoDB prints it, each item as its class
 * (`TransactWriteItem` or `TransactGetItem`) and a hash.
 */
export function checkTransactItemsLength(violations: ConstraintViolations, transactItems: unknown, itemClass: string): void {
  if (transactItems === undefined || transactItems === null) violations.add(null, 'transactItems', 'Member must not be null');
  else checkListLength(violations, transactItems, 'transactItems', 1, MAX_TRANSACT_ITEMS, (list) => objectListText(itemClass, list));
}

export const transactWriteItems: Operation = (context, input) => {
  checkItemRequestShape('TransactWriteItems', input);
  const violations = new ConstraintViolations();
  const transactItems = input.TransactItems;
  checkTransactItemsLength(violations, transactItems, 'TransactWriteItem');
  const returnConsumedCapacity = readReturnConsumedCapacity(violations, input.ReturnConsumedCapacity);
  const returnMetrics = readReturnItemCollectionMetrics(violations, input.ReturnItemCollectionMetrics);
  checkLength(violations, input.ClientRequestToken, 'clientRequestToken', 1, MAX_CLIENT_REQUEST_TOKEN_LENGTH);
  violations.throwIfAny();
  const actions = readActions(context, transactItems as unknown[]);
  checkPayloadSize(actions);

  const fingerprint = JSON.stringify([transactItems, returnConsumedCapacity, returnMetrics]);
  const earlier = recallIdempotent(context, input.ClientRequestToken, fingerprint);
  if (earlier) return earlier;

  // In request order: the condition, then the new item (an update that cannot
  // apply refuses the whole request), then the checks on the new item (which
  // cancel, with a ValidationError reason). Measured on DynamoDB Local.
  const befores = actions.map((action): PriorItem | undefined => {
    if (action.invalidKey !== undefined) return undefined;
    const stored = context.storage.get(tableSpace(action.table.name), action.position.partition, action.position.sort);
    // Decoded once: conditions, updates and index entries all read it.
    return stored && { item: stored.item, size: stored.size };
  });
  const plans: { action: Action; plan: WritePlan; existed: boolean }[] = [];
  let cancelled = false;
  const reasons: CancellationReason[] = actions.map((action, i) => {
    const before = befores[i];
    if (action.invalidKey !== undefined) {
      cancelled = true;
      return { Code: 'ValidationError', Message: action.invalidKey };
    }
    // Like PutItem, a Put checks its new item (size, index key types) before its condition.
    let plan: WritePlan | CancellationReason | undefined = action.kind === 'Put' ? planAction(action, before, action.item) : undefined;
    if (plan !== undefined && !('writes' in plan)) {
      cancelled = true;
      return plan;
    }
    if (action.condition !== undefined && !evaluateCondition(action.condition, before?.item)) {
      cancelled = true;
      return conditionFailed(action, before?.item);
    }
    if (action.kind === 'ConditionCheck') return { Code: 'None' };
    try {
      if (action.kind === 'Update') checkUpdateKeys(action.update!, action.table);
    } catch (error) {
      if (!isDynamoError(error)) throw error;
      cancelled = true;
      return { Code: 'ValidationError', Message: error.message };
    }
    if (action.kind === 'Update') {
      const after = applyItemUpdate(action.update!, before?.item, action.item, false).item;
      // Unlike a wrong type, an update emptying an index key refuses the request, even when other actions fail.
      refuseEmptyIndexKey(action.table, after, 'update');
      plan = planAction(action, before, after);
    } else if (action.kind === 'Delete') plan = planAction(action, before, undefined);
    if (plan !== undefined && !('writes' in plan)) {
      cancelled = true;
      return plan;
    }
    plans.push({ action, existed: before !== undefined, plan: plan! });
    return { Code: 'None' };
  });
  if (cancelled) throw new TransactionCanceledError(reasons);

  const writes: ItemWrite[] = [];
  const changes: (StreamChange | undefined)[] = [];
  for (const { action, plan, existed } of plans) {
    // Deleting a missing item changes nothing (but is billed).
    if (action.kind !== 'Delete' || existed) writes.push(...plan.writes);
    changes.push(plan.change);
  }
  commitWrites(context, writes, changes);

  const output: Record<string, unknown> = {};
  if (returnConsumedCapacity !== 'NONE') {
    const tallies = new Map<TableMeta, CapacityTally>();
    const tallyOf = (table: TableMeta) => {
      let tally = tallies.get(table);
      if (tally === undefined) tallies.set(table, (tally = new CapacityTally()));
      return tally;
    };
    for (const action of actions) tallyOf(action.table);
    // A ConditionCheck reads its item transactionally.
    actions.forEach((action, i) => {
      if (action.kind === 'ConditionCheck') tallyOf(action.table).addTable(itemReadUnits(befores[i]?.size ?? 0, 'transactional'), 0);
    });
    for (const { action, plan } of plans) tallyWrite(tallyOf(action.table), plan);
    output.ConsumedCapacity = [...tallies].map(([table, tally]) => renderConsumedCapacity(table, tally, returnConsumedCapacity));
  }
  const metrics: Record<string, unknown[]> = {};
  for (const { action } of plans) {
    const entry = itemCollectionMetrics(context.storage, action.table, action.position, action.item, returnMetrics);
    if (entry) (metrics[action.table.name] ??= []).push(entry);
  }
  if (Object.keys(metrics).length > 0) output.ItemCollectionMetrics = metrics;
  rememberIdempotent(context, input.ClientRequestToken, fingerprint, output);
  return output;
};
