/**
 * Which operations an undo request means (one by id, or the last N still in
 * effect on a connection), and running them newest first, stopping at the
 * first that cannot be fully reverted so that an older operation is never
 * reverted under a newer one that stayed.
 */
import { keyAttributes } from '../data/table-description.js';
import { DataError } from '../data/errors.js';
import { sdkToWire } from '../connections/sdk-shapes.js';
import type { WriteJournal } from './journal.js';
import { readItems } from './read-items.js';
import { describeTarget, sameTarget } from './target.js';
import type { JournalOperationView, JournalTarget } from './types.js';
import { tableOf, undoOperation, type OperationUndo, type UndoDependencies } from './undo.js';
import { keysToRead, planUndo } from './undo-plan.js';

export interface UndoSelection {
  readonly operationId?: string | undefined;
  /** The last N operations still in effect (undos themselves are skipped: undo one by id to redo). */
  readonly last?: number | undefined;
  readonly table?: string | undefined;
}

export async function selectOperations(journal: WriteJournal, target: JournalTarget, selection: UndoSelection): Promise<JournalOperationView[]> {
  if (selection.operationId !== undefined) {
    const found = await journal.operation(selection.operationId);
    if (found === undefined) throw new DataError('not-found', 'OperationNotFound', `The journal has no operation '${selection.operationId}'; GET /api/journal lists them`);
    if (!sameTarget(found.target, target)) {
      throw new DataError('invalid', 'WrongConnection', `Operation '${found.id}' was made on ${describeTarget(found.target)}, not on this connection (${describeTarget(target)}); undo it there`);
    }
    return [found];
  }
  const last = selection.last ?? 1;
  const { operations } = await journal.operations({ target, ...(selection.table !== undefined ? { table: selection.table } : {}) });
  const live = operations.filter((operation) => operation.undoable && operation.operation !== 'undo' && (operation.state === 'done' || operation.state === 'partly-undone'));
  if (live.length === 0) {
    throw new DataError('not-found', 'NothingToUndo', `The journal holds no write to undo on ${describeTarget(target)}${selection.table !== undefined ? ` in table ${selection.table}` : ''}`);
  }
  return live.slice(0, last);
}

export interface UndoRun {
  /** Each operation tried, newest first; the last one may be partial or refused. */
  readonly operations: OperationUndo[];
  /** Operations selected but not tried, because an earlier one was not fully reverted. */
  readonly notTried: string[];
  readonly message: string;
}

/** Reverts the selected operations; throws 409 ItemChangedSinceWrite when the first is refused (nothing was written). */
export async function runUndo(deps: UndoDependencies, selection: UndoSelection): Promise<UndoRun> {
  const selected = await selectOperations(deps.journal, deps.target, selection);
  const done: OperationUndo[] = [];
  for (const operation of selected) {
    const result = await undoOperation(deps, operation);
    if (result.outcome === 'refused' && done.length === 0) {
      throw new DataError('conflict', 'ItemChangedSinceWrite', result.message, { operations: [result], notTried: selected.slice(1).map((o) => o.id) });
    }
    done.push(result);
    if (result.outcome !== 'reverted') break;
  }
  const notTried = selected.slice(done.length).map((operation) => operation.id);
  const messages = done.map((result) => result.message);
  if (notTried.length > 0) messages.push(`Stopped there: ${notTried.length} older operation${notTried.length === 1 ? ' was' : 's were'} not tried (${notTried.join(', ')}).`);
  return { operations: done, notTried, message: messages.join(' ') };
}

export interface UndoPreview {
  readonly operationId: string;
  readonly operation: string;
  readonly table: string;
  readonly items: { key: Record<string, unknown>; verdict: string; reason?: string; guard?: string; writes: Record<string, unknown>[] }[];
}

/** What runUndo would do, from a read of the items now; writes nothing. */
export async function previewUndo(deps: UndoDependencies, selection: UndoSelection): Promise<UndoPreview[]> {
  const selected = await selectOperations(deps.journal, deps.target, selection);
  const previews: UndoPreview[] = [];
  for (const operation of selected) {
    const table = await tableOf(deps, operation);
    const keyNames = keyAttributes(table);
    const read = await readItems(deps.client, table.name, keyNames, keysToRead(operation.changes), { signal: deps.signal });
    const plan = planUndo(table.name, keyNames, operation.changes, read.items);
    previews.push({
      operationId: operation.id,
      operation: operation.operation,
      table: table.name,
      items: plan.map((item) => ({
        key: item.change.newKey ?? item.change.key,
        verdict: item.verdict,
        ...(item.reason !== undefined ? { reason: item.reason } : {}),
        ...(item.guard !== undefined ? { guard: item.guard } : {}),
        writes: item.actions.map((action) => sdkToWire(action)),
      })),
    });
  }
  return previews;
}
