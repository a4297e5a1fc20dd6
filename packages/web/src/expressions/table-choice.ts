/**
 * A table of the connection as the expression builder uses it: its key
 * schema and indexes in words, and the key fields a table or index gives the
 * builder when it is picked.
 */
import type { DynamoTableDescription } from '../api/types.js';
import { keysText } from '../table-picture/picture-text.js';
import { findTarget, queryTargets, type QueryTarget } from '../workbench/table-indexes.js';
import type { ExpressionState } from './expression-state.js';

const keyWords = (target: QueryTarget) => `${keysText(target.partitionKeys)}${target.sortKeys.length > 0 ? `, sort key ${keysText(target.sortKeys)}` : ''}`;

/**
 * "Partition key PK (S), sort key SK (S)" for the table; "GSI GSI1: partition key GSI1PK (S), sort key GSI1SK (S); projects ALL"
 * for an index, every attribute of a multi-attribute key joined with +.
 */
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
    extraPartitionKeys: target.partitionKeys.slice(1),
    extraSortKeys: target.sortKeys.slice(1),
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

