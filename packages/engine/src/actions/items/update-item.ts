/**
 * UpdateItem: changes an item with an UpdateExpression (or the legacy
 * AttributeUpdates), creating it from its key when it is missing.
 */
import {
  applyUpdateDetailed,
  checkUpdateDoesNotTouchKeys,
  INCORRECT_OPERAND_TYPE_MESSAGE,
  isDynamoError,
  itemSize,
  itemToWire,
  validationError,
  type Item,
  type UpdateNode,
  type UpdateResult,
} from '@dynotable/core';
import type { Operation } from '../../context.js';
import { checkIndexKeys } from '../../items/index-entries.js';
import { encodePosition } from '../../items/keys.js';
import { updatedAttributes } from '../../items/updated-attributes.js';
import { addWriteMetrics, ensureCondition, readWriteRequest, storedItem, writeCondition } from '../../items/write-request.js';
import { checkWrittenItemSize, planWrite } from '../../items/write-plan.js';
import { attributeUpdatesToUpdate, LEGACY_TYPE_MISMATCH_MESSAGE } from '../../legacy/attribute-updates.js';
import { readExpressions } from '../../requests/expressions.js';
import { readKey } from '../../requests/items.js';
import { commitWrites } from '../../streams/commit.js';
import { requireTable } from '../../tables/lookup.js';
import { keyNames, type TableMeta } from '../../tables/meta.js';

const NO_CHANGE: UpdateNode = { kind: 'update', set: [], remove: [], add: [], delete: [] };

/**
 * The update of a request: the parsed UpdateExpression or the converted
 * AttributeUpdates. An UpdateExpression touching a key attribute is refused
 * later, by checkUpdateKeys, after the condition (as DynamoDB Local does).
 */
export function readUpdate(input: Record<string, unknown>, table: TableMeta, parsed: UpdateNode | undefined): { update: UpdateNode; legacy: boolean } {
  if (parsed) return { update: parsed, legacy: false };
  return { update: attributeUpdatesToUpdate(input.AttributeUpdates, keyNames(table.keys)) ?? NO_CHANGE, legacy: true };
}

/**
 * "Cannot update attribute pk. This attribute is part of the key"; when both
 * key attributes are touched, the partition key is named (DynamoDB Local).
 */
export function checkUpdateKeys(update: UpdateNode, table: TableMeta): void {
  checkUpdateDoesNotTouchKeys(update, [table.keys.partition.name]);
  if (table.keys.sort) checkUpdateDoesNotTouchKeys(update, keyNames(table.keys));
}

/** Applies the update to the item (or to its key when missing), with the legacy form's message for type errors. */
export function applyItemUpdate(update: UpdateNode, before: Item | undefined, key: Item, legacy: boolean): UpdateResult {
  try {
    return applyUpdateDetailed(update, before ?? key);
  } catch (error) {
    if (legacy && isDynamoError(error) && error.message === INCORRECT_OPERAND_TYPE_MESSAGE) {
      throw validationError(LEGACY_TYPE_MISMATCH_MESSAGE);
    }
    throw error;
  }
}

export const updateItem: Operation = (context, input) => {
  const { tableName, options } = readWriteRequest('UpdateItem', input);
  // DynamoDB Local checks the table and the key before the expressions.
  const table = requireTable(context, tableName);
  const key = readKey(table.keys, input.Key);
  const parsed = readExpressions(input, ['UpdateExpression', 'ConditionExpression']);
  const condition = writeCondition(input, parsed);
  const { update, legacy } = readUpdate(input, table, parsed.update);
  const position = encodePosition(table.keys, key);
  const before = storedItem(context, table, position);
  const beforeItem = before?.item;
  ensureCondition(condition, beforeItem, options.returnValuesOnConditionCheckFailure);
  checkUpdateKeys(update, table);
  const result = applyItemUpdate(update, beforeItem, key, legacy);
  const size = itemSize(result.item);
  // The index keys before the size (which measures LSI entries). An UpdateExpression's
  // empty index key has its own wording; AttributeUpdates uses PutItem's (DynamoDB Local).
  const source = legacy ? 'put' : 'update';
  if (table.indexes.length > 0) checkIndexKeys(table, result.item, source);
  checkWrittenItemSize(table, result.item, size, 'update');
  const plan = planWrite(table, position, before && { item: beforeItem!, size: before.size, json: before.json }, result.item, size, 'standard', source);
  if (plan.writes.length > 0) commitWrites(context, plan.writes, [plan.change]);

  const output: Record<string, unknown> = {};
  const attributes = returnedAttributes(options.returnValues, beforeItem, result);
  if (attributes && Object.keys(attributes).length > 0) output.Attributes = itemToWire(attributes);
  return addWriteMetrics(context, output, table, plan, position, key, options);
};

function returnedAttributes(returnValues: string, before: Item | undefined, result: UpdateResult): Item | undefined {
  switch (returnValues) {
    case 'ALL_OLD':
      return before;
    case 'ALL_NEW':
      return result.item;
    case 'UPDATED_OLD':
      return updatedAttributes(result.updatedPaths, before);
    case 'UPDATED_NEW':
      return updatedAttributes(result.updatedPaths, result.item);
    default:
      return undefined;
  }
}
