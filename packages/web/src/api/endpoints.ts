/** The connection and table routes, typed. */
import type { DataFormat } from '@dynotable/core';
import { apiDelete, apiGet, apiPatch, apiPost, segment } from './client.js';
import type {
  AwsProfile,
  ConnectionInfo,
  ConnectionRequest,
  ConnectionList,
  CreateTableInput,
  DynamoTableDescription,
  JobSnapshot,
  SafetyMode,
  TableDescription,
  TableList,
  UpdateTableInput,
} from './types.js';

const tablesPath = (connectionId: string) => `/api/connections/${segment(connectionId)}/tables`;
const tablePath = (connectionId: string, table: string) => `${tablesPath(connectionId)}/${segment(table)}`;

export const listConnections = (signal?: AbortSignal) => apiGet<ConnectionList>('/api/connections', undefined, signal);

export const addConnection = (request: ConnectionRequest) => apiPost<{ connection: ConnectionInfo }>('/api/connections', request);

export const removeConnection = (connectionId: string) => apiDelete<{ removed: string }>(`/api/connections/${segment(connectionId)}`);

export const listAwsProfiles = (signal?: AbortSignal) => apiGet<{ profiles: AwsProfile[] }>('/api/aws-profiles', undefined, signal);

export const setSafety = (connectionId: string, safety: SafetyMode) =>
  apiPatch<{ connection: ConnectionInfo }>(`/api/connections/${segment(connectionId)}`, { safety });

export const listTables = (connectionId: string, search: string, signal?: AbortSignal) =>
  apiGet<TableList>(tablesPath(connectionId), { search: search === '' ? undefined : search, details: true }, signal);

export const describeTable = (connectionId: string, table: string, signal?: AbortSignal) =>
  apiGet<TableDescription>(tablePath(connectionId, table), undefined, signal);

export const createTable = (connectionId: string, input: CreateTableInput) =>
  apiPost<{ table: DynamoTableDescription }>(tablesPath(connectionId), input);

export const updateTable = (connectionId: string, table: string, input: UpdateTableInput) =>
  apiPatch<{ table: DynamoTableDescription }>(tablePath(connectionId, table), input);

export const deleteTable = (connectionId: string, table: string, confirmName: string) =>
  apiDelete<{ table: DynamoTableDescription }>(tablePath(connectionId, table), { confirmName });

/** The API's import/export formats: the registry's names (core's DATA_FORMAT_INFO), never restated here. */
export type TransferFormat = DataFormat;

export const startExport = (connectionId: string, table: string, input: { format: TransferFormat; limit?: number }) =>
  apiPost<JobSnapshot>(`${tablePath(connectionId, table)}/export`, input);

export const startImport = (connectionId: string, table: string, input: { content: string; format?: TransferFormat }) =>
  apiPost<JobSnapshot>(`${tablePath(connectionId, table)}/import`, input);

export const cancelJob = (jobId: string) => apiDelete<JobSnapshot>(`/api/jobs/${segment(jobId)}`);

export const downloadPath = (downloadId: string) => `/api/downloads/${segment(downloadId)}`;

export const startPurge = (connectionId: string, table: string, confirmName: string) =>
  apiPost<{ job: JobSnapshot }>(`${tablePath(connectionId, table)}/purge`, { confirmName }).then((answer) => answer.job);
