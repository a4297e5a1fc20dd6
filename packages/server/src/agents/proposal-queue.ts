/**
 * The review queue: writes proposed by coding agents, held until a person
 * approves or rejects each one. Kept in memory for the running server (a
 * restart forgets them; nothing was written for a pending one).
 *
 * Staging checks the write as its route would (the connection exposed to
 * agents, not read-only, the same input schema, the request built by the
 * route's preview, which sends nothing). Approving runs the route a person's
 * own edit takes — so it is sent, journaled and undoable in the same way —
 * after the route's write guard again. A transaction, which no route of a
 * person's takes, is built from the same builders (transaction.ts).
 * Rejecting writes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../api/context.js';
import { DataError } from '../data/errors.js';
import { tableInfo } from '../data/table-info.js';
import { refuseReadOnly } from '../http/write-safety.js';
import { mapError } from '../http/error-mapping.js';
import { checkProposedKey } from './key-check.js';
import { proposalDetail, type ProposalDetail } from './proposal-detail.js';
import { guardRouteOf, PROPOSAL_ROUTES, type RoutedKind } from './proposal-routes.js';
import type { ProposalKind, ProposalQueue, ProposalView, ProposedWrite } from './proposal-types.js';
import { planTransaction, runTransaction, type TransactionPlan, type TransactionResult } from './transaction.js';
import { transactionInput } from './transaction-input.js';
import { asDataError, inputError } from './route-errors.js';

/** Pending proposals at most: an agent in a loop cannot flood the queue. */
export const MAX_PENDING = 100;
/** Decided proposals kept for the agent to poll and the person to look back on; older ones are forgotten. */
const MAX_DECIDED = 200;

interface Staged {
  /** The input as the route's schema read it. */
  readonly input: unknown;
  /** What the route's preview answered at staging: the exact request. */
  readonly preview: unknown;
  /** A transaction: the TransactWriteItems built at staging, sent as reviewed. */
  readonly plan?: TransactionPlan;
}

interface Proposal extends Staged {
  view: ProposalView;
  readonly kind: ProposalKind;
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

/** The journal entry of an item write, or of a transaction (one per table it changed); an apply's job. */
function outcomeOf(result: unknown): Pick<ProposalView, 'journalId' | 'message'> {
  const single = (result as { journal?: { operationId?: unknown } } | null)?.journal;
  if (single !== undefined && !Array.isArray(single)) return typeof single.operationId === 'string' ? { journalId: single.operationId } : {};
  if (Array.isArray(single)) {
    const receipts = single as TransactionResult['journal'];
    const first = receipts.find((receipt) => receipt.operationId !== undefined)?.operationId;
    const note = receipts.length > 1 ? { message: `journaled per table: ${receipts.map((receipt) => `${receipt.table} (${receipt.operationId ?? receipt.error ?? 'not recorded'})`).join(', ')}` } : {};
    return { ...(first !== undefined ? { journalId: first } : {}), ...note };
  }
  const job = result as { id?: unknown; kind?: unknown } | null;
  return typeof job?.id === 'string' && job.kind === 'apply' ? { message: `started job ${job.id}; its sample items are journaled` } : {};
}

export class ReviewQueue implements ProposalQueue {
  private readonly proposals = new Map<string, Proposal>();
  /** Approvals under way: a second click does not write twice. */
  private readonly approving = new Set<string>();

  /** The context is read when a proposal is staged or approved (the queue is part of it). */
  constructor(private readonly context: () => ServerContext) {}

  async stage(write: ProposedWrite, signal: AbortSignal = new AbortController().signal): Promise<ProposalView> {
    const context = this.context();
    const connection = context.connections.get(write.connection);
    this.refuseUnexposed(write.connection, connection.info.name);
    try {
      refuseReadOnly(guardRouteOf(write.kind), context, pathOf(write), write.input);
    } catch (error) {
      throw asDataError(error);
    }
    const staged = write.kind === 'transaction' ? await this.checkedTransaction(write, signal) : await this.checkedRouteWrite(write, write.kind, signal);
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
    this.proposals.set(view.id, { view, kind: write.kind, ...staged });
    this.forgetOldDecided();
    return view;
  }

  /** The route's schema, the key against the table, then the route's preview (which builds the request and sends nothing). */
  private async checkedRouteWrite(write: ProposedWrite, kind: RoutedKind, signal: AbortSignal): Promise<Staged> {
    const context = this.context();
    const routes = PROPOSAL_ROUTES[kind];
    const parsed = routes.write.input.safeParse(write.input);
    if (!parsed.success) throw inputError(parsed.error);
    let preview: unknown;
    try {
      preview = await routes.preview.handler(context, { params: pathOf(write), input: parsed.data, signal });
      if (kind !== 'apply-model') checkProposedKey(kind, parsed.data, await tableInfo(context.connections.get(write.connection).client, write.table, signal));
    } catch (error) {
      throw asDataError(error);
    }
    if (kind === 'update' && (preview as { request?: unknown }).request === undefined) {
      throw new DataError('invalid', 'ValidationException', 'nothing to write: after holds the same attributes as before');
    }
    return { input: parsed.data, preview };
  }

  private async checkedTransaction(write: ProposedWrite, signal: AbortSignal): Promise<Staged> {
    const parsed = transactionInput.safeParse(write.input);
    if (!parsed.success) throw inputError(parsed.error);
    try {
      const plan = await planTransaction(this.context().connections.get(write.connection).client, write.table, parsed.data, signal);
      return { input: parsed.data, preview: { request: plan.request }, plan };
    } catch (error) {
      throw asDataError(error);
    }
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
    const params = pathOf(proposal.view);
    const connection = context.connections.get(proposal.view.connection).info;
    this.refuseUnexposed(connection.id, connection.name);
    refuseReadOnly(guardRouteOf(proposal.kind), context, params, proposal.input);
    if (this.approving.has(id)) throw new DataError('conflict', 'ProposalInProgress', `proposal ${id} is being approved already`);
    this.approving.add(id);
    try {
      const result =
        proposal.plan !== undefined
          ? await runTransaction(context, connection.id, proposal.plan, signal)
          : await PROPOSAL_ROUTES[proposal.kind as RoutedKind].write.handler(context, { params, input: proposal.input, signal });
      this.decide(proposal, { status: 'approved', ...outcomeOf(result) });
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
