/**
 * The one reader of a table description: DescribeTable's `Table` (the SDK's
 * TableDescription, or the same as wire JSON) as what DynoTable uses of it —
 * keys with their types, indexes, billing, class, item count. The item
 * routes, the table list, transfers and the journal all read it here.
 */
import type { KeyType } from '@dynotable/core';

export type TableClass = 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS';

export interface KeyAttribute {
  readonly name: string;
  readonly type: KeyType;
}

/**
 * A key schema. `partition` and `sort` are the first attribute of each role;
 * a GSI may have up to four of each (multi-attribute keys), all listed in
 * order in `partitionKeys` and `sortKeys` (a table or LSI has one of each).
 */
export interface KeyShape {
  readonly partition: KeyAttribute;
  readonly sort?: KeyAttribute;
  readonly partitionKeys: readonly KeyAttribute[];
  readonly sortKeys: readonly KeyAttribute[];
}

interface Throughput {
  readonly ReadCapacityUnits: number;
  readonly WriteCapacityUnits: number;
}

export interface IndexShape {
  readonly name: string;
  readonly kind: 'global' | 'local';
  readonly keys: KeyShape;
  readonly projection: { readonly ProjectionType?: string; readonly NonKeyAttributes?: readonly string[] };
  readonly provisioned?: Throughput;
}

export interface TableShape {
  readonly name: string;
  readonly status?: string;
  readonly keys: KeyShape;
  readonly indexes: readonly IndexShape[];
  readonly billingMode: 'PAY_PER_REQUEST' | 'PROVISIONED';
  readonly provisioned?: Throughput;
  /** STANDARD when DynamoDB does not say (it prices the table). */
  readonly tableClass: TableClass;
  /** DynamoDB's estimate (updated about every six hours on AWS). */
  readonly itemCount?: number;
  readonly sizeBytes?: number;
}

interface WireKeyElement {
  readonly AttributeName?: string;
  readonly KeyType?: string;
}

interface WireIndex {
  readonly IndexName?: string;
  readonly KeySchema?: readonly WireKeyElement[];
  readonly Projection?: { readonly ProjectionType?: string; readonly NonKeyAttributes?: readonly string[] };
  readonly ProvisionedThroughput?: { readonly ReadCapacityUnits?: number; readonly WriteCapacityUnits?: number };
}

/** What is read of DescribeTable's `Table`; every member may be missing. */
export interface TableDescriptionLike {
  readonly TableName?: string;
  readonly TableStatus?: string;
  readonly KeySchema?: readonly WireKeyElement[];
  readonly AttributeDefinitions?: readonly { readonly AttributeName?: string; readonly AttributeType?: string }[];
  readonly GlobalSecondaryIndexes?: readonly WireIndex[];
  readonly LocalSecondaryIndexes?: readonly WireIndex[];
  readonly BillingModeSummary?: { readonly BillingMode?: string };
  readonly ProvisionedThroughput?: { readonly ReadCapacityUnits?: number; readonly WriteCapacityUnits?: number };
  readonly TableClassSummary?: { readonly TableClass?: string };
  readonly ItemCount?: number;
  readonly TableSizeBytes?: number;
}

/**
 * The key schema, every element of each role in DescribeTable's order; a key
 * attribute DynamoDB gives no definition for is read as S, a missing
 * partition key as the name ''.
 */
function keysOf(schema: readonly WireKeyElement[] | undefined, types: ReadonlyMap<string, KeyType>): KeyShape {
  const attributes = (role: 'HASH' | 'RANGE'): KeyAttribute[] =>
    (schema ?? []).flatMap((each) => (each.KeyType === role && each.AttributeName !== undefined ? [{ name: each.AttributeName, type: types.get(each.AttributeName) ?? 'S' }] : []));
  const sortKeys = attributes('RANGE');
  const found = attributes('HASH');
  const partitionKeys = found.length > 0 ? found : [{ name: '', type: 'S' as const }];
  return { partition: partitionKeys[0]!, ...(sortKeys.length > 0 ? { sort: sortKeys[0]! } : {}), partitionKeys, sortKeys };
}

function throughput(value: TableDescriptionLike['ProvisionedThroughput']): Throughput | undefined {
  const read = value?.ReadCapacityUnits ?? 0;
  const write = value?.WriteCapacityUnits ?? 0;
  return read > 0 && write > 0 ? { ReadCapacityUnits: read, WriteCapacityUnits: write } : undefined;
}

export function readTableDescription(table: TableDescriptionLike): TableShape {
  const types = new Map((table.AttributeDefinitions ?? []).map((definition) => [definition.AttributeName ?? '', definition.AttributeType as KeyType]));
  const index = (kind: 'global' | 'local') => (wire: WireIndex): IndexShape => {
    const provisioned = throughput(wire.ProvisionedThroughput);
    return { name: wire.IndexName ?? '', kind, keys: keysOf(wire.KeySchema, types), projection: wire.Projection ?? { ProjectionType: 'ALL' }, ...(provisioned ? { provisioned } : {}) };
  };
  const provisioned = throughput(table.ProvisionedThroughput);
  // On demand when DynamoDB says so, or when the table has no throughput to provision.
  const billingMode = table.BillingModeSummary?.BillingMode === 'PAY_PER_REQUEST' || provisioned === undefined ? 'PAY_PER_REQUEST' : 'PROVISIONED';
  return {
    name: table.TableName ?? '',
    ...(table.TableStatus !== undefined ? { status: table.TableStatus } : {}),
    keys: keysOf(table.KeySchema, types),
    indexes: [...(table.GlobalSecondaryIndexes ?? []).map(index('global')), ...(table.LocalSecondaryIndexes ?? []).map(index('local'))],
    billingMode,
    ...(billingMode === 'PROVISIONED' && provisioned ? { provisioned } : {}),
    tableClass: table.TableClassSummary?.TableClass === 'STANDARD_INFREQUENT_ACCESS' ? 'STANDARD_INFREQUENT_ACCESS' : 'STANDARD',
    ...(table.ItemCount !== undefined ? { itemCount: table.ItemCount } : {}),
    ...(table.TableSizeBytes !== undefined ? { sizeBytes: table.TableSizeBytes } : {}),
  };
}

/** The key attributes, partition key first. */
export function keyAttributes(table: TableShape): string[] {
  return keyNamesOf(table.keys);
}

/** Every attribute of a key schema, partition attributes first: what an item needs to be in an index, and what its index key is. */
export function keyNamesOf(keys: KeyShape): string[] {
  return [...keys.partitionKeys, ...keys.sortKeys].map((attribute) => attribute.name);
}
