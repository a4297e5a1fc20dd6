/**
 * A model on a connection: the preview of its CreateTable requests (and which
 * of its tables exist already), the apply itself as a job (tables created,
 * sample items loaded and journaled), and the comparison of a model's table
 * with a live one. See docs/api.md, "Apply a model".
 */
import { planApply, type ApplyPlan, type Model } from '@dynotable/core';
import { z } from 'zod';
import { applyModel } from '../data/model-apply/apply.js';
import type { ApplyPreview } from '../data/model-apply/apply-types.js';
import { existingTables, tablesExistError } from '../data/model-apply/create-tables.js';
import { diffModelTable } from '../data/model-apply/table-diff.js';
import { confirmField } from '../http/write-safety.js';
import { clientSend, type WireSend } from '../transfer/wire-send.js';
import { ApiError, defineRoute, type Route } from './route.js';
import { modelField, modelToolError, readModel, sourceField } from './tools/model-input.js';

const planFields = {
  model: modelField,
  source: sourceField,
  prefix: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_.-]*$/, { message: 'a table name prefix holds only letters, digits, _ . and -' })
    .optional(),
  sample: z.number({ message: 'give the sample items per entity as a number' }).int().min(0).max(100_000, { message: 'at most 100000 sample items per entity here; load more with dynotable apply' }).optional(),
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
};

function readPlan(input: { model: string | Record<string, unknown>; source?: string | undefined; prefix?: string | undefined; sample?: number | undefined; seed?: number | undefined }): { model: Model; plan: ApplyPlan } {
  const model = readModel(input.model, input.source);
  let plan: ApplyPlan;
  try {
    plan = planApply(model, { prefix: input.prefix ?? '', sample: input.sample ?? 0, seed: input.seed ?? 1 });
  } catch (error) {
    throw modelToolError(error);
  }
  if (plan.tables.length === 0) throw new ApiError(400, 'InvalidModel', 'the model has no tables to create');
  const bad = plan.tables.find((table) => !/^[A-Za-z0-9_.-]{3,255}$/.test(table.name));
  if (bad !== undefined) throw new ApiError(400, 'ValidationException', `'${bad.name}' is not a table name DynamoDB accepts: 3 to 255 letters, digits, _ . or -`);
  return { model, plan };
}

/** How long the load may run between two turns of the event loop. */
const YIELD_EVERY_MS = 25;

/**
 * The embedded engine answers in process without waiting on I/O: the send
 * gives the event loop a turn now and then, so progress goes out and a
 * cancel comes in while the load runs.
 */
function turnTaking(send: WireSend): WireSend {
  let lastTurn = Date.now();
  return async (operation, input) => {
    if (Date.now() - lastTurn >= YIELD_EVERY_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      lastTurn = Date.now();
    }
    return send(operation, input);
  };
}

export const modelApplyRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/connections/:connectionId/apply/preview',
    input: z.object(planFields),
    summary: "What applying a model would do: every CreateTable request, the TTL and sample items of each table, and which of its tables exist already; sends nothing else",
    handler: async (context, { params, input }): Promise<ApplyPreview> => {
      const { plan } = readPlan(input);
      const connection = context.connections.get(params['connectionId']!);
      return { plan, existing: await existingTables(clientSend(connection.client), plan) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/connections/:connectionId/apply',
    input: z.object({ ...planFields, skipExisting: z.boolean().optional(), confirm: confirmField }),
    write: true,
    summary: "Start an apply job: the model's tables created and awaited until ACTIVE, then the sample items loaded (journaled: undo takes them back); refused when a table exists unless skipExisting",
    handler: async (context, { params, input }) => {
      const { model, plan } = readPlan(input);
      const connectionId = params['connectionId']!;
      const send = turnTaking(clientSend(context.connections.get(connectionId).client));
      const skipExisting = input.skipExisting === true;
      // Refused at once, before a job starts; the job checks again before it creates anything.
      const existing = await existingTables(send, plan);
      if (existing.length > 0 && !skipExisting) throw tablesExistError(existing);
      return context.jobs.start('apply', (report, signal) => applyModel({ model, plan, send, skipExisting, journal: { context, connectionId }, report, signal }));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/connections/:connectionId/tables/:table/diff',
    input: z.object({ model: modelField, source: sourceField, modelTable: z.string().min(1).optional() }),
    summary: "Compare a model's table with the live table: each difference in words, the UpdateTable requests that close what they can, and what needs a new table",
    handler: async (context, { params, input }) => {
      const model = readModel(input.model, input.source);
      const connection = context.connections.get(params['connectionId']!);
      return diffModelTable(clientSend(connection.client), { model, table: params['table']!, ...(input.modelTable !== undefined ? { modelTable: input.modelTable } : {}) }, connection.info.name);
    },
  }),
];
