/**
 * Secondary indexes as the create and update forms hold them, and as the
 * server takes them. A GSI may have a multi-attribute key: up to
 * MAX_GSI_KEY_ATTRIBUTES partition and as many sort attributes, each typed.
 */
import { DUPLICATE_KEY_NAME_MESSAGE, MAX_GSI_KEY_ATTRIBUTES, tooManyGsiKeysMessage } from '@dynotable/core';
import type { GlobalIndexInput, LocalIndexInput } from '../api/types.js';
import { projectionInput, type KeyDraft, type ProjectionDraft } from './key-fields.js';

export interface IndexDraft {
  kind: 'GSI' | 'LSI';
  name: string;
  /** GSI only (an LSI shares the table's partition key): one to four attributes, in key order. */
  partitionKeys: KeyDraft[];
  /** In key order; an empty first name is no sort key. An LSI has exactly one. */
  sortKeys: KeyDraft[];
  projection: ProjectionDraft;
}

export type KeyRole = 'partitionKeys' | 'sortKeys';

const emptyKey = (): KeyDraft => ({ name: '', type: 'S' });

export const newIndexDraft = (kind: 'GSI' | 'LSI'): IndexDraft => ({
  kind,
  name: '',
  partitionKeys: [emptyKey()],
  sortKeys: [emptyKey()],
  projection: { type: 'ALL', nonKey: '' },
});

/** Whether another attribute of this role fits: only a GSI takes more than one, up to DynamoDB's limit. */
export function canAddKey(draft: IndexDraft, role: KeyRole): boolean {
  return draft.kind === 'GSI' && draft[role].length < MAX_GSI_KEY_ATTRIBUTES;
}

/** The draft with one more (empty) attribute of this role, or unchanged when it has no room. */
export function addKey(draft: IndexDraft, role: KeyRole): IndexDraft {
  return canAddKey(draft, role) ? { ...draft, [role]: [...draft[role], emptyKey()] } : draft;
}

/** The draft without the attribute at `at`; the first of each role stays. */
export function removeKey(draft: IndexDraft, role: KeyRole, at: number): IndexDraft {
  return at === 0 ? draft : { ...draft, [role]: draft[role].filter((_, i) => i !== at) };
}

export function replaceKey(draft: IndexDraft, role: KeyRole, at: number, key: KeyDraft): IndexDraft {
  return { ...draft, [role]: draft[role].map((each, i) => (i === at ? key : each)) };
}

/** The sort attributes given: none when the first is left empty. */
function givenSortKeys(draft: IndexDraft): KeyDraft[] {
  return draft.sortKeys[0]?.name === '' ? [] : draft.sortKeys;
}

/** What DynamoDB would refuse in the index's key, in its words, before anything is sent. */
export function indexKeyProblem(draft: IndexDraft): string | undefined {
  if (draft.kind !== 'GSI') return undefined;
  if (draft.partitionKeys.length > MAX_GSI_KEY_ATTRIBUTES) return tooManyGsiKeysMessage('partition');
  if (draft.sortKeys.length > MAX_GSI_KEY_ATTRIBUTES) return tooManyGsiKeysMessage('sort');
  const sortKeys = givenSortKeys(draft);
  // A one-attribute-per-role key naming one attribute twice is refused by DynamoDB in other words, left to it.
  if (draft.partitionKeys.length === 1 && sortKeys.length <= 1) return undefined;
  const names = [...draft.partitionKeys, ...sortKeys].map((key) => key.name).filter((name) => name !== '');
  return new Set(names).size < names.length ? DUPLICATE_KEY_NAME_MESSAGE : undefined;
}

/** One key attribute of each role goes as partitionKey and sortKey; more go as the lists of a multi-attribute key. */
export function globalIndexInput(draft: IndexDraft): GlobalIndexInput {
  const sortKeys = givenSortKeys(draft);
  return {
    name: draft.name,
    ...(draft.partitionKeys.length > 1 ? { partitionKeys: draft.partitionKeys } : { partitionKey: draft.partitionKeys[0]! }),
    ...(sortKeys.length > 1 ? { sortKeys } : sortKeys.length === 1 ? { sortKey: sortKeys[0]! } : {}),
    projection: projectionInput(draft.projection),
  };
}

export function localIndexInput(draft: IndexDraft): LocalIndexInput {
  return { name: draft.name, sortKey: draft.sortKeys[0]!, projection: projectionInput(draft.projection) };
}
