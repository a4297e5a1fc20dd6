/**
 * The model tools: parse, design, lint, cost, export, import, codegen, read a
 * question as it is typed — all pure, JSON in and out — and verify, a job
 * that proves a model on a connection. See docs/api.md, "Model tools".
 */
import { z } from 'zod';
import { confirmField } from '../http/write-safety.js';
import { EXPORT_FORMATS, MAX_ITEM_SIZE_BYTES } from '@dynotable/core';
import type { PriceOverride } from '@dynotable/core';
import { ApiError, defineRoute } from './route.js';
import type { Route } from './route.js';
import { modelField, readModel, sourceField } from './tools/model-input.js';
import { codegenTool, costTool, designTool, exportTool, importTool, lintTool, modelOfQuestions, parseTool, readQuestionTool } from './tools/model-tools.js';
import { runVerifyJob } from './tools/verify-job.js';

const classPrices = z
  .object({
    onDemandWritePerMillion: z.number().nonnegative(),
    onDemandReadPerMillion: z.number().nonnegative(),
    provisionedWriteUnitHour: z.number().nonnegative(),
    provisionedReadUnitHour: z.number().nonnegative(),
    storageGbMonth: z.number().nonnegative(),
  })
  .partial()
  .strict();

const prices = z
  .object({ asOf: z.string(), region: z.string(), currency: z.string(), source: z.string(), standard: classPrices, infrequentAccess: classPrices })
  .partial()
  .strict();

const questions = z.array(z.string().min(1, { message: 'a question cannot be empty' }), { message: 'give the questions as a list of strings' }).min(1, { message: 'give at least one question' });

export const modelRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/model/parse',
    input: z.object({ model: modelField, source: sourceField }),
    summary: 'Read a model (YAML/JSON text or an object): the normalised model and its lint findings, or every problem',
    handler: async (_context, { input }) => parseTool(readModel(input.model, input.source)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/model/design',
    input: z
      .object({ model: modelField.optional(), questions: questions.optional(), name: z.string().min(1).optional(), yaml: z.boolean().optional(), source: sourceField })
      .refine((input) => (input.model === undefined) !== (input.questions === undefined), { message: 'give either model or questions, not both' }),
    summary: 'Design keys for a model, or for a list of questions: the designed model (also as YAML), its plans, decisions and problems',
    handler: async (_context, { input }) => {
      const model = input.questions !== undefined ? modelOfQuestions(input.questions, input.name) : readModel(input.model!, input.source);
      // yaml: false leaves the file text out, for callers that design on every keystroke.
      return designTool(model, input.yaml !== false);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/model/lint',
    input: z.object({ model: modelField, rules: z.array(z.string()).optional(), source: sourceField }),
    summary: "Lint a model: findings with rule, severity, message and fix; a summary; and the rules' descriptions",
    handler: async (_context, { input }) => lintTool(readModel(input.model, input.source), input.rules),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/model/cost',
    input: z
      .object({
        model: modelField.optional(),
        prices: prices.optional(),
        itemBytes: z.number().int().min(1).max(MAX_ITEM_SIZE_BYTES, { message: `an item is at most ${MAX_ITEM_SIZE_BYTES} bytes` }).optional(),
        source: sourceField,
      })
      .refine((input) => input.model !== undefined || input.itemBytes !== undefined, { message: 'give a model, itemBytes (for the move-versus-index comparison), or both' }),
    summary: 'Monthly cost of a model (patterns, write paths, storage, capacity), and/or the status-move comparison for an item size',
    handler: async (_context, { input }) =>
      costTool(input.model === undefined ? undefined : readModel(input.model, input.source), input.prices as PriceOverride | undefined, input.itemBytes),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/model/export',
    input: z.object({
      model: modelField,
      format: z.enum([...EXPORT_FORMATS, 'yaml', 'json'], { message: `use one of ${[...EXPORT_FORMATS, 'yaml', 'json'].join(', ')}` }),
      source: sourceField,
    }),
    summary: 'A model as CloudFormation, CDK, Terraform, NoSQL Workbench JSON, or DynoTable YAML/JSON: file name, text, and what the format loses',
    handler: async (_context, { input }) => exportTool(readModel(input.model, input.source), input.format),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/model/import',
    input: z.object({ text: z.string({ message: 'give the file content as text' }), format: z.enum(['nosql-workbench', 'dynotable']).optional(), source: sourceField }),
    summary: 'Read a NoSQL Workbench model (or a DynoTable model file): the model, as YAML too, and warnings',
    handler: async (_context, { input }) => importTool(input.text, input.format, input.source),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/model/codegen',
    input: z.object({ model: modelField, pattern: z.string().min(1).optional(), source: sourceField }),
    summary: 'The typed data-access module and its integration test, or one access pattern as boto3 and AWS CLI snippets',
    handler: async (_context, { input }) => codegenTool(readModel(input.model, input.source), input.pattern),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/model/read-question',
    input: z.object({ question: z.string({ message: 'give the question as text' }), model: modelField.optional(), order: z.string().optional(), source: sourceField }),
    summary: 'How a question in words reads (for live feedback while typing): its meaning, or what was understood and which words were not',
    handler: async (_context, { input }) =>
      readQuestionTool(input.question, input.model === undefined ? undefined : readModel(input.model, input.source), input.order),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/connections/:connectionId/verify',
    input: z.object({
      model: modelField,
      items: z.number().int().min(1).max(1_000_000, { message: 'at most 1000000 items' }).optional(),
      seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
      keep: z.boolean().optional(),
      source: sourceField,
      confirm: confirmField,
    }),
    write: true,
    summary: "Start a verify job: the model's tables under a temporary prefix, sample items, every access pattern run and checked; the result is the report",
    handler: async (context, { params, input }) => {
      const model = readModel(input.model, input.source);
      if (model.tables.length === 0) throw new ApiError(400, 'InvalidModel', 'the model has no tables to verify');
      const connection = context.connections.get(params['connectionId']!);
      const options = { ...(input.items !== undefined ? { items: input.items } : {}), ...(input.seed !== undefined ? { seed: input.seed } : {}), keep: input.keep === true };
      return context.jobs.start('verify', (report, signal) => runVerifyJob(model, connection.client, connection.info.kind, options, report, signal));
    },
  }),
];
