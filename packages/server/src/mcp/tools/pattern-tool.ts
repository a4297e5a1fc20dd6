/**
 * run_access_pattern: one of the model's access patterns, by name, with its
 * parameters, on a live table. The model is the table's linked one (or the
 * text given); core plans the pattern and builds its exact request
 * (requestForPlan, as the workbench's pattern pane does), sent to the live
 * table through the same reads as the query tool.
 */
import { planAccessPattern, requestForPlan, type Model } from '@dynotable/core';
import { z } from 'zod';
import { readModel } from '../../api/tools/model-input.js';
import { DataError } from '../../data/errors.js';
import { getItem, readPage } from '../../data/items/read.js';
import { exposedConnection } from '../agent-connections.js';
import type { McpContext } from '../mcp-context.js';
import { connectionField, consumed, exactRequest, modelText, readEfficiencyField, tableField, wireItem } from '../shapes.js';
import { defineTool } from '../tool.js';
import { pageResult, SCAN_WARNING } from './table-tools.js';

function modelFor(context: McpContext, connection: ReturnType<typeof exposedConnection>, table: string, text: string | undefined): Model {
  if (text !== undefined) return readModel(text);
  const link = context.links.get(connection.info, table);
  if (link === undefined) {
    throw new DataError('invalid', 'ValidationException', `table ${table} is not linked to a model: give the model text in 'model', or link the table in the workbench`);
  }
  return readModel(link.model, link.name);
}

export const patternTool = defineTool({
  name: 'run_access_pattern',
  title: "Run a model's access pattern",
  description:
    "Runs one access pattern of the table's linked model (or of the model given) by name, with its parameters, on the live table: the plan's exact GetItem or Query, the items, the consumed capacity and the read efficiency. A pattern the model can only answer with a Scan needs scan: true and a limit.",
  input: {
    connection: connectionField,
    table: tableField,
    pattern: z.string().min(1).describe("The access pattern's name in the model"),
    parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional().describe('The pattern\'s parameters by name, e.g. {"customerId": "c-1"}'),
    model: modelText.optional().describe("The model's text; default: the model the table is linked to"),
    scan: z.literal(true).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  },
  output: {
    pattern: z.string(),
    operation: z.enum(['GetItem', 'Query', 'Scan']),
    why: z.string().describe('Why the plan answers the pattern with this operation'),
    request: exactRequest,
    items: z.array(wireItem),
    count: z.number(),
    scannedCount: z.number(),
    readEfficiency: readEfficiencyField,
    lastEvaluatedKey: wireItem.optional(),
    consumed,
    warning: z.string().optional(),
  },
  async run(context, input, signal) {
    const connection = exposedConnection(context, input.connection);
    const model = modelFor(context, connection, input.table, input.model);
    const spec = model.accessPatterns.find((pattern) => pattern.name === input.pattern);
    if (spec === undefined) {
      const names = model.accessPatterns.map((pattern) => pattern.name).join(', ');
      throw new DataError('invalid', 'ValidationException', `pattern: the model has no access pattern '${input.pattern}'; it has ${names || 'none'}`);
    }
    const plan = planAccessPattern(model, spec);
    const parameters = input.parameters ?? {};
    const missing = plan.parameters.filter((name) => parameters[name] === undefined);
    if (missing.length > 0) {
      throw new DataError('invalid', 'ValidationException', `parameters: pattern '${plan.pattern}' needs ${plan.parameters.join(', ')}; missing ${missing.join(', ')}`);
    }
    const { operation, params } = requestForPlan(model, plan, parameters);
    // The plan names the model's table; the request goes to the live one.
    const live = { ...params, TableName: input.table, ...(input.limit !== undefined ? { Limit: input.limit } : {}) };
    const head = { pattern: plan.pattern, why: plan.why };
    if (operation === 'GetItem') {
      const result = await getItem(connection.client, live, signal);
      const count = result.item === undefined ? 0 : 1;
      return { ...head, operation, request: { operation, wire: result.request.wire }, items: result.item === undefined ? [] : [result.item], count, scannedCount: count, readEfficiency: count === 0 ? null : 100, consumed: result.consumed };
    }
    if (operation === 'Scan' && (input.scan !== true || input.limit === undefined)) {
      throw new DataError('invalid', 'ValidationException', `pattern '${plan.pattern}' is answered by a Scan: pass scan: true and a limit to run it anyway (${SCAN_WARNING})`);
    }
    const page = pageResult(await readPage(connection.client, operation === 'Scan' ? 'Scan' : 'Query', live, signal, false), operation === 'Scan' ? SCAN_WARNING : undefined);
    return { ...head, ...page, operation: operation === 'Scan' ? ('Scan' as const) : ('Query' as const) };
  },
});
