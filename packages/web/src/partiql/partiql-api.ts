/** The PartiQL routes the workbench calls: the plan (sends nothing), a SELECT, a write (through the app's write confirmation). */
import { apiPost, segment } from '../api/client.js';
// The server's own definitions of what the PartiQL routes answer.
import type { StatementAnswer, StatementPlanView } from '../../../server/src/data/partiql/statement-shapes.js';

export type { StatementPlanView };
export type StatementResult = StatementAnswer;

export interface StatementBody {
  readonly statement: string;
  readonly parameters: readonly unknown[];
  readonly nextToken?: string;
}

function path(connectionId: string, action: 'plan' | 'run' | 'write'): string {
  return `/api/connections/${segment(connectionId)}/partiql/${action}`;
}

export function planOf(connectionId: string, body: StatementBody, signal?: AbortSignal): Promise<{ plan: StatementPlanView }> {
  return apiPost(path(connectionId, 'plan'), body, signal);
}

export function runSelect(connectionId: string, body: StatementBody, signal?: AbortSignal): Promise<StatementResult> {
  return apiPost(path(connectionId, 'run'), body, signal);
}

export function runWrite(connectionId: string, body: StatementBody): Promise<StatementResult> {
  return apiPost(path(connectionId, 'write'), body);
}
