/**
 * INSERT, UPDATE and DELETE run as PutItem, UpdateItem and DeleteItem
 * themselves, so they take the same write path (journal, streams) as those
 * operations. An INSERT whose key exists fails its attribute_not_exists
 * condition: DynamoDB answers DuplicateItemException instead. A DELETE of a
 * missing item succeeds whatever its condition.
 */
import { DynamoError, isDynamoError, type StatementPlan } from '@dynotable/core';
import type { EngineContext, Operation } from '../../context.js';
import { deleteItem } from '../items/delete-item.js';
import { getItem } from '../items/get-item.js';
import { putItem } from '../items/put-item.js';
import { updateItem } from '../items/update-item.js';
import { requestToWire } from './plan.js';

export const DUPLICATE_ITEM_MESSAGE = 'Duplicate primary key exists in table';

const OPERATIONS: Record<string, Operation> = { PutItem: putItem, UpdateItem: updateItem, DeleteItem: deleteItem };

export interface WriteOptions {
  returnConsumedCapacity: string;
  returnValuesOnConditionCheckFailure?: unknown;
}

export interface WriteResult {
  /** RETURNING's item, when the statement has one and the write returned attributes. */
  item?: unknown;
  consumed?: Record<string, unknown> | undefined;
}

/** DynamoDB Local deletes a missing item without evaluating the statement's condition (alone, in a batch or a transaction). */
export function dropConditionOfMissingDelete(context: EngineContext, plan: StatementPlan, request: Record<string, unknown>): void {
  if (plan.operation !== 'DeleteItem' || getItem(context, { TableName: request.TableName, Key: request.Key }).Item !== undefined) return;
  delete request.ConditionExpression;
  delete request.ExpressionAttributeNames;
  delete request.ExpressionAttributeValues;
}

function duplicateItemError(): DynamoError {
  return new DynamoError('DuplicateItemException', DUPLICATE_ITEM_MESSAGE);
}

export function runWrite(context: EngineContext, plan: StatementPlan, options: WriteOptions): WriteResult {
  const input: Record<string, unknown> = { ...requestToWire(plan.request), ReturnConsumedCapacity: options.returnConsumedCapacity };
  if (plan.operation !== 'PutItem' && options.returnValuesOnConditionCheckFailure !== undefined) {
    input.ReturnValuesOnConditionCheckFailure = options.returnValuesOnConditionCheckFailure;
  }
  dropConditionOfMissingDelete(context, plan, input);
  try {
    const output = OPERATIONS[plan.operation]!(context, input);
    return { item: output.Attributes, consumed: output.ConsumedCapacity as Record<string, unknown> | undefined };
  } catch (error) {
    if (plan.operation === 'PutItem' && isDynamoError(error) && error.name === 'ConditionalCheckFailedException') throw duplicateItemError();
    throw error;
  }
}
