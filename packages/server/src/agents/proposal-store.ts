/**
 * Where proposals are kept: in memory for a server without a data folder, or
 * one JSON file per proposal in the data folder's `agents/proposals/`, so they
 * outlive a restart and another process sees them. Each file is written whole
 * and renamed into place (files/json-file.ts); the process that stages a
 * proposal creates its file and only the workbench that decides it rewrites
 * it, so two processes never write the same file at once. A file holds what
 * the agent asked for (tables, keys, items, the model's text) and never a
 * credential.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DataError } from '../data/errors.js';
import { readJsonFile, writeJsonFile } from '../files/json-file.js';
import type { ProposalKind, ProposalStatus, ProposalView } from './proposal-types.js';

/** A proposal as it is kept: what the queue shows, and what it needs to review and run it. */
export interface StoredProposal extends ProposalView {
  /** The connection as any process would open it (agents/connection-key.ts); none: an engine in memory of the stager's. */
  readonly connectionKey?: string;
  /** The process that staged it: an engine in memory is found only there. */
  readonly stagedBy: number;
  /** The input as the route's schema read it. */
  readonly input: unknown;
  /** What the route's preview answered at staging (the exact request), shown once the proposal is decided. */
  readonly preview?: unknown;
}

export interface ProposalStore {
  /** Oldest first. */
  all(): StoredProposal[];
  read(id: string): StoredProposal | undefined;
  save(proposal: StoredProposal): void;
  remove(id: string): void;
  /** True when another process may stage or read proposals here (a data folder). */
  readonly shared: boolean;
}

export class MemoryProposalStore implements ProposalStore {
  readonly shared = false;
  private readonly proposals = new Map<string, StoredProposal>();

  all(): StoredProposal[] {
    return [...this.proposals.values()];
  }

  read(id: string): StoredProposal | undefined {
    return this.proposals.get(id);
  }

  save(proposal: StoredProposal): void {
    this.proposals.set(proposal.id, proposal);
  }

  remove(id: string): void {
    this.proposals.delete(id);
  }
}

const STATUSES: readonly string[] = ['pending', 'approved', 'rejected', 'failed'] satisfies ProposalStatus[];
const KINDS: readonly string[] = ['put', 'update', 'delete', 'transaction', 'apply-model'] satisfies ProposalKind[];
const ID = /^[A-Za-z0-9-]{1,64}$/;

function optionalText(value: Record<string, unknown>, name: string): Record<string, string> {
  return typeof value[name] === 'string' ? { [name]: value[name] } : {};
}

/** A file that does not read as a proposal is left out (a damaged or foreign file). */
function readProposal(value: unknown): StoredProposal | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const { id, status, kind, connection, table, createdAt, stagedBy } = record;
  if (typeof id !== 'string' || !ID.test(id) || typeof status !== 'string' || !STATUSES.includes(status) || typeof kind !== 'string' || !KINDS.includes(kind)) return undefined;
  if (typeof connection !== 'string' || typeof table !== 'string' || typeof createdAt !== 'string' || !('input' in record)) return undefined;
  return {
    id,
    status: status as ProposalStatus,
    kind: kind as ProposalKind,
    connection,
    ...optionalText(record, 'connectionKey'),
    stagedBy: typeof stagedBy === 'number' ? stagedBy : 0,
    table,
    ...optionalText(record, 'reason'),
    createdAt,
    ...optionalText(record, 'decidedAt'),
    ...optionalText(record, 'message'),
    ...optionalText(record, 'journalId'),
    input: record['input'],
    ...('preview' in record ? { preview: record['preview'] } : {}),
  };
}

export class FolderProposalStore implements ProposalStore {
  readonly shared = true;

  /** `writable` false (`--read-only`): proposals are read, and nothing is written. */
  constructor(
    private readonly dir: string,
    private readonly writable: boolean,
  ) {}

  all(): StoredProposal[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found = names.flatMap((name) => (name.endsWith('.json') ? [this.read(name.slice(0, -'.json'.length))] : []));
    return found
      .filter((proposal): proposal is StoredProposal => proposal !== undefined)
      .sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? -1 : 1));
  }

  read(id: string): StoredProposal | undefined {
    if (!ID.test(id)) return undefined;
    const proposal = readProposal(readJsonFile(this.fileOf(id)));
    return proposal?.id === id ? proposal : undefined;
  }

  /** Under `--read-only` nothing is written: a decision is refused (staging and approving are refused before this). */
  save(proposal: StoredProposal): void {
    if (!this.writable) throw new DataError('refused', 'ReadOnlyServer', 'DynoTable runs with --read-only, which writes nothing, not even a decision on a proposal: start it without --read-only to decide');
    writeJsonFile(this.fileOf(proposal.id), { version: 1, ...proposal });
  }

  remove(id: string): void {
    if (this.writable && ID.test(id)) rmSync(this.fileOf(id), { force: true });
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}.json`);
  }
}
