/**
 * The review queue: writes proposed by coding agents, held until a person
 * approves or rejects each one. Kept in memory for the running server (a
 * restart forgets them; nothing was written for a pending one).
 *
 * Staging checks the write as its route would (the connection exposed to
 * agents, not read-only, the same input schema, the request built by the
 * route's preview, which sends nothing). Approving runs the route a person's
 * own edit takes — so it is sent, journaled and undoable in the same way —
 * after the route's write guard again. Rejecting writes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../api/context.js';
import { DataError } from '../data/errors.js';
import { tableInfo } from '../data/table-info.js';
import { refuseReadOnly } from '../http/write-safety.js';
import { mapError } from '../http/error-mapping.js';
import { checkProposedKey } from './key-check.js';
import { proposalDetail, type ProposalDetail } from './proposal-detail.js';
import { isStagedKind, PROPOSAL_ROUTES, type StagedKind } from './proposal-routes.js';
import type { ProposalQueue, ProposalView, ProposedWrite } from './proposal-types.js';
import { asDataError, inputError } from './route-errors.js';

/** Pending proposals at most: an agent in a loop cannot flood the queue. */
export const MAX_PENDING = 100;
/** Decided proposals kept for the agent to poll and the person to look back on; older ones are forgotten. */
const MAX_DECIDED = 200;

interface Proposal {
  view: ProposalView;
  readonly kind: StagedKind;
  /** The input as the route's schema read it. */
  readonly input: unknown;
  /** What the route's preview answered at staging: the exact request. */
  readonly preview: unknown;
}

export interface Approval {
  readonly proposal: ProposalView;
  /** The write route's answer (a failed write: none). */
  readonly result?: unknown;
}

/** A route's input carries the connection (and table) in its path. */
function pathOf(view: Pick<ProposalView, 'connection' | 'table'>): Record<string, string> {
  return { connectionId: view.connection, table: view.table };
}

function journalIdOf(result: unknown): string | undefined {
  const journal = (result as { journal?: { operationId?: unknown } } | null)?.journal;
  return typeof journal?.operationId === 'string' ? journal.operationId : undefined;
}

/** An apply runs as a job: its id says where to follow it. */
function jobNote(result: unknown): string | undefined {
  const job = result as { id?: unknown; kind?: unknown } | null;
  return typeof job?.id === 'string' && job.kind === 'apply' ? `started job ${job.id}; its sample items are journaled` : undefined;
}

export class ReviewQueue implements ProposalQueue {
  private readonly proposals = new Map<string, Proposal>();
  /** Approvals under way: a second click does not write twice. */
  private readonly approving = new Set<string>();

  /** The context is read when a proposal is staged or approved (the queue is part of it). */
  constructor(private readonly context: () => ServerContext) {}

  async stage(write: ProposedWrite, signal: AbortSignal = new AbortController().signal): Promise<ProposalView> {
    const context = this.context();
    if (!isStagedKind(write.kind)) {
      throw new DataError('invalid', 'UnsupportedProposal', `a ${write.kind} cannot be staged yet; propose each put, update or delete on its own`);
    }
    const connection = context.connections.get(write.connection).info;
    this.refuseUnexposed(write.connection, connection.name);
    const routes = PROPOSAL_ROUTES[write.kind];
    const params = pathOf(write);
    try {
      refuseReadOnly(routes.write, context, params, write.input);
    } catch (error) {
      throw asDataError(error);
    }
    const parsed = routes.write.input.safeParse(write.input);
    if (!parsed.success) throw inputError(parsed.error);
    let preview: unknown;
    try {
      preview = await routes.preview.handler(context, { params, input: parsed.data, signal });
    } catch (error) {
      throw asDataError(error);
    }
    if (write.kind !== 'apply-model') {
      const client = context.connections.get(write.connection).client;
      checkProposedKey(write.kind, parsed.data, await tableInfo(client, write.table, signal));
    }
    if (write.kind === 'update' && (preview as { request?: unknown }).request === undefined) {
      throw new DataError('invalid', 'ValidationException', 'nothing to write: after holds the same attributes as before');
    }
    if (this.pending().length >= MAX_PENDING) {
      throw new DataError('throttled', 'TooManyProposals', `${MAX_PENDING} proposals already wait for review; wait until a person approves or rejects some`);
    }
    const view: ProposalView = {
      id: randomUUID(),
      status: 'pending',
      kind: write.kind,
      connection: write.connection,
      table: write.table,
      ...(write.reason !== undefined ? { reason: write.reason } : {}),
      createdAt: new Date().toISOString(),
    };
    this.proposals.set(view.id, { view, kind: write.kind, input: parsed.data, preview });
    this.forgetOldDecided();
    return view;
  }

  get(id: string): ProposalView | undefined {
    return this.proposals.get(id)?.view;
  }

  /** Newest first. */
  list(): readonly ProposalView[] {
    return [...this.proposals.values()].map((proposal) => proposal.view).reverse();
  }

  /** The proposal with what a person reviews: the exact request, the item before and after, the table's pricing. */
  async detail(id: string, signal: AbortSignal): Promise<ProposalDetail> {
    const proposal = this.found(id);
    return proposalDetail(this.context(), proposal, signal);
  }

  /**
   * Runs the proposal through its write route. Refused (and left pending) when
   * the server or the connection is read-only now, or the connection is no
   * longer exposed; a write DynamoDB refuses marks it failed with the message.
   */
  async approve(id: string, signal: AbortSignal): Promise<Approval> {
    const proposal = this.undecided(id);
    const context = this.context();
    const routes = PROPOSAL_ROUTES[proposal.kind];
    const params = pathOf(proposal.view);
    const connection = context.connections.get(proposal.view.connection).info;
    this.refuseUnexposed(connection.id, connection.name);
    refuseReadOnly(routes.write, context, params, proposal.input);
    if (this.approving.has(id)) throw new DataError('conflict', 'ProposalInProgress', `proposal ${id} is being approved already`);
    this.approving.add(id);
    try {
      const result = await routes.write.handler(context, { params, input: proposal.input, signal });
      const journalId = journalIdOf(result);
      const note = jobNote(result);
      this.decide(proposal, { status: 'approved', ...(journalId !== undefined ? { journalId } : {}), ...(note !== undefined ? { message: note } : {}) });
      return { proposal: proposal.view, result };
    } catch (error) {
      const mapped = mapError(error);
      this.decide(proposal, { status: 'failed', message: mapped.unexpected ? 'the write failed; see the server log' : mapped.body.message });
      return { proposal: proposal.view };
    } finally {
      this.approving.delete(id);
    }
  }

  /** Nothing is written; the note, if any, is what the agent reads as the reason. */
  reject(id: string, note?: string): ProposalView {
    const proposal = this.undecided(id);
    if (this.approving.has(id)) throw new DataError('conflict', 'ProposalInProgress', `proposal ${id} is being approved; it cannot be rejected now`);
    this.decide(proposal, { status: 'rejected', ...(note !== undefined && note.trim() !== '' ? { message: note.trim() } : {}) });
    return proposal.view;
  }

  private refuseUnexposed(connectionId: string, name: string): void {
    if (this.context().agents?.isExposed(connectionId) === true) return;
    throw new DataError(
      'refused',
      'NotExposedToAgents',
      `Connection '${name}' is not exposed to agents. A person can switch on "Expose to agents" for it in the workbench; until then agents cannot use it.`,
    );
  }

  private found(id: string): Proposal {
    const proposal = this.proposals.get(id);
    if (proposal === undefined) throw new DataError('not-found', 'ProposalNotFound', `there is no proposal ${id} (proposals are kept while the server runs)`);
    return proposal;
  }

  private undecided(id: string): Proposal {
    const proposal = this.found(id);
    if (proposal.view.status !== 'pending') throw new DataError('conflict', 'ProposalDecided', `proposal ${id} is ${proposal.view.status} already`);
    return proposal;
  }

  private decide(proposal: Proposal, outcome: Pick<ProposalView, 'status' | 'message' | 'journalId'>): void {
    proposal.view = { ...proposal.view, ...outcome, decidedAt: new Date().toISOString() };
  }

  private pending(): Proposal[] {
    return [...this.proposals.values()].filter((proposal) => proposal.view.status === 'pending');
  }

  private forgetOldDecided(): void {
    const decided = [...this.proposals.values()].filter((proposal) => proposal.view.status !== 'pending');
    for (const proposal of decided.slice(0, Math.max(0, decided.length - MAX_DECIDED))) this.proposals.delete(proposal.view.id);
  }
}
