/**
 * A model table as DynamoDB's CreateTable request: keys, indexes with their
 * projections, billing (with throughput on a provisioned table and on each of
 * its GSIs) and class. `dynotable apply`, verify, the seeded examples and the
 * CloudFormation export all build their tables here.
 */
import { globalIndexDefinition, localIndexDefinition, tableAttributeDefinitions, tableKeySchema } from '../interchange/table-definition.js';
import type { TableAttributeDefinition, TableIndexDefinition, TableKeySchemaElement } from '../interchange/table-definition.js';
import type { GlobalIndexSpec, ProvisionedThroughput, TableSpec } from '../model/types.js';

export interface ThroughputRequest {
  ReadCapacityUnits: number;
  WriteCapacityUnits: number;
}

export type GlobalIndexRequest = TableIndexDefinition & { ProvisionedThroughput?: ThroughputRequest };

export interface CreateTableRequest {
  TableName: string;
  AttributeDefinitions: TableAttributeDefinition[];
  KeySchema: TableKeySchemaElement[];
  BillingMode: TableSpec['billingMode'];
  ProvisionedThroughput?: ThroughputRequest;
  GlobalSecondaryIndexes?: GlobalIndexRequest[];
  LocalSecondaryIndexes?: TableIndexDefinition[];
  TableClass?: NonNullable<TableSpec['tableClass']>;
}

export interface CreateTableOptions {
  /** The table's name on the connection (default: the model's name for it). */
  readonly name?: string;
  /** A short-lived table (verify's): on demand and of the standard class, whatever the model says, so it costs nothing while idle. */
  readonly shortLived?: boolean;
}

/** Provisioned tables need throughput on the table and on every GSI; one unit each when the model says none. */
export function throughputRequest(spec: ProvisionedThroughput | undefined): ThroughputRequest {
  return { ReadCapacityUnits: spec?.readUnits ?? 1, WriteCapacityUnits: spec?.writeUnits ?? 1 };
}

/** A GSI as CreateTable and UpdateTable's Create take it. */
export function globalIndexRequest(index: GlobalIndexSpec, table: TableSpec): GlobalIndexRequest {
  return {
    ...globalIndexDefinition(index),
    ...(table.billingMode === 'PROVISIONED' ? { ProvisionedThroughput: throughputRequest(index.provisioned ?? table.provisioned) } : {}),
  };
}

export function createTableRequest(spec: TableSpec, options: CreateTableOptions = {}): CreateTableRequest {
  const table: TableSpec = options.shortLived === true ? { ...spec, billingMode: 'PAY_PER_REQUEST', tableClass: undefined } : spec;
  const request: CreateTableRequest = {
    TableName: options.name ?? table.name,
    AttributeDefinitions: tableAttributeDefinitions(table),
    KeySchema: tableKeySchema(table.partitionKey, table.sortKey),
    BillingMode: table.billingMode,
  };
  if (table.billingMode === 'PROVISIONED') request.ProvisionedThroughput = throughputRequest(table.provisioned);
  if (table.globalSecondaryIndexes.length > 0) request.GlobalSecondaryIndexes = table.globalSecondaryIndexes.map((index) => globalIndexRequest(index, table));
  if (table.localSecondaryIndexes.length > 0) request.LocalSecondaryIndexes = table.localSecondaryIndexes.map((index) => localIndexDefinition(index, table));
  if (table.tableClass !== undefined) request.TableClass = table.tableClass;
  return request;
}
