/**
 * DynamoDB's checks of the key attributes of an item or a `Key`, and of an
 * item's secondary index key attributes, with its messages. Pure: the engine
 * throws what these return, the server checks imports with them, the web
 * workbench shows them before anything is sent.
 */
import { DynamoError, validationError } from '../errors.js';
import { attributeValueSize } from '../size/item-size.js';
import { checkKeyValueSizes, indexKeyTooLargeMessage } from '../size/limits.js';
import { MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES } from './limits.js';
import { typeOf, type AttributeValue, type Item, type KeyType } from '../values/types.js';
import {
  aggregateIndexKeyTooLargeMessage,
  emptyIndexKeyMessage,
  emptyKeyMessage,
  emptyKind,
  indexKeyTypeMismatchMessage,
  isEmptyKeyValue,
  KEY_SCHEMA_MISMATCH_MESSAGE,
  keyTypeMismatchMessage,
  missingKeyMessage,
} from './messages.js';

/** A key attribute: its name and its type. */
export interface KeyAttributeRule {
  readonly name: string;
  readonly type: KeyType | string;
}

/**
 * The problem with one key attribute's value, or undefined. `where` is
 * `item` for a whole item (PutItem), `key` for a `Key` parameter, whose
 * missing or mistyped attributes DynamoDB reports as a schema mismatch.
 */
export function keyAttributeProblem(attribute: KeyAttributeRule, value: AttributeValue | undefined, where: 'item' | 'key' = 'item'): string | undefined {
  if (value === undefined) return where === 'item' ? missingKeyMessage(attribute.name) : KEY_SCHEMA_MISMATCH_MESSAGE;
  const actual = typeOf(value);
  if (actual !== attribute.type) return where === 'item' ? keyTypeMismatchMessage(attribute.name, attribute.type, actual) : KEY_SCHEMA_MISMATCH_MESSAGE;
  if (isEmptyKeyValue(value)) return emptyKeyMessage(emptyKind(value), attribute.name);
  return undefined;
}

/** Throws DynamoDB's ValidationException for a key attribute's value. */
export function checkKeyAttribute(attribute: KeyAttributeRule, value: AttributeValue | undefined, where: 'item' | 'key' = 'item'): void {
  const problem = keyAttributeProblem(attribute, value, where);
  if (problem !== undefined) throw validationError(problem);
}

/**
 * The problem with a secondary index key attribute's value, or undefined. An
 * absent value is fine: the item is just not in the index.
 */
export function indexKeyProblem(attribute: KeyAttributeRule, value: AttributeValue | undefined, indexName: string): string | undefined {
  if (value === undefined) return undefined;
  const actual = typeOf(value);
  if (actual !== attribute.type) return indexKeyTypeMismatchMessage(attribute.name, attribute.type, actual, indexName);
  if (isEmptyKeyValue(value)) return emptyIndexKeyMessage(emptyKind(value), attribute.name, indexName);
  return undefined;
}

/** Throws DynamoDB's ValidationException for a secondary index key attribute's value. */
export function checkIndexKeyAttribute(attribute: KeyAttributeRule, value: AttributeValue | undefined, indexName: string): void {
  const problem = indexKeyProblem(attribute, value, indexName);
  if (problem !== undefined) throw validationError(problem);
}

/**
 * DynamoDB's check of an item's key attributes (PutItem): present, of the
 * key's type, not empty, not too large. `keys` is the partition key, then the
 * sort key if any. Returns the first problem, or undefined.
 */
export function itemKeyProblem(item: Item, keys: readonly KeyAttributeRule[]): string | undefined {
  for (const key of keys) {
    const problem = keyAttributeProblem(key, item[key.name], 'item');
    if (problem !== undefined) return problem;
  }
  const [partition, sort] = keys;
  if (partition === undefined) return undefined;
  try {
    checkKeyValueSizes(item[partition.name]!, sort === undefined ? undefined : item[sort.name]);
  } catch (error) {
    if (error instanceof DynamoError) return error.message;
    throw error;
  }
  return undefined;
}

/**
 * An index key value over its own limit: a partition attribute's 2048 bytes,
 * a sort attribute's 1024 (`role`: HASH or RANGE).
 */
export function indexKeySizeProblem(role: 'HASH' | 'RANGE', name: string, value: AttributeValue, indexName: string): string | undefined {
  const max = role === 'HASH' ? MAX_PARTITION_KEY_BYTES : MAX_SORT_KEY_BYTES;
  const size = attributeValueSize(value);
  return size <= max ? undefined : indexKeyTooLargeMessage(name, size, max, indexName);
}

/**
 * A multi-attribute key's partition attributes share the 2048 bytes and its
 * sort attributes the 1024, counted over those the item has (measured on
 * DynamoDB Local). `names`: the index's attributes of that role, in order.
 */
export function aggregateIndexKeySizeProblem(role: 'HASH' | 'RANGE', names: readonly string[], item: Item, indexName: string): string | undefined {
  const max = role === 'HASH' ? MAX_PARTITION_KEY_BYTES : MAX_SORT_KEY_BYTES;
  const present = names.filter((name) => item[name] !== undefined);
  const size = present.reduce((total, name) => total + attributeValueSize(item[name]!), 0);
  return size <= max ? undefined : aggregateIndexKeyTooLargeMessage(role, present, indexName, max, size);
}
