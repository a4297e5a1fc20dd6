/**
 * PartiQL on a connection: the plan of a statement (sends nothing; allowed
 * read-only), a SELECT, and a write (INSERT/UPDATE/DELETE) — the write route
 * is a write like the item editor's: refused on read-only connections,
 * confirmed on confirm-writes ones, journaled with the item before and after.
 */
import { z } from 'zod';
import { clientOf } from './path-params.js';
import { tableInfo } from '../data/table-info.js';
import { clientSend } from '../transfer/wire-send.js';
import { planFor, runPlanned, type StatementTarget } from '../data/partiql/run-statement.js';
import type { StatementInput } from '../data/partiql/statement-shapes.js';
import { recordChanges } from '../journal/record.js';
import type { ServerContext } from './context.js';
import { ApiError, defineRoute, type Route } from './route.js';

const PARTIQL = '/api/connections/:connectionId/partiql';

const statementInput = z.object({
  statement: z.string().min(1, 'statement: give a PartiQL statement such as SELECT * FROM "Table" WHERE pk = ?'),
  parameters: z.array(z.unknown()).optional(),
  consistentRead: z.boolean().optional(),
  nextToken: z.string().optional(),
  confirm: z.boolean().optional(),
});

function targetOf(context: ServerContext, params: Readonly<Record<string, string>>): StatementTarget {
  const client = clientOf(context, params);
  return { send: clientSend(client), table: (name) => tableInfo(client, name) };
}

async function run(context: ServerContext, params: Readonly<Record<string, string>>, input: StatementInput, write: boolean) {
  const target = targetOf(context, params);
  const planned = await planFor(target, input);
  if (planned.view.write !== write) {
    throw new ApiError(
      400,
      'ValidationException',
      write
        ? `This statement is a ${planned.view.operation} read: send it to ${PARTIQL}/run.`
        : `This statement writes (${planned.view.operation}): send it to ${PARTIQL}/write, which asks for the same review and is journaled like every other write.`,
    );
  }
  const result = await runPlanned(target, planned, input);
  if (result.change === undefined) return result;
  const { operation, ...change } = result.change;
  const receipt = await recordChanges(context, params['connectionId'] ?? '', planned.table.name, operation, [change]);
  return receipt === undefined ? result : { ...result, journal: receipt };
}

export const partiqlRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: `${PARTIQL}/plan`,
    input: statementInput,
    summary: 'The plan of a PartiQL statement: the operation (GetItem, Query, Scan, or a write), the index, the cost, why a Scan and how to make it a Query, the exact requests; sends nothing',
    handler: async (context, { params, input }) => ({ plan: (await planFor(targetOf(context, params), input)).view }),
  }),
  defineRoute({
    method: 'POST',
    path: `${PARTIQL}/run`,
    input: statementInput,
    summary: 'Run a PartiQL SELECT as its plan\'s Query, GetItem or Scan: a page of items, the plan, consumed capacity and nextToken',
    handler: (context, { params, input }) => run(context, params, input, false),
  }),
  defineRoute({
    method: 'POST',
    path: `${PARTIQL}/write`,
    input: statementInput,
    write: true,
    summary: 'Run a PartiQL INSERT, UPDATE or DELETE as its PutItem, UpdateItem or DeleteItem; journaled with the item before and after',
    handler: (context, { params, input }) => run(context, params, input, true),
  }),
];
