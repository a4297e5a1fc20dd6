/**
 * A test double of the review queue (agents/proposal-types.ts): it records
 * what was staged and answers as the real queue would, without a workbench.
 * The real queue, with its checks and the person's approval, is the review
 * area's; these tests only show that the MCP tools stage and never write.
 */
import { DataError } from '../../src/data/errors.js';
import type { ProposalQueue, ProposalView, ProposedWrite } from '../../src/agents/proposal-types.js';

export class RecordingProposalQueue implements ProposalQueue {
  readonly staged: ProposedWrite[] = [];
  private readonly views = new Map<string, ProposalView>();

  async stage(write: ProposedWrite): Promise<ProposalView> {
    if (write.table === '') throw new DataError('invalid', 'ValidationException', 'a proposal names its table');
    this.staged.push(write);
    const view: ProposalView = {
      id: `proposal-${this.staged.length}`,
      status: 'pending',
      kind: write.kind,
      connection: write.connection,
      table: write.table,
      ...(write.reason !== undefined ? { reason: write.reason } : {}),
      createdAt: new Date(0).toISOString(),
    };
    this.views.set(view.id, view);
    return view;
  }

  /** What a person's decision would leave: the status changed, decidedAt set. */
  decide(id: string, status: 'approved' | 'rejected', message?: string): void {
    const view = this.views.get(id)!;
    this.views.set(id, { ...view, status, decidedAt: new Date(1000).toISOString(), ...(message !== undefined ? { message } : {}) });
  }

  get(id: string): ProposalView | undefined {
    return this.views.get(id);
  }

  list(): readonly ProposalView[] {
    return [...this.views.values()];
  }
}
