/**
 * What PutItem, UpdateItem and DeleteItem share: the members they check
 * before the table, the Return* options, the write condition
 * (ConditionExpression or legacy Expected), the failed-check error, and the
 * response members.
 */
import {
  evaluateCondition,
  itemToWire,
  validationError,
  type Condition,
  type Item,
  type ParsedExpressions,
} from '@dynotable/core';
import type { EngineContext } from '../context.js';
import { CapacityTally, renderConsumedCapacity } from '../capacity/consumed.js';
import { expectedToCondition } from '../legacy/expected.js';
import { checkNoMixedParameters } from '../requests/expressions.js';
import {
  readReturnConsumedCapacity,
  readReturnItemCollectionMetrics,
  readReturnValues,
  readReturnValuesOnConditionCheckFailure,
  readTableName,
  RETURN_VALUES_INVALID_MESSAGE,
  type ReturnConsumedCapacity,
  type ReturnItemCollectionMetrics,
  type ReturnValues,
  type ReturnValuesOnConditionCheckFailure,
} from '../requests/parameters.js';
import { checkItemRequestShape } from '../requests/shapes.js';
import type { StoredItem } from '../storage/storage.js';
import type { TableMeta } from '../tables/meta.js';
import { ConstraintViolations } from '../validation/constraints.js';
import { itemCollectionMetrics } from './collection-metrics.js';
import { ConditionalCheckFailedError } from './errors.js';
import type { EncodedPosition } from './keys.js';
import { tallyWrite, type WritePlan } from './write-plan.js';

export interface WriteOptions {
  returnConsumedCapacity: ReturnConsumedCapacity;
  returnItemCollectionMetrics: ReturnItemCollectionMetrics;
  returnValues: ReturnValues;
  returnValuesOnConditionCheckFailure: ReturnValuesOnConditionCheckFailure;
}

function readWriteOptions(violations: ConstraintViolations, input: Record<string, unknown>, prefix = ''): WriteOptions {
  const path = (name: string) => (prefix ? `${prefix}.${name}` : name);
  return {
    returnConsumedCapacity: readReturnConsumedCapacity(violations, input.ReturnConsumedCapacity),
    returnItemCollectionMetrics: readReturnItemCollectionMetrics(violations, input.ReturnItemCollectionMetrics),
    returnValues: readReturnValues(violations, input.ReturnValues, path('returnValues')),
    returnValuesOnConditionCheckFailure: readReturnValuesOnConditionCheckFailure(
      violations,
      input.ReturnValuesOnConditionCheckFailure,
      path('returnValuesOnConditionCheckFailure'),
    ),
  };
}

/** The member each single-item write requires, and its name in DynamoDB's constraint messages. */
const REQUIRED_MEMBER = {
  PutItem: ['Item', 'item'],
  UpdateItem: ['Key', 'key'],
  DeleteItem: ['Key', 'key'],
} as const;

/**
 * What PutItem, UpdateItem and DeleteItem check before the table, in
 * DynamoDB's order: JSON types; TableName, the item or key and the Return*
 * options as one set of constraint violations; the ReturnValues the operation
 * supports (PutItem and DeleteItem return at most the old item); no mix of
 * expressions and legacy parameters.
 */
export function readWriteRequest(
  operation: keyof typeof REQUIRED_MEMBER,
  input: Record<string, unknown>,
): { tableName: string; options: WriteOptions } {
  checkItemRequestShape(operation, input);
  const violations = new ConstraintViolations();
  const tableName = readTableName(violations, input.TableName);
  const [member, path] = REQUIRED_MEMBER[operation];
  if (input[member] === undefined || input[member] === null) violations.add(null, path, 'Member must not be null');
  const options = readWriteOptions(violations, input);
  violations.throwIfAny();
  const returnsAtMostOld = options.returnValues === 'NONE' || options.returnValues === 'ALL_OLD';
  if (operation !== 'UpdateItem' && !returnsAtMostOld) throw validationError(RETURN_VALUES_INVALID_MESSAGE);
  checkNoMixedParameters(input);
  return { tableName, options };
}

/** The request's condition: the parsed ConditionExpression, or Expected converted. */
export function writeCondition(input: Record<string, unknown>, parsed: ParsedExpressions): Condition | undefined {
  return parsed.condition ?? expectedToCondition(input.Expected, input.ConditionalOperator);
}

/** Throws ConditionalCheckFailedException (with the old item when asked) unless the condition holds. */
export function ensureCondition(condition: Condition | undefined, before: Item | undefined, returnOld: ReturnValuesOnConditionCheckFailure): void {
  if (condition === undefined || evaluateCondition(condition, before)) return;
  throw new ConditionalCheckFailedError(returnOld === 'ALL_OLD' && before !== undefined ? itemToWire(before) : undefined);
}

/** ConsumedCapacity and ItemCollectionMetrics of a finished single-item write, added to `output`. */
export function addWriteMetrics(
  context: EngineContext,
  output: Record<string, unknown>,
  table: TableMeta,
  plan: WritePlan,
  position: EncodedPosition,
  keyItem: Item,
  options: WriteOptions,
): Record<string, unknown> {
  if (options.returnConsumedCapacity !== 'NONE') {
    const tally = new CapacityTally();
    tallyWrite(tally, plan);
    output.ConsumedCapacity = renderConsumedCapacity(table, tally, options.returnConsumedCapacity);
  }
  const metrics = itemCollectionMetrics(context.storage, table, position, keyItem, options.returnItemCollectionMetrics);
  if (metrics) output.ItemCollectionMetrics = metrics;
  return output;
}

/** The stored item at a position, if any. */
export function storedItem(context: EngineContext, table: TableMeta, position: EncodedPosition): StoredItem | undefined {
  return context.storage.get(table.name, position.partition, position.sort);
}
