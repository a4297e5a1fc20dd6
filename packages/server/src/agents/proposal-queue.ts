/**
 * The review queue: writes proposed by coding agents, held until a person
 * approves or rejects each one. Kept in a ProposalStore (proposal-store.ts):
 * in memory without a data folder, else one file per proposal in the data
 * folder, so a pending proposal outlives a restart, and a `dynotable mcp` on
 * that folder stages into the queue the workbench shows (the workbench reads
 * the folder again whenever the queue is asked for).
 *
 * Staging checks the write as its route would (the connection exposed to
 * agents, not read-only, the same input schema, the request built by the
 * route's preview, which sends nothing). Approving runs the route a person's
 * own edit takes — so it is sent, journaled and undoable in the same way —
 * after the route's write guard again. A transaction, which no route of a
 * person's takes, is built from the same builders (transaction.ts).
 * Rejecting writes nothing. What the preview built is kept in memory; a
 * proposal read from the folder (staged by another process, or before a
 * restart) has it built again, by the same checks, when it is reviewed.
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
import type { ProposalQueue, ProposalView, ProposedWrite } from './proposal-types.js';
import { connectionKey } from './connection-key.js';
import { MemoryProposalStore, type ProposalStore, type StoredProposal } from './proposal-store.js';
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

/** A stored proposal as this process sees it: the connection by its id here, and what its preview built. */
interface Proposal extends Staged {
  readonly view: ProposalView;
  readonly stored: StoredProposal;
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
  /** What each proposal's preview built, by id: made at staging, or again when one read from the folder is reviewed. */
  private readonly staged = new Map<string, Staged>();
  /** Approvals under way: a second click does not write twice. */
  private readonly approving = new Set<string>();

  /**
   * The context is read when a proposal is staged or approved (the queue is
   * part of it). `reviewedHere` false: a `dynotable mcp`, which stages and
   * reads statuses while a workbench on the same folder reviews.
   */
  constructor(
    private readonly context: () => ServerContext,
    private readonly store: ProposalStore = new MemoryProposalStore(),
    private readonly reviewedHere = true,
  ) {}

  async stage(write: ProposedWrite, signal: AbortSignal = new AbortController().signal): Promise<ProposalView> {
    const context = this.context();
    const connection = context.connections.get(write.connection);
    this.refuseUnexposed(write.connection, connection.info.name);
    const key = connectionKey(connection.info);
    if (key === undefined && !this.reviewedHere) {
      throw new DataError(
        'refused',
        'WritesNeedReview',
        `Connection '${write.connection}' is this session's engine in memory: no workbench can see it, so a write proposed on it could never be reviewed. ` +
          'Propose on a connection the workbench opens too (dynotable mcp --data <the workbench\'s data folder>, --endpoint or --profile), or ask the person to make the change.',
      );
    }
    try {
      refuseReadOnly(guardRouteOf(write.kind), context, pathOf(write), write.input);
    } catch (error) {
      throw asDataError(error);
    }
    const staged = write.kind === 'transaction' ? await this.checkedTransaction(write, signal) : await this.checkedRouteWrite(write, write.kind, signal);
    if (this.store.all().filter((proposal) => proposal.status === 'pending').length >= MAX_PENDING) {
      throw new DataError('throttled', 'TooManyProposals', `${MAX_PENDING} proposals already wait for review; wait until a person approves or rejects some`);
    }
    const stored: StoredProposal = {
      id: randomUUID(),
      status: 'pending',
      kind: write.kind,
      connection: write.connection,
      ...(key !== undefined ? { connectionKey: key } : {}),
      stagedBy: process.pid,
      table: write.table,
      ...(write.reason !== undefined ? { reason: write.reason } : {}),
      createdAt: new Date().toISOString(),
      input: staged.input,
      preview: staged.preview,
    };
    this.store.save(stored);
    this.staged.set(stored.id, staged);
    this.forgetOldDecided();
    return this.viewOf(stored);
  }

  /** The route's schema, the key against the table, then the route's preview (which builds the request and sends nothing). */
  private async checkedRouteWrite(write: Omit<ProposedWrite, 'kind'>, kind: RoutedKind, signal: AbortSignal): Promise<Staged> {
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

  private async checkedTransaction(write: Omit<ProposedWrite, 'kind'>, signal: AbortSignal): Promise<Staged> {
    const parsed = transactionInput.safeParse(write.input);
    if (!parsed.success) throw inputError(parsed.error);
    try {
      const plan = await planTransaction(this.context().connections.get(write.connection).client, write.table, parsed.data, signal);
      return { input: parsed.data, preview: { request: plan.request }, plan };
    } catch (error) {
      throw asDataError(error);
    }
  }

  /** Read from the store each time: a decision made by another process shows. */
  get(id: string): ProposalView | undefined {
    const stored = this.store.read(id);
    return stored === undefined ? undefined : this.viewOf(stored);
  }

  /** Newest first; read from the store each time, so proposals another process staged appear. */
  list(): readonly ProposalView[] {
    return this.store
      .all()
      .map((stored) => this.viewOf(stored))
      .reverse();
  }

  /** The proposal with what a person reviews: the exact request, the item before and after (each action's, for a transaction), the table's pricing. */
  async detail(id: string, signal: AbortSignal): Promise<ProposalDetail> {
    const proposal = await this.found(id, signal);
    return proposalDetail(this.context(), { ...proposal, kind: proposal.stored.kind }, signal);
  }

  /**
   * Runs the proposal through its write route. Refused (and left pending) when
   * the server or the connection is read-only now, or the connection is no
   * longer exposed; a write DynamoDB refuses marks it failed with the message.
   */
  async approve(id: string, signal: AbortSignal): Promise<Approval> {
    this.undecided(this.storedOf(id));
    if (this.approving.has(id)) throw new DataError('conflict', 'ProposalInProgress', `proposal ${id} is being approved already`);
    this.approving.add(id);
    try {
      const proposal = await this.found(id, signal);
      this.undecided(proposal.stored);
      const context = this.context();
      const params = pathOf(proposal.view);
      const connection = context.connections.get(proposal.view.connection).info;
      this.refuseUnexposed(connection.id, connection.name);
      refuseReadOnly(guardRouteOf(proposal.stored.kind), context, params, proposal.input);
      try {
        const result =
          proposal.plan !== undefined
            ? await runTransaction(context, connection.id, proposal.plan, signal)
            : await PROPOSAL_ROUTES[proposal.stored.kind as RoutedKind].write.handler(context, { params, input: proposal.input, signal });
        return { proposal: this.decide(proposal.stored, { status: 'approved', ...outcomeOf(result) }), result };
      } catch (error) {
        const mapped = mapError(error);
        return { proposal: this.decide(proposal.stored, { status: 'failed', message: mapped.unexpected ? 'the write failed; see the server log' : mapped.body.message }) };
      }
    } finally {
      this.approving.delete(id);
    }
  }

  /** Nothing is written; the note, if any, is what the agent reads as the reason. */
  reject(id: string, note?: string): ProposalView {
    const stored = this.undecided(this.storedOf(id));
    if (this.approving.has(id)) throw new DataError('conflict', 'ProposalInProgress', `proposal ${id} is being approved; it cannot be rejected now`);
    return this.decide(stored, { status: 'rejected', ...(note !== undefined && note.trim() !== '' ? { message: note.trim() } : {}) });
  }

  private refuseUnexposed(connectionId: string, name: string): void {
    if (this.context().agents?.isExposed(connectionId) === true) return;
    throw new DataError(
      'refused',
      'NotExposedToAgents',
      `Connection '${name}' is not exposed to agents. A person can switch on "Expose to agents" for it in the workbench; until then agents cannot use it.`,
    );
  }

  /**
   * The id of the connection here: the one with the proposal's key (another
   * process's ids may differ); an engine in memory only in the process that
   * staged it. Undefined: not open here.
   */
  private connectionHere(stored: StoredProposal): string | undefined {
    const open = this.context().connections.list();
    if (stored.connectionKey === undefined) return stored.stagedBy === process.pid && open.some((info) => info.id === stored.connection) ? stored.connection : undefined;
    return open.find((info) => connectionKey(info) === stored.connectionKey)?.id;
  }

  private viewOf(stored: StoredProposal): ProposalView {
    const { input: _input, preview: _preview, connectionKey: _key, stagedBy: _by, ...view } = stored;
    return { ...view, connection: this.connectionHere(stored) ?? stored.connection };
  }

  private storedOf(id: string): StoredProposal {
    const stored = this.store.read(id);
    if (stored === undefined) throw new DataError('not-found', 'ProposalNotFound', `there is no proposal ${id}`);
    return stored;
  }

  /** The proposal with what its preview built; built again (the staging checks) for one read from the folder. */
  private async found(id: string, signal: AbortSignal): Promise<Proposal> {
    const stored = this.storedOf(id);
    const connection = this.connectionHere(stored);
    const view = this.viewOf(stored);
    if (stored.status !== 'pending') return { view, stored, input: stored.input, preview: stored.preview ?? {} };
    if (connection === undefined) {
      throw new DataError(
        'not-found',
        'ConnectionNotOpen',
        `proposal ${id} is for connection '${stored.connection}'${stored.connectionKey !== undefined ? ` (${stored.connectionKey.replace(/^[a-z-]+:/, '')})` : ''}, which is not open here; open it in the workbench to review the proposal`,
      );
    }
    let staged = this.staged.get(id);
    if (staged === undefined) {
      const write = { connection, table: stored.table, input: stored.input };
      staged = stored.kind === 'transaction' ? await this.checkedTransaction(write, signal) : await this.checkedRouteWrite(write, stored.kind, signal);
      this.staged.set(id, staged);
    }
    return { view, stored, ...staged };
  }

  private undecided(stored: StoredProposal): StoredProposal {
    if (stored.status !== 'pending') throw new DataError('conflict', 'ProposalDecided', `proposal ${stored.id} is ${stored.status} already`);
    return stored;
  }

  private decide(stored: StoredProposal, outcome: Pick<ProposalView, 'status' | 'message' | 'journalId'>): ProposalView {
    const decided: StoredProposal = { ...stored, ...outcome, decidedAt: new Date().toISOString() };
    this.store.save(decided);
    this.staged.delete(stored.id);
    return this.viewOf(decided);
  }

  private forgetOldDecided(): void {
    const decided = this.store.all().filter((proposal) => proposal.status !== 'pending');
    for (const proposal of decided.slice(0, Math.max(0, decided.length - MAX_DECIDED))) this.store.remove(proposal.id);
  }
}
