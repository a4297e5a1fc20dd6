/**
 * The write journal over HTTP: recent operations (newest first, with their
 * items before and after) and undo — by operation id or the last N still in
 * effect — plus a preview that reads and writes nothing. See docs/journal.md.
 */
import { z } from 'zod';
import { confirmField } from '../http/write-safety.js';
import { sameTarget, targetOf } from '../journal/target.js';
import type { JournalOperationView, JournalTarget } from '../journal/types.js';
import { previewUndo, runUndo, type UndoSelection } from '../journal/undo-run.js';
import type { UndoDependencies } from '../journal/undo.js';
import type { WriteJournal } from '../journal/journal.js';
import type { ServerContext } from './context.js';
import { ApiError, defineRoute, type Route } from './route.js';

/** Per operation in a list; GET /api/journal/:operationId gives them all. */
const LISTED_CHANGES = 20;

const listInput = z.object({
  connectionId: z.string().min(1, 'connectionId: give a connection id, or leave it out for every connection').optional(),
  table: z.string().min(1).optional(),
  limit: z.coerce.number().int('limit is a whole number').min(1, 'limit is at least 1').max(500, 'limit is at most 500').optional(),
});

const selection = {
  connectionId: z.string({ message: 'give the connection to undo on (connectionId)' }).min(1),
  operationId: z.string().min(1).optional(),
  last: z.number({ message: 'last: give how many operations to undo' }).int('last is a whole number').min(1, 'last is at least 1').max(100, 'last is at most 100').optional(),
  table: z.string().min(1).optional(),
};

const oneChoice = (input: { operationId?: string | undefined; last?: number | undefined }) => input.operationId === undefined || input.last === undefined;
const oneChoiceMessage = { message: 'give operationId or last, not both' };

const undoInput = z.object({ ...selection, confirm: confirmField }).refine(oneChoice, oneChoiceMessage);
const previewInput = z.object(selection).refine(oneChoice, oneChoiceMessage);

function journalOf(context: ServerContext): WriteJournal {
  if (context.journal === undefined) throw new ApiError(400, 'JournalDisabled', 'This server keeps no write journal, so there is nothing to undo');
  return context.journal;
}

function targetOfConnection(context: ServerContext, journal: WriteJournal, connectionId: string): JournalTarget {
  return targetOf(context.connections.get(connectionId).info, journal.session);
}

function view(context: ServerContext, operation: JournalOperationView, changes: number) {
  const open = context.connections.list().find((info) => sameTarget(targetOf(info, context.journal!.session), operation.target));
  return {
    id: operation.id,
    time: operation.time,
    operation: operation.operation,
    table: operation.table,
    connection: operation.target,
    /** The open connection this operation can be undone on, if any. */
    ...(open !== undefined ? { openConnectionId: open.id } : {}),
    state: operation.state,
    undoable: operation.undoable && operation.state !== 'undone',
    itemCount: operation.changes.length,
    ...(operation.missing > 0 ? { missingItems: operation.missing } : {}),
    /** A bulk write journaled batch by batch: false while it runs, or when it was stopped (killed) part way. */
    ...(operation.ended !== undefined ? { ended: operation.ended } : {}),
    ...(operation.note !== undefined ? { note: operation.note } : {}),
    ...(operation.undoes !== undefined ? { undoes: operation.undoes } : {}),
    ...(operation.undoneBy.length > 0 ? { undoneBy: operation.undoneBy } : {}),
    changes: operation.changes.slice(0, changes),
    ...(operation.changes.length > changes ? { changesTruncated: true } : {}),
  };
}

/** What undoing (or previewing an undo) on a connection works with: its client, the journal, the connection's target. */
function undoDependencies(context: ServerContext, connectionId: string, signal: AbortSignal): UndoDependencies {
  const journal = journalOf(context);
  const connection = context.connections.get(connectionId);
  return { client: connection.client, journal, target: targetOf(connection.info, journal.session), signal };
}

function selectionOf(input: { operationId?: string | undefined; last?: number | undefined; table?: string | undefined }): UndoSelection {
  return { operationId: input.operationId, last: input.last, table: input.table };
}

export const journalRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/api/journal',
    input: listInput,
    summary: 'Recent writes from the journal, newest first (optionally of one connection and table), with each item before and after',
    async handler(context, { input }) {
      const journal = context.journal;
      if (journal === undefined) return { enabled: false, operations: [] };
      const target = input.connectionId === undefined ? undefined : targetOfConnection(context, journal, input.connectionId);
      const { operations, skipped } = await journal.operations({
        limit: input.limit ?? 50,
        ...(target !== undefined ? { target } : {}),
        ...(input.table !== undefined ? { table: input.table } : {}),
      });
      return {
        enabled: true,
        ...(journal.location !== undefined ? { file: journal.location } : {}),
        operations: operations.map((operation) => view(context, operation, LISTED_CHANGES)),
        ...(skipped > 0 ? { unreadableLines: skipped } : {}),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/journal/:operationId',
    input: z.object({}),
    summary: 'One journaled operation with every item before and after',
    async handler(context, { params }) {
      const journal = journalOf(context);
      const operation = await journal.operation(params['operationId'] ?? '');
      if (operation === undefined) throw new ApiError(404, 'OperationNotFound', `The journal has no operation '${params['operationId']}'`);
      return view(context, operation, Number.POSITIVE_INFINITY);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/journal/undo/preview',
    input: previewInput,
    summary: 'What an undo would do: each item as it is now (still as written, already reverted, or changed since) and the guarded writes; writes nothing',
    async handler(context, { input, signal }) {
      return { operations: await previewUndo(undoDependencies(context, input.connectionId, signal), selectionOf(input)) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/journal/undo',
    input: undoInput,
    write: true,
    summary: 'Undo a journaled operation (operationId) or the last N: each item restored only if unchanged since; refused items are named, and the undo is journaled',
    async handler(context, { input, signal }) {
      return runUndo(undoDependencies(context, input.connectionId, signal), selectionOf(input));
    },
  }),
];
