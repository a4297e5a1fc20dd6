/**
 * ExclusiveStartKey in, LastEvaluatedKey out. A start key holds the table key
 * and, when reading an index, the index key too; it becomes the storage
 * position to resume after. Messages measured on DynamoDB Local, but for
 * other names than the table's (docs/dynamodb-rules.md#request-validation-messages).
 */
import { emptyKeyMessage, itemToWire, typeOf, validationError, type Item, type WireItem } from '@dynotable/core';
import { indexEntry } from '../../items/index-entries.js';
import { encodePosition } from '../../items/keys.js';
import { readWireItem } from '../../requests/items.js';
import type { Position } from '../../storage/storage.js';
import { keyAttributes, type IndexMeta, type KeyAttribute, type TableMeta } from '../../tables/meta.js';

/** The key attributes that identify an entry of the table or index read. */
function positionAttributes(table: TableMeta, index: IndexMeta | undefined): KeyAttribute[] {
  const attributes = [table.keys.partition];
  if (table.keys.sort) attributes.push(table.keys.sort);
  if (index) {
    for (const attribute of keyAttributes(index.keys)) {
      if (!attributes.some((known) => known.name === attribute.name)) attributes.push(attribute);
    }
  }
  return attributes;
}

export interface StartKey {
  key: Item;
  position: Position;
}

/** Checks and decodes ExclusiveStartKey; undefined when absent. */
export function readExclusiveStartKey(raw: unknown, table: TableMeta, index: IndexMeta | undefined): StartKey | undefined {
  if (raw === undefined || raw === null) return undefined;
  const key = readWireItem(raw);
  const attributes = positionAttributes(table, index);
  const names = Object.keys(key);
  if (index) {
    if (names.length !== attributes.length || attributes.some((a) => key[a.name] === undefined)) {
      throw validationError('The provided starting key is invalid');
    }
  } else {
    if (names.length !== attributes.length) throw validationError("Exclusive Start Key must have same size as table's key schema");
    if (attributes.some((a) => key[a.name] === undefined)) {
      throw validationError('The provided starting key is invalid: The provided key element does not match the schema');
    }
  }
  for (const attribute of attributes) {
    const value = key[attribute.name]!;
    if (typeOf(value) !== attribute.type) throw validationError('Type mismatch for attribute to update');
    if (('S' in value && value.S === '') || ('B' in value && value.B.length === 0)) {
      throw validationError(
        `The query can return at most one row and cannot be restarted. The provided starting key is invalid: ${emptyKeyMessage('S' in value ? 'string' : 'binary', attribute.name)}`,
      );
    }
  }
  if (!index) return { key, position: encodePosition(table.keys, key) };
  const entry = indexEntry(table, index, key)!;
  return { key, position: { partition: entry.partition, sort: entry.sort } };
}

/** The LastEvaluatedKey of an entry read: the table key plus the index key. */
export function lastEvaluatedKey(table: TableMeta, index: IndexMeta | undefined, item: Item): WireItem {
  const key: Item = {};
  for (const attribute of positionAttributes(table, index)) key[attribute.name] = item[attribute.name]!;
  return itemToWire(key);
}
