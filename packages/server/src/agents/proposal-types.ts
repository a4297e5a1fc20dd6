/**
 * Writes proposed by a coding agent (through `dynotable mcp`) are staged, not run:
 * a person approves or rejects each one in the workbench's review queue. These are
 * the types the MCP tools and the review queue share (docs/mcp.md).
 */
import type { WireItem } from '@dynotable/core';

/** What an agent may propose; `input` takes the same shape as the matching items or model-apply route. */
export type ProposalKind = 'put' | 'update' | 'delete' | 'transaction' | 'apply-model';

export interface ProposedWrite {
  readonly connection: string;
  readonly table: string;
  readonly kind: ProposalKind;
  readonly input: unknown;
  /** One line from the agent saying why, shown beside the diff. */
  readonly reason?: string;
}

export type ProposalStatus = 'pending' | 'approved' | 'rejected' | 'failed';

export interface ProposalView {
  readonly id: string;
  readonly status: ProposalStatus;
  readonly kind: ProposalKind;
  readonly connection: string;
  readonly table: string;
  readonly reason?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly decidedAt?: string;
  /** Failed: DynamoDB's or the check's message. Rejected: the person's note, if any. */
  readonly message?: string;
  /** Approved: the journal entry that can undo it. */
  readonly journalId?: string;
}

export interface ProposalQueue {
  /** Checks the write as the route would (connection exposed to agents, not read-only, valid input); throws DataError with a clear message otherwise. */
  stage(write: ProposedWrite): Promise<ProposalView>;
  get(id: string): ProposalView | undefined;
  list(): readonly ProposalView[];
}

/** Which connections a person has exposed to agents (none by default). */
export interface AgentExposure {
  isExposed(connectionId: string): boolean;
  setExposed(connectionId: string, exposed: boolean): void;
  exposedIds(): readonly string[];
}

/** An item write under review: the item before and after as the editor's diff shows them, and as it is now. */
export interface ProposalItemSides {
  readonly keyNames: readonly string[];
  readonly key: WireItem;
  /** The item the write starts from: an update's as the agent read it; a put's or a delete's as it is now. Absent: no item. */
  readonly before?: WireItem;
  /** Absent for a delete. */
  readonly after?: WireItem;
  /** The item as it is now (absent: no item has the key). */
  readonly current?: WireItem;
  /** An update whose item no longer holds `before`: approving it fails, and nothing is overwritten. */
  readonly changedSince: boolean;
}

/** One action of a transaction under review: its item as it is now and as the action leaves it. */
export interface TransactionItemSides {
  readonly table: string;
  readonly action: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  readonly keyNames: readonly string[];
  readonly key: WireItem;
  /** The item now; absent: no item has the key. */
  readonly current?: WireItem;
  /** What the action leaves; absent for a delete and a condition check (which writes nothing). */
  readonly after?: WireItem;
}
