/**
 * What the engine knows of a table: its keys, indexes, billing, streams, TTL
 * and tags. Stored as JSON through Storage.saveTable; DescribeTable renders it
 * in DynamoDB's shape together with live counts.
 */
import type { KeyType } from '@dynotable/core';

export interface KeyAttribute {
  name: string;
  type: KeyType;
}

export interface KeySchema {
  partition: KeyAttribute;
  sort?: KeyAttribute;
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
  stream?: { enabled: boolean; viewType?: string; label?: string };
  ttl?: { attributeName: string; enabled: boolean };
  tags: Record<string, string>;
  tableClass?: 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS';
  deletionProtection?: boolean;
  /** SSESpecification as given: DynamoDB encrypts every table; KMS only when asked. */
  sse?: { enabled: boolean; type?: string; kmsKeyId?: string };
}

/** The key attribute names of a key schema, partition first. */
export function keyNames(keys: KeySchema): string[] {
  return keys.sort ? [keys.partition.name, keys.sort.name] : [keys.partition.name];
}
