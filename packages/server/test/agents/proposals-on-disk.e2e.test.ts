/**
 * A workbench on a data folder keeps agents' proposals and exposure there:
 * a proposal staged before a restart is still in the queue after it and can
 * be approved (journaled); the exposure a person switched on lasts; the
 * files hold no token; `--read-only` reads them and writes nothing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentsFolderOf } from '../../src/agents/agents-folder.js';
import type { ProposalView } from '../../src/agents/proposal-types.js';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { WriteJournal } from '../../src/journal/journal.js';
import { FileJournalStore } from '../../src/journal/store.js';
import { serverApi } from '../support/server-api.js';

const TABLE = 'Tickets';
const ITEMS = `/api/connections/embedded/tables/${TABLE}/items`;
const key = { pk: { S: 't1' } };
const loaded = { ...key, status: { S: 'open' } };
const edited = { ...loaded, status: { S: 'closed' } };

type Json = Record<string, unknown>;
let dir: string;
let stops: (() => Promise<void>)[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dynotable-agents-disk-'));
});

afterEach(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
  rmSync(dir, { recursive: true, force: true });
});

/** A workbench on the folder, as `dynotable --data <dir>` (or with --read-only) starts one. */
async function workbench(options: { readOnly?: boolean; other?: boolean } = {}) {
  const readOnly = options.readOnly === true;
  const connections = createConnectionRegistry({ seedExamples: false, readOnly });
  await connections.add({ kind: 'embedded', dataDir: join(dir, 'engine') });
  // A second engine, on its own folder: 'embedded-2'.
  if (options.other === true) await connections.add({ kind: 'embedded', dataDir: join(dir, 'other') });
  const server: RunningServer = await startServer({
    port: 0,
    readOnly,
    connections,
    journal: new WriteJournal(new FileJournalStore(join(dir, 'journal.jsonl'))),
    agentsFolder: agentsFolderOf(join(dir, 'engine'), !readOnly),
  });
  const stop = async () => {
    await server.close();
    await connections.closeAll();
  };
  stops.push(stop);
  const api = serverApi(server);
  const restart = async () => {
    stops.splice(stops.indexOf(stop), 1);
    await stop();
  };
  return { api, restart, token: server.token };
}

const proposalsDir = () => join(dir, 'engine', 'agents', 'proposals');

describe('proposals and exposure in the data folder', () => {
  it('a proposal staged before a restart waits after it, and approved, is journaled', async () => {
    const first = await workbench();
    expect((await first.api('POST', '/api/connections/embedded/tables', { name: TABLE, partitionKey: { name: 'pk', type: 'S' } })).status).toBe(200);
    expect((await first.api('POST', `${ITEMS}/put`, { Item: loaded })).status).toBe(200);
    expect((await first.api('PUT', '/api/agents/exposure/embedded', { exposed: true })).json).toEqual({ id: 'embedded', exposed: true });
    const staged = await first.api<ProposalView>('POST', '/api/agents/proposals', { connection: 'embedded', table: TABLE, kind: 'update', input: { key, before: loaded, after: edited }, reason: 'close it' });
    expect(staged.status, JSON.stringify(staged.json)).toBe(200);
    const rejected = await first.api<ProposalView>('POST', '/api/agents/proposals', { connection: 'embedded', table: TABLE, kind: 'delete', input: { Key: key } });
    expect((await first.api('POST', `/api/agents/proposals/${rejected.json.id}/reject`, { note: 'keep it' })).status).toBe(200);
    expect(readdirSync(proposalsDir()).sort()).toEqual([`${staged.json.id}.json`, `${rejected.json.id}.json`].sort());
    const files = [...readdirSync(proposalsDir()).map((name) => readFileSync(join(proposalsDir(), name), 'utf8')), readFileSync(join(dir, 'engine', 'agents', 'exposure.json'), 'utf8')];
    for (const text of files) expect(text).not.toContain(first.token);
    await first.restart();

    const second = await workbench();
    expect((await second.api('GET', '/api/agents/exposure')).json).toEqual({ connections: [{ id: 'embedded', name: 'Embedded engine', exposed: true }] });
    const list = await second.api<{ proposals: ProposalView[]; pending: number }>('GET', '/api/agents/proposals');
    expect(list.json.pending).toBe(1);
    expect(list.json.proposals.map((proposal) => [proposal.id, proposal.status, proposal.message])).toEqual([
      [rejected.json.id, 'rejected', 'keep it'],
      [staged.json.id, 'pending', undefined],
    ]);
    // The review is built again from what was kept: the same request, the item before and after.
    const detail = await second.api<Json>('GET', `/api/agents/proposals/${staged.json.id}`);
    expect(detail.json['item']).toEqual({ keyNames: ['pk'], key, before: loaded, after: edited, current: loaded, changedSince: false });
    expect((detail.json['preview'] as { request: { operation: string } }).request.operation).toBe('UpdateItem');
    const approved = await second.api<{ proposal: ProposalView }>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(approved.json.proposal).toMatchObject({ status: 'approved', journalId: expect.any(String) as unknown });
    expect((await second.api<{ item: Json }>('POST', `${ITEMS}/get`, { Key: key, ConsistentRead: true })).json.item).toEqual(edited);
    const journal = await second.api<{ operations: { id: string; changes: Json[] }[] }>('GET', '/api/journal?connectionId=embedded');
    expect(journal.json.operations.find((operation) => operation.id === approved.json.proposal.journalId)?.changes).toEqual([{ key, before: loaded, after: edited }]);
    await second.restart();

    // Decided once, for good: a third start shows the outcome and refuses a second approval.
    const third = await workbench();
    const again = await third.api<Json>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(again.json).toMatchObject({ __type: 'ProposalDecided' });
    const decided = await third.api<{ proposal: ProposalView; preview: { request: { operation: string } } }>('GET', `/api/agents/proposals/${staged.json.id}`);
    expect(decided.json.proposal).toMatchObject({ status: 'approved', journalId: approved.json.proposal.journalId });
    expect(decided.json.preview.request.operation).toBe('UpdateItem');
  });

  it('a proposal for a connection this launch has not opened is listed, says so in its review, and can be rejected', async () => {
    const first = await workbench({ other: true });
    await first.api('POST', '/api/connections/embedded-2/tables', { name: TABLE, partitionKey: { name: 'pk', type: 'S' } });
    await first.api('PUT', '/api/agents/exposure/embedded-2', { exposed: true });
    const staged = await first.api<ProposalView>('POST', '/api/agents/proposals', { connection: 'embedded-2', table: TABLE, kind: 'put', input: { Item: loaded } });
    expect(staged.status, JSON.stringify(staged.json)).toBe(200);
    await first.restart();

    const second = await workbench();
    expect((await second.api<{ proposals: ProposalView[] }>('GET', '/api/agents/proposals')).json.proposals).toEqual([expect.objectContaining({ id: staged.json.id, connection: 'embedded-2', status: 'pending' })]);
    const detail = await second.api<Json>('GET', `/api/agents/proposals/${staged.json.id}`);
    expect(detail.status).toBe(404);
    expect(detail.json).toMatchObject({ __type: 'ConnectionNotOpen', message: expect.stringContaining(`${join(dir, 'other')}), which is not open here; open it in the workbench`) as unknown });
    expect((await second.api<Json>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {})).json['__type']).toBe('ConnectionNotOpen');
    expect((await second.api<ProposalView>('POST', `/api/agents/proposals/${staged.json.id}/reject`, {})).json.status).toBe('rejected');
  });

  it('switching exposure off is kept too', async () => {
    const first = await workbench();
    await first.api('PUT', '/api/agents/exposure/embedded', { exposed: true });
    await first.api('PUT', '/api/agents/exposure/embedded', { exposed: false });
    await first.restart();
    const second = await workbench();
    expect((await second.api('GET', '/api/agents/exposure')).json).toEqual({ connections: [{ id: 'embedded', name: 'Embedded engine', exposed: false }] });
  });

  it('--read-only reads what the folder keeps and writes nothing there', async () => {
    const first = await workbench();
    await first.api('POST', '/api/connections/embedded/tables', { name: TABLE, partitionKey: { name: 'pk', type: 'S' } });
    await first.api('POST', `${ITEMS}/put`, { Item: loaded });
    await first.api('PUT', '/api/agents/exposure/embedded', { exposed: true });
    const staged = await first.api<ProposalView>('POST', '/api/agents/proposals', { connection: 'embedded', table: TABLE, kind: 'delete', input: { Key: key } });
    await first.restart();
    const before = readFileSync(join(proposalsDir(), `${staged.json.id}.json`), 'utf8');
    const exposure = readFileSync(join(dir, 'engine', 'agents', 'exposure.json'), 'utf8');

    const readOnly = await workbench({ readOnly: true });
    expect((await readOnly.api<{ pending: number }>('GET', '/api/agents/proposals')).json.pending).toBe(1);
    expect((await readOnly.api<Json>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {})).status).toBe(403);
    const reject = await readOnly.api<Json>('POST', `/api/agents/proposals/${staged.json.id}/reject`, {});
    expect(reject.status).toBe(403);
    expect(reject.json['message']).toContain('--read-only');
    // Switched off for this launch only: the folder's choice is left as it was.
    await readOnly.api('PUT', '/api/agents/exposure/embedded', { exposed: false });
    expect((await readOnly.api('GET', '/api/agents/exposure')).json).toEqual({ connections: [{ id: 'embedded', name: 'Embedded engine', exposed: false }] });
    expect(readFileSync(join(proposalsDir(), `${staged.json.id}.json`), 'utf8')).toBe(before);
    expect(readFileSync(join(dir, 'engine', 'agents', 'exposure.json'), 'utf8')).toBe(exposure);
    expect(readdirSync(proposalsDir())).toEqual([`${staged.json.id}.json`]);
    expect(readdirSync(join(dir, 'engine', 'agents')).sort()).toEqual(['exposure.json', 'proposals']);
  });
});
