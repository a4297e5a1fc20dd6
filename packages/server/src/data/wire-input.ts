/**
 * Items, keys and values arrive as DynamoDB wire JSON. zod only checks that
 * they are objects; core reads them (itemFromWire) and checks them as
 * DynamoDB does (validateItem, checkItemSize), so bad input gets DynamoDB's
 * own error before any call.
 */
import { checkItemSize, itemFromWire, validateItem, type AttributeValue, type Item } from '@dynotable/core';
import { z } from 'zod';

export const wireItemSchema = z.record(z.string(), z.unknown(), {
  error: 'expected DynamoDB JSON: an object of attribute names to typed values such as {"S": "text"} or {"N": "12"}',
});

export const namesSchema = z.record(z.string(), z.string(), { error: 'expected an object of #placeholders to attribute names' });

/** Read only (keys for reads, placeholder values): the shape is checked, DynamoDB checks the rest. */
export function readWire(json: Record<string, unknown>): Item {
  return itemFromWire(json);
}

/** A key or item to write: read, validated and normalized as DynamoDB would. */
export function readWireForWrite(json: Record<string, unknown>): Item {
  return validateItem(itemFromWire(json));
}

export function readItemToWrite(json: Record<string, unknown>, operation: 'put' | 'update' = 'put'): Item {
  const item = readWireForWrite(json);
  checkItemSize(item, operation);
  return item;
}

export function readValues(json: Record<string, unknown> | undefined): Record<string, AttributeValue> | undefined {
  return json === undefined ? undefined : itemFromWire(json);
}
