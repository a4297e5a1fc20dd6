/**
 * The model tools for an agent: design from access patterns in words, lint
 * (with fixes as model edits), cost, verify (on a private embedded engine, or
 * an exposed connection), diff against a live table, and generate the
 * data-access module. Each is the function the API's model routes call.
 */
import { fixModelText, verifyModel } from '@dynotable/core';
import { z } from 'zod';
import { modelToolError, readModel } from '../../api/tools/model-input.js';
import { codegenTool, costTool, designTool, lintTool, modelOfQuestions } from '../../api/tools/model-tools.js';
import { runVerifyJob } from '../../api/tools/verify-job.js';
import { jsonSafe } from '../../api/tools/json-safe.js';
import { embeddedEngineTarget } from '../../connections/verify-target.js';
import { diffModelTable } from '../../data/model-apply/table-diff.js';
import { DataError } from '../../data/errors.js';
import { clientSend } from '../../transfer/wire-send.js';
import { exposedConnection } from '../agent-connections.js';
import { anyObject, connectionField, modelText, tableField } from '../shapes.js';
import { defineTool } from '../tool.js';

const questions = z.array(z.string().min(1)).min(1).describe('Access patterns in words, e.g. "get a customer by customerId", "list orders of a customer by date"');

/** Verify's reports repeat sample items as expectedItem/actualItem; the raw records are left out. */
const VERIFY_DROP = new Set(['expected', 'actual']);

export const modelTools = [
  defineTool({
    name: 'design_model',
    title: 'Design a table from access patterns',
    description:
      "Designs keys and indexes from access patterns in words (questions), or for a model file's entities and patterns (model). Returns the model file text (YAML) to keep, each pattern's plan (GetItem/Query, index, why), the design decisions and any problems. Questions the grammar cannot read fail with what was understood.",
    input: { questions: questions.optional(), name: z.string().min(1).optional().describe("The model's name"), model: modelText.optional() },
    output: { yaml: z.string().describe('The designed model file'), mode: z.string(), plans: z.array(anyObject), decisions: z.array(anyObject), problems: z.array(anyObject) },
    run(_context, input) {
      if ((input.questions === undefined) === (input.model === undefined)) throw new DataError('invalid', 'ValidationException', 'give either questions or model, not both');
      const model = input.questions !== undefined ? modelOfQuestions(input.questions, input.name) : readModel(input.model!);
      const result = designTool(model, true) as ReturnType<typeof designTool> & { yaml: string };
      return { yaml: result.yaml, mode: result.mode, plans: result.plans as never, decisions: result.decisions as never, problems: result.problems as never };
    },
  }),
  defineTool({
    name: 'lint_model',
    title: 'Lint a model',
    description:
      'Checks a model against the lint rules (stale GSI keys, unpadded numbers, hot partitions, scans, …). Each finding has its fix in words and, when mechanical, as model edits (autofix.edits). With fix: true, also the model text with every mechanical fix applied.',
    input: { model: modelText, rules: z.array(z.string()).optional().describe('Only these rule ids'), fix: z.boolean().optional() },
    output: { findings: z.array(anyObject), summary: anyObject, fixedModel: z.string().optional(), applied: z.array(anyObject).optional() },
    run(_context, input) {
      const result = lintTool(readModel(input.model), input.rules);
      const base = { findings: result.findings as never, summary: result.summary as never };
      if (input.fix !== true) return base;
      try {
        const fixed = fixModelText(input.model, undefined, input.rules === undefined ? {} : { rules: input.rules });
        return { ...base, fixedModel: fixed.text, applied: fixed.applied as never };
      } catch (error) {
        throw modelToolError(error);
      }
    },
  }),
  defineTool({
    name: 'cost_model',
    title: 'Monthly cost of a model',
    description: "Each access pattern's and write path's cost per month at the model's rates, storage, capacity, totals, and the assumptions behind them.",
    input: { model: modelText },
    output: { report: anyObject },
    run: (_context, input) => ({ report: costTool(readModel(input.model), undefined, undefined).report as never }),
  }),
  defineTool({
    name: 'verify_model',
    title: 'Verify a model on a live engine',
    description:
      "Proves a model: creates its tables under a temporary prefix, writes sample items through the model's keys, runs every access pattern and compares the answers, then removes the tables. By default on a private in-memory embedded engine (nothing of the person's is touched); with connection, on that exposed connection (not AWS, not read-only).",
    input: {
      model: modelText,
      connection: connectionField.optional(),
      items: z.number().int().min(1).max(100_000).optional().describe('Sample items (default 1000)'),
      seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
    },
    output: { passed: z.boolean(), where: z.string(), report: anyObject },
    async run(context, input, signal) {
      const model = readModel(input.model);
      if (model.tables.length === 0) throw new DataError('invalid', 'InvalidModel', 'the model has no tables to verify');
      const options = { items: input.items ?? 1000, seed: input.seed ?? 1 };
      if (input.connection === undefined) {
        const engine = embeddedEngineTarget();
        try {
          const report = await verifyModel(model, engine, options);
          return { passed: report.passed, where: 'a private in-memory embedded engine', report: jsonSafe(report, VERIFY_DROP) as never };
        } finally {
          engine.close();
        }
      }
      const connection = exposedConnection(context, input.connection);
      if (context.readOnly || connection.info.safety === 'read-only') {
        throw new DataError('refused', 'ReadOnlyConnection', `Connection '${connection.info.name}' is read-only, and verify creates tables; verify on the embedded engine (leave out connection).`);
      }
      if (connection.info.kind === 'aws') {
        throw new DataError('refused', 'AwsVerifyRefused', 'Verify creates tables and writes items, which costs money on AWS; an agent verifies on the embedded engine (leave out connection), and a person runs `dynotable verify` against AWS.');
      }
      const report = (await runVerifyJob(model, connection.client, connection.info.kind, options, () => {}, signal)) as { passed: boolean };
      return { passed: report.passed, where: connection.info.name, report: report as never };
    },
  }),
  defineTool({
    name: 'diff_table',
    title: "Compare a model's table with a live table",
    description: "Each difference between the model's table and the live table in words, the UpdateTable requests that close what they can, and what needs a new table.",
    input: { model: modelText, connection: connectionField, table: tableField, modelTable: z.string().min(1).optional().describe("The model's table, when the model has several") },
    output: { table: z.string(), modelTable: z.string(), equal: z.boolean(), differences: z.array(anyObject), requests: z.array(anyObject), needsNewTable: z.array(z.string()) },
    async run(context, input) {
      const model = readModel(input.model);
      const connection = exposedConnection(context, input.connection);
      const comparison = await diffModelTable(clientSend(connection.client), { model, table: input.table, ...(input.modelTable !== undefined ? { modelTable: input.modelTable } : {}) }, connection.info.name);
      return comparison as never;
    },
  }),
  defineTool({
    name: 'generate_code',
    title: 'Generate the data-access module',
    description:
      "The typed TypeScript data-access module for a model (one function per access pattern and write path) and its integration test; with pattern, that one pattern's request as boto3 and AWS CLI snippets.",
    input: { model: modelText, pattern: z.string().min(1).optional() },
    output: { files: z.array(z.object({ fileName: z.string(), source: z.string() })).optional(), pattern: z.string().optional(), snippets: anyObject.optional() },
    run(_context, input) {
      const result = codegenTool(readModel(input.model), input.pattern);
      return result.files !== undefined ? { files: result.files.map((file) => ({ fileName: file.fileName, source: file.source })) } : { pattern: result.pattern, snippets: result.snippets as never };
    },
  }),
];

