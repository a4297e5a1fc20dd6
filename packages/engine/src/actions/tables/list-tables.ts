/** ListTables: names in order, a page of at most Limit (default 100) after ExclusiveStartTableName. */
import type { Operation } from '../../context.js';
import { checkNumberRange, checkResourceName, ConstraintViolations } from '../../validation/constraints.js';
import { checkRequestShape } from './shapes.js';

const MAX_LIMIT = 100;

export const listTables: Operation = (context, input) => {
  checkRequestShape('ListTables', input);
  const v = new ConstraintViolations();
  if (input.ExclusiveStartTableName !== undefined && input.ExclusiveStartTableName !== null) {
    checkResourceName(v, input.ExclusiveStartTableName, 'exclusiveStartTableName');
  }
  checkNumberRange(v, input.Limit, 'limit', 1, MAX_LIMIT);
  v.throwIfAny();
  const limit = typeof input.Limit === 'number' ? input.Limit : MAX_LIMIT;
  const start = typeof input.ExclusiveStartTableName === 'string' ? input.ExclusiveStartTableName : undefined;
  const names = context.catalog.names();
  const first = start === undefined ? 0 : names.findIndex((name) => name > start);
  const from = first === -1 ? names.length : first;
  const page = names.slice(from, from + limit);
  const output: Record<string, unknown> = { TableNames: page };
  // As DynamoDB: a resume point only when tables remain after the page.
  if (from + limit < names.length) output.LastEvaluatedTableName = page[page.length - 1];
  return output;
};
