/**
 * A live table as DescribeTable answers it (the SDK's TableDescription, or the
 * same as wire JSON), read into the model's own form so the two can be
 * compared member by member. Only what a model declares is read.
 */
import { globalIndexSpec } from '../model/global-index.js';
import type { GlobalIndexSpec, KeyAttribute, KeyType, LocalIndexSpec, Projection, TableSpec } from '../model/types.js';

interface LiveKeyElement {
  readonly AttributeName?: string;
  readonly KeyType?: string;
}

interface LiveIndex {
  readonly IndexName?: string;
  readonly KeySchema?: readonly LiveKeyElement[];
  readonly Projection?: { readonly ProjectionType?: string; readonly NonKeyAttributes?: readonly string[] };
  readonly ProvisionedThroughput?: { readonly ReadCapacityUnits?: number; readonly WriteCapacityUnits?: number };
}

/** What is read of DescribeTable's `Table`; every member may be missing. */
export interface LiveTableDescription {
  readonly TableName?: string;
  readonly KeySchema?: readonly LiveKeyElement[];
  readonly AttributeDefinitions?: readonly { readonly AttributeName?: string; readonly AttributeType?: string }[];
  readonly GlobalSecondaryIndexes?: readonly LiveIndex[];
  readonly LocalSecondaryIndexes?: readonly LiveIndex[];
  readonly BillingModeSummary?: { readonly BillingMode?: string };
  readonly ProvisionedThroughput?: { readonly ReadCapacityUnits?: number; readonly WriteCapacityUnits?: number };
  readonly TableClassSummary?: { readonly TableClass?: string };
}

/** DescribeTimeToLive's `TimeToLiveDescription`. */
export interface LiveTimeToLive {
  readonly TimeToLiveStatus?: string;
  readonly AttributeName?: string;
}

/** Every key attribute of one role, in KeySchema order (a GSI may have up to four of each). */
function keysOf(schema: readonly LiveKeyElement[] | undefined, role: 'HASH' | 'RANGE', types: ReadonlyMap<string, KeyType>): KeyAttribute[] {
  return (schema ?? [])
    .filter((element) => element.KeyType === role && element.AttributeName !== undefined)
    .map((element) => ({ name: element.AttributeName!, type: types.get(element.AttributeName!) ?? 'S' }));
}

function keyOf(schema: readonly LiveKeyElement[] | undefined, role: 'HASH' | 'RANGE', types: ReadonlyMap<string, KeyType>): KeyAttribute | undefined {
  const name = schema?.find((element) => element.KeyType === role)?.AttributeName;
  return name === undefined ? undefined : { name, type: types.get(name) ?? 'S' };
}

function projectionOf(index: LiveIndex): Projection {
  const type = index.Projection?.ProjectionType;
  if (type === 'KEYS_ONLY') return { type };
  if (type === 'INCLUDE') return { type, attributes: [...(index.Projection?.NonKeyAttributes ?? [])] };
  return { type: 'ALL' };
}

function throughputOf(value: LiveTableDescription['ProvisionedThroughput']): TableSpec['provisioned'] {
  const readUnits = value?.ReadCapacityUnits ?? 0;
  const writeUnits = value?.WriteCapacityUnits ?? 0;
  return readUnits > 0 && writeUnits > 0 ? { readUnits, writeUnits } : undefined;
}

/** The live table as a TableSpec; a key attribute with no definition is read as S. */
export function liveTableSpec(table: LiveTableDescription): TableSpec {
  const types = new Map((table.AttributeDefinitions ?? []).map((definition) => [definition.AttributeName ?? '', (definition.AttributeType ?? 'S') as KeyType]));
  const provisioned = throughputOf(table.ProvisionedThroughput);
  // On demand when DynamoDB says so, or when the table has no throughput to provision (as DynamoDB Local answers).
  const onDemand = table.BillingModeSummary?.BillingMode === 'PAY_PER_REQUEST' || provisioned === undefined;
  const globals = (table.GlobalSecondaryIndexes ?? []).map((index): GlobalIndexSpec => {
    const indexThroughput = throughputOf(index.ProvisionedThroughput);
    return globalIndexSpec(
      index.IndexName ?? '',
      keysOf(index.KeySchema, 'HASH', types),
      keysOf(index.KeySchema, 'RANGE', types),
      projectionOf(index),
      !onDemand && indexThroughput ? indexThroughput : undefined,
    );
  });
  const locals = (table.LocalSecondaryIndexes ?? []).map(
    (index): LocalIndexSpec => ({ name: index.IndexName ?? '', sortKey: keyOf(index.KeySchema, 'RANGE', types) ?? { name: '', type: 'S' }, projection: projectionOf(index) }),
  );
  const sortKey = keyOf(table.KeySchema, 'RANGE', types);
  return {
    name: table.TableName ?? '',
    partitionKey: keyOf(table.KeySchema, 'HASH', types) ?? { name: '', type: 'S' },
    ...(sortKey ? { sortKey } : {}),
    billingMode: onDemand ? 'PAY_PER_REQUEST' : 'PROVISIONED',
    ...(!onDemand && provisioned ? { provisioned } : {}),
    globalSecondaryIndexes: globals,
    localSecondaryIndexes: locals,
    tableClass: table.TableClassSummary?.TableClass === 'STANDARD_INFREQUENT_ACCESS' ? 'STANDARD_INFREQUENT_ACCESS' : 'STANDARD',
  };
}
