/**
 * The item routes the workbench calls, through the app's client (which sends
 * the session cookie, and asks the user before resending a write that a
 * confirm-writes connection refused with 409 ConfirmationRequired).
 */
import type { WireItem } from '@dynotable/core';
import { apiPost, segment } from '../api/client.js';
import type { Consumed, ReadPage, RequestView } from '../api/types.js';
import type { ReadBody } from './query-request.js';

export type { ReadPage, RequestView };

export interface BatchDeletePreview {
  readonly requested: number;
  readonly duplicates: number;
  readonly requests: RequestView[];
}

export interface BatchDeleteResult {
  readonly requested: number;
  readonly duplicates: number;
  readonly deleted: number;
  readonly notDeleted: { readonly key: WireItem; readonly reason: string }[];
  readonly error?: { readonly type?: string; readonly message: string };
  readonly consumed: Consumed;
}

export function itemsPath(connectionId: string, table: string, action: string): string {
  return `/api/connections/${segment(connectionId)}/tables/${segment(table)}/items/${action}`;
}

export function readItems(connectionId: string, table: string, operation: 'Query' | 'Scan', body: ReadBody, signal?: AbortSignal): Promise<ReadPage> {
  return apiPost(itemsPath(connectionId, table, operation === 'Query' ? 'query' : 'scan'), body, signal);
}

/** What the delete would send; allowed on read-only connections too. */
export function previewBatchDelete(connectionId: string, table: string, keys: readonly WireItem[]): Promise<BatchDeletePreview> {
  return apiPost(itemsPath(connectionId, table, 'preview/batch-delete'), { keys });
}

export function batchDelete(connectionId: string, table: string, keys: readonly WireItem[]): Promise<BatchDeleteResult> {
  return apiPost(itemsPath(connectionId, table, 'batch-delete'), { keys });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
