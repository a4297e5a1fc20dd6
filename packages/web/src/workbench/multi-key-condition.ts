/**
 * A key condition on a multi-attribute GSI (up to four partition and four
 * sort key attributes), checked by core's checkKeyCondition against the
 * index's keys, so it is refused in DynamoDB's words, and spread out as one
 * condition per key attribute for the fields.
 */
import { checkKeyCondition, type AttributeValue, type Condition, type SortKeyOperator } from '@dynotable/core';
import type { QueryTarget } from './table-indexes.js';

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

export function checkMultiKeyCondition(condition: Condition, target: QueryTarget): MultiKeyCondition {
  const checked = checkKeyCondition(condition, {
    partitionKey: target.partitionKey.name,
    partitionKeyType: target.partitionKey.type,
    sortKey: target.sortKey?.name,
    sortKeyType: target.sortKey?.type,
    partitionKeys: target.partitionKeys,
    sortKeys: target.sortKeys,
    indexName: target.indexName,
  });
  const partitions = checked.partitionKeys ?? [checked.partitionKey];
  const prefix = (checked.sortPrefix ?? []).map((part) => ({ name: part.name, operator: '=' as const, values: [part.value] }));
  return {
    partition: partitions.map((part) => ({ name: part.name, operator: '=', values: [part.value] })),
    sort: checked.sortKey === undefined ? prefix : [...prefix, checked.sortKey],
  };
}
