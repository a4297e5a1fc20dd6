/**
 * A DeleteItem guarded by the item as loaded: it goes through only if every
 * attribute still holds its loaded value (DynamoDB's `=` compares sets, maps
 * and lists whole), so a concurrent change is not deleted unseen. An item
 * with very many attributes would exceed the 4 KB expression limit: it is
 * guarded by its existence only, and the review says so.
 */
import type { WireItem } from '@dynotable/core';
import { primaryKeyOf } from './edit-plan.js';

/** Far below DynamoDB's 4 KB and 300-operator limits: `#a99 = :a99 AND ` is 17 bytes and 2 operators. */
export const MAX_GUARDED_ATTRIBUTES = 100;

export interface DeleteBody {
  readonly Key: WireItem;
  readonly ConditionExpression: string;
  readonly ExpressionAttributeNames: Record<string, string>;
  readonly ExpressionAttributeValues?: WireItem;
  readonly guard: 'every-attribute' | 'exists';
}

export function guardedDelete(loaded: WireItem, keyNames: readonly string[]): DeleteBody {
  const names: Record<string, string> = { '#k': keyNames[0]! };
  const exists = 'attribute_exists(#k)';
  const others = Object.keys(loaded).filter((name) => !keyNames.includes(name));
  if (others.length > MAX_GUARDED_ATTRIBUTES) {
    return { Key: primaryKeyOf(loaded, keyNames), ConditionExpression: exists, ExpressionAttributeNames: names, guard: 'exists' };
  }
  const values: WireItem = {};
  const parts = [exists];
  others.forEach((name, index) => {
    names[`#a${index}`] = name;
    values[`:a${index}`] = loaded[name]!;
    parts.push(`#a${index} = :a${index}`);
  });
  return {
    Key: primaryKeyOf(loaded, keyNames),
    ConditionExpression: parts.join(' AND '),
    ExpressionAttributeNames: names,
    ...(others.length > 0 ? { ExpressionAttributeValues: values } : {}),
    guard: 'every-attribute',
  };
}
