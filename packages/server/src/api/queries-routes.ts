/**
 * A table's query history and saved queries (docs/workbench.md): the runs of
 * the workbench's panes, newest first, and queries kept under a name. Neither
 * is a write to the connection: read-only connections have them too (under
 * `--read-only` they stay in memory).
 */
import { z } from 'zod';
import type { QueryHistoryView, SavedQuery, SavedQueryList } from '../data/shapes.js';
import type { QueryNote } from '../queries/table-queries.js';
import type { ServerContext } from './context.js';
import { tableParam } from './path-params.js';
import { ApiError, defineRoute, type Route } from './route.js';

const TABLE = '/api/connections/:connectionId/tables/:table';
const NAME_LIMIT = 100;
const TEXT_LIMIT = 8_000;
/** The workbench's form of a pane: its fields as typed, small (a bound on what a run can add to the file). */
const PANE_LIMIT_BYTES = 16_000;

const text = z.string().max(TEXT_LIMIT, { message: `at most ${TEXT_LIMIT} characters` });
const whole = z.number().int().min(0).max(2 ** 31 - 1);

const recordedRead = z
  .object({
    operation: z.enum(['Query', 'Scan']),
    IndexName: z.string().min(3).max(255).optional(),
    key: text.optional(),
    filter: text.optional(),
    projection: text.optional(),
    ScanIndexForward: z.boolean().optional(),
    Limit: whole.min(1).optional(),
    ConsistentRead: z.boolean().optional(),
    Segment: whole.optional(),
    TotalSegments: whole.min(1).optional(),
  })
  .strict()
  .refine((read) => read.operation === 'Scan' || read.key !== undefined, { message: 'a Query needs its key condition in key', path: ['key'] });

const pane = z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= PANE_LIMIT_BYTES, { message: `the pane's fields take at most ${PANE_LIMIT_BYTES} characters` });

const noteInput = z.object({ request: recordedRead, pane: pane.optional() }).strict();

function connectionOf(context: ServerContext, params: Readonly<Record<string, string>>) {
  return context.connections.get(params['connectionId'] ?? '').info;
}

function nameParam(params: Readonly<Record<string, string>>): string {
  return params['name'] ?? '';
}

const savedName = z
  .string()
  .transform((name) => name.trim())
  .pipe(z.string().min(1, { message: 'give the query a name' }).max(NAME_LIMIT, { message: `a name has at most ${NAME_LIMIT} characters` }));

function note(input: z.infer<typeof noteInput>): QueryNote {
  return { request: input.request, ...(input.pane !== undefined ? { pane: input.pane } : {}) };
}

export const queryRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: `${TABLE}/history`,
    input: z.object({}),
    summary: "The table's query history: the last 100 queries and scans run in the workbench, newest first",
    handler: async (context, { params }): Promise<QueryHistoryView> => ({ entries: context.queries.history(connectionOf(context, params), tableParam(params)) }),
  }),
  defineRoute({
    method: 'POST',
    path: `${TABLE}/history`,
    input: noteInput,
    summary: 'Record a query or scan run in the workbench (the same request run again moves to the top)',
    handler: async (context, { params, input }): Promise<QueryHistoryView> => ({ entries: context.queries.recordRun(connectionOf(context, params), tableParam(params), note(input)) }),
  }),
  defineRoute({
    method: 'GET',
    path: `${TABLE}/saved-queries`,
    input: z.object({}),
    summary: "The table's saved queries, by name",
    handler: async (context, { params }): Promise<SavedQueryList> => ({ queries: context.queries.saved(connectionOf(context, params), tableParam(params)) }),
  }),
  defineRoute({
    method: 'GET',
    path: `${TABLE}/saved-queries/:name`,
    input: z.object({}),
    summary: 'One saved query (what a link to it opens)',
    handler: async (context, { params }): Promise<SavedQuery> => context.queries.find(connectionOf(context, params), tableParam(params), nameParam(params)),
  }),
  defineRoute({
    method: 'PUT',
    path: `${TABLE}/saved-queries/:name`,
    input: noteInput,
    summary: 'Save a query under a name (a query of that name is replaced)',
    handler: async (context, { params, input }): Promise<SavedQuery> => {
      const name = savedName.safeParse(nameParam(params));
      if (!name.success) throw new ApiError(400, 'ValidationException', `name: ${name.error.issues[0]?.message ?? 'not a valid name'}`);
      return context.queries.save(connectionOf(context, params), tableParam(params), name.data, note(input));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: `${TABLE}/saved-queries/:name`,
    input: z.object({}),
    summary: 'Delete a saved query',
    handler: async (context, { params }): Promise<SavedQueryList> => {
      const connection = connectionOf(context, params);
      const table = tableParam(params);
      context.queries.remove(connection, table, nameParam(params));
      return { queries: context.queries.saved(connection, table) };
    },
  }),
];
