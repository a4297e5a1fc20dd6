/**
 * Query, Scan and GetItem requests from the route input: friendly text is
 * compiled by core (one placeholder allocator for the whole request); raw
 * expressions go as given. Either one or the other, never mixed. Core builds
 * the parameters (readRequestParams, getRequestParams), leaving out what is
 * not given, as the web workbench shows them.
 */
import {
  compileFriendly,
  getRequestParams,
  readRequestParams,
  type CodegenParams,
  type ExpressionRequest,
} from '@dynotable/core';
import { DataError } from '../errors.js';
import { readValues, readWire } from '../wire-input.js';
import type { GetInput, QueryInput, ScanInput } from './read-schemas.js';

const RAW_FIELDS = ['KeyConditionExpression', 'FilterExpression', 'ProjectionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues'] as const;

/** The expression fields of any of the three inputs (a GetItem has only a projection). */
type ExpressionFields = Partial<Pick<QueryInput, 'key' | 'filter' | 'projection' | (typeof RAW_FIELDS)[number]>>;

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
    return compileFriendly({ key: input.key, filter: input.filter, projection: input.projection });
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
