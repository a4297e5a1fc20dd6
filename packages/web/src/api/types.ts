/**
 * The JSON shapes the server answers, as the browser receives them (dates as
 * ISO text). TableDescription is the answer of
 * GET /api/connections/:connectionId/tables/:table.
 */

// The server's own definitions of what it answers: one definition for both sides.
import type { ConnectionInfo, Consumed } from '../../../server/src/api/shapes.js';

export type { ConnectionInfo, ConnectionKind, ConnectionRequest, Consumed, ReadPage, RequestView, SafetyMode, TableList } from '../../../server/src/api/shapes.js';

/** A profile of the AWS config files: its name and region only. */
export interface AwsProfile {
  readonly name: string;
  readonly region?: string;
}

export interface ConnectionList {
  readonly connections: ConnectionInfo[];
  /** The server runs with --read-only: no connection can be made writable. */
  readonly readOnly: boolean;
}

type KeyType = 'HASH' | 'RANGE';
export type ScalarAttributeType = 'S' | 'N' | 'B';
export type ProjectionType = 'ALL' | 'KEYS_ONLY' | 'INCLUDE';

export interface KeySchemaElement {
  readonly AttributeName: string;
  readonly KeyType: KeyType;
}

interface AttributeDefinition {
  readonly AttributeName: string;
  readonly AttributeType: ScalarAttributeType;
}

export interface Projection {
  readonly ProjectionType?: ProjectionType;
  readonly NonKeyAttributes?: string[];
}

interface ProvisionedThroughputDescription {
  readonly ReadCapacityUnits?: number;
  readonly WriteCapacityUnits?: number;
  readonly NumberOfDecreasesToday?: number;
  readonly LastIncreaseDateTime?: string;
  readonly LastDecreaseDateTime?: string;
}

interface GlobalSecondaryIndexDescription {
  readonly IndexName: string;
  readonly KeySchema: KeySchemaElement[];
  readonly Projection?: Projection;
  readonly IndexStatus?: string;
  readonly Backfilling?: boolean;
  readonly ProvisionedThroughput?: ProvisionedThroughputDescription;
  readonly IndexSizeBytes?: number;
  readonly ItemCount?: number;
  readonly IndexArn?: string;
}

interface LocalSecondaryIndexDescription {
  readonly IndexName: string;
  readonly KeySchema: KeySchemaElement[];
  readonly Projection?: Projection;
  readonly IndexSizeBytes?: number;
  readonly ItemCount?: number;
  readonly IndexArn?: string;
}

/** DynamoDB's TableDescription (the fields DynoTable reads; others may be present). */
export interface DynamoTableDescription {
  readonly TableName: string;
  readonly TableStatus?: string;
  readonly KeySchema: KeySchemaElement[];
  readonly AttributeDefinitions: AttributeDefinition[];
  readonly GlobalSecondaryIndexes?: GlobalSecondaryIndexDescription[];
  readonly LocalSecondaryIndexes?: LocalSecondaryIndexDescription[];
  readonly ItemCount?: number;
  readonly TableSizeBytes?: number;
  readonly CreationDateTime?: string;
  readonly TableArn?: string;
  readonly BillingModeSummary?: { readonly BillingMode?: 'PAY_PER_REQUEST' | 'PROVISIONED' };
  readonly ProvisionedThroughput?: ProvisionedThroughputDescription;
  readonly TableClassSummary?: { readonly TableClass?: 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS' };
  readonly DeletionProtectionEnabled?: boolean;
  readonly StreamSpecification?: { readonly StreamEnabled?: boolean; readonly StreamViewType?: string };
}

interface TimeToLive {
  /** ENABLED, DISABLED, ENABLING or DISABLING. */
  readonly status: string;
  readonly attributeName?: string;
}

/** GET /api/connections/:connectionId/tables/:table */
export interface TableDescription {
  readonly table: DynamoTableDescription;
  readonly timeToLive: TimeToLive;
  /** Absent when the endpoint does not answer ListTagsOfResource. */
  readonly tags?: Record<string, string>;
  readonly consumed: Consumed;
}

/** The inputs of the table routes (POST …/tables, PATCH …/tables/:table). */
interface KeyAttributeInput {
  name: string;
  type: ScalarAttributeType;
}

interface ProjectionInput {
  type: ProjectionType;
  nonKeyAttributes?: string[];
}

interface ThroughputInput {
  readCapacityUnits: number;
  writeCapacityUnits: number;
}

export interface GlobalIndexInput {
  name: string;
  partitionKey: KeyAttributeInput;
  sortKey?: KeyAttributeInput;
  projection?: ProjectionInput;
  provisionedThroughput?: ThroughputInput;
}

export interface LocalIndexInput {
  name: string;
  sortKey: KeyAttributeInput;
  projection?: ProjectionInput;
}

export type BillingMode = 'PAY_PER_REQUEST' | 'PROVISIONED';

export interface CreateTableInput {
  name: string;
  partitionKey: KeyAttributeInput;
  sortKey?: KeyAttributeInput;
  billingMode?: BillingMode;
  provisionedThroughput?: ThroughputInput;
  globalSecondaryIndexes?: GlobalIndexInput[];
  localSecondaryIndexes?: LocalIndexInput[];
  ttlAttribute?: string;
  tableClass?: 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS';
  deletionProtection?: boolean;
}

export interface UpdateTableInput {
  billingMode?: BillingMode;
  provisionedThroughput?: ThroughputInput;
  createIndex?: GlobalIndexInput;
  deleteIndex?: string;
  timeToLive?: { enabled: boolean; attributeName: string };
}

type JobState = 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface JobSnapshot {
  readonly id: string;
  readonly kind: string;
  readonly state: JobState;
  readonly progress: { readonly phase: string; readonly done: number; readonly total: number };
  readonly result?: unknown;
  readonly error?: { readonly type: string; readonly message: string };
  readonly cancelling?: boolean;
  readonly startedAt?: string;
  readonly endedAt?: string;
}
