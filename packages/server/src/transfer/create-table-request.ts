/** When a copy creates its target: a CreateTable request for a table of the source's keys, indexes and billing under another name. */
import type { KeyType } from '@dynotable/core';
import type { IndexShape, KeyShape, TableShape } from '../data/table-description.js';

/** Every HASH element, then every RANGE element (a multi-attribute GSI has up to four of each). */
function keySchema(keys: KeyShape): { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[] {
  return [
    ...keys.partitionKeys.map((key) => ({ AttributeName: key.name, KeyType: 'HASH' as const })),
    ...keys.sortKeys.map((key) => ({ AttributeName: key.name, KeyType: 'RANGE' as const })),
  ];
}

export function createTableRequest(shape: TableShape, name: string): Record<string, unknown> {
  const definitions = new Map<string, KeyType>();
  const define = (keys: KeyShape) => {
    for (const key of [...keys.partitionKeys, ...keys.sortKeys]) definitions.set(key.name, key.type);
  };
  define(shape.keys);
  shape.indexes.forEach((index) => define(index.keys));
  const provisioned = shape.billingMode === 'PROVISIONED';
  const indexRequest = (index: IndexShape) => ({
    IndexName: index.name,
    KeySchema: keySchema(index.keys),
    Projection: { ProjectionType: index.projection.ProjectionType ?? 'ALL', ...(index.projection.NonKeyAttributes?.length ? { NonKeyAttributes: [...index.projection.NonKeyAttributes] } : {}) },
    ...(provisioned && index.kind === 'global' ? { ProvisionedThroughput: index.provisioned ?? shape.provisioned } : {}),
  });
  const globals = shape.indexes.filter((index) => index.kind === 'global');
  const locals = shape.indexes.filter((index) => index.kind === 'local');
  return {
    TableName: name,
    AttributeDefinitions: [...definitions].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    KeySchema: keySchema(shape.keys),
    BillingMode: shape.billingMode,
    ...(provisioned ? { ProvisionedThroughput: shape.provisioned } : {}),
    ...(globals.length > 0 ? { GlobalSecondaryIndexes: globals.map(indexRequest) } : {}),
    ...(locals.length > 0 ? { LocalSecondaryIndexes: locals.map(indexRequest) } : {}),
  };
}
