/**
 * Items and keys of a request, from wire JSON to core's Item: shape checked
 * (SerializationException), contents checked and numbers normalized
 * (ValidationException), and for keys the table's key schema.
 */
import { itemFromWire, itemToWire, validateItem, type Item, type WireItem } from '@dynotable/core';
import { checkItemKey, checkKeyParameter } from '../items/keys.js';
import type { KeySchema } from '../tables/meta.js';

/** Any item-shaped member (Item, Key, ExclusiveStartKey…): converted and validated, not checked against a schema. */
export function readWireItem(value: unknown): Item {
  return validateItem(itemFromWire(value));
}

/** A `Key` member: exactly the table's key attributes with the schema's types. */
export function readKey(keys: KeySchema, value: unknown): Item {
  const key = readWireItem(value);
  checkKeyParameter(keys, key);
  return key;
}

/** An `Item` to write: any attributes, the key attributes present and well typed. */
export function readPutItem(keys: KeySchema, value: unknown): Item {
  const item = readWireItem(value);
  checkItemKey(keys, item);
  return item;
}

/** An item for the response. */
export function writeWireItem(item: Item): WireItem {
  return itemToWire(item);
}
