/** What the planner answers: the operation a statement runs, as DynamoDB's request, and what it costs. */
import type { Condition, ProjectionNode } from '../expressions/ast.js';
import type { AttributeValue, Item } from '../values/types.js';
import type { Statement } from './ast.js';

export type PlannedOperation = 'GetItem' | 'Query' | 'Scan' | 'PutItem' | 'UpdateItem' | 'DeleteItem';

/** The request in DynamoDB's own shape, placeholders allocated, parameters bound. */
export interface PlannedRequest {
  TableName: string;
  IndexName?: string;
  Key?: Item;
  Item?: Item;
  KeyConditionExpression?: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, AttributeValue>;
  ScanIndexForward?: boolean;
  ConsistentRead?: boolean;
  ReturnValues?: 'ALL_OLD' | 'ALL_NEW' | 'UPDATED_OLD' | 'UPDATED_NEW';
}

/**
 * Capacity units for the stated basis: one item (GetItem, writes), each
 * 4 KB the key condition matches (Query, before any filter), or each 4 KB
 * of the whole table or index (Scan).
 */
export interface CapacityEstimate {
  kind: 'read' | 'write';
  units: number;
  basis: 'one item' | 'per item matched' | 'per item in the table';
  note: string;
}

/** Why a SELECT reads the whole table, and the key condition that would make it a Query. */
export interface ScanExplanation {
  reason: string;
  /** The partition key attribute(s) an equality is needed on. */
  keyNames: string[];
  /** "Add a key condition on pk: …". */
  suggestion: string;
  /** Indexes whose partition key the WHERE clause already tests by equality. */
  indexes: string[];
}

/**
 * What the requests cannot say. Conditions on key attributes beyond the key
 * condition (`sk <> 'x'`, a second range) may not stand in a Query's
 * FilterExpression, and ORDER BY over several reads sorts on keys a
 * projection may drop. The requests then read without their projection;
 * whoever runs them keeps the items `filter` accepts (core's
 * evaluateCondition), sorts them (`sortAfterRead`), then projects them with
 * `projection` (core's projectItem).
 */
export interface AfterRead {
  filter?: Condition | undefined;
  projection?: ProjectionNode | undefined;
}

/**
 * ORDER BY over more than one read (a Scan, or `pk IN (…)`): the items of all
 * requests sorted by these key attributes (core's compareScalars), in order.
 */
export interface SortAfterRead {
  name: string;
  descending: boolean;
}

export interface StatementPlan {
  statement: Statement;
  tableName: string;
  indexName?: string | undefined;
  operation: PlannedOperation;
  /** The first (usually the only) request; `requests` has one per partition value of `pk IN (…)`. */
  request: PlannedRequest;
  requests: PlannedRequest[];
  capacity: CapacityEstimate;
  scan?: ScanExplanation | undefined;
  afterRead?: AfterRead | undefined;
  sortAfterRead?: SortAfterRead[] | undefined;
}

export interface PlanOptions {
  /** The ExecuteStatement's Parameters, bound to `?` in order. */
  parameters?: readonly AttributeValue[] | undefined;
  consistentRead?: boolean | undefined;
  /** The size assumed for items the statement reads or replaces (default 1 KB). */
  itemSizeBytes?: number | undefined;
}
