/**
 * The journal's routes and the item routes over the embedded engine in
 * process, with a journal in memory (or the one given): the data harness's
 * connection and jobs, a context that carries the journal, and a caller that
 * validates inputs and maps errors as the API does.
 */
import { GetItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { itemFromWire, itemToWire, type WireItem } from '@dynotable/core';
import type { ServerContext } from '../../src/api/context.js';
import { itemRoutes } from '../../src/api/items-routes.js';
import { journalRoutes } from '../../src/api/journal-routes.js';
import type { HttpMethod, Route } from '../../src/api/route.js';
import { tableRoutes } from '../../src/api/tables-routes.js';
import { transferRoutes } from '../../src/api/transfer-routes.js';
import type { ErrorBody } from '../../src/http/error-mapping.js';
import { WriteJournal } from '../../src/journal/journal.js';
import { MemoryJournalStore } from '../../src/journal/store.js';
import { callRouteIn, CONNECTION, createHarness, failureOf, itemsPath, tablesPath, type Harness } from '../data/harness.js';

const ROUTES: readonly Route[] = [...tableRoutes, ...itemRoutes, ...transferRoutes, ...journalRoutes];

/** Calls a route's handler as the API would (input validated), with this context. */
export const callRoute = <T>(context: ServerContext, method: HttpMethod, path: string, input: unknown = {}): Promise<T> =>
  callRouteIn<T>(ROUTES, context, method, path, input);

export interface JournalHarness {
  readonly base: Harness;
  readonly context: ServerContext;
  readonly journal: WriteJournal;
  call<T = Record<string, unknown>>(method: HttpMethod, path: string, input?: unknown): Promise<T>;
  fail(method: HttpMethod, path: string, input?: unknown): Promise<ErrorBody & { status: number }>;
  /** The item at a key, read consistently, as wire JSON (undefined when absent). */
  item(table: string, key: WireItem): Promise<WireItem | undefined>;
  count(table: string): Promise<number>;
}

export function createJournalHarness(journal: WriteJournal = new WriteJournal(new MemoryJournalStore())): JournalHarness {
  const base = createHarness();
  const context: ServerContext = { ...base.context, journal };

  const call = <T>(method: HttpMethod, path: string, input: unknown = {}) => callRoute<T>(context, method, path, input);

  return {
    base,
    context,
    journal,
    call,
    fail: (method, path, input) => failureOf(call(method, path, input), method, path),
    async item(table, key) {
      const output = await base.client.send(new GetItemCommand({ TableName: table, Key: itemFromWire(key) as never, ConsistentRead: true }));
      return output.Item === undefined ? undefined : itemToWire(output.Item as never);
    },
    async count(table) {
      const output = await base.client.send(new ScanCommand({ TableName: table, Select: 'COUNT', ConsistentRead: true }));
      return output.Count ?? 0;
    },
  };
}

export { CONNECTION, itemsPath, tablesPath };

export async function createTable(h: JournalHarness, name: string, sortKey = true): Promise<void> {
  await h.call('POST', tablesPath, {
    name,
    partitionKey: { name: 'PK', type: 'S' },
    ...(sortKey ? { sortKey: { name: 'SK', type: 'S' } } : {}),
  });
}

export const undo = (h: JournalHarness, input: Record<string, unknown> = {}) => h.call<UndoAnswer>('POST', '/api/journal/undo', { connectionId: CONNECTION, ...input });

export interface UndoAnswer {
  operations: { operationId: string; outcome: string; reverted: number; alreadyReverted: number; notReverted: number; undoOperationId?: string; message: string; items: { key: WireItem; status: string; message?: string; guard?: string }[] }[];
  notTried: string[];
  message: string;
}
