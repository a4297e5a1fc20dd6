/**
 * Undo: reverts journaled operations, newest first, each item with a write
 * guarded by "still exactly as the write left it". Nothing is half-done
 * silently:
 *
 * - every item is read first; if one changed since, the operation is refused
 *   and nothing of it is written (the refusal names each such item);
 * - up to 100 writes go in one TransactWriteItems (all or nothing);
 * - beyond that the writes go one by one, and the result lists each item as
 *   reverted, already reverted, changed since (its guard refused) or not
 *   attempted (after an error).
 *
 * The undo is journaled like any write, so it can be undone in turn.
 */
import { DeleteItemCommand, PutItemCommand, TransactWriteItemsCommand, type DynamoDBClient, type TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { itemSize, MAX_TRANSACTION_BYTES, MAX_TRANSACTION_ITEMS, type WireItem } from '@dynotable/core';
import { addConsumed, consumedOf, NOTHING_CONSUMED, type Consumed } from '../data/consumed.js';
import { tableInfo } from '../data/table-info.js';
import { keyAttributes, type TableShape } from '../data/table-description.js';
import { DataError } from '../data/errors.js';
import { describeKey } from './describe.js';
import type { GuardKind } from './guard.js';
import type { WriteJournal } from './journal.js';
import { readItems } from './read-items.js';
import type { JournalOperationView, JournalTarget } from './types.js';
import { keysToRead, planUndo, reverseChange, type PlannedItem, type UndoAction } from './undo-plan.js';

type ItemUndoStatus = 'reverted' | 'already-reverted' | 'changed-since' | 'failed' | 'not-attempted';

interface ItemUndo {
  /** Where the item is now (a moved item: its new key). */
  readonly key: WireItem;
  readonly status: ItemUndoStatus;
  readonly message?: string;
  /** What the guard compared: every attribute, or (large items) less — see docs/journal.md. */
  readonly guard?: GuardKind;
}

export interface OperationUndo {
  readonly operationId: string;
  readonly operation: string;
  readonly table: string;
  /** reverted: every item is as before; refused: nothing was written; partial: see `items`. */
  readonly outcome: 'reverted' | 'refused' | 'partial';
  readonly reverted: number;
  readonly alreadyReverted: number;
  readonly notReverted: number;
  readonly items: ItemUndo[];
  /** The undo's own journal entry (undo it to redo). */
  readonly undoOperationId?: string;
  readonly journalError?: string;
  readonly message: string;
  readonly consumed: Consumed;
}

const TRANSACTION_ACTIONS = MAX_TRANSACTION_ITEMS;
/** DynamoDB allows 4 MB per transaction; 3.5 MB leaves room, as items are counted twice (the item and its guard's values). */
const TRANSACTION_BYTES = (MAX_TRANSACTION_BYTES * 7) / 8;

export interface UndoDependencies {
  readonly client: DynamoDBClient;
  readonly journal: WriteJournal;
  /** The connection the undo writes to, for its own journal entry. */
  readonly target: JournalTarget;
  readonly signal?: AbortSignal;
}

function sizeOf(action: UndoAction): number {
  const body = 'Put' in action ? action.Put : action.Delete;
  const item = (body['Item'] ?? body['Key']) as Parameters<typeof itemSize>[0];
  const values = (body['ExpressionAttributeValues'] ?? {}) as Parameters<typeof itemSize>[0];
  return itemSize(item) + itemSize(values);
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Writes the planned reverts; fills `status` for each item. */
async function write(deps: UndoDependencies, plan: readonly PlannedItem[], status: Map<PlannedItem, { status: ItemUndoStatus; message?: string }>, tableClass: Parameters<typeof consumedOf>[2]): Promise<Consumed> {
  const toRevert = plan.filter((item) => item.verdict === 'revert');
  const actions = toRevert.flatMap((item) => item.actions);
  let consumed = NOTHING_CONSUMED;
  if (actions.length === 0) return consumed;
  const signal = deps.signal;
  if (actions.length > 1 && actions.length <= TRANSACTION_ACTIONS && actions.reduce((sum, action) => sum + sizeOf(action), 0) <= TRANSACTION_BYTES) {
    try {
      const output = await deps.client.send(new TransactWriteItemsCommand({ TransactItems: actions as never, ReturnConsumedCapacity: 'INDEXES' }), { abortSignal: signal });
      consumed = consumedOf(output.ConsumedCapacity, 'write', tableClass);
      for (const item of toRevert) status.set(item, { status: 'reverted' });
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') throw error;
      const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
      let index = 0;
      for (const item of toRevert) {
        const own = reasons.slice(index, index + item.actions.length);
        index += item.actions.length;
        const failed = own.find((reason) => reason.Code !== undefined && reason.Code !== 'None');
        if (failed === undefined) status.set(item, { status: 'not-attempted', message: 'not written: the transaction was cancelled because of another item' });
        else if (failed.Code === 'ConditionalCheckFailed') status.set(item, { status: 'changed-since', message: `the item ${describeKey(item.change.newKey ?? item.change.key)} changed while the undo ran` });
        else status.set(item, { status: 'failed', message: `${failed.Code}${failed.Message ? `: ${failed.Message}` : ''}` });
      }
    }
    return consumed;
  }
  let stopped: string | undefined;
  for (const item of toRevert) {
    if (stopped !== undefined) {
      status.set(item, { status: 'not-attempted', message: `not attempted: an earlier write failed (${stopped})` });
      continue;
    }
    try {
      if (item.actions.length > 1) {
        const output = await deps.client.send(new TransactWriteItemsCommand({ TransactItems: item.actions as never, ReturnConsumedCapacity: 'INDEXES' }), { abortSignal: signal });
        consumed = addConsumed(consumed, consumedOf(output.ConsumedCapacity, 'write', tableClass));
      } else {
        const action = item.actions[0]!;
        const output =
          'Put' in action
            ? await deps.client.send(new PutItemCommand({ ...action.Put, ReturnConsumedCapacity: 'INDEXES' } as never), { abortSignal: signal })
            : await deps.client.send(new DeleteItemCommand({ ...action.Delete, ReturnConsumedCapacity: 'INDEXES' } as never), { abortSignal: signal });
        consumed = addConsumed(consumed, consumedOf(output.ConsumedCapacity, 'write', tableClass));
      }
      status.set(item, { status: 'reverted' });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException') {
        status.set(item, { status: 'changed-since', message: `the item ${describeKey(item.change.newKey ?? item.change.key)} changed while the undo ran` });
      } else {
        stopped = errorText(error);
        status.set(item, { status: 'failed', message: stopped });
      }
    }
  }
  return consumed;
}

function summary(operation: JournalOperationView, outcome: OperationUndo['outcome'], counts: { reverted: number; already: number; not: number }, missing: number, reasons: readonly string[]): string {
  const what = `${operation.operation} ${operation.id} on ${operation.table}`;
  const lost = missing > 0 ? ` ${missing} item${missing === 1 ? ' was' : 's were'} never recorded (the journal was cut short), so ${missing === 1 ? 'it is' : 'they are'} not undone.` : '';
  if (outcome === 'refused') return `Undo of ${what} refused; nothing was written: ${reasons.join('; ')}.${lost}`;
  const done = `${counts.reverted} item${counts.reverted === 1 ? '' : 's'} reverted` + (counts.already > 0 ? `, ${counts.already} already as before` : '');
  if (outcome === 'reverted') return `Undid ${what}: ${done}.${lost}`;
  return `Undo of ${what} done in part: ${done}; ${counts.not} not reverted (listed in items).${lost}`;
}

/** The operation's table; a table deleted since is said in words. */
export async function tableOf(deps: UndoDependencies, operation: JournalOperationView): Promise<TableShape> {
  try {
    return await tableInfo(deps.client, operation.table, deps.signal);
  } catch (error) {
    if (error instanceof Error && error.name === 'ResourceNotFoundException') {
      throw new DataError('invalid', 'ResourceNotFoundException', `Requested resource not found: the table ${operation.table} of ${operation.operation} ${operation.id} is not on this connection (deleted since?); nothing was undone`);
    }
    throw error;
  }
}

/** Reverts one operation. Refusals before any write come back as outcome 'refused' (the caller decides how to answer). */
export async function undoOperation(deps: UndoDependencies, operation: JournalOperationView): Promise<OperationUndo> {
  if (!operation.undoable) {
    throw new DataError('invalid', 'NotUndoable', `${operation.operation} ${operation.id} cannot be undone${operation.note !== undefined ? `: ${operation.note}` : ''}`);
  }
  if (operation.state === 'undone') {
    throw new DataError('conflict', 'AlreadyUndone', `${operation.operation} ${operation.id} on ${operation.table} was already undone (by ${operation.undoneBy.join(', ')}); undo that to redo it`);
  }
  const table = await tableOf(deps, operation);
  const keyNames = keyAttributes(table);
  const read = await readItems(deps.client, table.name, keyNames, keysToRead(operation.changes), { tableClass: table.tableClass, signal: deps.signal });
  const plan = planUndo(table.name, keyNames, operation.changes, read.items);
  const status = new Map<PlannedItem, { status: ItemUndoStatus; message?: string }>();
  let consumed = read.consumed;
  const refused = plan.filter((item) => item.verdict === 'changed-since');
  if (refused.length === 0) consumed = addConsumed(consumed, await write(deps, plan, status, table.tableClass));
  const items: ItemUndo[] = plan.map((item) => {
    const key = item.change.newKey ?? item.change.key;
    const guard = item.guard !== undefined ? { guard: item.guard } : {};
    if (item.verdict === 'already-reverted') return { key, status: 'already-reverted' };
    if (item.verdict === 'changed-since') return { key, status: 'changed-since', message: `${item.reason!}; not reverted` };
    const done = status.get(item) ?? { status: 'not-attempted' as const, message: 'not attempted: other items of this operation changed since' };
    return { key, ...done, ...guard };
  });
  const reverted = items.filter((item) => item.status === 'reverted').length;
  const already = items.filter((item) => item.status === 'already-reverted').length;
  const not = items.length - reverted - already;
  const outcome: OperationUndo['outcome'] = not === 0 ? 'reverted' : reverted === 0 ? 'refused' : 'partial';
  const counts = { reverted, already, not };
  let journal: { undoOperationId?: string; journalError?: string } = {};
  if (outcome !== 'refused' || reverted > 0) {
    const changes = plan.filter((item) => status.get(item)?.status === 'reverted').map((item) => reverseChange(item.change));
    try {
      const id = await deps.journal.record({
        target: deps.target,
        table: table.name,
        operation: 'undo',
        changes,
        undoable: changes.length > 0,
        undoes: operation.id,
        complete: not === 0 && operation.missing === 0,
        note: `undo of ${operation.operation} ${operation.id}`,
      });
      journal = { undoOperationId: id };
    } catch (error) {
      journal = { journalError: `the undo was made but could not be recorded in the journal: ${errorText(error)}` };
    }
  }
  return {
    operationId: operation.id,
    operation: operation.operation,
    table: table.name,
    outcome,
    reverted,
    alreadyReverted: already,
    notReverted: not,
    items,
    ...journal,
    message: summary(operation, outcome, counts, operation.missing, items.filter((item) => item.status === 'changed-since' || item.status === 'failed').map((item) => item.message!)),
    consumed,
  };
}

