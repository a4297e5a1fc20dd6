/**
 * The key condition rule of a GSI whose key has several partition (HASH) or
 * sort (RANGE) attributes: every partition attribute by equality; sort
 * attributes left to right, equality on a prefix and at most one other
 * condition, on the last one used (docs/dynamodb-rules.md#multi-attribute-index-keys).
 */
import { DynamoError } from '../errors.js';
import { emptyIndexKeyMessage, emptyKeyMessage, emptyKind, isEmptyKeyValue } from '../rules/messages.js';
import type { AttributeValue, KeyType } from '../values/types.js';
import { typeOf } from '../values/types.js';
import type { KeyCondition, KeySchemaNames, SortKeyOperator } from './key-schema.js';

/** One condition of a key condition: the attribute, its operator and its operands. */
export interface KeyPart {
  name: string;
  operator: SortKeyOperator;
  values: AttributeValue[];
}

interface NamedKeyAttribute {
  name: string;
  type?: KeyType | undefined;
}

function fail(message: string): never {
  throw new DynamoError('ValidationException', message);
}

/** Whether a key schema has more than one partition or more than one sort attribute. */
export function isMultiAttribute(keySchema: KeySchemaNames): boolean {
  return (keySchema.partitionKeys?.length ?? 1) > 1 || (keySchema.sortKeys?.length ?? 0) > 1;
}

function partitionAttributes(keySchema: KeySchemaNames): readonly NamedKeyAttribute[] {
  return keySchema.partitionKeys ?? [{ name: keySchema.partitionKey, type: keySchema.partitionKeyType }];
}

function sortAttributes(keySchema: KeySchemaNames): readonly NamedKeyAttribute[] {
  if (keySchema.sortKeys) return keySchema.sortKeys;
  return keySchema.sortKey === undefined ? [] : [{ name: keySchema.sortKey, type: keySchema.sortKeyType }];
}

/** Every key attribute name of a schema, partition attributes first. */
export function keySchemaAttributeNames(keySchema: KeySchemaNames): string[] {
  return [...partitionAttributes(keySchema), ...sortAttributes(keySchema)].map((attribute) => attribute.name);
}

/**
 * Checks the conditions of a multi-attribute key (already one per attribute,
 * each of a key condition's shapes), in DynamoDB Local's order: no more
 * conditions than key attributes, the partition attributes, the sort
 * attributes' prefix, no other attribute, then each attribute's values in
 * key order (type, then emptiness).
 */
export function checkMultiAttributeParts(parts: readonly KeyPart[], keySchema: KeySchemaNames): KeyCondition {
  const partition = partitionAttributes(keySchema);
  const sort = sortAttributes(keySchema);
  if (parts.length > partition.length + sort.length) fail('Query key condition not supported');
  const partOf = (attribute: NamedKeyAttribute): KeyPart | undefined => parts.find((part) => part.name === attribute.name);

  const unequal = partition.filter((attribute) => partOf(attribute)?.operator !== '=');
  if (unequal.length > 0) {
    fail(`HASH key attributes ${unequal.map((a) => a.name).join(', ')} must have equality conditions specified in the query`);
  }
  const lastUsed = sort.reduce((last, attribute, i) => (partOf(attribute) ? i : last), -1);
  const before = sort.slice(0, Math.max(lastUsed, 0)).filter((attribute) => partOf(attribute)?.operator !== '=');
  if (before.length > 0) {
    fail(
      `RANGE key attributes ${before.map((a) => a.name).join(', ')} must have equality conditions specified in the query because a condition is present on key attribute ${sort[lastUsed]!.name}`,
    );
  }
  const used = [...partition, ...sort.slice(0, lastUsed + 1)];
  if (parts.length > used.length) {
    // Another attribute: DynamoDB names a key attribute left without a condition.
    fail(`Query condition missed key schema element: ${sort[lastUsed + 1]?.name ?? partition[0]!.name}`);
  }
  for (const attribute of used) checkValues(partOf(attribute)!, attribute, keySchema.indexName);

  const valueOf = (attribute: NamedKeyAttribute) => ({ name: attribute.name, value: partOf(attribute)!.values[0]! });
  const condition: KeyCondition = { partitionKey: valueOf(partition[0]!), partitionKeys: partition.map(valueOf) };
  if (lastUsed >= 0) {
    condition.sortKey = partOf(sort[lastUsed]!)!;
    condition.sortPrefix = sort.slice(0, lastUsed).map(valueOf);
  }
  return condition;
}

function checkValues(part: KeyPart, attribute: NamedKeyAttribute, indexName: string | undefined): void {
  if (attribute.type !== undefined && part.values.some((value) => typeOf(value) !== attribute.type)) {
    fail('One or more parameter values were invalid: Condition parameter type does not match schema type');
  }
  const empty = part.values.find(isEmptyKeyValue);
  if (empty === undefined) return;
  const kind = emptyKind(empty);
  fail(indexName === undefined ? emptyKeyMessage(kind, part.name) : emptyIndexKeyMessage(kind, part.name, indexName));
}
