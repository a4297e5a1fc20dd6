/** Which inputs each operation takes, in the order the page shows them. */
import type { Operation } from './expression-state.js';

export type ExpressionKind = 'key' | 'filter' | 'condition' | 'projection' | 'update';

/**
 * What the page asks of the key attributes: their names (to check a Query's
 * key condition or a PutItem's item), their names and values (the Key
 * parameter of GetItem, UpdateItem, DeleteItem), or nothing.
 */
type KeyInput = 'none' | 'names' | 'values';

export interface OperationFields {
  /** IndexName (Query, Scan). */
  readonly index: boolean;
  readonly keyInput: KeyInput;
  readonly item: boolean;
  /** Expression kinds, and which of them the operation cannot do without. */
  readonly expressions: readonly ExpressionKind[];
  readonly required: readonly ExpressionKind[];
}

export const OPERATION_FIELDS: Readonly<Record<Operation, OperationFields>> = {
  Query: { index: true, keyInput: 'names', item: false, expressions: ['key', 'filter', 'projection'], required: ['key'] },
  Scan: { index: true, keyInput: 'none', item: false, expressions: ['filter', 'projection'], required: [] },
  GetItem: { index: false, keyInput: 'values', item: false, expressions: ['projection'], required: [] },
  PutItem: { index: false, keyInput: 'names', item: true, expressions: ['condition'], required: [] },
  UpdateItem: { index: false, keyInput: 'values', item: false, expressions: ['update', 'condition'], required: ['update'] },
  DeleteItem: { index: false, keyInput: 'values', item: false, expressions: ['condition'], required: [] },
};

/** The request parameter each kind fills, and its label. */
export const EXPRESSION_KINDS: Readonly<Record<ExpressionKind, { readonly parameter: string; readonly label: string; readonly hint: string }>> = {
  key: { parameter: 'KeyConditionExpression', label: 'Key condition', hint: 'PK = "TEAM#7" AND begins_with(SK, "STATUS#")' },
  filter: { parameter: 'FilterExpression', label: 'Filter', hint: 'priority <= 2 AND contains(tags, "urgent")' },
  condition: { parameter: 'ConditionExpression', label: 'Condition', hint: 'attribute_not_exists(PK)' },
  projection: { parameter: 'ProjectionExpression', label: 'Projection', hint: 'title, status, tags[0], address.city' },
  update: { parameter: 'UpdateExpression', label: 'Update', hint: 'SET status = "pending", views = views + 1 REMOVE GSI2PK' },
};
