/** The routes of a table's query history and saved queries, through the app's client. */
import { apiDelete, apiGet, apiPost, apiPut, segment } from '../api/client.js';
import type { QueryHistoryView, SavedQuery, SavedQueryList } from '../api/types.js';
import type { QueryNote } from './query-notes.js';

function tablePath(connectionId: string, table: string): string {
  return `/api/connections/${segment(connectionId)}/tables/${segment(table)}`;
}

export const queryHistory = (connectionId: string, table: string, signal?: AbortSignal) => apiGet<QueryHistoryView>(`${tablePath(connectionId, table)}/history`, undefined, signal);

export const recordQuery = (connectionId: string, table: string, note: QueryNote) => apiPost<QueryHistoryView>(`${tablePath(connectionId, table)}/history`, note);

export const savedQueries = (connectionId: string, table: string, signal?: AbortSignal) => apiGet<SavedQueryList>(`${tablePath(connectionId, table)}/saved-queries`, undefined, signal);

export const savedQuery = (connectionId: string, table: string, name: string, signal?: AbortSignal) => apiGet<SavedQuery>(`${tablePath(connectionId, table)}/saved-queries/${segment(name)}`, undefined, signal);

export const saveQuery = (connectionId: string, table: string, name: string, note: QueryNote) => apiPut<SavedQuery>(`${tablePath(connectionId, table)}/saved-queries/${segment(name)}`, note);

export const deleteSavedQuery = (connectionId: string, table: string, name: string) => apiDelete<SavedQueryList>(`${tablePath(connectionId, table)}/saved-queries/${segment(name)}`);
