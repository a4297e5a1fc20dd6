/**
 * Writes an agent proposes: none runs here. Each tool checks that the
 * connection is exposed, then stages the write in the workbench's review
 * queue (context.proposals), where a person sees its diff, exact request and
 * cost and approves or rejects it; the agent polls proposal_status. Over
 * stdio the queue is the data folder's, which a workbench on that folder
 * reviews; without one (`dynotable mcp --in-memory`) they refuse.
 */
import { z } from 'zod';
import { readModel } from '../../api/tools/model-input.js';
import type { ProposalKind, ProposalQueue, ProposalStatus, ProposalView } from '../../agents/proposal-types.js';
import { DataError } from '../../data/errors.js';
import { transactionInput } from '../../agents/transaction-input.js';
import { deleteInput, putInput, updateInput } from '../../data/items/write-schemas.js';
import { exposedConnection } from '../agent-connections.js';
import type { McpContext } from '../mcp-context.js';
import { connectionField, modelText, tableField } from '../shapes.js';
import { defineTool } from '../tool.js';

const reason = z.string().min(1).max(500).optional().describe('One line saying why, shown to the person beside the diff');

const proposalOutput = {
  id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'failed'] satisfies ProposalStatus[]),
  kind: z.string(),
  connection: z.string(),
  table: z.string(),
  reason: z.string().optional(),
  createdAt: z.string(),
  decidedAt: z.string().optional(),
  message: z.string().optional(),
  journalId: z.string().optional(),
  next: z.string().optional(),
};

const NEXT = 'Staged, not written: a person approves or rejects it in the workbench\'s review queue. Poll proposal_status with this id.';

function queueOf(context: McpContext): ProposalQueue {
  if (context.proposals === undefined) {
    throw new DataError(
      'refused',
      'WritesNeedReview',
      "Writes proposed by an agent wait for a person's approval in the workbench, and `dynotable mcp --in-memory` keeps no review queue. " +
        "Start it with --data <the workbench's data folder> (or without --in-memory, for the default folder) so a workbench on that folder reviews them, connect to the workbench's MCP endpoint instead (dynotable --mcp), or ask the person to make the change.",
    );
  }
  return context.proposals;
}

async function stage(context: McpContext, kind: ProposalKind, connection: string, table: string, input: unknown, why: string | undefined): Promise<ProposalView & { next: string }> {
  const queue = queueOf(context);
  exposedConnection(context, connection);
  const view = await queue.stage({ connection, table, kind, input, ...(why !== undefined ? { reason: why } : {}) });
  return { ...view, next: NEXT };
}

const { Item, ifNotExists, condition, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = putInput.shape;

export const writeTools = [
  defineTool({
    name: 'propose_put',
    title: 'Propose a PutItem',
    description: `Proposes putting an item (wire JSON), with an optional condition in friendly text or ifNotExists. ${NEXT}`,
    input: { connection: connectionField, table: tableField, Item, ifNotExists, condition, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues, reason },
    output: proposalOutput,
    readOnly: false,
    run: (context, { connection, table, reason: why, ...input }) => stage(context, 'put', connection, table, input, why),
  }),
  defineTool({
    name: 'propose_update',
    title: 'Propose an UpdateItem',
    description: `Proposes changing an item: its key, the item as you read it (before, from get_item) and as it should be (after). The workbench sends the minimal UpdateItem, guarded so a change made meanwhile fails instead of being overwritten. ${NEXT}`,
    input: { connection: connectionField, table: tableField, ...updateInput.shape, reason },
    output: proposalOutput,
    readOnly: false,
    run: (context, { connection, table, reason: why, ...input }) => stage(context, 'update', connection, table, input, why),
  }),
  defineTool({
    name: 'propose_delete',
    title: 'Propose a DeleteItem',
    description: `Proposes deleting an item by its key (wire JSON), with an optional condition. ${NEXT}`,
    input: { connection: connectionField, table: tableField, ...deleteInput.shape, reason },
    output: proposalOutput,
    readOnly: false,
    run: (context, { connection, table, reason: why, ...input }) => stage(context, 'delete', connection, table, input, why),
  }),
  defineTool({
    name: 'propose_transaction',
    title: 'Propose a TransactWriteItems',
    description: `Proposes a transaction of up to 100 actions on tables of one connection, all or nothing: each is {"put": body} | {"update": body} | {"delete": body} | {"conditionCheck": {Key, condition}}, each body as propose_put / propose_update / propose_delete take it (wire JSON), with "table" to name another table than the proposal's. ${NEXT}`,
    input: { connection: connectionField, table: tableField, actions: transactionInput.shape.actions, reason },
    output: proposalOutput,
    readOnly: false,
    run: (context, { connection, table, reason: why, actions }) => stage(context, 'transaction', connection, table, { actions }, why),
  }),
  defineTool({
    name: 'propose_apply_model',
    title: 'Propose applying a model',
    description: `Proposes creating a model's tables (and optionally loading sample items) on a connection. ${NEXT}`,
    input: {
      connection: connectionField,
      model: modelText,
      prefix: z.string().max(200).regex(/^[A-Za-z0-9_.-]*$/).optional().describe('A prefix for the table names'),
      sample: z.number().int().min(0).max(100_000).optional().describe('Sample items per entity'),
      seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
      skipExisting: z.boolean().optional(),
      reason,
    },
    output: proposalOutput,
    readOnly: false,
    run(context, { connection, reason: why, ...input }) {
      const model = readModel(input.model);
      const tables = model.tables.map((table) => `${input.prefix ?? ''}${table.name}`).join(', ');
      return stage(context, 'apply-model', connection, tables, input, why);
    },
  }),
  defineTool({
    name: 'proposal_status',
    title: "A proposal's status",
    description: "Where a proposed write stands: pending (waiting for a person), approved (written; journalId can undo it), rejected (with the person's note) or failed (with DynamoDB's message).",
    input: { id: z.string().min(1) },
    output: proposalOutput,
    run(context, input) {
      const view = queueOf(context).get(input.id);
      if (view === undefined) throw new DataError('not-found', 'ProposalNotFound', `There is no proposal '${input.id}' (proposals are kept in the data folder, or while the workbench runs on one in memory; old decided ones are forgotten).`);
      return view;
    },
  }),
];
