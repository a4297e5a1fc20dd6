/**
 * The data folder's proposal files: read back as written, newest last; a
 * damaged or foreign file is left out rather than breaking the queue; an id
 * that is not a proposal's cannot name a file outside the folder; read-only
 * writes nothing.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderProposalStore, type StoredProposal } from '../../src/agents/proposal-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dynotable-proposal-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function proposal(id: string, createdAt: string): StoredProposal {
  return { id, status: 'pending', kind: 'delete', connection: 'embedded', connectionKey: 'embedded:/x', stagedBy: 1, table: 'T', createdAt, input: { Key: { pk: { S: id } } } };
}

describe('FolderProposalStore', () => {
  it('keeps one file per proposal and reads them back oldest first', () => {
    const store = new FolderProposalStore(join(dir, 'proposals'), true);
    expect(store.all()).toEqual([]);
    store.save(proposal('b', '2026-01-02T00:00:00.000Z'));
    store.save(proposal('a', '2026-01-01T00:00:00.000Z'));
    expect(readdirSync(join(dir, 'proposals')).sort()).toEqual(['a.json', 'b.json']);
    expect(store.all().map((each) => each.id)).toEqual(['a', 'b']);
    expect(store.read('b')).toEqual(proposal('b', '2026-01-02T00:00:00.000Z'));
    store.save({ ...store.read('b')!, status: 'rejected', message: 'no' });
    expect(new FolderProposalStore(join(dir, 'proposals'), true).read('b')).toMatchObject({ status: 'rejected', message: 'no' });
    store.remove('a');
    expect(store.all().map((each) => each.id)).toEqual(['b']);
  });

  it('leaves out damaged and foreign files, and ids that are not a proposal’s', () => {
    const folder = join(dir, 'proposals');
    mkdirSync(folder);
    const store = new FolderProposalStore(folder, true);
    store.save(proposal('good', '2026-01-01T00:00:00.000Z'));
    writeFileSync(join(folder, 'torn.json'), '{"id": "torn", "sta');
    writeFileSync(join(folder, 'other.json'), JSON.stringify({ ...proposal('someone-else', '2026-01-01T00:00:00.000Z') }));
    writeFileSync(join(folder, 'odd.json'), JSON.stringify({ ...proposal('odd', '2026-01-01T00:00:00.000Z'), status: 'maybe' }));
    writeFileSync(join(dir, 'outside.json'), JSON.stringify(proposal('outside', '2026-01-01T00:00:00.000Z')));
    expect(store.all().map((each) => each.id)).toEqual(['good']);
    expect(store.read('../outside')).toBeUndefined();
  });

  it('read-only reads and writes nothing: a decision is refused with why', () => {
    const folder = join(dir, 'proposals');
    new FolderProposalStore(folder, true).save(proposal('p', '2026-01-01T00:00:00.000Z'));
    const readOnly = new FolderProposalStore(folder, false);
    expect(readOnly.all().map((each) => each.id)).toEqual(['p']);
    expect(() => readOnly.save({ ...proposal('p', '2026-01-01T00:00:00.000Z'), status: 'rejected' })).toThrow(/--read-only, which writes nothing/);
    readOnly.remove('p');
    expect(readOnly.read('p')?.status).toBe('pending');
  });
});
