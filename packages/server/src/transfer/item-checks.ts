/**
 * Checks an item the way DynamoDB checks a put, before anything is written:
 * the values (validateItem), the table's key attributes, the 400 KB limit and
 * the index key attributes — in the engine's order, so the first problem
 * reported is the one PutItem would report — each with DynamoDB's message
 * (core's key checks).
 */
import { checkIndexKeyAttribute, checkItemSize, checkKeyAttribute, checkKeyValueSizes, validateItem } from '@dynotable/core';
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
    for (const key of [...index.keys.partitionKeys, ...index.keys.sortKeys]) checkIndexKeyAttribute(key, valid[key.name], index.name);
  }
  return valid;
}
