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
  /** The first partition key attribute (the only one, but on a multi-attribute GSI). */
  readonly partitionKey: KeyAttribute;
  /** The first sort key attribute, if any. */
  readonly sortKey: KeyAttribute | undefined;
  /** Every partition key attribute in key schema order: up to four on a GSI, one elsewhere. */
  readonly partitionKeys: readonly KeyAttribute[];
  /** Every sort key attribute in key schema order: up to four on a GSI, at most one elsewhere. */
  readonly sortKeys: readonly KeyAttribute[];
  readonly projection: ProjectionType;
}

/** DynamoDB's reason, word for word, for refusing ConsistentRead on a GSI (core's). */
export { GSI_CONSISTENT_READ_MESSAGE } from '@dynotable/core';

/** Every key attribute of one role, in key schema order (a multi-attribute GSI lists up to four of each). */
function keysOf(table: DynamoTableDescription, schema: readonly KeySchemaElement[], role: 'HASH' | 'RANGE'): KeyAttribute[] {
  return schema
    .filter((entry) => entry.KeyType === role)
    .map((element) => {
      const definition = table.AttributeDefinitions.find((entry) => entry.AttributeName === element.AttributeName);
      // A key attribute is always defined; S is only a safe fallback for a partial description.
      return { name: element.AttributeName, type: definition?.AttributeType ?? 'S' };
    });
}

function targetOf(table: DynamoTableDescription, kind: IndexKind, indexName: string | undefined, schema: readonly KeySchemaElement[], projection: ProjectionType): QueryTarget {
  const found = keysOf(table, schema, 'HASH');
  const partitionKeys = found.length > 0 ? found : [{ name: '', type: 'S' as const }];
  const sortKeys = keysOf(table, schema, 'RANGE');
  return { indexName, kind, partitionKey: partitionKeys[0]!, sortKey: sortKeys[0], partitionKeys, sortKeys, projection };
}

/** A GSI with more than one partition or sort key attribute. */
export function hasMultiAttributeKey(target: QueryTarget): boolean {
  return target.partitionKeys.length > 1 || target.sortKeys.length > 1;
}

/** Every key attribute of the target, partition attributes first. */
export function targetKeyNames(target: QueryTarget): string[] {
  return [...target.partitionKeys, ...target.sortKeys].map((key) => key.name);
}

type SecondaryIndex = NonNullable<DynamoTableDescription['GlobalSecondaryIndexes'] | DynamoTableDescription['LocalSecondaryIndexes']>[number];

export function queryTargets(table: DynamoTableDescription): QueryTarget[] {
  const base = targetOf(table, 'table', undefined, table.KeySchema, 'ALL');
  const targets: QueryTarget[] = [base];
  const indexTarget = (kind: 'gsi' | 'lsi', index: SecondaryIndex): QueryTarget => {
    // An index lacking its HASH element (a partial description) reads with the table's.
    const schema = index.KeySchema.some((entry) => entry.KeyType === 'HASH') ? index.KeySchema : [...table.KeySchema.filter((entry) => entry.KeyType === 'HASH'), ...index.KeySchema];
    return targetOf(table, kind, index.IndexName, schema, index.Projection?.ProjectionType ?? 'ALL');
  };
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

/** Key attributes of one role joined for reading (the panel, the verifier): `status + priority`. */
export function keyListText(keys: readonly { readonly name: string }[]): string {
  return keys.map((key) => key.name).join(' + ');
}

export function targetLabel(target: QueryTarget): string {
  const partition = keyListText(target.partitionKeys);
  const keys = target.sortKeys.length === 0 ? partition : `${partition}, ${keyListText(target.sortKeys)}`;
  if (target.kind === 'table') return `Table (${keys})`;
  const kind = target.kind === 'gsi' ? 'GSI' : 'LSI';
  return `${kind} ${target.indexName ?? ''} (${keys}; ${target.projection})`;
}
