/** The apply routes (docs/api.md, "Apply a model"): the preview, the apply job, and a model's table compared with a live one. */
import type { TableComparison } from '@dynotable/core';
import { apiPost, segment } from '../api/client.js';
import type { ApplyPreview, JobSnapshot } from '../api/types.js';

export interface ApplyChoices {
  /** The model file's text and name, as the designer holds them. */
  readonly model: string;
  readonly source?: string;
  readonly prefix: string;
  readonly sample: number;
}

const connectionPath = (connectionId: string) => `/api/connections/${segment(connectionId)}`;

export function previewApply(connectionId: string, choices: ApplyChoices): Promise<ApplyPreview> {
  return apiPost<ApplyPreview>(`${connectionPath(connectionId)}/apply/preview`, choices);
}

export function startApply(connectionId: string, choices: ApplyChoices, skipExisting: boolean): Promise<JobSnapshot> {
  return apiPost<JobSnapshot>(`${connectionPath(connectionId)}/apply`, { ...choices, skipExisting });
}

export function compareWithTable(connectionId: string, table: string, model: string, source: string | undefined): Promise<TableComparison> {
  return apiPost<TableComparison>(`${connectionPath(connectionId)}/tables/${segment(table)}/diff`, { model, ...(source !== undefined ? { source } : {}) });
}
