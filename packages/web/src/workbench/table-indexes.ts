/**
 * The places a query can read from, as the index picker lists them: the table
 * itself, then every global and every local secondary index, each with its key
 * attributes and their types (from the table's AttributeDefinitions).
 */
import type { DynamoTableDescription, KeySchemaElement, ProjectionType, ScalarAttributeType } from '../api/types.js';

export interface KeyAttribute {
  readonly name: string;
  readonly type: ScalarAttributeType;
}

type IndexKind = 'table' | 'gsi' | 'lsi';

export interface QueryTarget {
  /** undefined for the table itself (no IndexName in the request). */
  readonly indexName: string | undefined;
  readonly kind: IndexKind;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute | undefined;
  readonly projection: ProjectionType;
}

/** DynamoDB's reason, word for word, for refusing ConsistentRead on a GSI (core's). */
export { GSI_CONSISTENT_READ_MESSAGE } from '@dynotable/core';

function keyOf(table: DynamoTableDescription, schema: readonly KeySchemaElement[], role: 'HASH' | 'RANGE'): KeyAttribute | undefined {
  const element = schema.find((entry) => entry.KeyType === role);
  if (element === undefined) return undefined;
  const definition = table.AttributeDefinitions.find((entry) => entry.AttributeName === element.AttributeName);
  // A key attribute is always defined; S is only a safe fallback for a partial description.
  return { name: element.AttributeName, type: definition?.AttributeType ?? 'S' };
}

type SecondaryIndex = NonNullable<DynamoTableDescription['GlobalSecondaryIndexes'] | DynamoTableDescription['LocalSecondaryIndexes']>[number];

export function queryTargets(table: DynamoTableDescription): QueryTarget[] {
  const base = keyOf(table, table.KeySchema, 'HASH') ?? { name: '', type: 'S' as const };
  const targets: QueryTarget[] = [
    { indexName: undefined, kind: 'table', partitionKey: base, sortKey: keyOf(table, table.KeySchema, 'RANGE'), projection: 'ALL' },
  ];
  const indexTarget = (kind: 'gsi' | 'lsi', index: SecondaryIndex): QueryTarget => ({
    indexName: index.IndexName,
    kind,
    partitionKey: keyOf(table, index.KeySchema, 'HASH') ?? base,
    sortKey: keyOf(table, index.KeySchema, 'RANGE'),
    projection: index.Projection?.ProjectionType ?? 'ALL',
  });
  targets.push(...(table.GlobalSecondaryIndexes ?? []).map((gsi) => indexTarget('gsi', gsi)));
  targets.push(...(table.LocalSecondaryIndexes ?? []).map((lsi) => indexTarget('lsi', lsi)));
  return targets;
}

/** The target named `indexName`, or the table when there is no such index. */
export function findTarget(targets: readonly QueryTarget[], indexName: string | undefined): QueryTarget {
  return targets.find((target) => target.indexName === indexName) ?? targets[0]!;
}

/** The table's primary key attributes: what identifies an item in every pane. */
export function primaryKeyNames(table: DynamoTableDescription): string[] {
  const hash = table.KeySchema.find((entry) => entry.KeyType === 'HASH');
  const range = table.KeySchema.find((entry) => entry.KeyType === 'RANGE');
  return [hash, range].filter((entry): entry is KeySchemaElement => entry !== undefined).map((entry) => entry.AttributeName);
}

export function targetLabel(target: QueryTarget): string {
  const keys = target.sortKey === undefined ? target.partitionKey.name : `${target.partitionKey.name}, ${target.sortKey.name}`;
  if (target.kind === 'table') return `Table (${keys})`;
  const kind = target.kind === 'gsi' ? 'GSI' : 'LSI';
  return `${kind} ${target.indexName ?? ''} (${keys}; ${target.projection})`;
}
