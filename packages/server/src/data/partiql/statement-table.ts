/** A table as the PartiQL planner reads it (DescribeTable's key parts), from what the data layer knows of it. */
import type { PartiqlIndexDescription, PartiqlKeySchemaElement, PartiqlTableDescription } from '@dynotable/core';
import type { KeyShape, TableShape } from '../table-description.js';

function keySchema(keys: KeyShape): PartiqlKeySchemaElement[] {
  return [
    ...keys.partitionKeys.map((key) => ({ AttributeName: key.name, KeyType: 'HASH' as const })),
    ...keys.sortKeys.map((key) => ({ AttributeName: key.name, KeyType: 'RANGE' as const })),
  ];
}

export function partiqlTable(table: TableShape): PartiqlTableDescription {
  const types = new Map<string, string>();
  for (const keys of [table.keys, ...table.indexes.map((index) => index.keys)]) {
    for (const key of [...keys.partitionKeys, ...keys.sortKeys]) types.set(key.name, key.type);
  }
  const indexes = (kind: 'global' | 'local'): PartiqlIndexDescription[] =>
    table.indexes.filter((index) => index.kind === kind).map((index) => ({ IndexName: index.name, KeySchema: keySchema(index.keys) }));
  return {
    TableName: table.name,
    KeySchema: keySchema(table.keys),
    AttributeDefinitions: [...types].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    GlobalSecondaryIndexes: indexes('global'),
    LocalSecondaryIndexes: indexes('local'),
  };
}
