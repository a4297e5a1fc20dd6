/**
 * DynamoDB wire JSON (binary as base64) to the AWS SDK's shapes (binary as
 * Uint8Array) and back. Only item-valued members differ between the two, so
 * the walk converts those by name and copies everything else.
 */
import { itemFromWire, itemToWire, type Item } from '@dynotable/core';

/** Members whose value is one item (or a map of values, which has the same shape). */
const ITEM_MEMBERS = new Set(['Item', 'Key', 'ExclusiveStartKey', 'ExpressionAttributeValues', 'LastEvaluatedKey', 'Attributes', 'ItemCollectionKey']);
/** Members whose value is a list of items. */
const ITEM_LIST_MEMBERS = new Set(['Items', 'Keys']);

type Convert = (item: unknown) => unknown;

function walk(value: unknown, member: string | undefined, convert: Convert): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  if (member !== undefined && ITEM_MEMBERS.has(member)) return convert(value);
  if (Array.isArray(value)) return member !== undefined && ITEM_LIST_MEMBERS.has(member) ? value.map(convert) : value.map((entry) => walk(entry, undefined, convert));
  // BatchGetItem's Responses: table name → list of items.
  if (member === 'Responses' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([table, items]) => [table, (items as unknown[]).map(convert)]));
  }
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value)) if (name !== '$metadata') out[name] = walk(entry, name, convert);
  return out;
}

export function wireToSdk(input: Record<string, unknown>): Record<string, unknown> {
  return walk(input, undefined, (item) => itemFromWire(item)) as Record<string, unknown>;
}

export function sdkToWire(output: object): Record<string, unknown> {
  return walk(output, undefined, (item) => itemToWire(item as Item)) as Record<string, unknown>;
}
