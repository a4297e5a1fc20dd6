/**
 * Checks an item the way DynamoDB checks a put, before anything is written:
 * the values (validateItem), the table's key attributes, the 400 KB limit and
 * the index key attributes — in the engine's order, so the first problem
 * reported is the one PutItem would report — each with DynamoDB's message
 * (core's key checks).
 */
import {
  aggregateIndexKeySizeProblem,
  checkIndexKeyAttribute,
  checkItemSize,
  checkKeyAttribute,
  checkKeyValueSizes,
  indexKeySizeProblem,
  validateItem,
  validationError,
} from '@dynotable/core';
import type { Item } from '@dynotable/core';
import type { TableShape } from '../data/table-description.js';

/** Throws DynamoDB's error for an item the table would refuse; returns the item as DynamoDB stores it. */
export function checkItemForTable(item: Item, table: TableShape): Item {
  const valid = validateItem(item);
  checkKeyAttribute(table.keys.partition, valid[table.keys.partition.name]);
  if (table.keys.sort) checkKeyAttribute(table.keys.sort, valid[table.keys.sort.name]);
  checkKeyValueSizes(valid[table.keys.partition.name]!, table.keys.sort ? valid[table.keys.sort.name] : undefined);
  checkItemSize(valid);
  for (const index of table.indexes) {
    const roles = [['HASH', index.keys.partitionKeys], ['RANGE', index.keys.sortKeys]] as const;
    for (const [role, keys] of roles) {
      for (const key of keys) {
        const value = valid[key.name];
        checkIndexKeyAttribute(key, value, index.name);
        const tooLarge = value === undefined ? undefined : indexKeySizeProblem(role, key.name, value, index.name);
        if (tooLarge !== undefined) throw validationError(tooLarge);
      }
    }
    for (const [role, keys] of roles) {
      if (keys.length < 2) continue;
      const tooLarge = aggregateIndexKeySizeProblem(role, keys.map((key) => key.name), valid, index.name);
      if (tooLarge !== undefined) throw validationError(tooLarge);
    }
  }
  return valid;
}
