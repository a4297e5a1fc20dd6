/**
 * A table in DynamoDB's TableDescription shape (DescribeTable, and the
 * responses of CreateTable, UpdateTable and DeleteTable), with live item
 * counts and sizes from storage.
 */
import type { EngineContext } from '../context.js';
import { indexSpace, tableSpace } from '../storage/storage.js';
import { indexArn, tableArn } from './lookup.js';
import { partitionAttributes, sortAttributes, type IndexMeta, type KeySchema, type TableMeta, type Throughput } from './meta.js';

type TableStatus = 'CREATING' | 'UPDATING' | 'DELETING' | 'ACTIVE';

export interface DescribeOptions {
  /** The table's status to report; ACTIVE unless an operation is under way. */
  status?: TableStatus;
  /** Indexes to report as CREATING (just added by UpdateTable). */
  creatingIndexes?: ReadonlySet<string>;
}

export function renderKeySchema(keys: KeySchema): Record<string, string>[] {
  return [
    ...partitionAttributes(keys).map((attribute) => ({ AttributeName: attribute.name, KeyType: 'HASH' })),
    ...sortAttributes(keys).map((attribute) => ({ AttributeName: attribute.name, KeyType: 'RANGE' })),
  ];
}

/** On-demand tables and their GSIs show zero units, as DynamoDB does. */
function renderThroughput(throughput: Throughput | undefined): Record<string, number> {
  return {
    NumberOfDecreasesToday: 0,
    ReadCapacityUnits: throughput?.readCapacityUnits ?? 0,
    WriteCapacityUnits: throughput?.writeCapacityUnits ?? 0,
  };
}

function renderProjection(index: IndexMeta): Record<string, unknown> {
  const projection: Record<string, unknown> = { ProjectionType: index.projection.type };
  if (index.projection.nonKeyAttributes) projection.NonKeyAttributes = [...index.projection.nonKeyAttributes];
  return projection;
}

function renderIndex(
  context: EngineContext,
  table: TableMeta,
  index: IndexMeta,
  options: DescribeOptions,
): Record<string, unknown> {
  const stats = context.storage.stats(indexSpace(table.name, index.name));
  const rendered: Record<string, unknown> = {
    IndexName: index.name,
    KeySchema: renderKeySchema(index.keys),
    Projection: renderProjection(index),
  };
  if (index.kind === 'global') {
    const creating = options.creatingIndexes?.has(index.name) === true;
    rendered.IndexStatus = creating ? 'CREATING' : index.status;
    if (creating) rendered.Backfilling = false;
    rendered.ProvisionedThroughput = renderThroughput(index.throughput);
  }
  rendered.IndexSizeBytes = stats.sizeBytes;
  rendered.ItemCount = stats.itemCount;
  rendered.IndexArn = indexArn(context, table.name, index.name);
  return rendered;
}

function streamArn(context: EngineContext, table: TableMeta): string | undefined {
  const label = table.stream?.label;
  return label === undefined ? undefined : `${tableArn(context, table.name)}/stream/${label}`;
}

export function renderTableDescription(
  context: EngineContext,
  table: TableMeta,
  options: DescribeOptions = {},
): Record<string, unknown> {
  const stats = context.storage.stats(tableSpace(table.name));
  const description: Record<string, unknown> = {
    AttributeDefinitions: table.attributeDefinitions.map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
    TableName: table.name,
    KeySchema: renderKeySchema(table.keys),
    TableStatus: options.status ?? 'ACTIVE',
    CreationDateTime: table.createdAt,
    ProvisionedThroughput: renderThroughput(table.throughput),
    TableSizeBytes: stats.sizeBytes,
    ItemCount: stats.itemCount,
    TableArn: tableArn(context, table.name),
    TableId: table.tableId,
  };
  if (table.billingModeChangedAt !== undefined || table.billingMode === 'PAY_PER_REQUEST') {
    description.BillingModeSummary = {
      BillingMode: table.billingMode,
      LastUpdateToPayPerRequestDateTime: table.billingModeChangedAt ?? table.createdAt,
    };
  }
  const locals = table.indexes.filter((index) => index.kind === 'local');
  const globals = table.indexes.filter((index) => index.kind === 'global');
  if (locals.length > 0) description.LocalSecondaryIndexes = locals.map((i) => renderIndex(context, table, i, options));
  if (globals.length > 0) description.GlobalSecondaryIndexes = globals.map((i) => renderIndex(context, table, i, options));
  if (table.stream?.enabled) {
    description.StreamSpecification = { StreamEnabled: true, StreamViewType: table.stream.viewType };
  }
  const arn = streamArn(context, table);
  if (arn !== undefined) {
    description.LatestStreamLabel = table.stream!.label;
    description.LatestStreamArn = arn;
  }
  if (table.sse?.enabled) {
    const type = table.sse.type ?? 'KMS';
    const sse: Record<string, unknown> = { Status: 'ENABLED', SSEType: type };
    // Without a key of its own, DynamoDB uses the account's AWS managed key for DynamoDB.
    if (type === 'KMS') sse.KMSMasterKeyArn = table.sse.kmsKeyId ?? `arn:aws:kms:${context.region}:${context.accountId}:alias/aws/dynamodb`;
    description.SSEDescription = sse;
  }
  if (table.tableClass !== undefined) description.TableClassSummary = { TableClass: table.tableClass };
  description.DeletionProtectionEnabled = table.deletionProtection === true;
  return description;
}
