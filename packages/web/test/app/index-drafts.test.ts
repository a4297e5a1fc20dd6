/** Index drafts of the create and update dialogs: a GSI's multi-attribute key, its limits and DynamoDB's words for what it refuses. */
import { describe, expect, it } from 'vitest';
import { addKey, canAddKey, globalIndexInput, indexKeyProblem, localIndexInput, newIndexDraft, removeKey, replaceKey, type IndexDraft } from '../../src/app/index-drafts.js';

function gsi(partition: readonly string[], sort: readonly string[]): IndexDraft {
  const keys = (names: readonly string[]) => names.map((name, at) => ({ name, type: at === 1 ? ('N' as const) : ('S' as const) }));
  return { ...newIndexDraft('GSI'), name: 'ByStatus', partitionKeys: keys(partition), sortKeys: keys(sort) };
}

describe('index drafts', () => {
  it('sends one attribute of each role as partitionKey and sortKey, as before', () => {
    expect(globalIndexInput(gsi(['status'], ['createdAt']))).toEqual({
      name: 'ByStatus',
      partitionKey: { name: 'status', type: 'S' },
      sortKey: { name: 'createdAt', type: 'S' },
      projection: { type: 'ALL' },
    });
    expect(globalIndexInput(gsi(['status'], ['']))).toEqual({ name: 'ByStatus', partitionKey: { name: 'status', type: 'S' }, projection: { type: 'ALL' } });
  });

  it('sends a multi-attribute key as the lists, every attribute in order with its type', () => {
    const input = globalIndexInput(gsi(['status', 'priority'], ['createdAt', 'id']));
    const typed = (keys: readonly { name: string; type: string }[] | undefined) => keys?.map((key) => `${key.name} ${key.type}`);
    expect([typed(input.partitionKeys), typed(input.sortKeys)]).toEqual([['status S', 'priority N'], ['createdAt S', 'id N']]);
    expect(input).not.toHaveProperty('partitionKey');
    expect(input).not.toHaveProperty('sortKey');
    expect(globalIndexInput(gsi(['status', 'priority'], ['createdAt']))).toMatchObject({ partitionKeys: [{ name: 'status' }, { name: 'priority' }], sortKey: { name: 'createdAt' } });
  });

  it('adds rows up to four of each role on a GSI, none on an LSI, and keeps the first row', () => {
    let draft = newIndexDraft('GSI');
    for (let i = 0; i < 5; i += 1) draft = addKey(draft, 'partitionKeys');
    expect(draft.partitionKeys).toHaveLength(4);
    expect(canAddKey(draft, 'partitionKeys')).toBe(false);
    expect(canAddKey(draft, 'sortKeys')).toBe(true);
    draft = replaceKey(draft, 'partitionKeys', 2, { name: 'third', type: 'B' });
    draft = removeKey(draft, 'partitionKeys', 1);
    expect(draft.partitionKeys.map((key) => key.name)).toEqual(['', 'third', '']);
    expect(removeKey(draft, 'partitionKeys', 0)).toBe(draft);
    const lsi = newIndexDraft('LSI');
    expect(canAddKey(lsi, 'sortKeys')).toBe(false);
    expect(addKey(lsi, 'sortKeys')).toBe(lsi);
    expect(localIndexInput({ ...lsi, name: 'ByDate', sortKeys: [{ name: 'placedAt', type: 'S' }] })).toEqual({ name: 'ByDate', sortKey: { name: 'placedAt', type: 'S' }, projection: { type: 'ALL' } });
  });

  it("names DynamoDB's refusals of a multi-attribute key before anything is sent", () => {
    expect(indexKeyProblem(gsi(['status', 'priority'], ['createdAt', 'id']))).toBeUndefined();
    expect(indexKeyProblem(gsi(['status', 'priority'], ['status']))).toBe('Two keys can not have the same name');
    expect(indexKeyProblem(gsi(['a', 'b', 'c', 'd', 'e'], []))).toBe('Too many partition keys. GSI can have at most 4 partition keys');
    expect(indexKeyProblem(gsi(['a'], ['b', 'c', 'd', 'e', 'f']))).toBe('Too many sort keys. GSI can have at most 4 sort keys');
    // One attribute of each role with one name: DynamoDB refuses it in other words, left to it.
    expect(indexKeyProblem(gsi(['status'], ['status']))).toBeUndefined();
  });
});
