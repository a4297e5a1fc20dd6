/** The PartiQL routes the workbench calls: the plan (sends nothing), a SELECT, a write (through the app's write confirmation). */
import type { WireItem } from '@dynotable/core';
import { apiPost, segment } from '../api/client.js';
import type { Consumed, RequestView } from '../api/types.js';

export interface StatementPlanView {
  readonly operation: 'GetItem' | 'Query' | 'Scan' | 'PutItem' | 'UpdateItem' | 'DeleteItem';
  readonly tableName: string;
  readonly indexName?: string;
  readonly write: boolean;
  /** "Query on GSI1, 0.5 RCU", "full Scan of 1,800 items, 23 RCU — add a key condition on PK". */
  readonly line: string;
  readonly capacity: { readonly kind: 'read' | 'write'; readonly units: number; readonly note: string };
  readonly scan?: { readonly reason: string; readonly keyNames: string[]; readonly suggestion: string; readonly indexes: string[] };
  /** Filters or sorts after reading: the requests alone are not the statement. */
  readonly afterRead: boolean;
  readonly requests: RequestView[];
  /** The statement as ExecuteStatement. */
  readonly statementCode: Record<'typescript' | 'python' | 'aws-cli', string>;
}

export interface StatementResult {
  readonly plan: StatementPlanView;
  readonly items: WireItem[];
  readonly count: number;
  readonly scannedCount: number;
  readonly nextToken?: string;
  readonly consumed: Consumed;
  readonly change?: { readonly operation: string; readonly key: WireItem };
  readonly journal?: { readonly operationId: string } | { readonly error: string };
}

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
