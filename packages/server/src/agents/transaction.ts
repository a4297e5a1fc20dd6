/**
 * A proposed transaction, built with the builders of the single item writes
 * (the put's, the minimal update's, the delete's, each action checked as its
 * route checks it) into one TransactWriteItems. Approved, it is sent as is;
 * the items it changes are read just before (consistently) and recorded in
 * the journal once it succeeded, one operation per table, so it can be undone.
 */
import { TransactWriteItemsCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { itemToWire, printCondition, toWireRequest, type CodegenParams, type Item } from '@dynotable/core';
import type { ServerContext } from '../api/context.js';
import { userCondition } from '../data/conditions.js';
import { DataError } from '../data/errors.js';
import { minimalUpdate } from '../data/items/minimal-update.js';
import { sendRequest, wireOf } from '../data/items/send.js';
import { deleteParams, putParams } from '../data/items/single-writes.js';
import { multiRequestView, type RequestView } from '../data/request-view.js';
import { tableInfo } from '../data/table-info.js';
import { keyAttributes, type TableShape } from '../data/table-description.js';
import { readWireForWrite } from '../data/wire-input.js';
import { recordChanges } from '../journal/record.js';
import type { ItemChange } from '../journal/types.js';
import { checkProposedKey } from './key-check.js';
import type { TransactionAction, TransactionInput } from './transaction-input.js';

type ActionKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';

export interface PlannedAction {
  readonly kind: ActionKind;
  readonly table: TableShape;
  /** The action as TransactWriteItems takes it: the single write's request without its Return fields. */
  readonly params: CodegenParams;
  readonly key: Item;
  /** What the item becomes: the put's item, the update's attributes set and removed; a delete: null. */
  readonly change?: { readonly put: Item } | { readonly set: Item; readonly remove: readonly string[] } | { readonly delete: true };
}

export interface TransactionPlan {
  readonly actions: readonly PlannedAction[];
  readonly request: RequestView;
}

function withoutReturns(params: CodegenParams): CodegenParams {
  const { ReturnValues: _values, ReturnConsumedCapacity: _capacity, ...action } = params;
  return action;
}

function keyOfItem(item: Item, table: TableShape): Item {
  return Object.fromEntries(keyAttributes(table).map((name) => [name, item[name]!]));
}

function planAction(action: TransactionAction, table: TableShape, where: string): PlannedAction {
  if ('put' in action) {
    checkProposedKey('put', action.put, table);
    const params = putParams(table, action.put);
    return { kind: 'Put', table, params: withoutReturns(params), key: keyOfItem(params.Item!, table), change: { put: params.Item! } };
  }
  if ('update' in action) {
    checkProposedKey('update', action.update, table);
    const update = minimalUpdate(table, action.update);
    if (update.params === undefined) throw new DataError('invalid', 'ValidationException', `${where}: nothing to write: after holds the same attributes as before`);
    const set = Object.fromEntries(update.changes.flatMap((change) => (change.after !== undefined ? [[change.name, change.after]] : [])));
    const remove = update.changes.filter((change) => change.after === undefined).map((change) => change.name);
    return { kind: 'Update', table, params: withoutReturns(update.params), key: update.params.Key!, change: { set, remove } };
  }
  if ('delete' in action) {
    checkProposedKey('delete', action.delete, table);
    const params = deleteParams(table, action.delete);
    return { kind: 'Delete', table, params: withoutReturns(params), key: params.Key!, change: { delete: true } };
  }
  const check = action.conditionCheck;
  checkProposedKey('delete', { Key: check.Key }, table);
  const condition = userCondition(check);
  if (condition === undefined) throw new DataError('invalid', 'ValidationException', `${where}.conditionCheck: give the condition to check (condition or ConditionExpression)`);
  const key = readWireForWrite(check.Key);
  return { kind: 'ConditionCheck', table, params: { TableName: table.name, Key: key, ...printCondition(condition) }, key };
}

function tableOf(action: TransactionAction): string | undefined {
  return Object.values(action)[0]?.table;
}

/** Each action checked and built; throws DataError naming the action (`actions[2]: …`). */
export async function planTransaction(client: DynamoDBClient, defaultTable: string, input: TransactionInput, signal: AbortSignal): Promise<TransactionPlan> {
  const actions: PlannedAction[] = [];
  for (const [index, action] of input.actions.entries()) {
    const where = `actions[${index}]`;
    const table = await tableInfo(client, tableOf(action) ?? defaultTable, signal);
    try {
      actions.push(planAction(action, table, where));
    } catch (error) {
      if (error instanceof DataError && !error.message.startsWith(where)) throw new DataError(error.kind, error.type, `${where}: ${error.message}`, error.details);
      throw error;
    }
  }
  const wire = { TransactItems: actions.map((action) => ({ [action.kind]: toWireRequest(action.params) })), ReturnConsumedCapacity: 'INDEXES' };
  return { actions, request: multiRequestView('TransactWriteItems', wire) };
}

/** What the item becomes once the action ran on `current`: null when it is deleted. */
export function afterOf(current: Item | undefined, action: PlannedAction): Item | null {
  const change = action.change!;
  if ('put' in change) return change.put;
  if ('delete' in change) return null;
  const next: Item = { ...(current ?? {}), ...action.key, ...change.set };
  for (const name of change.remove) delete next[name];
  return next;
}

export interface TransactionResult {
  readonly request: RequestView;
  /** One journal operation per table the transaction changed. */
  readonly journal: readonly { readonly table: string; readonly operationId?: string; readonly error?: string }[];
}

/** Sends the transaction; DynamoDB's refusal (TransactionCanceledException with its reasons) is thrown as it is. */
export async function runTransaction(context: ServerContext, connectionId: string, plan: TransactionPlan, signal: AbortSignal): Promise<TransactionResult> {
  const client = context.connections.get(connectionId).client;
  const writes = plan.actions.filter((action) => action.change !== undefined);
  const before = await Promise.all(
    writes.map(async (action) => (await sendRequest(client, 'GetItem', { TableName: action.table.name, Key: action.key, ConsistentRead: true }, signal)).Item),
  );
  await client.send(
    new TransactWriteItemsCommand({ TransactItems: plan.actions.map((action) => ({ [action.kind]: action.params })) as never, ReturnConsumedCapacity: 'INDEXES' }),
    { abortSignal: signal },
  );
  const byTable = new Map<string, ItemChange[]>();
  writes.forEach((action, index) => {
    const current = before[index];
    const after = afterOf(current, action);
    // Deleting an absent item changes nothing: nothing to record, as for a person's delete.
    if (current === undefined && after === null) return;
    const change: ItemChange = { key: itemToWire(action.key), before: wireOf(current) ?? null, after: after === null ? null : itemToWire(after) };
    byTable.set(action.table.name, [...(byTable.get(action.table.name) ?? []), change]);
  });
  const journal = [];
  for (const [table, changes] of byTable) {
    const receipt = await recordChanges(context, connectionId, table, 'transaction', changes);
    if (receipt !== undefined) journal.push({ table, ...receipt });
  }
  return { request: plan.request, journal };
}

