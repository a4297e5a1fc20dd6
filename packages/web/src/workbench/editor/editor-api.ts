/** The server routes the item editor and the undo list call (see docs/api.md and docs/journal.md). */
import type { WireItem } from '@dynotable/core';
import { apiGet, apiPost } from '../../api/client.js';
import type { Consumed } from '../../api/types.js';
import { itemsPath, type RequestView } from '../workbench-api.js';
import type { DeleteBody } from './delete-guard.js';

interface JournalRef {
  readonly operationId?: string;
  readonly error?: string;
}

export interface WriteResult {
  readonly item?: WireItem;
  readonly changed?: readonly string[];
  readonly consumed?: Consumed;
  readonly request?: RequestView;
  readonly journal?: JournalRef;
  readonly newKey?: WireItem;
  /** The deleted item (delete). */
  readonly previous?: WireItem;
}

export interface PreviewResult {
  readonly changed?: readonly string[];
  readonly request?: RequestView;
}

/** What each write route takes: an update and a move carry the item as loaded and as edited. */
export type WriteBody =
  | { readonly kind: 'update'; readonly key: WireItem; readonly before: WireItem; readonly after: WireItem }
  | { readonly kind: 'move'; readonly before: WireItem; readonly after: WireItem }
  | { readonly kind: 'put'; readonly Item: WireItem; readonly ifNotExists: true }
  | ({ readonly kind: 'delete' } & Omit<DeleteBody, 'guard'>);

function bodyOf(write: WriteBody): Record<string, unknown> {
  const { kind: _kind, ...body } = write;
  return body;
}

export function previewWrite(connectionId: string, table: string, write: WriteBody): Promise<PreviewResult> {
  return apiPost(itemsPath(connectionId, table, `preview/${write.kind}`), bodyOf(write));
}

export function sendWrite(connectionId: string, table: string, write: WriteBody): Promise<WriteResult> {
  return apiPost(itemsPath(connectionId, table, write.kind), bodyOf(write));
}

export interface GetResult {
  readonly item?: WireItem;
  readonly consumed: Consumed;
}

/** The whole item from the table, strongly consistent. */
export function getItem(connectionId: string, table: string, key: WireItem): Promise<GetResult> {
  return apiPost(itemsPath(connectionId, table, 'get'), { Key: key, ConsistentRead: true });
}

interface JournalChange {
  readonly key: WireItem;
  readonly newKey?: WireItem;
  readonly before?: WireItem;
  readonly after?: WireItem;
}

export interface JournalOperation {
  readonly id: string;
  readonly time: string;
  readonly operation: string;
  readonly table: string;
  readonly openConnectionId?: string;
  readonly state: 'done' | 'undone' | 'partly-undone' | 'not-undoable';
  readonly undoable: boolean;
  readonly itemCount: number;
  readonly note?: string;
  readonly undoes?: string;
  readonly changes: readonly JournalChange[];
}

export interface JournalList {
  readonly enabled: boolean;
  readonly operations: readonly JournalOperation[];
}

export function recentWrites(connectionId: string, table: string, limit = 20): Promise<JournalList> {
  return apiGet('/api/journal', { connectionId, table, limit });
}

export interface UndoResult {
  readonly message: string;
  readonly operations: readonly { readonly consumed?: Consumed; readonly message?: string; readonly outcome?: string }[];
}

export function undoWrite(connectionId: string, operationId: string): Promise<UndoResult> {
  return apiPost('/api/journal/undo', { connectionId, operationId });
}
