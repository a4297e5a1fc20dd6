/**
 * A key condition on a multi-attribute GSI (up to four partition and four
 * sort key attributes), checked by core's checkKeyCondition against the
 * index's keys, so it is refused in DynamoDB's words, and spread out as one
 * condition per key attribute for the fields.
 */
import { checkKeyCondition, type AttributeValue, type Condition, type KeySchemaNames, type SortKeyOperator } from '@dynotable/core';
import type { KeyAttribute, QueryTarget } from './table-indexes.js';

interface KeyConditionPart {
  readonly name: string;
  readonly operator: SortKeyOperator;
  readonly values: readonly AttributeValue[];
}

export interface MultiKeyCondition {
  /** One equality per partition attribute, in key schema order. */
  readonly partition: readonly KeyConditionPart[];
  /** The sort attributes used, in key schema order: = on all but the last. */
  readonly sort: readonly KeyConditionPart[];
}

/** What a key condition is checked against, for core: every key attribute in key order, the first of each role on its own too. */
export interface KeyListsOfIndex {
  readonly partitionKeys: readonly KeyAttribute[];
  readonly sortKeys: readonly KeyAttribute[];
  readonly indexName: string | undefined;
}

/** Core's key schema of an index from its key lists; `partitionKeys` must hold at least one attribute. */
export function keySchemaNames(keys: KeyListsOfIndex): KeySchemaNames {
  const [partition] = keys.partitionKeys;
  const [sort] = keys.sortKeys;
  return {
    partitionKey: partition!.name,
    partitionKeyType: partition!.type,
    sortKey: sort?.name,
    sortKeyType: sort?.type,
    partitionKeys: keys.partitionKeys,
    sortKeys: keys.sortKeys,
    indexName: keys.indexName,
  };
}

export function checkMultiKeyCondition(condition: Condition, target: QueryTarget): MultiKeyCondition {
  const checked = checkKeyCondition(condition, keySchemaNames(target));
  const partitions = checked.partitionKeys ?? [checked.partitionKey];
  const prefix = (checked.sortPrefix ?? []).map((part) => ({ name: part.name, operator: '=' as const, values: [part.value] }));
  return {
    partition: partitions.map((part) => ({ name: part.name, operator: '=', values: [part.value] })),
    sort: checked.sortKey === undefined ? prefix : [...prefix, checked.sortKey],
  };
}
