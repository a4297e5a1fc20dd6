/** Secondary indexes as the create and update forms hold them, and as the server takes them. */
import type { GlobalIndexInput, LocalIndexInput } from '../api/types.js';
import { projectionInput, type KeyDraft, type ProjectionDraft } from './key-fields.js';

export interface IndexDraft {
  kind: 'GSI' | 'LSI';
  name: string;
  /** GSI only: an LSI shares the table's partition key. */
  partitionKey: KeyDraft;
  sortKey: KeyDraft;
  projection: ProjectionDraft;
}

export const newIndexDraft = (kind: 'GSI' | 'LSI'): IndexDraft => ({
  kind,
  name: '',
  partitionKey: { name: '', type: 'S' },
  sortKey: { name: '', type: 'S' },
  projection: { type: 'ALL', nonKey: '' },
});

export function globalIndexInput(draft: IndexDraft): GlobalIndexInput {
  return {
    name: draft.name,
    partitionKey: draft.partitionKey,
    ...(draft.sortKey.name !== '' ? { sortKey: draft.sortKey } : {}),
    projection: projectionInput(draft.projection),
  };
}

export function localIndexInput(draft: IndexDraft): LocalIndexInput {
  return { name: draft.name, sortKey: draft.sortKey, projection: projectionInput(draft.projection) };
}
