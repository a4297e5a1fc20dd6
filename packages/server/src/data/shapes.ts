/**
 * What the browser sees of the API: the shapes of its answers, and of the
 * requests it sends (a new connection's; the table routes' inputs, taken from
 * their zod schemas), as types only. Nothing here runs or reaches Node, so
 * the web workbench
imports these very types instead of restating them.
 */
import type { Model, WireItem } from '@dynotable/core';
import type { z } from 'zod';
import type { createTableInput, updateTableInput } from './tables/schemas.js';
import type { JobSnapshot } from './job-types.js';

export type { JobSnapshot };

export type ConnectionKind = 'embedded' | 'dynamodb-local' | 'endpoint' | 'aws';
export type SafetyMode = 'read-only' | 'confirm-writes' | 'full';

export interface ConnectionInfo {
  readonly id: string;
  readonly name: string;
  readonly kind: ConnectionKind;
  readonly safety: SafetyMode;
  readonly endpoint?: string;
  readonly region?: string;
  /** The profile's name only. */
  readonly profile?: string;
  /** The embedded engine: the data directory, or undefined in memory. */
  readonly dataDir?: string;
}

/** GET /api/connections */
export interface ConnectionList {
  readonly connections: ConnectionInfo[];
  /** The server runs with --read-only: no connection can be made writable. */
  readonly readOnly: boolean;
}

export type ModelLinkSource = 'example' | 'design' | 'file' | 'command-line';

/** A table's link to a model (docs/model-links.md). */
export interface ModelLink {
  readonly source: ModelLinkSource;
  /** The model's name, or the file's. */
  readonly name: string;
  /** The table of the model that this live table is. */
  readonly modelTable: string;
  /** The model as YAML or JSON text. */
  readonly model: string;
  readonly linkedAt?: string;
}

/** GET, PUT and DELETE /api/connections/:id/tables/:table/model */
export interface ModelLinkView {
  readonly link: ModelLink | null;
  /** The linked model as read by the server, every default filled (the browser reads no model files itself). */
  readonly model?: Model;
  /** Why the linked text no longer reads as a model. */
  readonly problem?: string;
}

/** A profile of the AWS config files: its name and region only. */
export interface AwsProfile {
  readonly name: string;
  readonly region?: string;
}

/** What a user asks for when adding a connection. */
export type ConnectionRequest =
  | { readonly kind: 'embedded'; readonly name?: string; readonly dataDir?: string; readonly inMemory?: boolean; readonly safety?: SafetyMode }
  | { readonly kind: 'dynamodb-local'; readonly name?: string; readonly endpoint?: string; readonly start?: boolean; readonly safety?: SafetyMode }
  | { readonly kind: 'endpoint'; readonly name?: string; readonly endpoint: string; readonly region?: string; readonly safety?: SafetyMode }
  | { readonly kind: 'aws'; readonly name?: string; readonly profile?: string; readonly region: string; readonly safety?: SafetyMode };

/** The capacity a request consumed (ReturnConsumedCapacity INDEXES) and its on-demand price. */
export interface Consumed {
  readonly readUnits: number;
  readonly writeUnits: number;
  /** Units consumed by each secondary index (the base table's share is the rest). */
  readonly byIndex: Readonly<Record<string, number>>;
  readonly costUsd: number;
}

/** The exact request sent: DynamoDB wire JSON, and the same call as code. */
export interface RequestView {
  readonly operation: string;
  readonly wire: Record<string, unknown>;
  readonly code: Readonly<Partial<Record<'typescript' | 'python' | 'aws-cli', string>>>;
}

export interface TableKeyPart {
  readonly name: string;
  readonly type?: 'S' | 'N' | 'B';
}

/** One table of a table list; with details, what DescribeTable said of it. */
export interface TableSummary {
  readonly name: string;
  readonly status?: string;
  readonly itemCount?: number;
  readonly sizeBytes?: number;
  readonly keySchema?: { readonly partitionKey: TableKeyPart; readonly sortKey?: TableKeyPart };
  readonly billingMode?: string;
  readonly tableClass?: string;
  readonly globalSecondaryIndexes?: number;
  readonly localSecondaryIndexes?: number;
  /** DescribeTable failed for this one (deleted meanwhile, no permission). */
  readonly error?: { readonly type: string; readonly message: string };
}

export interface TableList {
  readonly tables: TableSummary[];
  /** Present when there may be more: send it back as exclusiveStartTableName. */
  readonly lastEvaluatedTableName?: string;
  /** ListTables and DescribeTable consume no capacity. */
  readonly consumed: Consumed;
}

/** A page of a Query or Scan. */
export interface ReadPage {
  readonly items: WireItem[];
  readonly count: number;
  readonly scannedCount: number;
  /** Present when there is more: send it back as ExclusiveStartKey. */
  readonly lastEvaluatedKey?: WireItem;
  readonly consumed: Consumed;
  readonly request: RequestView;
}

/** A table's time to live, as DescribeTimeToLive (or UpdateTimeToLive) says. */
export interface TimeToLive {
  /** ENABLED, DISABLED, ENABLING or DISABLING. */
  readonly status: string;
  readonly attributeName?: string;
}

/** POST .../tables: what the browser sends, as the route's schema reads it. */
export type CreateTableRequest = z.input<typeof createTableInput>;
/** PATCH .../tables/:table */
export type UpdateTableRequest = z.input<typeof updateTableInput>;

/** A job as GET /api/jobs/:jobId answers it: the snapshot with the times the UI needs for rate and time left. */
export interface JobRecord extends JobSnapshot {
  readonly startedAt: string;
  readonly endedAt?: string;
  readonly cancelling?: boolean;
}

/** POST .../apply/preview and the apply job's result (docs/api.md, "Apply a model"). */
export type { ApplyPreview, ApplyResult } from './model-apply/apply-types.js';

/** A pane's read as the workbench sends it to …/items/query or …/items/scan (friendly texts), kept in the query history. */
export interface RecordedRead {
  readonly operation: 'Query' | 'Scan';
  readonly IndexName?: string;
  readonly key?: string;
  readonly filter?: string;
  readonly projection?: string;
  readonly ScanIndexForward?: boolean;
  readonly Limit?: number;
  readonly ConsistentRead?: boolean;
  readonly Segment?: number;
  readonly TotalSegments?: number;
}

/** One run of the query history; `pane` is the workbench's own form of the query (its fields as typed), kept as given. */
export interface QueryHistoryEntry {
  readonly request: RecordedRead;
  readonly pane?: Readonly<Record<string, unknown>>;
  readonly ranAt: string;
}

/** A named query of a table. */
export interface SavedQuery {
  readonly name: string;
  readonly request: RecordedRead;
  readonly pane?: Readonly<Record<string, unknown>>;
  readonly savedAt: string;
}

/** GET and POST /api/connections/:id/tables/:table/history: newest first. */
export interface QueryHistoryView {
  readonly entries: QueryHistoryEntry[];
}

/** GET /api/connections/:id/tables/:table/saved-queries: by name. */
export interface SavedQueryList {
  readonly queries: SavedQuery[];
}

/** A stream record as DynamoDB Streams gives it (and `aws dynamodbstreams get-records` prints): images as DynamoDB JSON, the time in epoch seconds. */
export interface StreamRecordJson {
  readonly eventID?: string;
  readonly eventName?: 'INSERT' | 'MODIFY' | 'REMOVE';
  readonly eventVersion?: string;
  readonly eventSource?: string;
  readonly awsRegion?: string;
  readonly dynamodb: {
    readonly ApproximateCreationDateTime?: number;
    readonly Keys?: WireItem;
    readonly NewImage?: WireItem;
    readonly OldImage?: WireItem;
    readonly SequenceNumber?: string;
    readonly SizeBytes?: number;
    readonly StreamViewType?: string;
  };
  /** Set on the deletions DynamoDB makes itself: TTL's are `Service` by `dynamodb.amazonaws.com`. */
  readonly userIdentity?: { readonly PrincipalId?: string; readonly Type?: string };
}

/** An event of GET …/tables/:table/stream/records (server-sent): a record, and once, that every record there was is sent. */
export type StreamEventView = { readonly kind: 'record'; readonly record: StreamRecordJson } | { readonly kind: 'caught-up' };

/** Who or what made a change of an item's history. */
export type HistoryAuthor =
  | { readonly kind: 'dynotable'; readonly operation: string; readonly operationId: string; readonly undone: boolean }
  | { readonly kind: 'ttl' }
  | { readonly kind: 'service'; readonly principal: string }
  | { readonly kind: 'other' };

export interface HistoryEntry {
  /** ISO time: the journal's when it has the change, else the stream record's (to the second on AWS). */
  readonly time: string;
  readonly eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** The item before and after, as far as the sources keep them (a KEYS_ONLY stream keeps neither). */
  readonly before?: WireItem;
  readonly after?: WireItem;
  readonly by: HistoryAuthor;
  readonly sources: readonly ('stream' | 'journal')[];
  readonly sequenceNumber?: string;
}

/** POST …/tables/:table/items/history. */
export interface ItemHistoryView {
  readonly stream: { readonly exists: boolean; readonly enabled: boolean; readonly viewType?: string; readonly recordsRead: number; readonly truncated: boolean };
  /** Whether this server keeps a write journal (without one, DynoTable's own writes are not told apart). */
  readonly journal: boolean;
  readonly entries: HistoryEntry[];
}
// Triggers on the embedded engine's streams (docs/triggers.md).
export type { TriggerEvent, TriggerInfo, TriggerSettings } from '../triggers/trigger-types.js';
