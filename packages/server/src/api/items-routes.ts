/**
 * Items of a table: Query and Scan with every parameter, Get, Put, the minimal
 * optimistic UpdateItem, the transactional key change (move), Delete and batch
 * delete — and, for each write, a preview route that returns the exact
 * request and sends nothing (allowed on read-only connections).
 */
import type { CodegenParams } from '@dynotable/core';
import { clientOf, tableInPath, tableParam } from './path-params.js';
import { readPage, getItem } from '../data/items/read.js';
import { getParams, queryParams, scanParams } from '../data/items/read-requests.js';
import { getInput, queryInput, scanInput } from '../data/items/read-schemas.js';
import { minimalUpdate } from '../data/items/minimal-update.js';
import { moveRequest, sendMove } from '../data/items/move.js';
import { previewBatchDelete, previewUpdate } from '../data/items/previews.js';
import { deleteParams, putParams } from '../data/items/single-writes.js';
import { batchDeleteInput, deleteInput, moveInput, putInput, updateInput } from '../data/items/write-schemas.js';
import { deleteItem, putItem, updateItem } from '../data/items/writes.js';
import { requestView } from '../data/request-view.js';
import { journaledBatchDelete } from '../journal/batch-delete.js';
import { recordDelete, recordMove, recordPut, recordUpdate } from '../journal/record.js';
import type { TableShape } from '../data/table-description.js';
import type { ServerContext } from './context.js';
import { defineRoute, type Route, type RouteRequest } from './route.js';

const ITEMS = '/api/connections/:connectionId/tables/:table/items';

/** PutItem and DeleteItem take the same steps: the request built for the table, sent, then journaled. */
function singleWrite<I>(
  build: (table: TableShape, input: I) => CodegenParams,
  send: typeof putItem,
  record: typeof recordPut,
): (context: ServerContext, request: RouteRequest<I>) => ReturnType<typeof recordPut> {
  return async (context, { params, input, signal }) => {
    const { client, table } = await tableInPath(context, params, signal);
    const request = build(table, input);
    return record(context, params, table, request, await send(client, table, request, signal));
  };
}

export const itemRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/query`,
    input: queryInput,
    summary: 'Query a table or index: friendly text or DynamoDB expressions; a page of items with counts, consumed capacity and the exact request',
    handler: (context, { params, input, signal }) => readPage(clientOf(context, params), 'Query', queryParams(tableParam(params), input), signal, input.code !== false),
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/scan`,
    input: scanInput,
    summary: 'Scan a table or index (parallel segments too); a page of items with counts, consumed capacity and the exact request',
    handler: (context, { params, input, signal }) => readPage(clientOf(context, params), 'Scan', scanParams(tableParam(params), input), signal, input.code !== false),
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/get`,
    input: getInput,
    summary: 'Get one item by its key',
    handler: (context, { params, input, signal }) => getItem(clientOf(context, params), getParams(tableParam(params), input), signal),
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/put`,
    input: putInput,
    write: true,
    summary: 'Put an item (checked as DynamoDB would before sending), with an optional condition or ifNotExists',
    handler: singleWrite(putParams, putItem, recordPut),
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/update`,
    input: updateInput,
    write: true,
    summary: 'The minimal UpdateItem from the item as loaded and as edited, guarded so a concurrent change fails instead of being overwritten',
    async handler(context, { params, input, signal }) {
      const { client, table } = await tableInPath(context, params, signal);
      const update = minimalUpdate(table, input);
      return recordUpdate(context, params, table, update.changes, await updateItem(client, table, update, signal));
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/move`,
    input: moveInput,
    write: true,
    summary: "Change an item's key: one transaction deleting the old item (if unchanged) and putting the new one (if its key is free)",
    async handler(context, { params, input, signal }) {
      const { client, table } = await tableInPath(context, params, signal);
      const request = moveRequest(table, input);
      return recordMove(context, params, table, input.before, request, await sendMove(client, table, request, signal));
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/delete`,
    input: deleteInput,
    write: true,
    summary: 'Delete an item by its key, with an optional condition',
    handler: singleWrite(deleteParams, deleteItem, recordDelete),
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/batch-delete`,
    input: batchDeleteInput,
    write: true,
    summary: 'Delete many items by key, 25 per BatchWriteItem, retrying unprocessed ones; says exactly which keys were not deleted',
    async handler(context, { params, input, signal }) {
      const { client, table } = await tableInPath(context, params, signal);
      return journaledBatchDelete(context, params, client, table, input.keys, signal);
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/preview/put`,
    input: putInput,
    summary: 'The PutItem that /put would send (wire JSON and code); sends nothing',
    async handler(context, { params, input, signal }) {
      const { table } = await tableInPath(context, params, signal);
      return { request: requestView('PutItem', putParams(table, input)) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/preview/update`,
    input: updateInput,
    summary: 'The minimal UpdateItem that /update would send (wire JSON and code), or none when nothing changed; sends nothing',
    async handler(context, { params, input, signal }) {
      const { table } = await tableInPath(context, params, signal);
      return previewUpdate(minimalUpdate(table, input));
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/preview/move`,
    input: moveInput,
    summary: 'The TransactWriteItems that /move would send; sends nothing',
    async handler(context, { params, input, signal }) {
      const { table } = await tableInPath(context, params, signal);
      return { request: moveRequest(table, input).view };
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/preview/delete`,
    input: deleteInput,
    summary: 'The DeleteItem that /delete would send; sends nothing',
    async handler(context, { params, input, signal }) {
      const { table } = await tableInPath(context, params, signal);
      return { request: requestView('DeleteItem', deleteParams(table, input)) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${ITEMS}/preview/batch-delete`,
    input: batchDeleteInput,
    summary: 'The BatchWriteItem requests that /batch-delete would send; sends nothing',
    async handler(context, { params, input, signal }) {
      const { table } = await tableInPath(context, params, signal);
      return previewBatchDelete(table, input.keys);
    },
  }),
];
