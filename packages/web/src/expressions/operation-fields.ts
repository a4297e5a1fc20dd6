/** Which inputs each operation takes, in the order the page shows them. */
import type { Operation } from './expression-state.js';

export type ExpressionKind = 'key' | 'filter' | 'condition' | 'projection' | 'update';

export interface OperationFields {
  /** IndexName (Query, Scan). */
  readonly index: boolean;
  /** The Key parameter: the key attributes' values (GetItem, UpdateItem, DeleteItem). */
  readonly keyValues: boolean;
  /** The key attribute names: for the key values, or to check a Query's key condition or a PutItem's item. */
  readonly keyNames: boolean;
  readonly item: boolean;
  /** Expression kinds, and which of them the operation cannot do without. */
  readonly expressions: readonly ExpressionKind[];
  readonly required: readonly ExpressionKind[];
}

export const OPERATION_FIELDS: Readonly<Record<Operation, OperationFields>> = {
  Query: { index: true, keyValues: false, keyNames: true, item: false, expressions: ['key', 'filter', 'projection'], required: ['key'] },
  Scan: { index: true, keyValues: false, keyNames: false, item: false, expressions: ['filter', 'projection'], required: [] },
  GetItem: { index: false, keyValues: true, keyNames: true, item: false, expressions: ['projection'], required: [] },
  PutItem: { index: false, keyValues: false, keyNames: true, item: true, expressions: ['condition'], required: [] },
  UpdateItem: { index: false, keyValues: true, keyNames: true, item: false, expressions: ['update', 'condition'], required: ['update'] },
  DeleteItem: { index: false, keyValues: true, keyNames: true, item: false, expressions: ['condition'], required: [] },
};

/** The request parameter each kind fills, and its label. */
export const EXPRESSION_KINDS: Readonly<Record<ExpressionKind, { readonly parameter: string; readonly label: string; readonly hint: string }>> = {
  key: { parameter: 'KeyConditionExpression', label: 'Key condition', hint: 'PK = "TEAM#7" AND begins_with(SK, "STATUS#")' },
  filter: { parameter: 'FilterExpression', label: 'Filter', hint: 'priority <= 2 AND contains(tags, "urgent")' },
  condition: { parameter: 'ConditionExpression', label: 'Condition', hint: 'attribute_not_exists(PK)' },
  projection: { parameter: 'ProjectionExpression', label: 'Projection', hint: 'title, status, tags[0], address.city' },
  update: { parameter: 'UpdateExpression', label: 'Update', hint: 'SET status = "pending", views = views + 1 REMOVE GSI2PK' },
};
