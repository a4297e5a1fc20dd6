/**
 * Expressions and PartiQL for an agent: friendly text compiled to DynamoDB's
 * request fields by core (placeholders allocated, reserved words escaped; a
 * bad expression fails with DynamoDB's own message), and PartiQL statements
 * planned or run read-only through the data layer the workbench uses.
 */
import { compileFriendly, toWireRequest } from '@dynotable/core';
import { z } from 'zod';
import { DataError } from '../../data/errors.js';
import { planFor, runPlanned, type StatementTarget } from '../../data/partiql/run-statement.js';
import { tableInfo } from '../../data/table-info.js';
import { clientSend } from '../../transfer/wire-send.js';
import { exposedConnection } from '../agent-connections.js';
import type { McpContext } from '../mcp-context.js';
import { anyObject, connectionField, consumed, readEfficiency, readEfficiencyField, wireItem } from '../shapes.js';
import { defineTool } from '../tool.js';

const friendlyPart = (what: string) => z.string().min(1).optional().describe(what);

function targetOf(context: McpContext, connection: string): StatementTarget {
  const { client } = exposedConnection(context, connection);
  return { send: clientSend(client), table: (name) => tableInfo(client, name) };
}

const statementInput = {
  connection: connectionField,
  statement: z.string().min(1).describe('A PartiQL statement, e.g. SELECT * FROM "Orders" WHERE pk = ?'),
  parameters: z.array(z.unknown()).optional().describe('The ? values in order, as DynamoDB JSON ({"S": "a"})'),
};

export const expressionTools = [
  defineTool({
    name: 'compile_expression',
    title: 'Friendly expression text to request fields',
    description:
      'Compiles friendly expression text (names and literal values written as they are, strings in double quotes: status = "open" and size(tags) > 2) into DynamoDB\'s request fields: the expressions with #name and :value placeholders, ExpressionAttributeNames and ExpressionAttributeValues (wire JSON). A bad expression fails with DynamoDB\'s own ValidationException message.',
    input: {
      key: friendlyPart('A key condition: pk = "A" and begins_with(sk, "B#")'),
      filter: friendlyPart('A filter: status = "open"'),
      condition: friendlyPart('A condition: attribute_not_exists(pk)'),
      update: friendlyPart('An update: SET count = count + 1 REMOVE draft'),
      projection: friendlyPart('A projection: pk, title, tags[0]'),
    },
    output: {
      KeyConditionExpression: z.string().optional(),
      FilterExpression: z.string().optional(),
      ConditionExpression: z.string().optional(),
      UpdateExpression: z.string().optional(),
      ProjectionExpression: z.string().optional(),
      ExpressionAttributeNames: z.record(z.string(), z.string()).optional(),
      ExpressionAttributeValues: wireItem.optional(),
    },
    run(_context, input) {
      const parts = Object.fromEntries(Object.entries(input).filter(([, text]) => text !== undefined));
      if (Object.keys(parts).length === 0) throw new DataError('invalid', 'ValidationException', 'give at least one of key, filter, condition, update, projection');
      const wire = toWireRequest({ TableName: 'T', ...compileFriendly(parts) });
      delete wire['TableName'];
      return wire;
    },
  }),
  defineTool({
    name: 'partiql_check',
    title: 'Check a PartiQL statement',
    description:
      "Parses and plans a PartiQL statement without running it: which operation it becomes (GetItem, Query, Scan or a write), the index, its capacity, why a Scan and how to make it a Query, and the exact requests. A bad statement fails with DynamoDB's message.",
    input: statementInput,
    output: { plan: anyObject },
    async run(context, input) {
      const planned = await planFor(targetOf(context, input.connection), { statement: input.statement, parameters: input.parameters });
      return { plan: planned.view as never };
    },
  }),
  defineTool({
    name: 'partiql_run',
    title: 'Run a PartiQL SELECT',
    description: 'Runs a PartiQL SELECT as its plan\'s GetItem, Query or Scan: the items, the plan, the consumed capacity and the read efficiency. Read-only: a write statement is refused (propose the write with propose_put, propose_update or propose_delete).',
    input: { ...statementInput, nextToken: z.string().optional() },
    output: { plan: anyObject, items: z.array(wireItem), count: z.number(), scannedCount: z.number(), readEfficiency: readEfficiencyField, nextToken: z.string().optional(), consumed },
    async run(context, input) {
      const target = targetOf(context, input.connection);
      const statement = { statement: input.statement, parameters: input.parameters, nextToken: input.nextToken };
      const planned = await planFor(target, statement);
      if (planned.view.write) {
        throw new DataError('refused', 'WriteNotAllowed', `This statement writes (${planned.view.operation}); agents only read with PartiQL. Propose the write with propose_put, propose_update or propose_delete: a person reviews it in the workbench.`);
      }
      const result = await runPlanned(target, planned, statement);
      return {
        plan: result.plan as never,
        items: result.items,
        count: result.count,
        scannedCount: result.scannedCount,
        readEfficiency: readEfficiency(result.count, result.scannedCount),
        ...(result.nextToken !== undefined ? { nextToken: result.nextToken } : {}),
        consumed: result.consumed,
      };
    },
  }),
];
