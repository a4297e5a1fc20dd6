/**
 * The request members Query and Scan share, checked in DynamoDB's order:
 * framework constraints, legacy/expression mixing, the table and index
 * (DynamoDB Local reports a missing table before a bad expression), the
 * expressions, then Select.
 */
import { GSI_CONSISTENT_READ_MESSAGE as CONSISTENT_READ_ON_GSI, validationError, type ParsedExpressions, type ProjectionNode } from '@dynotable/core';
import type { EngineContext } from '../../context.js';
import { attributesToGetProjection } from '../../legacy/attributes-to-get.js';
import { checkNoMixedParameters, readExpressions, type ExpressionMember } from '../../requests/expressions.js';
import {
  readConditionalOperator,
  readConsistentRead,
  readReturnConsumedCapacity,
  readTableName,
  type ReturnConsumedCapacity,
} from '../../requests/parameters.js';
import { findIndex, requireTable } from '../../tables/lookup.js';
import type { IndexMeta, TableMeta } from '../../tables/meta.js';
import { ConstraintViolations, checkEnum, checkResourceName } from '../../validation/constraints.js';
import { checkAttributesToGet } from '../../legacy/attributes-to-get.js';
import { readSelect, type Select } from './select.js';

export type ReadKind = 'Query' | 'Scan';

export interface ReadRequest {
  table: TableMeta;
  index: IndexMeta | undefined;
  select: Select | undefined;
  consistent: boolean;
  limit: number | undefined;
  returnConsumedCapacity: ReturnConsumedCapacity;
  conditionalOperator: 'AND' | 'OR' | undefined;
  /** ProjectionExpression or AttributesToGet. */
  projection: ProjectionNode | undefined;
  parsed: ParsedExpressions;
}

const GSI_CONSISTENT_READ_MESSAGE = CONSISTENT_READ_ON_GSI;
/** Select's values in the order DynamoDB lists them when one is wrong. */
const SELECT_ORDER = ['SPECIFIC_ATTRIBUTES', 'COUNT', 'ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES'] as const;

const EXPRESSION_MEMBERS: Record<ReadKind, readonly ExpressionMember[]> = {
  Query: ['ProjectionExpression', 'FilterExpression', 'KeyConditionExpression'],
  Scan: ['ProjectionExpression', 'FilterExpression'],
};

/**
 * Framework constraints on the members both operations have (plus Scan's
 * segments, checked by the caller's `extra`), then the caller's `required`
 * checks of members that go together, before the table is looked up.
 */
export function readRequest(
  context: EngineContext,
  input: Record<string, unknown>,
  kind: ReadKind,
  extra?: (violations: ConstraintViolations) => void,
  required?: () => void,
): ReadRequest {
  const violations = new ConstraintViolations();
  const tableName = readTableName(violations, input.TableName);
  if (input.IndexName !== undefined && input.IndexName !== null) checkResourceName(violations, input.IndexName, 'indexName');
  const returnConsumedCapacity = readReturnConsumedCapacity(violations, input.ReturnConsumedCapacity);
  const conditionalOperator = readConditionalOperator(violations, input.ConditionalOperator);
  checkEnum(violations, input.Select, 'select', SELECT_ORDER);
  const limit = input.Limit;
  if (typeof limit === 'number' && limit < 1) {
    // DynamoDB's own quirk: a Query names neither the value nor the member in lower case.
    if (kind === 'Query') violations.addUnvalued('Limit', 'Member must have value greater than or equal to 1');
    else violations.add(limit, 'limit', 'Member must have value greater than or equal to 1');
  }
  checkAttributesToGet(violations, input.AttributesToGet);
  extra?.(violations);
  violations.throwIfAny();
  required?.();
  checkNoMixedParameters(input);
  if (kind === 'Query' && absent(input.KeyConditions) && absent(input.KeyConditionExpression)) {
    throw validationError('Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.');
  }
  const table = requireTable(context, tableName);
  let index: IndexMeta | undefined;
  if (typeof input.IndexName === 'string') {
    index = findIndex(table, input.IndexName);
    if (index === undefined) throw validationError(`The table does not have the specified index: ${input.IndexName}`);
  }
  // DynamoDB Local refuses ConsistentRead on a GSI before a Scan's expression
  // errors but after a Query's, and Select errors after both.
  const consistent = readConsistentRead(input.ConsistentRead);
  const inconsistent = consistent && index?.kind === 'global';
  if (inconsistent && kind === 'Scan') throw validationError(GSI_CONSISTENT_READ_MESSAGE);
  const parsed = readExpressions(input, EXPRESSION_MEMBERS[kind]);
  if (inconsistent) throw validationError(GSI_CONSISTENT_READ_MESSAGE);
  const select = readSelect(input);
  return {
    table,
    index,
    select,
    consistent,
    limit: typeof limit === 'number' ? limit : undefined,
    returnConsumedCapacity,
    conditionalOperator,
    projection: parsed.projection ?? attributesToGetProjection(input.AttributesToGet),
    parsed,
  };
}

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}
