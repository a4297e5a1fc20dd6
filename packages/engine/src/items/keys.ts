/**
 * Primary keys: checked against the table's key schema with DynamoDB's
 * messages, and encoded into the storage position of an item.
 */
import { checkKeyAttribute, checkKeyValueSizes, KEY_SCHEMA_MISMATCH_MESSAGE, validationError, type Item } from '@dynotable/core';
import { encodeKeyValue } from '../keys/encode.js';
import type { KeySchema } from '../tables/meta.js';

export interface EncodedPosition {
  partition: string;
  sort: string;
}

/** Checks the key attributes of a whole item (PutItem, BatchWrite put, transaction Put). */
export function checkItemKey(keys: KeySchema, item: Item): void {
  checkKeyAttribute(keys.partition, item[keys.partition.name], 'item');
  if (keys.sort) checkKeyAttribute(keys.sort, item[keys.sort.name], 'item');
  checkKeyValueSizes(item[keys.partition.name]!, keys.sort ? item[keys.sort.name] : undefined);
}

/** Checks a `Key` parameter: exactly the schema's attributes, of the schema's types. */
export function checkKeyParameter(keys: KeySchema, key: Item): void {
  const expected = keys.sort ? 2 : 1;
  if (Object.keys(key).length !== expected) throw validationError(KEY_SCHEMA_MISMATCH_MESSAGE);
  checkKeyAttribute(keys.partition, key[keys.partition.name], 'key');
  if (keys.sort) checkKeyAttribute(keys.sort, key[keys.sort.name], 'key');
  checkKeyValueSizes(key[keys.partition.name]!, keys.sort ? key[keys.sort.name] : undefined);
}

/** The key attributes of an item, as a Key object. */
export function keyOf(keys: KeySchema, item: Item): Item {
  const key: Item = { [keys.partition.name]: item[keys.partition.name]! };
  if (keys.sort) key[keys.sort.name] = item[keys.sort.name]!;
  return key;
}

/** Where an item of a table lives in storage. The key must have been checked. */
export function encodePosition(keys: KeySchema, item: Item): EncodedPosition {
  return {
    partition: encodeKeyValue(item[keys.partition.name]!),
    sort: keys.sort ? encodeKeyValue(item[keys.sort.name]!) : '',
  };
}
