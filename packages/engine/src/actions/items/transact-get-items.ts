/**
 * TransactGetItems: up to 100 Gets read together. Each costs a transactional
 * read (twice the units), a missing item too. A Get whose key does not fit
 * its table cancels the whole read with a ValidationError reason.
 */
import { isDynamoError, itemReadUnits, itemToWire, projectItem, validationError, type Item } from '@dynotable/core';
import type { Operation } from '../../context.js';
import { CapacityTally, renderConsumedCapacity } from '../../capacity/consumed.js';
import { TransactionCanceledError, type CancellationReason } from '../../items/errors.js';
import { checkKeyParameter, encodePosition } from '../../items/keys.js';
import { RawJson } from '../../output/raw-json.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { readExpressions } from '../../requests/expressions.js';
import { readWireItem } from '../../requests/items.js';
import { readReturnConsumedCapacity, readTableName } from '../../requests/parameters.js';
import { tableSpace } from '../../storage/storage.js';
import { requireTable } from '../../tables/lookup.js';
import type { TableMeta } from '../../tables/meta.js';
import { ConstraintViolations } from '../../validation/constraints.js';
import { checkTransactItemsLength } from './transact-write-items.js';

/** What is wrong with a Get's key for its table (schema, types, empty or oversized values), if anything. */
function keyProblem(table: TableMeta, key: Item): string | undefined {
  try {
    checkKeyParameter(table.keys, key);
    return undefined;
  } catch (error) {
    if (isDynamoError(error) && error.name === 'ValidationException') return error.message;
    throw error;
  }
}

export const transactGetItems: Operation = (context, input) => {
  checkItemRequestShape('TransactGetItems', input);
  const violations = new ConstraintViolations();
  const transactItems = input.TransactItems;
  checkTransactItemsLength(violations, transactItems, 'TransactGetItem');
  const returnConsumedCapacity = readReturnConsumedCapacity(violations, input.ReturnConsumedCapacity);
  violations.throwIfAny();

  // Duplicates are found Get by Get, so a repeated item before a Get with a bad key wins (DynamoDB Local).
  const seen = new Set<string>();
  const gets = (transactItems as unknown[]).map((raw, index) => {
    const get = (raw as { Get?: Record<string, unknown> } | null)?.Get;
    const path = `transactItems.${index + 1}.member.get`;
    const itemViolations = new ConstraintViolations();
    if (get === undefined || get === null) itemViolations.add(null, path, 'Member must not be null');
    const request = get ?? {};
    const tableName = readTableName(itemViolations, request.TableName, `${path}.tableName`);
    if (request.Key === undefined || request.Key === null) itemViolations.add(null, `${path}.key`, 'Member must not be null');
    itemViolations.throwIfAny();
    const projection = readExpressions(request, ['ProjectionExpression']).projection;
    const table = requireTable(context, tableName);
    const key = readWireItem(request.Key);
    const invalid = keyProblem(table, key);
    if (invalid !== undefined) return { table, projection, position: undefined, invalid };
    const position = encodePosition(table.keys, key);
    const id = `${table.name}\u0000${position.partition}\u0000${position.sort}`;
    if (seen.has(id)) throw validationError('Transaction request cannot include multiple operations on one item');
    seen.add(id);
    return { table, projection, position, invalid };
  });
  // A Get whose key does not fit its table cancels the transaction rather than refusing the request.
  if (gets.some((get) => get.invalid !== undefined)) {
    throw new TransactionCanceledError(
      gets.map((get): CancellationReason => (get.invalid === undefined ? { Code: 'None' } : { Code: 'ValidationError', Message: get.invalid })),
    );
  }

  const tallies = new Map<TableMeta, CapacityTally>();
  const responses = gets.map(({ table, projection, position }) => {
    if (position === undefined) return {};
    const stored = context.storage.get(tableSpace(table.name), position.partition, position.sort);
    let tally = tallies.get(table);
    if (tally === undefined) tallies.set(table, (tally = new CapacityTally()));
    tally.addTable(itemReadUnits(stored?.size ?? 0, 'transactional'), 0);
    if (stored === undefined) return {};
    return { Item: projection ? itemToWire(projectItem(projection, stored.item)) : new RawJson(stored.json) };
  });
  const output: Record<string, unknown> = { Responses: responses };
  if (returnConsumedCapacity !== 'NONE') {
    output.ConsumedCapacity = [...tallies].map(([table, tally]) => renderConsumedCapacity(table, tally, returnConsumedCapacity));
  }
  return output;
};
