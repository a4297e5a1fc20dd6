/**
 * Checks an item the way DynamoDB checks a put, before anything is written:
 * the values (validateItem), the table's key attributes, the 400 KB limit and
 * the index key attributes — in the engine's order, so the first problem
 * reported is the one PutItem would report — each with DynamoDB's message.
 */
import { checkItemSize, checkKeyValueSizes, typeOf, validateItem, validationError } from '@dynotable/core';
import type { AttributeValue, Item } from '@dynotable/core';
import type { KeyAttribute, TableShape } from './table-shape.js';

const INVALID = 'One or more parameter values were invalid: ';

function isEmpty(value: AttributeValue): boolean {
  return ('S' in value && value.S.length === 0) || ('B' in value && value.B.length === 0);
}

function emptyWhat(value: AttributeValue): string {
  return `The AttributeValue for a key attribute cannot contain an empty ${'S' in value ? 'string' : 'binary'} value.`;
}

function checkTableKey(attribute: KeyAttribute, value: AttributeValue | undefined): void {
  if (value === undefined) throw validationError(`${INVALID}Missing the key ${attribute.name} in the item`);
  const actual = typeOf(value);
  if (actual !== attribute.type) throw validationError(`${INVALID}Type mismatch for key ${attribute.name} expected: ${attribute.type} actual: ${actual}`);
  if (isEmpty(value)) throw validationError(`One or more parameter values are not valid. ${emptyWhat(value)} Key: ${attribute.name}`);
}

function checkIndexKey(attribute: KeyAttribute, value: AttributeValue | undefined, index: string): void {
  if (value === undefined) return;
  const actual = typeOf(value);
  if (actual !== attribute.type) {
    throw validationError(`${INVALID}Type mismatch for Index Key ${attribute.name} Expected: ${attribute.type} Actual: ${actual} IndexName: ${index}`);
  }
  if (isEmpty(value)) {
    throw validationError(`One or more parameter values are not valid. A value specified for a secondary index key is not supported. ${emptyWhat(value)} IndexName: ${index}, IndexKey: ${attribute.name}`);
  }
}

/** Throws DynamoDB's error for an item the table would refuse; returns the item as DynamoDB stores it. */
export function checkItemForTable(item: Item, table: TableShape): Item {
  const valid = validateItem(item);
  checkTableKey(table.keys.partition, valid[table.keys.partition.name]);
  if (table.keys.sort) checkTableKey(table.keys.sort, valid[table.keys.sort.name]);
  checkKeyValueSizes(valid[table.keys.partition.name]!, table.keys.sort ? valid[table.keys.sort.name] : undefined);
  checkItemSize(valid);
  for (const index of table.indexes) {
    checkIndexKey(index.keys.partition, valid[index.keys.partition.name], index.name);
    if (index.keys.sort) checkIndexKey(index.keys.sort, valid[index.keys.sort.name], index.name);
  }
  return valid;
}
