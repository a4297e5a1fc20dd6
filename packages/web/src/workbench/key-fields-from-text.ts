/**
 * "Use fields": a key condition typed as text → the key fields (partition
 * value, sort operator and bounds), read with core's parser and key checks,
 * placeholders resolved from the names and values given. When the fields
 * cannot say the same thing (an OR, another attribute, a value the fields
 * cannot hold), the answer is why, and the text stays as it is.
 */
import { checkKeyCondition, DynamoError, encodeBase64, type AttributeValue, type ExpressionAttributes, type KeyCondition, type KeySchemaNames } from '@dynotable/core';
import { readPlaceholders, parseTypedKey } from './key-placeholders.js';
import { keyConditionText } from './key-text.js';
import { checkMultiKeyCondition, type MultiKeyCondition } from './multi-key-condition.js';
import type { QueryState } from './query-state.js';
import { hasMultiAttributeKey, keyListText, type QueryTarget } from './table-indexes.js';

type KeyFieldsPatch = Pick<QueryState, 'keyMode' | 'partitionValue' | 'extraPartitionValues' | 'sortOperator' | 'sortValue' | 'extraSortValues' | 'sortValue2'>;

export type FieldsFromText = { readonly ok: true; readonly patch: KeyFieldsPatch } | { readonly ok: false; readonly reason: string };

const refuse = (reason: string): FieldsFromText => ({ ok: false, reason });

function keySchemaOf(target: QueryTarget): KeySchemaNames {
  return {
    partitionKey: target.partitionKey.name,
    sortKey: target.sortKey?.name,
    partitionKeyType: target.partitionKey.type,
    sortKeyType: target.sortKey?.type,
  };
}

/** A key value as its field shows it: the string, the number's digits, the bytes in base64. */
function fieldText(value: AttributeValue): string {
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return encodeBase64(value.B);
  throw new Error('a key value is S, N or B');
}

function messageOf(error: unknown): string {
  if (error instanceof DynamoError) return error.message;
  throw error;
}

/** The fields of a multi-attribute GSI's key condition: one value per attribute given, the operator and bounds of the last sort attribute. */
function multiAttributePatch(key: MultiKeyCondition): KeyFieldsPatch {
  const partitions = key.partition.map((part) => fieldText(part.values[0]!));
  const sorts = key.sort.map((part) => fieldText(part.values[0]!));
  const last = key.sort[key.sort.length - 1];
  return {
    keyMode: 'fields',
    partitionValue: partitions[0] ?? '',
    extraPartitionValues: partitions.slice(1),
    sortOperator: last?.operator ?? 'none',
    sortValue: sorts[0] ?? '',
    extraSortValues: sorts.slice(1),
    sortValue2: last?.operator === 'BETWEEN' ? fieldText(last.values[1]!) : '',
  };
}

function multiAttributeFields(state: QueryState, target: QueryTarget, attributes: ExpressionAttributes | undefined): FieldsFromText {
  const read = (text: string, values: ExpressionAttributes | undefined) => checkMultiKeyCondition(parseTypedKey(text, values), target);
  let key: MultiKeyCondition;
  try {
    key = read(state.keyText, attributes);
  } catch (error) {
    return refuse(
      `The fields cannot hold this key condition: ${messageOf(error)}. They hold ${keyListText(target.partitionKeys)} each = a value${target.sortKeys.length > 0 ? `, and ${keyListText(target.sortKeys)} left to right` : ''}; the text is kept.`,
    );
  }
  const patch = multiAttributePatch(key);
  const written = keyConditionText({ ...state, ...patch }, target);
  if (!written.ok) return refuse(`The fields cannot hold this key condition: ${written.problems.partition ?? written.problems.sort}. The text is kept.`);
  try {
    if (JSON.stringify(read(written.text, undefined)) === JSON.stringify(key)) return { ok: true, patch };
  } catch (error) {
    return refuse(`The fields cannot hold this key condition: ${messageOf(error)}. The text is kept.`);
  }
  return refuse('The fields cannot hold this key condition exactly; the text is kept.');
}

export function keyFieldsFromText(state: QueryState, target: QueryTarget): FieldsFromText {
  if (state.keyText.trim() === '') {
    return { ok: true, patch: { keyMode: 'fields', partitionValue: '', extraPartitionValues: [], sortOperator: 'none', sortValue: '', extraSortValues: [], sortValue2: '' } };
  }
  const placeholders = readPlaceholders(state.placeholderNames, state.placeholderValues);
  if (!placeholders.ok) return refuse(`${placeholders.message}. The text is kept.`);
  if (hasMultiAttributeKey(target)) return multiAttributeFields(state, target, placeholders.attributes);
  let key: KeyCondition;
  try {
    key = checkKeyCondition(parseTypedKey(state.keyText, placeholders.attributes), keySchemaOf(target));
  } catch (error) {
    return refuse(`The fields cannot hold this key condition: ${messageOf(error)}. They hold ${target.partitionKey.name} = a value${target.sortKey !== undefined ? ` and one condition on ${target.sortKey.name}` : ''}; the text is kept.`);
  }
  const sort = key.sortKey;
  const patch: KeyFieldsPatch = {
    keyMode: 'fields',
    partitionValue: fieldText(key.partitionKey.value),
    extraPartitionValues: [],
    extraSortValues: [],
    sortOperator: sort?.operator ?? 'none',
    sortValue: sort !== undefined ? fieldText(sort.values[0]!) : '',
    sortValue2: sort?.operator === 'BETWEEN' ? fieldText(sort.values[1]!) : '',
  };
  // The fields must ask for exactly the same keys as the text did.
  const written = keyConditionText({ ...state, ...patch }, target);
  if (!written.ok) return refuse(`The fields cannot hold this key condition: ${written.problems.partition ?? written.problems.sort}. The text is kept.`);
  try {
    const again = checkKeyCondition(parseTypedKey(written.text, undefined), keySchemaOf(target));
    if (JSON.stringify(again) === JSON.stringify(key)) return { ok: true, patch };
  } catch (error) {
    return refuse(`The fields cannot hold this key condition: ${messageOf(error)}. The text is kept.`);
  }
  return refuse('The fields cannot hold this key condition exactly; the text is kept.');
}
