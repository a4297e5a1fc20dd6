/**
 * The server routes of agents' staged writes (docs/agent-writes.md): the
 * review queue, one proposal with what approving sends, approve and reject,
 * and which connections are exposed to agents.
 */
import { apiGet, apiPost, apiPut, segment } from '../api/client.js';
import type { BillingMode, RequestView } from '../api/types.js';
import type { TableClass } from '../workbench/editor/item-cost.js';

// The server's own definitions of a proposal (no runtime code in that file).
import type { ProposalItemSides, ProposalKind, ProposalStatus, ProposalView, TransactionItemSides } from '../../../server/src/agents/proposal-types.js';

export type { ProposalKind, ProposalStatus };
export type Proposal = ProposalView;

export interface ProposalList {
  readonly proposals: readonly Proposal[];
  readonly pending: number;
}

type ItemSides = ProposalItemSides;

export interface ProposalDetail {
  readonly proposal: Proposal;
  readonly input: unknown;
  /** An item write's preview: `{ request }` (an update also `changed`); an apply's: `{ plan, existing }`. */
  readonly preview: {
    readonly request?: RequestView;
    readonly changed?: readonly string[];
    /** An apply: each table's CreateTable request, and the tables that exist already. */
    readonly plan?: { readonly tables: readonly { readonly name: string; readonly request: unknown }[] };
    readonly existing?: readonly string[];
  };
  readonly item?: ItemSides;
  /** A pending transaction: each action's item now and as the action leaves it. */
  readonly items?: readonly TransactionItemSides[];
  readonly table?: { readonly tableClass: TableClass; readonly billingMode: BillingMode };
}

const PROPOSALS = '/api/agents/proposals';

export const listProposals = (signal?: AbortSignal) => apiGet<ProposalList>(PROPOSALS, undefined, signal);
export const getProposal = (id: string, signal?: AbortSignal) => apiGet<ProposalDetail>(`${PROPOSALS}/${segment(id)}`, undefined, signal);
export const approveProposal = (id: string) => apiPost<{ proposal: Proposal }>(`${PROPOSALS}/${segment(id)}/approve`, {});
export const rejectProposal = (id: string, note: string) => apiPost<Proposal>(`${PROPOSALS}/${segment(id)}/reject`, note.trim() === '' ? {} : { note });

export interface ExposureList {
  readonly connections: readonly { readonly id: string; readonly name: string; readonly exposed: boolean }[];
}

export const listExposure = (signal?: AbortSignal) => apiGet<ExposureList>('/api/agents/exposure', undefined, signal);
export const setExposure = (connectionId: string, exposed: boolean) => apiPut<{ id: string; exposed: boolean }>(`/api/agents/exposure/${segment(connectionId)}`, { exposed });

/** The MCP endpoint's switch: on, where an agent connects and the endpoint's own token. */
export type McpState = { readonly enabled: false } | { readonly enabled: true; readonly url: string; readonly token: string };

export const getMcp = (signal?: AbortSignal) => apiGet<McpState>('/api/mcp', undefined, signal);
export const setMcp = (enabled: boolean) => apiPut<McpState>('/api/mcp', { enabled });
