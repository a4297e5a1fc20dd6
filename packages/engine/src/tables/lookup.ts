/** Finding a table by name for an operation, with DynamoDB's error when it is missing. */
import { DynamoError } from '@dynotable/core';
import type { EngineContext } from '../context.js';
import type { IndexMeta, TableMeta } from './meta.js';

const RESOURCE_NOT_FOUND_MESSAGE = 'Requested resource not found';

export function requireTable(context: EngineContext, name: unknown): TableMeta {
  const table = typeof name === 'string' ? context.catalog.find(name) : undefined;
  if (table === undefined) throw new DynamoError('ResourceNotFoundException', RESOURCE_NOT_FOUND_MESSAGE);
  return table;
}

export function findIndex(table: TableMeta, name: string): IndexMeta | undefined {
  return table.indexes.find((index) => index.name === name);
}

export function tableArn(context: EngineContext, table: string): string {
  return `arn:aws:dynamodb:${context.region}:${context.accountId}:table/${table}`;
}

/**
 * DescribeTable, DeleteTable, UpdateTable and the TTL operations name the
 * table in their not-found message, unlike item operations.
 */
export function requireNamedTable(context: EngineContext, name: unknown): TableMeta {
  const table = typeof name === 'string' ? context.catalog.find(name) : undefined;
  if (table === undefined) {
    throw new DynamoError('ResourceNotFoundException', `${RESOURCE_NOT_FOUND_MESSAGE}: Table: ${String(name)} not found`);
  }
  return table;
}

export function indexArn(context: EngineContext, table: string, index: string): string {
  return `${tableArn(context, table)}/index/${index}`;
}
