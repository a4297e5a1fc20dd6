/**
 * ExecuteStatement: one PartiQL statement, planned by core and run through
 * the operation the plan names (GetItem, Query, Scan, PutItem, UpdateItem,
 * DeleteItem). Reads answer a page of Items and a NextToken; writes answer
 * RETURNING's item, if any, in Items.
 */
import type { Operation } from '../../context.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { readReturnConsumedCapacity, readReturnValuesOnConditionCheckFailure } from '../../requests/parameters.js';
import { checkLength, checkNumberRange, checkRequired, ConstraintViolations } from '../../validation/constraints.js';
import { planPartiql } from './plan.js';
import { runRead } from './run-read.js';
import { runWrite } from './run-write.js';

/** Statement: at most 8192 characters (an empty one is refused as not well formed). */
const MAX_STATEMENT_LENGTH = 8192;

export const executeStatement: Operation = (context, input) => {
  checkItemRequestShape('ExecuteStatement', input);
  const violations = new ConstraintViolations();
  if (checkRequired(violations, input.Statement, 'statement')) checkLength(violations, input.Statement, 'statement', 0, MAX_STATEMENT_LENGTH);
  if (input.Limit !== undefined && input.Limit !== null) checkNumberRange(violations, input.Limit, 'limit', 1);
  const returnConsumedCapacity = readReturnConsumedCapacity(violations, input.ReturnConsumedCapacity);
  const returnOld = readReturnValuesOnConditionCheckFailure(violations, input.ReturnValuesOnConditionCheckFailure);
  violations.throwIfAny();

  const plan = planPartiql(context, { statement: input.Statement as string, parameters: input.Parameters, consistentRead: input.ConsistentRead === true });
  const output: Record<string, unknown> = {};
  if (plan.operation === 'GetItem' || plan.operation === 'Query' || plan.operation === 'Scan') {
    const limit = typeof input.Limit === 'number' ? input.Limit : undefined;
    const read = runRead(context, plan, { limit, nextToken: input.NextToken, returnConsumedCapacity });
    output.Items = read.items;
    if (read.nextToken !== undefined) output.NextToken = read.nextToken;
    if (read.consumed) output.ConsumedCapacity = read.consumed;
    return output;
  }
  const written = runWrite(context, plan, { returnConsumedCapacity, returnValuesOnConditionCheckFailure: returnOld === 'NONE' ? undefined : returnOld });
  output.Items = written.item === undefined ? [] : [written.item];
  if (written.consumed) output.ConsumedCapacity = written.consumed;
  return output;
};
