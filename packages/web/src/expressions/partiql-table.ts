/** The builder's keys as the table the PartiQL conversion reads (the index, when one is chosen, keyed the same). */
import type { PartiqlKeySchemaElement, PartiqlTableDescription } from '@dynotable/core';
import type { ExpressionState } from './expression-state.js';

export function partiqlTableOf(state: ExpressionState): PartiqlTableDescription {
  const schema: PartiqlKeySchemaElement[] = [
    ...[state.partitionKey, ...state.extraPartitionKeys.map((key) => key.name)].filter((name) => name !== '').map((name) => ({ AttributeName: name, KeyType: 'HASH' as const })),
    ...[state.sortKey, ...state.extraSortKeys.map((key) => key.name)].filter((name) => name !== '').map((name) => ({ AttributeName: name, KeyType: 'RANGE' as const })),
  ];
  const table = state.table === '' ? 'Table' : state.table;
  return { TableName: table, KeySchema: schema, ...(state.index !== '' ? { GlobalSecondaryIndexes: [{ IndexName: state.index, KeySchema: schema }] } : {}) };
}
