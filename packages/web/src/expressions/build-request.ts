/**
 * The builder's state → the DynamoDB request: each friendly text parsed on its
 * own (so DynamoDB's error lands under its own field, pointing at the token),
 * the checks that need the key, then the whole request compiled by core's
 * compileFriendly — the parameters the programs send.
 */
import {
  checkFilterAvoidsKeys,
  checkKeyCondition,
  checkUpdateDoesNotTouchKeys,
  compileFriendly,
  DynamoError,
  itemKeyProblem,
  parseFriendly,
  resourceNameProblem,
  type CodegenParams,
  type ErrorLocation,
  type ExpressionRequest,
  type Item,
} from '@dynotable/core';
import { readItemText } from '../pricing/item-input.js';
import { aliasesOf, type AliasUse } from './aliases.js';
import type { ExpressionState, Operation } from './expression-state.js';
import { keyNamesOf, keySchemaOf } from './key-lists.js';
import { keyValue } from './key-values.js';
import { OPERATION_FIELDS, type ExpressionKind } from './operation-fields.js';

type ProblemField = ExpressionKind | 'table' | 'index' | 'partitionKey' | 'partitionValue' | 'sortValue' | 'item' | 'request';

export interface FieldProblem {
  readonly message: string;
  /** The token DynamoDB points at, in the field's text. */
  readonly location?: ErrorLocation;
}

export interface BuiltRequest {
  readonly operation: Operation;
  readonly problems: Partial<Record<ProblemField, FieldProblem>>;
  /** Present when there is no problem. */
  readonly params?: CodegenParams;
  readonly aliases: readonly AliasUse[];
  /** The names each expression that reads must alias, known even while another field is wrong. */
  readonly fieldAliases: Partial<Record<ExpressionKind, readonly AliasUse[]>>;
}

function problemOf(error: unknown): FieldProblem {
  if (error instanceof DynamoError) return { message: error.message, ...(error.location !== undefined ? { location: error.location } : {}) };
  throw error;
}

/** Each expression the operation takes, checked alone; the texts that read, for the compiler. */
function checkExpressions(
  state: ExpressionState,
  problems: Partial<Record<ProblemField, FieldProblem>>,
  fieldAliases: Partial<Record<ExpressionKind, readonly AliasUse[]>>,
): Partial<Record<ExpressionKind, string>> {
  const fields = OPERATION_FIELDS[state.operation];
  const keys = keyNamesOf(state);
  const keySchema = keySchemaOf(state);
  const texts: Partial<Record<ExpressionKind, string>> = {};
  for (const kind of fields.expressions) {
    const text = state[kind];
    if (text.trim() === '') {
      if (fields.required.includes(kind)) problems[kind] = { message: `${state.operation} needs ${kind === 'key' ? 'a key condition' : 'an update expression'}` };
      continue;
    }
    try {
      if (kind === 'key' || kind === 'filter' || kind === 'condition') {
        const condition = parseFriendly(kind, text);
        if (kind === 'key' && keySchema !== undefined) checkKeyCondition(condition, keySchema);
        if (kind === 'filter' && state.operation === 'Query' && keys.length > 0) checkFilterAvoidsKeys(condition, keys.map((key) => key.name));
      } else if (kind === 'update') {
        checkUpdateDoesNotTouchKeys(parseFriendly('update', text), keys.map((key) => key.name));
      } else parseFriendly('projection', text);
      texts[kind] = text;
      fieldAliases[kind] = aliasesOf(compileFriendly({ [kind]: text }).ExpressionAttributeNames);
    } catch (error) {
      problems[kind] = problemOf(error);
    }
  }
  return texts;
}

function buildKey(state: ExpressionState, problems: Partial<Record<ProblemField, FieldProblem>>): Item | undefined {
  const partition = state.partitionKey.trim();
  if (partition === '') {
    problems.partitionKey = { message: `${state.operation} needs the key: enter the partition key's name` };
    return undefined;
  }
  const key: Item = {};
  const partitionValue = keyValue(state.partitionType, state.partitionValue, partition);
  if ('problem' in partitionValue) problems.partitionValue = { message: partitionValue.problem };
  else key[partition] = partitionValue.value;
  const sort = state.sortKey.trim();
  if (sort !== '') {
    const sortValue = keyValue(state.sortType, state.sortValue, sort);
    if ('problem' in sortValue) problems.sortValue = { message: sortValue.problem };
    else key[sort] = sortValue.value;
  }
  return key;
}

function buildItem(state: ExpressionState, problems: Partial<Record<ProblemField, FieldProblem>>): Item | undefined {
  const reading = readItemText(state.item);
  if (!reading.ok) {
    problems.item = { message: reading.message, ...(reading.offset !== undefined ? { location: { offset: reading.offset, length: 1 } } : {}) };
    return undefined;
  }
  const keyProblem = itemKeyProblem(reading.item, keyNamesOf(state));
  if (keyProblem !== undefined) problems.item = { message: keyProblem };
  return reading.item;
}

export function buildRequest(state: ExpressionState): BuiltRequest {
  const fields = OPERATION_FIELDS[state.operation];
  const problems: Partial<Record<ProblemField, FieldProblem>> = {};
  const tableProblem = resourceNameProblem(state.table, 'tableName');
  if (tableProblem !== undefined) problems.table = { message: tableProblem };
  const index = fields.index ? state.index.trim() : '';
  if (index !== '') {
    const indexProblem = resourceNameProblem(index, 'indexName');
    if (indexProblem !== undefined) problems.index = { message: indexProblem };
  }
  const key = fields.keyInput === 'values' ? buildKey(state, problems) : undefined;
  const item = fields.item ? buildItem(state, problems) : undefined;
  const fieldAliases: Partial<Record<ExpressionKind, readonly AliasUse[]>> = {};
  const texts = checkExpressions(state, problems, fieldAliases);

  const operation = state.operation;
  if (Object.keys(problems).length > 0) return { operation, problems, aliases: [], fieldAliases };
  let expressions: ExpressionRequest;
  try {
    expressions = compileFriendly(texts);
  } catch (error) {
    // Only the request as a whole can fail here (its size, its operator count).
    return { operation, problems: { request: problemOf(error) }, aliases: [], fieldAliases };
  }
  const params: CodegenParams = {
    TableName: state.table,
    ...(index !== '' ? { IndexName: index } : {}),
    ...(key !== undefined ? { Key: key } : {}),
    ...(item !== undefined ? { Item: item } : {}),
    ...expressions,
  };
  const aliases = aliasesOf(expressions.ExpressionAttributeNames);
  // The request shares one alias per name across its expressions: show those.
  const requestAlias = new Map(aliases.map((use) => [use.name, use.alias]));
  for (const kind of Object.keys(fieldAliases) as ExpressionKind[]) {
    fieldAliases[kind] = fieldAliases[kind]!.map((use) => ({ ...use, alias: requestAlias.get(use.name) ?? use.alias }));
  }
  return { operation, problems, params, aliases, fieldAliases };
}
