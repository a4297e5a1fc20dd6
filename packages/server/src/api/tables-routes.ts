/**
 * Tables of a connection: list with search, describe (with TTL and tags),
 * create, update, delete (the name typed to confirm) and purge (every item
 * deleted as a job with progress, the table kept).
 */
import { z } from 'zod';
import { clientOf, tableParam } from './path-params.js';
import { createTable } from '../data/tables/create.js';
import { deleteTable, requireConfirmName } from '../data/tables/delete.js';
import { describeTable } from '../data/tables/describe.js';
import { listTables } from '../data/tables/list.js';
import { confirmNameInput, createTableInput, listTablesInput, updateTableInput } from '../data/tables/schemas.js';
import { updateTable } from '../data/tables/update.js';
import { forgetTable, tableInfo } from '../data/table-info.js';
import { journaledPurge } from '../journal/purge.js';
import { defineRoute, type Route } from './route.js';

const TABLES = '/api/connections/:connectionId/tables';

export const tableRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: TABLES,
    input: listTablesInput,
    summary: 'List tables, filtered by a case-insensitive search, paged like ListTables; with details=true, each described',
    handler: (context, { params, input, signal }) => listTables(clientOf(context, params), input, signal),
  }),
  defineRoute({
    method: 'GET',
    path: `${TABLES}/:table`,
    input: z.object({}),
    summary: "Describe a table: DynamoDB's TableDescription, its TTL and its tags",
    handler: (context, { params, signal }) => describeTable(clientOf(context, params), tableParam(params), signal),
  }),
  defineRoute({
    method: 'POST',
    path: TABLES,
    input: createTableInput,
    write: true,
    summary: 'Create a table with its keys, GSIs, LSIs, projections, billing, class, tags and TTL',
    handler: (context, { params, input, signal }) => createTable(clientOf(context, params), input, signal),
  }),
  defineRoute({
    method: 'PATCH',
    path: `${TABLES}/:table`,
    input: updateTableInput,
    write: true,
    summary: 'Update billing and throughput, add or delete a GSI, change the class, deletion protection or TTL',
    handler: (context, { params, input, signal }) => updateTable(clientOf(context, params), tableParam(params), input, signal),
  }),
  defineRoute({
    method: 'DELETE',
    path: `${TABLES}/:table`,
    input: confirmNameInput,
    write: true,
    summary: "Delete a table; confirmName must be the table's name as the user typed it",
    handler(context, { params, input, signal }) {
      const table = tableParam(params);
      requireConfirmName(table, input.confirmName, 'delete this table');
      return deleteTable(clientOf(context, params), table, signal);
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${TABLES}/:table/purge`,
    input: confirmNameInput,
    write: true,
    summary: 'Delete every item and keep the table, as a job with progress; confirmName must be the table name',
    async handler(context, { params, input, signal }) {
      const name = tableParam(params);
      requireConfirmName(name, input.confirmName, 'delete every item of this table');
      const client = clientOf(context, params);
      forgetTable(client, name);
      const table = await tableInfo(client, name, signal);
      // The job outlives this request: it stops on its own signal (cancel), not the request's.
      const job = context.jobs.start('purge', (report, jobSignal) =>
        journaledPurge(context, params['connectionId'] ?? '', client, table, report, jobSignal),
      );
      return { job };
    },
  }),
];
