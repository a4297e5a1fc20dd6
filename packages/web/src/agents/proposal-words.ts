/** A proposal in words: what it does, and where its decision stands. */
import type { Proposal, ProposalKind, ProposalStatus } from './agents-api.js';

const KIND_WORDS: Record<ProposalKind, string> = {
  put: 'PutItem',
  update: 'UpdateItem',
  delete: 'DeleteItem',
  transaction: 'TransactWriteItems',
  'apply-model': 'Apply a model',
};

const STATUS_WORDS: Record<ProposalStatus, string> = {
  pending: 'waiting for review',
  approved: 'approved and written',
  rejected: 'rejected: nothing written',
  failed: 'approved, but the write failed: nothing written',
};

/** "UpdateItem on Leaderboard" */
export function proposalTitle(proposal: Proposal): string {
  return proposal.kind === 'apply-model' ? KIND_WORDS[proposal.kind] : `${KIND_WORDS[proposal.kind]} on ${proposal.table}`;
}

export function statusText(proposal: Proposal): string {
  return STATUS_WORDS[proposal.status];
}

/** What approving does, beside the diff (the editor's words for the same writes). */
export const KIND_EXPLANATIONS: Partial<Record<ProposalKind, string>> = {
  update:
    'A minimal UpdateItem: it writes only the changed attributes, on condition that the item exists and each of them still holds the value the agent read. If the item changed since, nothing is written and the proposal fails.',
  put: 'A PutItem of the whole item; without a condition it replaces an item with the same key.',
  delete: 'A DeleteItem of the item with this key.',
  transaction:
    'One TransactWriteItems: every action is written, or none is. Each action is built as the single write would be (an update only if the item still holds what the agent read).',
  'apply-model': "Creates the model's tables, then loads its sample items (journaled) as a job.",
};
