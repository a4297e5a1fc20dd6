/**
 * Query, Scan and GetItem requests from the route input: friendly text is
 * compiled by core (one placeholder allocator for the whole request); raw
 * expressions go as given. Either one or the other, never mixed. Core builds
 * the parameters (readRequestParams, getRequestParams), leaving out what is
 * not given, as the web workbench shows them.
 */
import {
  checkKeyCondition,
  compileFriendly,
  getRequestParams,
  parseFriendly,
  parseRequestExpressions,
  printExpressions,
  readRequestParams,
  type CodegenParams,
  type Condition,
  type ExpressionRequest,
} from '@dynotable/core';
import { DataError } from '../errors.js';
import { readValues, readWire } from '../wire-input.js';
import type { GetInput, QueryInput, ScanInput } from './read-schemas.js';

const RAW_FIELDS = ['KeyConditionExpression', 'FilterExpression', 'ProjectionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues'] as const;

/** The expression fields of any of the three inputs (a GetItem has only a projection). */
type ExpressionFields = Partial<Pick<QueryInput, 'key' | 'filter' | 'projection' | (typeof RAW_FIELDS)[number]>>;

function conditionsOf(condition: Condition): Condition[] {
  return condition.kind === 'and' ? [...conditionsOf(condition.left), ...conditionsOf(condition.right)] : [condition];
}

/** What no key condition may hold (an operator, a shape, an empty value), checked by core one condition at a time, each beside an equality. */
function checkEachKeyCondition(conditions: readonly Condition[]): void {
  const equality = conditions.find((condition) => condition.kind === 'compare' && condition.operator === '=');
  for (const condition of conditions) checkKeyCondition(equality === undefined || condition === equality ? condition : { kind: 'and', left: equality, right: condition });
}

/**
 * Friendly text as DynamoDB's expressions, with compileFriendly's checks; but
 * a key condition of more than two conditions (a multi-attribute GSI's: up
 * to four partition and four sort key attributes) is left for DynamoDB to
 * check against the index's keys, which compileFriendly does not know; what
 * no key condition may hold is still refused here.
 */
function compileReadText(input: ExpressionFields): ExpressionRequest {
  const keyCondition = input.key === undefined ? undefined : parseFriendly('key', input.key);
  const conditions = keyCondition === undefined ? [] : conditionsOf(keyCondition);
  if (keyCondition === undefined || conditions.length <= 2) return compileFriendly({ key: input.key, filter: input.filter, projection: input.projection });
  checkEachKeyCondition(conditions);
  const request = printExpressions({
    keyCondition,
    ...(input.filter !== undefined ? { filter: parseFriendly('filter', input.filter) } : {}),
    ...(input.projection !== undefined ? { projection: parseFriendly('projection', input.projection) } : {}),
  });
  parseRequestExpressions(request);
  return request;
}

function expressions(input: ExpressionFields): ExpressionRequest {
  const friendly = input.key !== undefined || input.filter !== undefined || input.projection !== undefined;
  if (friendly) {
    const raw = RAW_FIELDS.filter((field) => input[field] !== undefined);
    if (raw.length > 0) {
      throw new DataError(
        'invalid',
        'ValidationException',
        `give either friendly text (key, filter, projection) or DynamoDB's expressions, not both; remove ${raw.join(', ')} or the friendly fields`,
      );
    }
    return compileReadText(input);
  }
  return {
    KeyConditionExpression: input.KeyConditionExpression,
    FilterExpression: input.FilterExpression,
    ProjectionExpression: input.ProjectionExpression,
    ExpressionAttributeNames: input.ExpressionAttributeNames,
    ExpressionAttributeValues: readValues(input.ExpressionAttributeValues),
  };
}

/** Query parameters, built by core's readRequestParams (the web workbench shows the same). */
export function queryParams(table: string, input: QueryInput): CodegenParams {
  return readRequestParams('Query', {
    TableName: table,
    IndexName: input.IndexName,
    expressions: expressions(input),
    ScanIndexForward: input.ScanIndexForward,
    ConsistentRead: input.ConsistentRead,
    Limit: input.Limit,
    ExclusiveStartKey: input.ExclusiveStartKey === undefined ? undefined : readWire(input.ExclusiveStartKey),
    Select: input.Select,
  });
}

/** Scan parameters, built by core's readRequestParams. */
export function scanParams(table: string, input: ScanInput): CodegenParams {
  return readRequestParams('Scan', {
    TableName: table,
    IndexName: input.IndexName,
    expressions: expressions(input),
    ConsistentRead: input.ConsistentRead,
    Limit: input.Limit,
    ExclusiveStartKey: input.ExclusiveStartKey === undefined ? undefined : readWire(input.ExclusiveStartKey),
    Select: input.Select,
    Segment: input.Segment,
    TotalSegments: input.TotalSegments,
  });
}

export function getParams(table: string, input: GetInput): CodegenParams {
  return getRequestParams({
    TableName: table,
    Key: readWire(input.Key),
    expressions: expressions({ projection: input.projection, ProjectionExpression: input.ProjectionExpression, ExpressionAttributeNames: input.ExpressionAttributeNames }),
    ConsistentRead: input.ConsistentRead,
  });
}
