/**
 * Tools on live tables: list the exposed connections and their tables,
 * describe a table with its linked model, get an item, Query with friendly
 * text, Scan (only when asked for explicitly, with a limit). Each calls the
 * data layer the workbench's routes call.
 */
import { z } from 'zod';
import { describeTable } from '../../data/tables/describe.js';
import { listTables } from '../../data/tables/list.js';
import { getItem, readPage } from '../../data/items/read.js';
import { getParams, queryParams, scanParams } from '../../data/items/read-requests.js';
import { readModel } from '../../api/tools/model-input.js';
import type { ReadPage } from '../../data/shapes.js';
import { agentView, exposedConnection, exposedConnections } from '../agent-connections.js';
import { anyObject, connectionField, consumed, exactRequest, readEfficiency, readEfficiencyField, tableField, wireItem } from '../shapes.js';
import { defineTool } from '../tool.js';

const connectionInfo = z.object({ id: z.string(), name: z.string(), kind: z.string(), safety: z.string(), endpoint: z.string().optional(), region: z.string().optional() });

const pageOutput = {
  request: exactRequest,
  items: z.array(wireItem),
  count: z.number(),
  scannedCount: z.number(),
  readEfficiency: readEfficiencyField,
  lastEvaluatedKey: wireItem.optional().describe('Send back as ExclusiveStartKey for the next page'),
  consumed,
};

/** The page as the agent gets it: the workbench's answer plus its read efficiency. */
export function pageResult(page: ReadPage, warning?: string) {
  return {
    request: { operation: page.request.operation, wire: page.request.wire },
    items: page.items,
    count: page.count,
    scannedCount: page.scannedCount,
    readEfficiency: readEfficiency(page.count, page.scannedCount),
    ...(page.lastEvaluatedKey !== undefined ? { lastEvaluatedKey: page.lastEvaluatedKey } : {}),
    consumed: page.consumed,
    ...(warning !== undefined ? { warning } : {}),
  };
}

const readOptions = {
  index: z.string().min(1).optional().describe('A GSI or LSI name'),
  limit: z.number().int().min(1).max(1000).optional().describe('At most this many items evaluated (DynamoDB Limit)'),
  consistentRead: z.boolean().optional(),
  exclusiveStartKey: wireItem.optional().describe("The previous page's lastEvaluatedKey"),
};

interface ReadFieldsInput {
  readonly filter?: string | undefined;
  readonly projection?: string | undefined;
  readonly index?: string | undefined;
  readonly limit?: number | undefined;
  readonly consistentRead?: boolean | undefined;
  readonly exclusiveStartKey?: unknown;
}

/** The fields a Query and a Scan share, from the tools' names to the request's. */
function readFields(input: ReadFieldsInput) {
  return {
    filter: input.filter,
    projection: input.projection,
    IndexName: input.index,
    Limit: input.limit,
    ConsistentRead: input.consistentRead,
    ExclusiveStartKey: input.exclusiveStartKey as never,
  };
}

export const SCAN_WARNING =
  'A Scan reads every item of the table (or index) up to the limit and is billed for all of them; a Query on a key or an index is usually what an access pattern needs.';

export const tableTools = [
  defineTool({
    name: 'list_connections',
    title: 'List connections',
    description: 'The connections a person exposed to agents, with their kind and safety mode (read-only, confirm-writes, full). Never credentials.',
    input: {},
    output: { connections: z.array(connectionInfo) },
    run: (context) => ({ connections: exposedConnections(context).map(agentView) }),
  }),
  defineTool({
    name: 'list_tables',
    title: 'List tables',
    description: "The tables of an exposed connection, each with its key schema, item count and billing mode; 'search' filters by name (case-insensitive).",
    input: { connection: connectionField, search: z.string().optional(), limit: z.number().int().min(1).max(1000).optional() },
    output: { tables: z.array(anyObject), lastEvaluatedTableName: z.string().optional() },
    async run(context, input, signal) {
      const { client } = exposedConnection(context, input.connection);
      const list = await listTables(client, { search: input.search, limit: input.limit, details: true }, signal);
      return { tables: list.tables as unknown as Record<string, unknown>[], ...(list.lastEvaluatedTableName !== undefined ? { lastEvaluatedTableName: list.lastEvaluatedTableName } : {}) };
    },
  }),
  defineTool({
    name: 'describe_table',
    title: 'Describe a table',
    description: "DynamoDB's TableDescription of a live table, its TTL and tags, and the model it is linked to (the model's access patterns can be run with run_access_pattern).",
    input: { connection: connectionField, table: tableField },
    output: {
      table: anyObject.describe("DynamoDB's TableDescription"),
      timeToLive: anyObject,
      tags: z.record(z.string(), z.string()).optional(),
      linkedModel: z
        .object({ name: z.string(), modelTable: z.string(), source: z.string(), model: z.string().describe('The model file text'), accessPatterns: z.array(z.string()) })
        .optional(),
    },
    async run(context, input, signal) {
      const connection = exposedConnection(context, input.connection);
      const details = await describeTable(connection.client, input.table, signal);
      const link = context.links.get(connection.info, input.table);
      let linkedModel;
      if (link !== undefined) {
        let patterns: string[] = [];
        try {
          patterns = readModel(link.model, link.name).accessPatterns.map((pattern) => pattern.name);
        } catch {
          // A link whose text no longer reads is still shown; its patterns are not.
        }
        linkedModel = { name: link.name, modelTable: link.modelTable, source: link.source, model: link.model, accessPatterns: patterns };
      }
      return {
        table: details.table as Record<string, unknown>,
        timeToLive: details.timeToLive as unknown as Record<string, unknown>,
        ...(details.tags !== undefined ? { tags: details.tags } : {}),
        ...(linkedModel !== undefined ? { linkedModel } : {}),
      };
    },
  }),
  defineTool({
    name: 'get_item',
    title: 'Get an item',
    description: 'GetItem by the full primary key (wire JSON). Returns the item (absent when there is none), the exact request and the consumed capacity.',
    input: { connection: connectionField, table: tableField, key: wireItem, consistentRead: z.boolean().optional(), projection: z.string().optional().describe('Friendly projection: attribute names separated by commas') },
    output: { item: wireItem.optional(), request: exactRequest, consumed },
    async run(context, input, signal) {
      const { client } = exposedConnection(context, input.connection);
      const result = await getItem(client, getParams(input.table, { Key: input.key as never, ConsistentRead: input.consistentRead, projection: input.projection }), signal);
      return { ...(result.item !== undefined ? { item: result.item } : {}), request: { operation: 'GetItem', wire: result.request.wire }, consumed: result.consumed };
    },
  }),
  defineTool({
    name: 'query',
    title: 'Query a table or index',
    description:
      'Query with friendly text: key = \'pk = "USER#1" and begins_with(sk, "ORDER#")\', filter = \'status = "open"\'. Names are written as they are and strings in double quotes; DynoTable allocates the placeholders. Returns the exact request, the items, the consumed capacity and the read efficiency. A bad expression fails with DynamoDB\'s own message.',
    input: {
      connection: connectionField,
      table: tableField,
      key: z.string().min(1).describe('The key condition in friendly text'),
      filter: z.string().optional().describe('A filter in friendly text'),
      projection: z.string().optional(),
      descending: z.boolean().optional().describe('ScanIndexForward: false'),
      ...readOptions,
    },
    output: pageOutput,
    async run(context, input, signal) {
      const { client } = exposedConnection(context, input.connection);
      const params = queryParams(input.table, { key: input.key, ...readFields(input), ...(input.descending === true ? { ScanIndexForward: false } : {}) });
      return pageResult(await readPage(client, 'Query', params, signal, false));
    },
  }),
  defineTool({
    name: 'scan',
    title: 'Scan a table or index',
    description: 'Scan: reads every item up to the limit. Only runs with scan: true and a limit; the result carries a warning. Prefer query.',
    input: {
      connection: connectionField,
      table: tableField,
      scan: z.literal(true, { message: 'a Scan reads the whole table: pass scan: true to say you mean it' }),
      limit: z.number().int().min(1).max(1000).describe('At most this many items evaluated'),
      filter: z.string().optional(),
      projection: z.string().optional(),
      index: z.string().min(1).optional(),
      consistentRead: z.boolean().optional(),
      exclusiveStartKey: wireItem.optional(),
    },
    output: { ...pageOutput, warning: z.string() },
    async run(context, input, signal) {
      const { client } = exposedConnection(context, input.connection);
      const params = scanParams(input.table, readFields(input));
      const page = await readPage(client, 'Scan', params, signal, false);
      return { ...pageResult(page), warning: SCAN_WARNING };
    },
  }),
];

