/**
 * What the write routes call after a successful write: the item before and
 * after, from what the write already returned (ReturnValues ALL_OLD for put
 * and delete, ALL_NEW plus the changed attributes for update, the loaded and
 * edited items for a move). Each returns the route's result with a `journal`
 * receipt the UI can offer an undo with. A journal that cannot be written
 * does not fail a write that happened: the receipt says why instead.
 */
import { itemToWire, type CodegenParams, type Item, type WireItem } from '@dynotable/core';
import type { JournalContext } from './context.js';
import type { AttributeChange } from '../data/items/minimal-update.js';
import type { MoveRequest, MoveResult } from '../data/items/move.js';
import type { UpdateResult, WriteResult } from '../data/items/writes.js';
import { type TableShape } from '../data/table-description.js';
import { keyAttributes } from '../data/table-description.js';
import { readWireForWrite } from '../data/wire-input.js';
import { targetOf } from './target.js';
import type { WriteJournal } from './journal.js';
import type { ItemChange, JournalOperation, JournalTarget } from './types.js';

export type JournalReceipt = { readonly operationId: string } | { readonly error: string };

function connectionIdOf(params: Readonly<Record<string, string>>): string {
  return params['connectionId'] ?? '';
}

/** Records one operation; undefined when there is no journal or nothing changed. */
export async function recordChanges(
  context: JournalContext,
  connectionId: string,
  table: string,
  operation: JournalOperation,
  changes: readonly ItemChange[],
  extra: { readonly note?: string; readonly undoable?: boolean } = {},
): Promise<JournalReceipt | undefined> {
  const journal = context.journal;
  if (journal === undefined) return undefined;
  return recordTo(journal, () => targetOf(context.connections.get(connectionId).info, journal.session), table, operation, changes, extra);
}

/** The same without a server: a command that writes (the journal and the target are its own). */
export async function recordTo(
  journal: WriteJournal,
  target: () => JournalTarget,
  table: string,
  operation: JournalOperation,
  changes: readonly ItemChange[],
  extra: { readonly note?: string; readonly undoable?: boolean } = {},
): Promise<JournalReceipt | undefined> {
  if (changes.length === 0 && extra.note === undefined) return undefined;
  try {
    return { operationId: await journal.record({ target: target(), table, operation, changes, ...extra }) };
  } catch (error) {
    return { error: `the write was made but could not be recorded in the journal: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function withReceipt<T extends object>(result: T, receipt: JournalReceipt | undefined): T & { journal?: JournalReceipt } {
  return receipt === undefined ? result : { ...result, journal: receipt };
}

function keyOfItem(item: Item, table: TableShape): Item {
  return Object.fromEntries(keyAttributes(table).flatMap((name) => (item[name] === undefined ? [] : [[name, item[name]]])));
}

export async function recordPut(context: JournalContext, params: Readonly<Record<string, string>>, table: TableShape, request: CodegenParams, result: WriteResult) {
  const item = request.Item as Item;
  const change: ItemChange = { key: itemToWire(keyOfItem(item, table)), before: result.previous ?? null, after: itemToWire(item) };
  return withReceipt(result, await recordChanges(context, connectionIdOf(params), table.name, 'put', [change]));
}

export async function recordDelete(context: JournalContext, params: Readonly<Record<string, string>>, table: TableShape, request: CodegenParams, result: WriteResult) {
  // Nothing was there: nothing changed, nothing to undo.
  if (result.previous === undefined) return result;
  const change: ItemChange = { key: itemToWire(request.Key as Item), before: result.previous, after: null };
  return withReceipt(result, await recordChanges(context, connectionIdOf(params), table.name, 'delete', [change]));
}

/**
 * The item before an update, exactly: the item after (ALL_NEW) with each
 * changed attribute back at its loaded value — the write's condition
 * guaranteed those were the values it replaced.
 */
function itemBeforeUpdate(after: WireItem, changes: readonly AttributeChange[]): WireItem {
  const before: WireItem = { ...after };
  for (const change of changes) {
    if (change.before === undefined) delete before[change.name];
    else before[change.name] = itemToWire({ [change.name]: change.before })[change.name]!;
  }
  return before;
}

export async function recordUpdate(
  context: JournalContext,
  params: Readonly<Record<string, string>>,
  table: TableShape,
  changes: readonly AttributeChange[],
  result: UpdateResult,
) {
  if (result.item === undefined) return result;
  const change: ItemChange = {
    key: itemToWire(keyOfItem(readWireForWrite(result.item), table)),
    before: itemBeforeUpdate(result.item, changes),
    after: result.item,
  };
  return withReceipt(result, await recordChanges(context, connectionIdOf(params), table.name, 'update', [change]));
}

/** `before`: the item as loaded (what the move's guard checked). */
export async function recordMove(
  context: JournalContext,
  params: Readonly<Record<string, string>>,
  table: TableShape,
  before: Record<string, unknown>,
  request: MoveRequest,
  result: MoveResult,
) {
  const change: ItemChange = { key: result.oldKey, newKey: result.newKey, before: itemToWire(readWireForWrite(before)), after: itemToWire(request.item) };
  return withReceipt(result, await recordChanges(context, connectionIdOf(params), table.name, 'move', [change]));
}
