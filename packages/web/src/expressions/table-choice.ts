/**
 * A table of the connection as the expression builder uses it: its key
 * schema and indexes in words, and the key fields a table or index gives the
 * builder when it is picked.
 */
import type { DynamoTableDescription } from '../api/types.js';
import { findTarget, queryTargets, type QueryTarget } from '../workbench/table-indexes.js';
import type { ExpressionState } from './expression-state.js';

const keyWords = (target: QueryTarget) =>
  `${target.partitionKey.name} (${target.partitionKey.type})${target.sortKey !== undefined ? `, sort key ${target.sortKey.name} (${target.sortKey.type})` : ''}`;

/** "Partition key PK (S), sort key SK (S)" for the table; "GSI1: GSI1PK (S), sort key GSI1SK (S); projects ALL" for an index. */
export function targetText(target: QueryTarget): string {
  if (target.indexName === undefined) return `Partition key ${keyWords(target)}`;
  return `${target.kind.toUpperCase()} ${target.indexName}: partition key ${keyWords(target)}; projects ${target.projection}`;
}

/** The key fields of the table, or of the index an operation that reads an index reads. */
function keyFieldsOf(table: DynamoTableDescription, indexName: string | undefined): Partial<ExpressionState> {
  const target = findTarget(queryTargets(table), indexName);
  return {
    partitionKey: target.partitionKey.name,
    partitionType: target.partitionKey.type,
    sortKey: target.sortKey?.name ?? '',
    sortType: target.sortKey?.type ?? 'S',
  };
}

/** The builder's state for a table just picked: its name, no index, its key. */
export function pickTable(table: DynamoTableDescription): Partial<ExpressionState> {
  return { table: table.TableName, index: '', ...keyFieldsOf(table, undefined) };
}

/** The builder's state for an index just picked ('' for the table): the index and its key. */
export function pickIndex(table: DynamoTableDescription, indexName: string): Partial<ExpressionState> {
  return { index: indexName, ...keyFieldsOf(table, indexName === '' ? undefined : indexName) };
}

