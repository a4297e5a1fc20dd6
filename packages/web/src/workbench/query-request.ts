/**
 * A pane's query state → the request: the body POSTed to …/items/query or
 * …/items/scan (friendly text, which the server compiles with the same core
 * function), and the exact DynamoDB parameters compiled here with core's
 * compileFriendly for the live expression view and the generated programs.
 * Every problem is attached to the field it comes from, in DynamoDB's words.
 */
import {
  DynamoError,
  checkFilterAvoidsKeys,
  checkKeyCondition,
  compileFriendly,
  parseFriendly,
  parseRequestExpressions,
  printExpressions,
  readRequestParams,
  type CodegenParams,
  type ErrorLocation,
  type ExpressionRequest,
} from '@dynotable/core';
import type { WireItem } from '@dynotable/core';
import { filterText } from './filter-text.js';
import { readPlaceholders, resolvedKeyText } from './key-placeholders.js';
import { keyConditionText, missingPartitionMessage } from './key-text.js';
import { checkMultiKeyCondition } from './multi-key-condition.js';
import { hasMultiAttributeKey, targetKeyNames, type QueryTarget } from './table-indexes.js';
import type { QueryState } from './query-state.js';

export interface FieldError {
  readonly message: string;
  /** Where in the field's friendly text, when DynamoDB's parser points at a token. */
  readonly location?: ErrorLocation;
  /** The friendly text the location points into (builder rows are shown as text). */
  readonly text?: string;
}

type FieldName = 'partition' | 'sort' | 'key' | 'filter' | 'projection' | 'limit' | 'segments';

export interface ReadBody {
  key?: string;
  filter?: string;
  projection?: string;
  IndexName?: string;
  ScanIndexForward?: boolean;
  Limit?: number;
  ConsistentRead?: boolean;
  Segment?: number;
  TotalSegments?: number;
  ExclusiveStartKey?: WireItem;
  /** COUNT: the number of matching items only (the day-window check's counts). */
  Select?: 'COUNT';
  code?: boolean;
}

export interface BuiltRead {
  readonly operation: 'Query' | 'Scan';
  /** The friendly texts, as sent. */
  readonly texts: { readonly key?: string; readonly filter?: string; readonly projection?: string };
  readonly errors: Partial<Record<FieldName, FieldError>>;
  /** The filter builder row at fault, if any. */
  readonly filterRow?: number;
  /** Which partition and sort key field is at fault (0 for the first attribute), on a multi-attribute key. */
  readonly keyFieldAt?: { readonly partition?: number; readonly sort?: number };
  /** Present when there is no error: what is POSTed (without ExclusiveStartKey). */
  readonly body?: ReadBody;
  /** Present when there is no error: the DynamoDB request the server will send. */
  readonly params?: CodegenParams;
}

const INT32_MAX = 2 ** 31 - 1;

function fieldErrorOf(error: unknown, text?: string): FieldError {
  if (error instanceof DynamoError) {
    return { message: error.message, ...(error.location !== undefined ? { location: error.location } : {}), ...(text !== undefined ? { text } : {}) };
  }
  throw error;
}

/** Empty → undefined; otherwise a whole number in DynamoDB's 32-bit range, or the problem. */
function wholeNumber(typed: string, min: number): number | undefined | FieldError {
  const text = typed.trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > INT32_MAX) {
    return { message: `Enter a whole number from ${min} to ${INT32_MAX}` };
  }
  return Number(text);
}

/**
 * The friendly texts as DynamoDB's expressions. compileFriendly refuses a key
 * condition of more than two conditions, which a multi-attribute GSI's Query
 * has: its condition was checked against the index's keys above, so it is
 * printed and read back (the request's own checks) without that refusal.
 */
function compileTexts(texts: { readonly key?: string; readonly filter?: string; readonly projection?: string }, target: QueryTarget): ExpressionRequest {
  if (!hasMultiAttributeKey(target) || texts.key === undefined) return compileFriendly(texts);
  const request = printExpressions({
    keyCondition: parseFriendly('key', texts.key),
    ...(texts.filter !== undefined ? { filter: parseFriendly('filter', texts.filter) } : {}),
    ...(texts.projection !== undefined ? { projection: parseFriendly('projection', texts.projection) } : {}),
  });
  parseRequestExpressions(request);
  return request;
}

function trimmedOrUndefined(text: string): string | undefined {
  return text.trim() === '' ? undefined : text;
}

export function buildRead(state: QueryState, tableName: string, target: QueryTarget): BuiltRead {
  const operation = state.mode === 'query' ? 'Query' : 'Scan';
  const errors: Partial<Record<FieldName, FieldError>> = {};
  let filterRow: number | undefined;
  let keyFieldAt: { partition?: number; sort?: number } | undefined;

  let key: string | undefined;
  if (operation === 'Query') {
    if (state.keyMode === 'text') {
      key = state.keyText;
      if (key.trim() === '') errors.key = { message: 'Enter a key condition, e.g. PK = "A" AND SK > 10' };
      else {
        // Placeholders (#pk = :pk) are resolved here: the server is sent the condition with its values written in.
        const placeholders = readPlaceholders(state.placeholderNames, state.placeholderValues);
        if (!placeholders.ok) errors.key = { message: placeholders.message };
        else {
          try {
            key = resolvedKeyText(state.keyText, placeholders.attributes);
          } catch (error) {
            errors.key = fieldErrorOf(error, state.keyText);
          }
        }
      }
    } else if (state.partitionValue === '') {
      errors.partition = { message: missingPartitionMessage(target, target.partitionKey) };
      keyFieldAt = { partition: 0 };
    } else {
      const built = keyConditionText(state, target);
      if (built.ok) key = built.text;
      else {
        const { problems } = built;
        if (problems.partition !== undefined) errors.partition = { message: problems.partition };
        if (problems.sort !== undefined) errors.sort = { message: problems.sort };
        keyFieldAt = { ...(problems.partitionAt !== undefined ? { partition: problems.partitionAt } : {}), ...(problems.sortAt !== undefined ? { sort: problems.sortAt } : {}) };
      }
    }
  }

  let filter: string | undefined;
  if (state.filterMode === 'text') filter = trimmedOrUndefined(state.filterText);
  else {
    const built = filterText(state.filterRows);
    if (built.ok) filter = built.text;
    else {
      errors.filter = { message: built.problem.message };
      filterRow = built.problem.row;
    }
  }
  const projection = trimmedOrUndefined(state.projection);

  // Each text alone, so the error lands under its own field.
  const keySchema = {
    partitionKey: target.partitionKey.name,
    sortKey: target.sortKey?.name,
    partitionKeyType: target.partitionKey.type,
    sortKeyType: target.sortKey?.type,
  };
  if (key !== undefined && errors.key === undefined) {
    try {
      const condition = parseFriendly('key', key);
      if (hasMultiAttributeKey(target)) checkMultiKeyCondition(condition, target);
      else checkKeyCondition(condition, keySchema);
    } catch (error) {
      errors[state.keyMode === 'text' ? 'key' : 'sort'] = fieldErrorOf(error, key);
    }
  }
  if (filter !== undefined) {
    try {
      const condition = parseFriendly('filter', filter);
      if (operation === 'Query') {
        checkFilterAvoidsKeys(condition, target.partitionKeys.map((key) => key.name));
        checkFilterAvoidsKeys(condition, targetKeyNames(target));
      }
    } catch (error) {
      errors.filter = fieldErrorOf(error, filter);
    }
  }
  if (projection !== undefined) {
    try {
      parseFriendly('projection', projection);
    } catch (error) {
      errors.projection = fieldErrorOf(error, projection);
    }
  }

  const typedLimit = wholeNumber(state.limit, 1);
  if (typeof typedLimit === 'object') errors.limit = typedLimit;
  const limit = typeof typedLimit === 'number' ? typedLimit : undefined;
  let segment: number | undefined;
  let totalSegments: number | undefined;
  if (operation === 'Scan') {
    const typedSegment = wholeNumber(state.segment, 0);
    const typedTotal = wholeNumber(state.totalSegments, 1);
    if (typeof typedSegment === 'object') errors.segments = typedSegment;
    else if (typeof typedTotal === 'object') errors.segments = typedTotal;
    else if ((typedSegment === undefined) !== (typedTotal === undefined)) {
      errors.segments = { message: 'Give both Segment and TotalSegments, or neither' };
    } else if (typedTotal !== undefined && typedSegment !== undefined) {
      if (typedTotal > 1_000_000) errors.segments = { message: 'TotalSegments is at most 1000000' };
      else if (typedSegment >= typedTotal) errors.segments = { message: 'Segment must be less than TotalSegments' };
      segment = typedSegment;
      totalSegments = typedTotal;
    }
  }
  // DynamoDB refuses it on a GSI (the panel disables the box and says why), so it is never sent there.
  const consistentRead = state.consistentRead && target.kind !== 'gsi';

  const texts = { ...(key !== undefined ? { key } : {}), ...(filter !== undefined ? { filter } : {}), ...(projection !== undefined ? { projection } : {}) };
  if (Object.keys(errors).length > 0) return { operation, texts, errors, ...(filterRow !== undefined ? { filterRow } : {}), ...(keyFieldAt !== undefined ? { keyFieldAt } : {}) };

  let expressions: ExpressionRequest;
  try {
    expressions = compileTexts(texts, target);
  } catch (error) {
    // Only the request as a whole can fail here (e.g. its total size).
    return { operation, texts, errors: { filter: fieldErrorOf(error) } };
  }
  const shared = {
    ...(target.indexName !== undefined ? { IndexName: target.indexName } : {}),
    ...(limit !== undefined ? { Limit: limit } : {}),
    ...(consistentRead ? { ConsistentRead: true } : {}),
  };
  const body: ReadBody = {
    ...texts,
    ...shared,
    ...(operation === 'Query' && !state.forward ? { ScanIndexForward: false } : {}),
    ...(segment !== undefined && totalSegments !== undefined ? { Segment: segment, TotalSegments: totalSegments } : {}),
  };
  // The same parameters, in the same order, as the server builds them: core's readRequestParams.
  const params: CodegenParams = readRequestParams(operation, {
    TableName: tableName,
    IndexName: target.indexName,
    expressions,
    ScanIndexForward: body.ScanIndexForward,
    ConsistentRead: consistentRead ? true : undefined,
    Limit: limit,
    Segment: body.Segment,
    TotalSegments: body.Segment !== undefined ? body.TotalSegments : undefined,
  });
  return { operation, texts, errors, body, params };
}
