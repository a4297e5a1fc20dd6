/**
 * "Use fields": a key condition typed as text → the key fields (partition
 * value, sort operator and bounds), read with core's parser and key checks,
 * placeholders resolved from the names and values given. When the fields
 * cannot say the same thing (an OR, another attribute, a value the fields
 * cannot hold), the answer is why, and the text stays as it is.
 */
import { checkKeyCondition, DynamoError, encodeBase64, type AttributeValue, type KeyCondition, type KeySchemaNames } from '@dynotable/core';
import { readPlaceholders, parseTypedKey } from './key-placeholders.js';
import { keyConditionText } from './key-text.js';
import type { QueryState } from './query-state.js';
import type { QueryTarget } from './table-indexes.js';

type KeyFieldsPatch = Pick<QueryState, 'keyMode' | 'partitionValue' | 'sortOperator' | 'sortValue' | 'sortValue2'>;

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

export function keyFieldsFromText(state: QueryState, target: QueryTarget): FieldsFromText {
  if (state.keyText.trim() === '') return { ok: true, patch: { keyMode: 'fields', partitionValue: '', sortOperator: 'none', sortValue: '', sortValue2: '' } };
  const placeholders = readPlaceholders(state.placeholderNames, state.placeholderValues);
  if (!placeholders.ok) return refuse(`${placeholders.message}. The text is kept.`);
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
