/**
 * The built request run on a connection, and opened in the query panel: the
 * reads (Query, Scan, GetItem) as the item routes take them — DynamoDB's own
 * parameters in wire JSON, so the server sends exactly what the page shows —
 * and the query panel's pane holding the same query in friendly text.
 */
import { toWireRequest, type CodegenParams } from '@dynotable/core';
import { friendlyLiteral } from '../workbench/literal-text.js';
import { DEFAULT_QUERY_STATE, type QueryState } from '../workbench/query-state.js';
import type { ExpressionState, Operation } from './expression-state.js';

type ReadOperation = 'Query' | 'Scan' | 'GetItem';

/** Run sends reads only: a write from a page of examples would change data by surprise. */
export function isRunnable(operation: Operation): operation is ReadOperation {
  return operation === 'Query' || operation === 'Scan' || operation === 'GetItem';
}

const ROUTE: Record<ReadOperation, string> = { Query: 'query', Scan: 'scan', GetItem: 'get' };

/** The fields each route takes; TableName is in the path. */
const FIELDS: Record<ReadOperation, readonly string[]> = {
  Query: ['IndexName', 'KeyConditionExpression', 'FilterExpression', 'ProjectionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues', 'ScanIndexForward', 'Limit', 'ConsistentRead'],
  Scan: ['IndexName', 'FilterExpression', 'ProjectionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues', 'Limit', 'ConsistentRead', 'Segment', 'TotalSegments'],
  GetItem: ['Key', 'ProjectionExpression', 'ExpressionAttributeNames', 'ConsistentRead'],
};

export interface RunRequest {
  /** The item route's last segment: query, scan or get. */
  readonly action: string;
  readonly body: Record<string, unknown>;
}

export function runRequest(operation: ReadOperation, params: CodegenParams): RunRequest {
  const wire = toWireRequest(params);
  const body = Object.fromEntries(FIELDS[operation].filter((field) => wire[field] !== undefined).map((field) => [field, wire[field]]));
  return { action: ROUTE[operation], body };
}

/** A key value as the query panel's friendly literal; a value that is not one goes as typed, for the pane to name what is wrong. */
function literal(value: string, type: ExpressionState['partitionType']): string {
  const built = friendlyLiteral(type, value);
  return built.ok ? built.text : value.trim();
}

/** The query panel's pane for the builder's read: the key condition, filter and projection as typed. */
export function paneForRead(state: ExpressionState): QueryState {
  const projection = state.projection.trim();
  if (state.operation === 'GetItem') {
    const parts = [`${state.partitionKey.trim()} = ${literal(state.partitionValue, state.partitionType)}`];
    if (state.sortKey.trim() !== '') parts.push(`${state.sortKey.trim()} = ${literal(state.sortValue, state.sortType)}`);
    return { ...DEFAULT_QUERY_STATE, mode: 'query', keyMode: 'text', keyText: parts.join(' AND '), projection };
  }
  const index = state.index.trim();
  const filter = state.filter.trim();
  return {
    ...DEFAULT_QUERY_STATE,
    mode: state.operation === 'Scan' ? 'scan' : 'query',
    indexName: index === '' ? undefined : index,
    ...(state.operation === 'Query' ? { keyMode: 'text' as const, keyText: state.key.trim() } : {}),
    ...(filter !== '' ? { filterMode: 'text' as const, filterText: filter } : {}),
    projection,
  };
}
