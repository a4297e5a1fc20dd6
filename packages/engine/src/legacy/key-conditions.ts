/**
 * KeyConditions (the legacy form of KeyConditionExpression): a map of key
 * attribute to legacy condition, reduced to core's KeyCondition with
 * DynamoDB's messages (measured on DynamoDB Local).
 */
import {
  checkMultiAttributeParts,
  emptyKeyMessage,
  invalidParameterMessage,
  isMultiAttribute,
  typeOf,
  validationError,
  type KeyCondition,
  type KeyPart,
  type KeySchemaNames,
  type SortKeyOperator,
} from '@dynotable/core';
import { readComparison, type Comparison, type WireComparison } from './comparison.js';

const SORT_OPERATORS: Partial<Record<Comparison['operator'], SortKeyOperator>> = {
  EQ: '=',
  LT: '<',
  LE: '<=',
  GT: '>',
  GE: '>=',
  BETWEEN: 'BETWEEN',
  BEGINS_WITH: 'begins_with',
};

export function keyConditionsToKeyCondition(keyConditions: unknown, keys: KeySchemaNames): KeyCondition {
  const entries = keyConditions !== null && typeof keyConditions === 'object' ? Object.entries(keyConditions as Record<string, unknown>) : [];
  if (entries.length === 0) throw validationError('Conditions must be at least length 1');
  if (isMultiAttribute(keys)) return multiAttributeKeyCondition(entries, keys);
  if (entries.length > 2) throw validationError('Conditions can be of length 1 or 2 only');
  const checked = entries.map(([name, raw]) => ({ name, comparison: readComparison((raw ?? {}) as WireComparison) }));
  const partition = checked.find((part) => part.name === keys.partitionKey);
  const sort = checked.find((part) => part !== partition);
  if (!partition || (sort && sort.name !== keys.sortKey)) throw validationError('Query condition missed key schema element');
  if (partition.comparison.operator !== 'EQ') throw validationError('Query key condition not supported');
  let sortOperator: SortKeyOperator | undefined;
  if (sort) sortOperator = keyOperator(sort.comparison);
  const parts = sort ? [partition, sort] : [partition];
  for (const part of parts) {
    const type = part === partition ? keys.partitionKeyType : keys.sortKeyType;
    if (type !== undefined && part.comparison.values.some((value) => typeOf(value) !== type)) {
      throw validationError(invalidParameterMessage('Condition parameter type does not match schema type'));
    }
  }
  for (const part of parts) {
    for (const value of part.comparison.values) {
      if (('S' in value && value.S === '') || ('B' in value && value.B.length === 0)) {
        throw validationError(
          emptyKeyMessage('S' in value ? 'string' : 'binary', part.name),
        );
      }
    }
  }
  const result: KeyCondition = { partitionKey: { name: partition.name, value: partition.comparison.values[0]! } };
  if (sort && sortOperator) result.sortKey = { name: sort.name, operator: sortOperator, values: sort.comparison.values };
  return result;
}

function keyOperator(comparison: Comparison): SortKeyOperator {
  const { operator } = comparison;
  if (operator === 'NULL' || operator === 'NOT_NULL') throw validationError('Only scalar types can be used as Range Key values');
  const keyOperator = SORT_OPERATORS[operator];
  if (keyOperator === undefined) throw validationError('Attempted conditional constraint is not an indexable operation');
  return keyOperator;
}

/** A GSI key of several attributes: the same rule as its KeyConditionExpression (core's). */
function multiAttributeKeyCondition(entries: [string, unknown][], keys: KeySchemaNames): KeyCondition {
  const parts = entries.map(([name, raw]): KeyPart => {
    const comparison = readComparison((raw ?? {}) as WireComparison);
    return { name, operator: keyOperator(comparison), values: comparison.values };
  });
  return checkMultiAttributeParts(parts, keys);
}
