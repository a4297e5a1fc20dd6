/**
 * The JSON shapes the server answers, as the browser receives them (dates as
 * ISO text). TableDescription is the answer of
 * GET /api/connections/:connectionId/tables/:table.
 */

// The server's own definitions of what it answers and of what its table routes read: one definition for both sides.
import type { Consumed, CreateTableRequest, JobRecord, JobSnapshot as ServerJobSnapshot, TimeToLive } from '../../../server/src/data/shapes.js';

export type {
  ApplyPreview,
  ApplyResult,
  AwsProfile,
  ConnectionInfo,
  ConnectionKind,
  ConnectionList,
  ConnectionRequest,
  Consumed,
  HistoryAuthor,
  HistoryEntry,
  ItemHistoryView,
  ModelLinkView,
  ReadPage,
  RequestView,
  SafetyMode,
  StreamEventView,
  StreamRecordJson,
  TableList,
  TriggerEvent,
  TriggerInfo,
  TriggerSettings,
  UpdateTableRequest as UpdateTableInput,
} from '../../../server/src/data/shapes.js';

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

/** GET /api/connections/:connectionId/tables/:table */
export interface TableDescription {
  readonly table: DynamoTableDescription;
  readonly timeToLive: TimeToLive;
  /** Absent when the endpoint does not answer ListTagsOfResource. */
  readonly tags?: Record<string, string>;
  readonly consumed: Consumed;
}

/** The inputs of the table routes (POST …/tables, PATCH …/tables/:table), from the routes' schemas. */
export type CreateTableInput = CreateTableRequest;
export type GlobalIndexInput = NonNullable<CreateTableRequest['globalSecondaryIndexes']>[number];
export type LocalIndexInput = NonNullable<CreateTableRequest['localSecondaryIndexes']>[number];
export type BillingMode = NonNullable<CreateTableRequest['billingMode']>;

/** A job as the server reports it; the browser reads none of its times, so a snapshot may leave them out. */
export type JobSnapshot = ServerJobSnapshot & Partial<Omit<JobRecord, keyof ServerJobSnapshot>>;

// The query history and saved queries of a table (api/queries-routes.ts).
export type { QueryHistoryEntry, QueryHistoryView, RecordedRead, SavedQuery, SavedQueryList } from '../../../server/src/data/shapes.js';
