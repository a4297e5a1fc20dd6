/**
 * What the engine knows of a table: its keys, indexes, billing, streams, TTL
 * and tags. Stored as JSON through Storage.saveTable; DescribeTable renders it
 * in DynamoDB's shape together with live counts.
 */
import type { KeySchemaNames, KeyType } from '@dynotable/core';

export interface KeyAttribute {
  name: string;
  type: KeyType;
}

export interface KeySchema {
  partition: KeyAttribute;
  sort?: KeyAttribute;
  /** A GSI key of several partition attributes: all of them in key order (`partition` is the first). */
  partitions?: KeyAttribute[];
  /** A GSI key of several sort attributes: all of them in key order (`sort` is the first). */
  sorts?: KeyAttribute[];
}

type ProjectionType = 'ALL' | 'KEYS_ONLY' | 'INCLUDE';

export interface Projection {
  type: ProjectionType;
  /** Only for INCLUDE. */
  nonKeyAttributes?: string[];
}

export interface Throughput {
  readCapacityUnits: number;
  writeCapacityUnits: number;
}

export interface IndexMeta {
  name: string;
  kind: 'global' | 'local';
  keys: KeySchema;
  projection: Projection;
  /** Provisioned throughput of a GSI on a PROVISIONED table. */
  throughput?: Throughput;
  /** 'CREATING' while a new GSI backfills, then 'ACTIVE'. */
  status: 'CREATING' | 'ACTIVE' | 'DELETING';
  /** An index created by UpdateTable backfills; true once done. */
  backfilling?: boolean;
}

/** One stream of a table: times in milliseconds since the epoch. */
export interface StreamMeta {
  label: string;
  viewType: string;
  createdAt: number;
  disabledAt?: number;
}

type BillingMode = 'PROVISIONED' | 'PAY_PER_REQUEST';

export interface TableMeta {
  name: string;
  /** Stable id of this incarnation of the table (a deleted and recreated table gets a new one). */
  tableId: string;
  /** Seconds since the epoch, as DynamoDB reports CreationDateTime. */
  createdAt: number;
  keys: KeySchema;
  /** Every attribute named in a key of the table or an index. */
  attributeDefinitions: KeyAttribute[];
  billingMode: BillingMode;
  throughput?: Throughput;
  /** When billing mode last changed (seconds), for DescribeTable's BillingModeSummary. */
  billingModeChangedAt?: number;
  indexes: IndexMeta[];
  /** The StreamSpecification as DescribeTable shows it, and the latest stream's label. */
  stream?: { enabled: boolean; viewType?: string; label?: string };
  /** Every stream enabled on the table, oldest first (streams/stream-meta.ts). */
  streams?: StreamMeta[];
  ttl?: { attributeName: string; enabled: boolean };
  tags: Record<string, string>;
  tableClass?: 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS';
  deletionProtection?: boolean;
  /** SSESpecification as given: DynamoDB encrypts every table; KMS only when asked. */
  sse?: { enabled: boolean; type?: string; kmsKeyId?: string };
}

/** The partition (HASH) attributes of a key schema, in key order. */
export function partitionAttributes(keys: KeySchema): KeyAttribute[] {
  return keys.partitions ?? [keys.partition];
}

/** The sort (RANGE) attributes of a key schema, in key order; none without a sort key. */
export function sortAttributes(keys: KeySchema): KeyAttribute[] {
  return keys.sorts ?? (keys.sort ? [keys.sort] : []);
}

/** Every key attribute of a key schema, partition attributes first. */
export function keyAttributes(keys: KeySchema): KeyAttribute[] {
  return [...partitionAttributes(keys), ...sortAttributes(keys)];
}

/** The key attribute names of a key schema, partition first. */
export function keyNames(keys: KeySchema): string[] {
  return keyAttributes(keys).map((attribute) => attribute.name);
}

/** What core's key condition rule needs of a key schema. */
export function keySchemaNames(keys: KeySchema, indexName?: string): KeySchemaNames {
  const names: KeySchemaNames = {
    partitionKey: keys.partition.name,
    sortKey: keys.sort?.name,
    partitionKeyType: keys.partition.type,
    sortKeyType: keys.sort?.type,
  };
  if (keys.partitions) names.partitionKeys = keys.partitions;
  if (keys.sorts) names.sortKeys = keys.sorts;
  if (indexName !== undefined && (keys.partitions || keys.sorts)) names.indexName = indexName;
  return names;
}
