/**
 * What the PartiQL routes read and answer, as types only: the server's
 * runner and the workbench both import them (this file has no runtime
 * imports, so the browser's typecheck never reaches server code).
 */
import type { StatementPlan, WireItem } from '@dynotable/core';
import type { Consumed, RequestView } from '../shapes.js';

export interface StatementInput {
  readonly statement: string;
  /** The `?` values in order, as DynamoDB JSON (`{"S": "a"}`). */
  readonly parameters?: readonly unknown[] | undefined;
  readonly consistentRead?: boolean | undefined;
  /** The previous page's nextToken (reads). */
  readonly nextToken?: string | undefined;
}

export interface StatementPlanView {
  readonly operation: StatementPlan['operation'];
  readonly tableName: string;
  readonly indexName?: string;
  readonly write: boolean;
  /** "Query on GSI1, 0.5 RCU", "full Scan of 1,800 items, 23 RCU — add a key condition on PK". */
  readonly line: string;
  readonly capacity: StatementPlan['capacity'];
  readonly scan?: StatementPlan['scan'];
  /** Filters or sorts after reading what the requests cannot say: the requests alone are not the statement. */
  readonly afterRead: boolean;
  /** The exact requests it runs, with code. */
  readonly requests: RequestView[];
  /** The statement itself as ExecuteStatement: SDK v3, boto3 and AWS CLI. */
  readonly statementCode: Record<'typescript' | 'python' | 'aws-cli', string>;
}

/** A write's change: the item before and after (null when absent), journaled by the route. */
export interface StatementChange {
  readonly operation: 'put' | 'update' | 'delete';
  readonly key: WireItem;
  readonly before: WireItem | null;
  readonly after: WireItem | null;
}

export interface StatementResult {
  readonly plan: StatementPlanView;
  readonly items: WireItem[];
  readonly count: number;
  readonly scannedCount: number;
  readonly nextToken?: string;
  readonly consumed: Consumed;
  /** A write's change (journaled by the caller). */
  readonly change?: StatementChange;
}

/** What the run and write routes answer: the result and, for a journaled write, its receipt. */
export type StatementAnswer = StatementResult & { readonly journal?: { readonly operationId: string } | { readonly error: string } };
