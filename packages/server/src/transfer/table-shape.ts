/**
 * What the transfer code needs of a table: its key schema and its indexes,
 * read from DescribeTable (wire JSON), and turned back into a CreateTable
 * request when a copy creates its target.
 */
import type { KeyType } from '@dynotable/core';

interface KeyAttribute {
  readonly name: string;
  readonly type: KeyType;
}

export interface KeyShape {
  readonly partition: KeyAttribute;
  readonly sort?: KeyAttribute;
}

interface IndexShape {
  readonly name: string;
  readonly kind: 'global' | 'local';
  readonly keys: KeyShape;
  readonly projection: { readonly ProjectionType?: string; readonly NonKeyAttributes?: readonly string[] };
  readonly provisioned?: { readonly ReadCapacityUnits: number; readonly WriteCapacityUnits: number };
}

export interface TableShape {
  readonly name: string;
  readonly keys: KeyShape;
  readonly indexes: readonly IndexShape[];
  readonly billingMode: 'PAY_PER_REQUEST' | 'PROVISIONED';
  readonly provisioned?: { readonly ReadCapacityUnits: number; readonly WriteCapacityUnits: number };
  /** DynamoDB's estimate (updated about every six hours on AWS). */
  readonly itemCount: number;
}

interface WireKeyElement {
  AttributeName: string;
  KeyType: 'HASH' | 'RANGE';
}

interface WireIndex {
  IndexName: string;
  KeySchema: WireKeyElement[];
  Projection?: { ProjectionType?: string; NonKeyAttributes?: string[] };
  ProvisionedThroughput?: { ReadCapacityUnits?: number; WriteCapacityUnits?: number };
}

interface WireTable {
  TableName: string;
  KeySchema: WireKeyElement[];
  AttributeDefinitions: { AttributeName: string; AttributeType: KeyType }[];
  GlobalSecondaryIndexes?: WireIndex[];
  LocalSecondaryIndexes?: WireIndex[];
  BillingModeSummary?: { BillingMode?: string };
  ProvisionedThroughput?: { ReadCapacityUnits?: number; WriteCapacityUnits?: number };
  ItemCount?: number;
}

function keysOf(schema: readonly WireKeyElement[], types: ReadonlyMap<string, KeyType>): KeyShape {
  const attribute = (role: 'HASH' | 'RANGE'): KeyAttribute | undefined => {
    const element = schema.find((each) => each.KeyType === role);
    return element && { name: element.AttributeName, type: types.get(element.AttributeName) ?? 'S' };
  };
  const sort = attribute('RANGE');
  return { partition: attribute('HASH')!, ...(sort ? { sort } : {}) };
}

function throughput(value: WireTable['ProvisionedThroughput']): { ReadCapacityUnits: number; WriteCapacityUnits: number } | undefined {
  const read = value?.ReadCapacityUnits ?? 0;
  const write = value?.WriteCapacityUnits ?? 0;
  return read > 0 && write > 0 ? { ReadCapacityUnits: read, WriteCapacityUnits: write } : undefined;
}

/** Reads DescribeTable's `Table`. */
export function tableShape(description: Record<string, unknown>): TableShape {
  const table = description as unknown as WireTable;
  const types = new Map(table.AttributeDefinitions.map((definition) => [definition.AttributeName, definition.AttributeType]));
  const index = (kind: 'global' | 'local') => (wire: WireIndex): IndexShape => {
    const provisioned = throughput(wire.ProvisionedThroughput);
    return { name: wire.IndexName, kind, keys: keysOf(wire.KeySchema, types), projection: wire.Projection ?? { ProjectionType: 'ALL' }, ...(provisioned ? { provisioned } : {}) };
  };
  const provisioned = throughput(table.ProvisionedThroughput);
  const billingMode = table.BillingModeSummary?.BillingMode === 'PAY_PER_REQUEST' || provisioned === undefined ? 'PAY_PER_REQUEST' : 'PROVISIONED';
  return {
    name: table.TableName,
    keys: keysOf(table.KeySchema, types),
    indexes: [...(table.GlobalSecondaryIndexes ?? []).map(index('global')), ...(table.LocalSecondaryIndexes ?? []).map(index('local'))],
    billingMode,
    ...(billingMode === 'PROVISIONED' && provisioned ? { provisioned } : {}),
    itemCount: table.ItemCount ?? 0,
  };
}

function keySchema(keys: KeyShape): WireKeyElement[] {
  return [{ AttributeName: keys.partition.name, KeyType: 'HASH' }, ...(keys.sort ? [{ AttributeName: keys.sort.name, KeyType: 'RANGE' as const }] : [])];
}

/** A CreateTable request for a table of the same keys, indexes and billing under another name. */
export function createTableRequest(shape: TableShape, name: string): Record<string, unknown> {
  const definitions = new Map<string, KeyType>();
  const define = (keys: KeyShape) => {
    definitions.set(keys.partition.name, keys.partition.type);
    if (keys.sort) definitions.set(keys.sort.name, keys.sort.type);
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
