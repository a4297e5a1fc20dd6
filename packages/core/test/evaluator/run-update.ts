import { applyUpdate, DynamoError } from '@dynotable/core';
import type { Item, UpdateNode } from '@dynotable/core';

export const INVALID_PATH = 'The document path provided in the update expression is invalid for update';
export const WRONG_TYPE = 'An operand in the update expression has an incorrect data type';
export const MISSING = 'The provided expression refers to an attribute that does not exist in the item';
export const PRECISION = 'DynamoDB only supports precision up to 38 digits';

/** Applies `node` to `item`; `null` stands for "no item". */
export function run(node: UpdateNode, item: Item | null): Item {
  return applyUpdate(node, item ?? undefined);
}

/** The DynamoError `node` raises on `item`; fails the test if it raises none. */
export function errorOf(node: UpdateNode, item: Item | null): DynamoError {
  try {
    applyUpdate(node, item ?? undefined);
  } catch (error) {
    if (error instanceof DynamoError) return error;
    throw error;
  }
  throw new Error('expected a DynamoError');
}
