/**
 * A GSI key schema of several partition (HASH) or sort (RANGE) attributes:
 * up to four of each, every HASH element before every RANGE element, no name
 * twice (docs/dynamodb-rules.md#multi-attribute-index-keys). Messages
 * measured on DynamoDB Local.
 */
import { DUPLICATE_KEY_NAME_MESSAGE, MAX_GSI_KEY_ATTRIBUTES, tooManyGsiKeysMessage, validationError } from '@dynotable/core';
import type { KeyAttribute, KeySchema } from '../../tables/meta.js';

export interface KeyElement {
  name: string;
  keyType: string;
}

/** Whether a GSI's elements need the multi-attribute rules: more than two, or two HASH elements. */
export function isMultiAttributeSchema(elements: readonly KeyElement[]): boolean {
  return elements.length > 2 || (elements.length === 2 && elements.every((element) => element.keyType === 'HASH'));
}

/**
 * Checks the elements in DynamoDB's order (element by element: a repeated
 * name, a HASH after a RANGE; then the counts) and returns the key schema;
 * `attribute` resolves a name to its definition once every name is known.
 */
export function parseMultiAttributeKeySchema(elements: readonly KeyElement[], attribute: (element: KeyElement) => KeyAttribute): KeySchema {
  const seen = new Set<string>();
  let rangeSeen = false;
  for (const element of elements) {
    if (seen.has(element.name)) throw validationError(DUPLICATE_KEY_NAME_MESSAGE);
    seen.add(element.name);
    if (element.keyType === 'RANGE') rangeSeen = true;
    else if (rangeSeen) {
      throw validationError('Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second');
    }
  }
  const hash = elements.filter((element) => element.keyType === 'HASH');
  const range = elements.filter((element) => element.keyType === 'RANGE');
  if (hash.length === 0) throw validationError('No Hash Key specified in schema.  All Dynamo DB tables must have exactly one hash key');
  if (hash.length > MAX_GSI_KEY_ATTRIBUTES) throw validationError(tooManyGsiKeysMessage('partition'));
  if (range.length > MAX_GSI_KEY_ATTRIBUTES) throw validationError(tooManyGsiKeysMessage('sort'));
  const partitions = hash.map(attribute);
  const sorts = range.map(attribute);
  const keys: KeySchema = { partition: partitions[0]! };
  if (partitions.length > 1) keys.partitions = partitions;
  if (sorts.length > 0) keys.sort = sorts[0]!;
  if (sorts.length > 1) keys.sorts = sorts;
  return keys;
}
