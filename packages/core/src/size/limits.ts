/** DynamoDB's size limits on items and key values, with its messages. */
import { validationError } from '../errors.js';
import type { AttributeValue, Item } from '../values/types.js';
import { MAX_ITEM_SIZE_BYTES, MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES } from '../rules/limits.js';
import { attributeValueSize, itemSize } from './item-size.js';

export const ITEM_TOO_LARGE_MESSAGE = 'Item size has exceeded the maximum allowed size';
export const UPDATED_ITEM_TOO_LARGE_MESSAGE = 'Item size to update has exceeded the maximum allowed size';
/** "of2048" without a space is DynamoDB's own text. */
export const PARTITION_KEY_TOO_LARGE_MESSAGE =
  'One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes';
export const SORT_KEY_TOO_LARGE_MESSAGE =
  'One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes';

/** Whether the item fits in DynamoDB's 400 KB. */
export function fitsItemLimit(item: Item): boolean {
  return itemSize(item) <= MAX_ITEM_SIZE_BYTES;
}

/**
 * Throws DynamoDB's ValidationException when an item is over 400 KB. PutItem
 * and UpdateItem word it differently. (UpdateItem's real gate is measured
 * slightly differently; this checks the resulting item.)
 */
export function checkItemSize(item: Item, operation: 'put' | 'update' = 'put'): void {
  if (fitsItemLimit(item)) return;
  throw validationError(operation === 'put' ? ITEM_TOO_LARGE_MESSAGE : UPDATED_ITEM_TOO_LARGE_MESSAGE);
}

/** Throws DynamoDB's ValidationException when a key value is too large. */
export function checkKeyValueSizes(partitionKey: AttributeValue, sortKey?: AttributeValue): void {
  if (attributeValueSize(partitionKey) > MAX_PARTITION_KEY_BYTES) throw validationError(PARTITION_KEY_TOO_LARGE_MESSAGE);
  if (sortKey !== undefined && attributeValueSize(sortKey) > MAX_SORT_KEY_BYTES) throw validationError(SORT_KEY_TOO_LARGE_MESSAGE);
}

/** A secondary index key value over its limit (2048 bytes for a partition key, 1024 for a sort key). */
export function indexKeyTooLargeMessage(name: string, actualBytes: number, maxBytes: number, indexName: string): string {
  return `One or more parameter values were invalid: Size limit exceeded for Index Key ${name} Actual Size: ${actualBytes} bytes Max Size: ${maxBytes} bytes IndexName: ${indexName}`;
}

/** A transaction whose items add up to more than 4 MB; `bytes` is the running sum that passed the limit. */
export function transactionTooLargeMessage(bytes: number): string {
  return `Transaction payload size cannot exceed 4MB. Payload Size: ${bytes}`;
}
