/**
 * Query, Scan and GetItem parameters from their fields, in one order: the server sends
 * them and the web workbench shows them (live request view, generated
 * programs), so both build them here. Fields left undefined are not sent.
 */
import type { ExpressionRequest } from '../expressions/request.js';
import type { Item } from '../values/types.js';
import type { CodegenParams } from './request.js';

export interface ReadFields {
  readonly TableName: string;
  readonly IndexName?: string | undefined;
  /** The compiled expressions with their placeholders (compileFriendly), or raw ones. */
  readonly expressions?: ExpressionRequest | undefined;
  /** Query only. */
  readonly ScanIndexForward?: boolean | undefined;
  readonly ConsistentRead?: boolean | undefined;
  readonly Limit?: number | undefined;
  readonly ExclusiveStartKey?: Item | undefined;
  readonly Select?: string | undefined;
  /** Scan only. */
  readonly Segment?: number | undefined;
  readonly TotalSegments?: number | undefined;
}

function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/** A Query's or Scan's parameters, with the consumed capacity asked for per index. */
export function readRequestParams(operation: 'Query' | 'Scan', fields: ReadFields): CodegenParams {
  return defined<CodegenParams>({
    TableName: fields.TableName,
    IndexName: fields.IndexName,
    ...defined(fields.expressions ?? {}),
    ScanIndexForward: operation === 'Query' ? fields.ScanIndexForward : undefined,
    ConsistentRead: fields.ConsistentRead,
    Limit: fields.Limit,
    ExclusiveStartKey: fields.ExclusiveStartKey,
    Select: fields.Select,
    Segment: operation === 'Scan' ? fields.Segment : undefined,
    TotalSegments: operation === 'Scan' ? fields.TotalSegments : undefined,
    ReturnConsumedCapacity: 'INDEXES',
  });
}

export interface GetFields {
  readonly TableName: string;
  readonly Key: Item;
  /** A projection, compiled or raw, with its placeholders. */
  readonly expressions?: ExpressionRequest | undefined;
  readonly ConsistentRead?: boolean | undefined;
}

/** A GetItem's parameters, with the consumed capacity asked for per index. */
export function getRequestParams(fields: GetFields): CodegenParams {
  return defined<CodegenParams>({
    TableName: fields.TableName,
    Key: fields.Key,
    ...defined(fields.expressions ?? {}),
    ConsistentRead: fields.ConsistentRead,
    ReturnConsumedCapacity: 'INDEXES',
  });
}
