/**
 * Writes proposed by coding agents and the person's review of them
 * (docs/agent-writes.md): the queue, one proposal with what approving would
 * send, approve (a write route: `--read-only` refuses it), reject, staging
 * (the MCP tools stage through the same queue), and which connections are
 * exposed to agents.
 */
import { z } from 'zod';
import { ReviewQueue } from '../agents/proposal-queue.js';
import type { AgentExposure, ProposalKind } from '../agents/proposal-types.js';
import { DataError } from '../data/errors.js';
import { confirmField } from '../http/write-safety.js';
import type { ServerContext } from './context.js';
import { defineRoute, type Route } from './route.js';

const PROPOSALS = '/api/agents/proposals';
const KINDS = ['put', 'update', 'delete', 'transaction', 'apply-model'] as const satisfies readonly ProposalKind[];

function queueOf(context: ServerContext): ReviewQueue {
  if (context.proposals instanceof ReviewQueue) return context.proposals;
  throw new DataError('unsupported', 'AgentsUnavailable', 'this server keeps no review queue for agents’ writes');
}

function exposureOf(context: ServerContext): AgentExposure {
  if (context.agents !== undefined) return context.agents;
  throw new DataError('unsupported', 'AgentsUnavailable', 'this server does not expose connections to agents');
}

export const agentRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: PROPOSALS,
    input: z.object({}),
    summary: 'The writes agents proposed, newest first, with their status (pending, approved, rejected, failed) and how many wait',
    handler: async (context) => {
      const proposals = queueOf(context).list();
      return { proposals, pending: proposals.filter((proposal) => proposal.status === 'pending').length };
    },
  }),
  defineRoute({
    method: 'POST',
    path: PROPOSALS,
    input: z.object({
      connection: z.string().min(1),
      table: z.string(),
      kind: z.enum(KINDS),
      input: z.unknown(),
      reason: z.string().max(1000, 'keep the reason to one line (at most 1000 characters)').optional(),
    }),
    summary: 'Stage a write for a person to approve: checked as its route would check it (connection exposed to agents and not read-only, valid input); nothing is written',
    handler: (context, { input, signal }) => queueOf(context).stage(input, signal),
  }),
  defineRoute({
    method: 'GET',
    path: `${PROPOSALS}/:id`,
    input: z.object({}),
    summary: 'One proposal with what approving sends: the exact request, and for an item write the item before and after, as it is now, and the table’s billing for the cost',
    handler: (context, { params, signal }) => queueOf(context).detail(params['id'] ?? '', signal),
  }),
  defineRoute({
    method: 'POST',
    path: `${PROPOSALS}/:id/approve`,
    input: z.object({ confirm: confirmField }),
    write: true,
    summary: 'Run a pending proposal through the write route a person’s edit takes (journaled, undoable); a write DynamoDB refuses marks it failed with the message',
    handler: (context, { params, signal }) => queueOf(context).approve(params['id'] ?? '', signal),
  }),
  defineRoute({
    method: 'POST',
    path: `${PROPOSALS}/:id/reject`,
    input: z.object({ note: z.string().max(1000).optional() }),
    summary: 'Reject a pending proposal: nothing is written; the note is what the agent reads',
    handler: async (context, { params, input }) => queueOf(context).reject(params['id'] ?? '', input.note),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/agents/exposure',
    input: z.object({}),
    summary: 'Each open connection and whether it is exposed to agents (none is, at start)',
    handler: async (context) => {
      const agents = exposureOf(context);
      return { connections: context.connections.list().map((connection) => ({ id: connection.id, name: connection.name, exposed: agents.isExposed(connection.id) })) };
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/agents/exposure/:connectionId',
    input: z.strictObject({ exposed: z.boolean({ error: 'exposed: give true or false' }) }),
    summary: 'Expose a connection to agents, or stop: agents read and propose writes only on exposed connections',
    handler: async (context, { params, input }) => {
      const id = params['connectionId'] ?? '';
      exposureOf(context).setExposed(id, input.exposed);
      return { id, exposed: exposureOf(context).isExposed(id) };
    },
  }),
];
