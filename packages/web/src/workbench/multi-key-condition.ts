/**
 * A key condition on a multi-attribute GSI (up to four partition and four
 * sort key attributes): every partition attribute with =, the sort
 * attributes used a prefix of them, left to right, = on all but the last,
 * which may take a range condition. Each condition alone is checked by
 * core's checkKeyCondition, as a one-attribute key of its own, so its shape,
 * value type and emptiness are refused in DynamoDB's words.
 */
import { checkKeyCondition, DynamoError, type AttributeValue, type Condition, type KeyCondition, type SortKeyOperator } from '@dynotable/core';
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

function fail(message: string): never {
  throw new DynamoError('ValidationException', message);
}

/** The conditions joined by AND, left to right. */
function conditionsOf(condition: Condition): Condition[] {
  if (condition.kind !== 'and') return [condition];
  return [...conditionsOf(condition.left), ...conditionsOf(condition.right)];
}

/** The attribute a condition is on: the first top-level name among its operands. */
function attributeOf(condition: Condition): string | undefined {
  const operands = condition.kind === 'compare' ? [condition.left, condition.right] : condition.kind === 'between' ? [condition.operand] : condition.kind === 'call' ? condition.args.slice(0, 1) : [];
  for (const operand of operands) {
    const first = operand.kind === 'path' ? operand.elements[0] : undefined;
    if (first?.type === 'name') return first.name;
  }
  return undefined;
}

/** A sort attribute's condition, checked by core beside an equality on a partition attribute (core wants one). */
function checkedSortPart(condition: Condition, key: KeyAttribute, anchor: { readonly condition: Condition; readonly key: KeyAttribute }): KeyConditionPart {
  const checked: KeyCondition = checkKeyCondition(
    { kind: 'and', left: anchor.condition, right: condition },
    { partitionKey: anchor.key.name, partitionKeyType: anchor.key.type, sortKey: key.name, sortKeyType: key.type },
  );
  return checked.sortKey!;
}

export function checkMultiKeyCondition(condition: Condition, target: QueryTarget): MultiKeyCondition {
  const partitionByName = new Map(target.partitionKeys.map((key) => [key.name, key]));
  const sortByName = new Map(target.sortKeys.map((key) => [key.name, key]));
  const partition = new Map<string, { condition: Condition; part: KeyConditionPart }>();
  const sortConditions = new Map<string, Condition>();
  for (const each of conditionsOf(condition)) {
    const name = attributeOf(each);
    if (name === undefined) {
      // No attribute to check it against: core says what is wrong with it.
      checkKeyCondition(each);
      fail('Invalid condition in KeyConditionExpression: No key attribute specified');
    }
    if (partition.has(name) || sortConditions.has(name)) fail('KeyConditionExpressions must only contain one condition per key');
    const partitionKey = partitionByName.get(name);
    if (partitionKey !== undefined) {
      const checked = checkKeyCondition(each, { partitionKey: name, partitionKeyType: partitionKey.type });
      partition.set(name, { condition: each, part: { name, operator: '=', values: [checked.partitionKey.value] } });
    } else if (sortByName.has(name)) sortConditions.set(name, each);
    else fail(`${name} is not a key attribute of ${target.indexName ?? 'the table'}: its keys are ${[...target.partitionKeys, ...target.sortKeys].map((key) => key.name).join(', ')}`);
  }
  const missing = target.partitionKeys.find((key) => !partition.has(key.name));
  if (missing !== undefined) fail(`Give ${missing.name}: every partition key attribute needs a value`);
  const first = target.partitionKeys[0]!;
  const anchor = { condition: partition.get(first.name)!.condition, key: first };
  const used = target.sortKeys.filter((key) => sortConditions.has(key.name));
  const sort = used.map((key) => checkedSortPart(sortConditions.get(key.name)!, key, anchor));
  // The sort attributes used must be the first ones, with = on all but the last.
  const gap = target.sortKeys.findIndex((key, position) => position < used.length && key !== used[position]);
  if (gap !== -1) {
    const after = used[used.length - 1]!.name;
    fail(`Give ${target.sortKeys[gap]!.name}: sort key attributes are matched left to right, so ${after} needs ${target.sortKeys[gap]!.name} too`);
  }
  const ranged = sort.slice(0, -1).find((part) => part.operator !== '=');
  if (ranged !== undefined) fail(`Only the last sort key attribute given may take ${ranged.operator}: ${ranged.name} comes before ${sort[sort.length - 1]!.name}, so it needs =`);
  return { partition: target.partitionKeys.map((key) => partition.get(key.name)!.part), sort };
}
