/**
 * ExecuteTransaction: up to 100 statements, all applied or none, run by
 * TransactWriteItems (writes: INSERT as a Put under attribute_not_exists,
 * UPDATE, DELETE; ClientRequestToken idempotency) or TransactGetItems
 * (reads: single-item SELECTs only). Never both. Messages measured on
 * DynamoDB Local.
 */
import { DynamoError, isDynamoError, MAX_TRANSACTION_ITEMS, parseStatement, validationError, type StatementPlan } from '@dynotable/core';
import type { EngineContext, Operation } from '../../context.js';
import { TransactionCanceledError, type CancellationReason } from '../../items/errors.js';
import { readReturnValuesOnConditionCheckFailure } from '../../requests/parameters.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { ConstraintViolations } from '../../validation/constraints.js';
import { transactGetItems } from '../items/transact-get-items.js';
import { transactWriteItems } from '../items/transact-write-items.js';
import { isReadPlan } from './classify.js';
import { planPartiql, requestToWire } from './plan.js';
import { DUPLICATE_ITEM_MESSAGE, dropConditionOfMissingDelete } from './run-write.js';

const EMPTY = 'ExecutePartiQLTransaction can not have empty statement.';
const TOO_MANY = 'Member must have length less than or equal to 100';
const MAX_TRANSACTION_STATEMENTS = MAX_TRANSACTION_ITEMS;
const MIXED = 'ExecuteTransaction API does not support both read and write operations in the same request.';
const NO_TABLE = 'Requested resource not found';

function failedIn(index: number, message: string): DynamoError {
  return validationError(`Validation failed in TransactStatements[${index}]: ${message}`);
}

/** Each statement planned; what makes one unfit for a transaction refuses the request. */
function planAll(context: EngineContext, statements: Record<string, unknown>[]): StatementPlan[] {
  return statements.map((request, index) => {
    const text = String(request?.Statement);
    const parsed = parseStatement(text);
    if (context.catalog.find(parsed.target.table) === undefined) throw new DynamoError('ResourceNotFoundException', NO_TABLE);
    let plan: StatementPlan;
    try {
      plan = planPartiql(context, { statement: text, parameters: request.Parameters });
    } catch (error) {
      // DynamoDB Local answers a statement it cannot plan as a cancellation naming the reason's code, without reasons.
      if (isDynamoError(error) && error.name === 'ValidationException') {
        throw new DynamoError('TransactionCanceledException', `ValidationError ${error.message}`);
      }
      throw error;
    }
    if (plan.request.ReturnValues !== undefined) throw failedIn(index, 'RETURNING clause is not supported in ExecuteTransaction.');
    if (isReadPlan(plan) && plan.operation !== 'GetItem') {
      throw failedIn(index, 'Select statements within ExecuteTransaction must specify the primary key in the where clause.');
    }
    return plan;
  });
}

function writeAction(context: EngineContext, plan: StatementPlan, request: Record<string, unknown>): Record<string, unknown> {
  const wire = requestToWire(plan.request);
  dropConditionOfMissingDelete(context, plan, wire);
  const { TableName, Key, Item, UpdateExpression, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = wire;
  const action: Record<string, unknown> = { TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues };
  const returnOld = readReturnValuesOnConditionCheckFailure(new ConstraintViolations(), request.ReturnValuesOnConditionCheckFailure);
  if (returnOld !== 'NONE' && plan.operation !== 'PutItem') action.ReturnValuesOnConditionCheckFailure = returnOld;
  if (plan.operation === 'PutItem') return { Put: { ...action, Item } };
  if (plan.operation === 'UpdateItem') return { Update: { ...action, Key, UpdateExpression } };
  return { Delete: { ...action, Key } };
}

function readAction(plan: StatementPlan): Record<string, unknown> {
  const { TableName, Key, ProjectionExpression, ExpressionAttributeNames } = requestToWire(plan.request);
  return { Get: { TableName, Key, ProjectionExpression, ExpressionAttributeNames } };
}

export const executeTransaction: Operation = (context, input) => {
  checkItemRequestShape('ExecuteTransaction', input);
  const statements = (Array.isArray(input.TransactStatements) ? input.TransactStatements : []) as Record<string, unknown>[];
  if (statements.length === 0) throw validationError(EMPTY);
  if (statements.length > MAX_TRANSACTION_STATEMENTS) throw validationError(TOO_MANY);
  const plans = planAll(context, statements);
  const reads = plans.filter(isReadPlan).length;
  if (reads > 0 && reads < plans.length) throw validationError(MIXED);
  const common = { ReturnConsumedCapacity: input.ReturnConsumedCapacity };

  if (reads > 0) {
    const output = transactGetItems(context, { ...common, TransactItems: plans.map(readAction) });
    return { Responses: output.Responses, ...(output.ConsumedCapacity ? { ConsumedCapacity: output.ConsumedCapacity } : {}) };
  }
  try {
    const output = transactWriteItems(context, {
      ...common,
      TransactItems: plans.map((plan, i) => writeAction(context, plan, statements[i]!)),
      ...(input.ClientRequestToken === undefined ? {} : { ClientRequestToken: input.ClientRequestToken }),
    });
    return { Responses: [], ...(output.ConsumedCapacity ? { ConsumedCapacity: output.ConsumedCapacity } : {}) };
  } catch (error) {
    if (!(error instanceof TransactionCanceledError)) throw error;
    // An INSERT whose key exists is a ValidationError reason, as DynamoDB gives it.
    const reasons = error.cancellationReasons.map((reason, i): CancellationReason =>
      plans[i]!.operation === 'PutItem' && reason.Code === 'ConditionalCheckFailed' ? { Code: 'ValidationError', Message: DUPLICATE_ITEM_MESSAGE } : reason,
    );
    throw new TransactionCanceledError(reasons);
  }
};
