/** The table's model link (GET, PUT, DELETE …/tables/:table/model; docs/model-links.md). */
import { apiDelete, apiGet, apiPut, segment } from '../../api/client.js';
import type { ModelLinkView } from '../../api/types.js';

export type { ModelLinkView } from '../../api/types.js';

function linkPath(connectionId: string, table: string): string {
  return `/api/connections/${segment(connectionId)}/tables/${segment(table)}/model`;
}

export const getModelLink = (connectionId: string, table: string, signal?: AbortSignal) => apiGet<ModelLinkView>(linkPath(connectionId, table), undefined, signal);

export interface LinkChoice {
  readonly model: string;
  readonly source: 'design' | 'file';
  readonly name?: string;
  readonly modelTable?: string;
}

export const setModelLink = (connectionId: string, table: string, choice: LinkChoice) => apiPut<ModelLinkView>(linkPath(connectionId, table), choice);

export const removeModelLink = (connectionId: string, table: string) => apiDelete<ModelLinkView>(linkPath(connectionId, table));
