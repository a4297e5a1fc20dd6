/** What a write would send, built exactly as the write builds it, and nothing sent. */
import type { RequestView } from '../request-view.js';
import { multiRequestView, requestView } from '../request-view.js';
import { batchDeleteRequests } from '../batch-delete-keys.js';
import { type TableShape } from '../table-description.js';
import type { MinimalUpdate } from './minimal-update.js';
import { readKeys } from './writes.js';

export interface UpdatePreview {
  readonly changed: string[];
  /** Absent when nothing differs: nothing would be sent. */
  readonly request?: RequestView;
}

export function previewUpdate(update: MinimalUpdate): UpdatePreview {
  const changed = update.changes.map((change) => change.name);
  return update.params === undefined ? { changed } : { changed, request: requestView('UpdateItem', update.params) };
}

export interface BatchDeletePreview {
  readonly requested: number;
  readonly duplicates: number;
  /** One BatchWriteItem per 25 keys, in the order they would be sent. */
  readonly requests: RequestView[];
}

export function previewBatchDelete(table: TableShape, rawKeys: readonly Record<string, unknown>[]): BatchDeletePreview {
  const { keys, duplicates } = readKeys(table, rawKeys);
  const requests = batchDeleteRequests(table.name, keys).map((wire) => multiRequestView('BatchWriteItem', wire));
  return { requested: rawKeys.length, duplicates, requests };
}
