/** GetItem: one item by its key, whole or projected. */
import { itemReadUnits, itemToWire, projectItem, type ProjectionNode } from '@dynotable/core';
import type { Operation } from '../../context.js';
import { CapacityTally, renderConsumedCapacity } from '../../capacity/consumed.js';
import { encodePosition } from '../../items/keys.js';
import { attributesToGetProjection, checkAttributesToGet } from '../../legacy/attributes-to-get.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { checkNoMixedParameters, readExpressions } from '../../requests/expressions.js';
import { readKey } from '../../requests/items.js';
import { readConsistentRead, readReturnConsumedCapacity, readTableName } from '../../requests/parameters.js';
import { RawJson } from '../../output/raw-json.js';
import { tableSpace } from '../../storage/storage.js';
import { requireTable } from '../../tables/lookup.js';
import { ConstraintViolations } from '../../validation/constraints.js';

/** The projection of a read: ProjectionExpression, or the legacy AttributesToGet. */
export function readProjection(input: Record<string, unknown>): ProjectionNode | undefined {
  checkNoMixedParameters(input);
  return readExpressions(input, ['ProjectionExpression']).projection ?? attributesToGetProjection(input.AttributesToGet);
}

export const getItem: Operation = (context, input) => {
  checkItemRequestShape('GetItem', input);
  const violations = new ConstraintViolations();
  const tableName = readTableName(violations, input.TableName);
  if (input.Key === undefined || input.Key === null) violations.add(null, 'key', 'Member must not be null');
  const returnConsumedCapacity = readReturnConsumedCapacity(violations, input.ReturnConsumedCapacity);
  checkAttributesToGet(violations, input.AttributesToGet);
  violations.throwIfAny();
  const projection = readProjection(input);
  const table = requireTable(context, tableName);
  const key = readKey(table.keys, input.Key);
  const position = encodePosition(table.keys, key);
  const stored = context.storage.get(tableSpace(table.name), position.partition, position.sort);

  const output: Record<string, unknown> = {};
  if (stored) output.Item = projection ? itemToWire(projectItem(projection, stored.item)) : new RawJson(stored.json);
  if (returnConsumedCapacity !== 'NONE') {
    const tally = new CapacityTally();
    tally.addTable(itemReadUnits(stored?.size ?? 0, readConsistentRead(input.ConsistentRead) ? 'strong' : 'eventual'), 0);
    output.ConsumedCapacity = renderConsumedCapacity(table, tally, returnConsumedCapacity);
  }
  return output;
};
