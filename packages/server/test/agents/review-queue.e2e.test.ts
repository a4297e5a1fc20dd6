/**
 * Writes proposed by agents, through the server's HTTP API: staging checks
 * them as their route would and writes nothing; approving runs the route a
 * person's edit takes (journaled, undoable); rejecting writes nothing; an
 * update whose item changed since fails with a clear message; read-only
 * connections and `--read-only` refuse; connections are not exposed to
 * agents until a person says so.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import type { SafetyMode } from '../../src/connections/registry-types.js';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { WriteJournal } from '../../src/journal/journal.js';
import { MemoryJournalStore } from '../../src/journal/store.js';
import type { ProposalView } from '../../src/agents/proposal-types.js';
import { MAX_PENDING } from '../../src/agents/proposal-queue.js';
import { examplePath } from '../support/examples.js';
import { serverApi } from '../support/server-api.js';

const TABLE = 'Tickets';
const ITEMS = `/api/connections/embedded/tables/${TABLE}/items`;
const key = { pk: { S: 't1' } };
const loaded = { ...key, status: { S: 'open' }, title: { S: 'Printer jam' } };
const edited = { ...loaded, status: { S: 'closed' } };

type Json = Record<string, unknown>;
let running: { server: RunningServer; close: () => Promise<void> } | undefined;

afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function serve(options: { safety?: SafetyMode; readOnly?: boolean; expose?: boolean } = {}) {
  const connections = createConnectionRegistry({ seedExamples: false });
  await connections.add({ kind: 'embedded', inMemory: true, safety: 'full' });
  const server = await startServer({ port: 0, connections, journal: new WriteJournal(new MemoryJournalStore()) });
  running = { server, close: async () => (await server.close(), await connections.closeAll()) };
  const api = serverApi(server);
  expect((await api('POST', '/api/connections/embedded/tables', { name: TABLE, partitionKey: { name: 'pk', type: 'S' } })).status).toBe(200);
  expect((await api('POST', `${ITEMS}/put`, { Item: loaded })).status).toBe(200);
  if (options.expose !== false) expect((await api('PUT', '/api/agents/exposure/embedded', { exposed: true })).json).toEqual({ id: 'embedded', exposed: true });
  if (options.safety !== undefined) connections.setSafety('embedded', options.safety);
  const item = async () => (await api<{ item?: Json }>('POST', `${ITEMS}/get`, { Key: key, ConsistentRead: true })).json.item;
  const stage = (kind: string, input: unknown, reason = 'close the ticket') => api<ProposalView & Json>('POST', '/api/agents/proposals', { connection: 'embedded', table: TABLE, kind, input, reason });
  return { api, item, stage, connections, server };
}

describe('staging a proposed write', () => {
  it('holds a valid update as pending, with its exact request, and writes nothing', async () => {
    const { api, item, stage } = await serve();
    const staged = await stage('update', { key, before: loaded, after: edited });
    expect(staged.status, JSON.stringify(staged.json)).toBe(200);
    expect(staged.json).toMatchObject({ status: 'pending', kind: 'update', connection: 'embedded', table: TABLE, reason: 'close the ticket' });
    expect(await item()).toEqual(loaded);
    const list = await api<{ proposals: ProposalView[]; pending: number }>('GET', '/api/agents/proposals');
    expect(list.json.pending).toBe(1);
    expect(list.json.proposals.map((p) => p.id)).toEqual([staged.json.id]);
    const detail = await api<Json>('GET', `/api/agents/proposals/${staged.json.id}`);
    // The same request the editor's preview shows for this edit.
    const preview = await api<Json>('POST', `${ITEMS}/preview/update`, { key, before: loaded, after: edited });
    expect(detail.json['preview']).toEqual(preview.json);
    expect(detail.json['item']).toEqual({ keyNames: ['pk'], key, before: loaded, after: edited, current: loaded, changedSince: false });
    expect(detail.json['table']).toEqual({ tableClass: 'STANDARD', billingMode: 'PAY_PER_REQUEST' });
  });

  it('refuses what the route refuses, with the route’s message', async () => {
    const { api, stage, item } = await serve();
    const badShape = await stage('put', { Item: 'not an item' });
    expect(badShape.status).toBe(400);
    expect(badShape.json).toMatchObject({ __type: 'ValidationException', message: expect.stringMatching(/^Item: /) as unknown });
    const keyChange = await stage('update', { key, before: loaded, after: { ...edited, pk: { S: 't2' } } });
    expect(keyChange.status).toBe(400);
    expect(keyChange.json['message']).toBe('One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key');
    const noChange = await stage('update', { key, before: loaded, after: loaded });
    expect(noChange.status).toBe(400);
    expect(noChange.json['message']).toContain('nothing to write');
    const missingKey = await stage('put', { Item: { title: { S: 'x' } } });
    expect(missingKey.status).toBe(400);
    expect(missingKey.json).toMatchObject({ __type: 'ValidationException', message: 'One or more parameter values were invalid: Missing the key pk in the item' });
    const wrongKey = await stage('delete', { Key: { pk: { N: '1' } } });
    expect(wrongKey.json).toMatchObject({ __type: 'ValidationException', message: 'The provided key element does not match the schema' });
    const noTable = await api('POST', '/api/agents/proposals', { connection: 'embedded', table: 'Nope', kind: 'delete', input: { Key: key } });
    expect(noTable.status).toBe(400);
    expect(noTable.json['__type']).toBe('ResourceNotFoundException');
    const emptyTransaction = await stage('transaction', { actions: [] });
    expect(emptyTransaction.json).toMatchObject({ __type: 'ValidationException', message: 'actions: give at least one action' });
    const badAction = await stage('transaction', { actions: [{ put: { Item: { pk: { S: 'x' } } } }, { delete: { Key: { nope: { S: 'x' } } } }] });
    expect(badAction.json).toMatchObject({ __type: 'ValidationException', message: 'actions[1]: The provided key element does not match the schema' });
    const noCondition = await stage('transaction', { actions: [{ conditionCheck: { Key: key } }] });
    expect(noCondition.json['message']).toBe('actions[0].conditionCheck: give the condition to check (condition or ConditionExpression)');
    expect(await item()).toEqual(loaded);
  });

  it('refuses a connection not exposed to agents, and one that is read-only, with the write routes’ message', async () => {
    const hidden = await serve({ expose: false });
    const exposure = await hidden.api<{ connections: Json[] }>('GET', '/api/agents/exposure');
    expect(exposure.json.connections).toEqual([{ id: 'embedded', name: expect.any(String) as unknown, exposed: false }]);
    const refused = await hidden.stage('delete', { Key: key });
    expect(refused.status).toBe(403);
    expect(refused.json['__type']).toBe('NotExposedToAgents');
    expect(refused.json['message']).toContain('is not exposed to agents');
    await running!.close();
    running = undefined;

    const readOnly = await serve({ safety: 'read-only' });
    const staged = await readOnly.stage('delete', { Key: key });
    expect(staged.status).toBe(403);
    const route = await readOnly.api('POST', `${ITEMS}/delete`, { Key: key });
    expect(staged.json).toEqual(route.json);
    expect(await readOnly.item()).toEqual(loaded);
  });

  it('holds at most MAX_PENDING waiting proposals; a decision makes room', async () => {
    const { api, stage } = await serve();
    const staged: string[] = [];
    for (let n = 0; n < MAX_PENDING; n++) {
      const answer = await stage('put', { Item: { pk: { S: `p${n}` } } });
      expect(answer.status).toBe(200);
      staged.push(answer.json.id);
    }
    const over = await stage('put', { Item: { pk: { S: 'one-more' } } });
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ __type: 'TooManyProposals', message: `${MAX_PENDING} proposals already wait for review; wait until a person approves or rejects some` });
    await api('POST', `/api/agents/proposals/${staged[0]}/reject`, {});
    expect((await stage('put', { Item: { pk: { S: 'one-more' } } })).status).toBe(200);
  });

  it('exposure is per connection and refused for one that is not open', async () => {
    const { api } = await serve({ expose: false });
    expect((await api('PUT', '/api/agents/exposure/nope', { exposed: true })).status).toBe(404);
    expect((await api('PUT', '/api/agents/exposure/embedded', { exposed: 'yes' })).status).toBe(400);
    expect((await api('PUT', '/api/agents/exposure/embedded', { exposed: true })).json).toEqual({ id: 'embedded', exposed: true });
    expect((await api('PUT', '/api/agents/exposure/embedded', { exposed: false })).json).toEqual({ id: 'embedded', exposed: false });
  });
});

describe('a person deciding', () => {
  it('approving runs the update as the editor’s route does: the item changes, the journal holds it, undo takes it back', async () => {
    const { api, item, stage } = await serve();
    const staged = await stage('update', { key, before: loaded, after: edited });
    const approved = await api<{ proposal: ProposalView; result: Json }>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.proposal).toMatchObject({ status: 'approved', decidedAt: expect.any(String) as unknown });
    expect(await item()).toEqual(edited);
    const journalId = approved.json.proposal.journalId;
    expect(journalId).toEqual(expect.any(String));
    const journal = await api<{ operations: { id: string; operation: string; changes: Json[] }[] }>('GET', '/api/journal?connectionId=embedded');
    const entry = journal.json.operations.find((operation) => operation.id === journalId);
    expect(entry).toMatchObject({ operation: 'update', changes: [{ key, before: loaded, after: edited }] });
    // Decided once: a second approval is refused, and the poll says approved.
    expect((await api('POST', `/api/agents/proposals/${staged.json.id}/approve`, {})).status).toBe(409);
    expect((await api<Json>('GET', `/api/agents/proposals/${staged.json.id}`)).json['proposal']).toMatchObject({ status: 'approved', journalId });
    expect((await api('POST', '/api/journal/undo', { connectionId: 'embedded', operationId: journalId })).status).toBe(200);
    expect(await item()).toEqual(loaded);
  });

  it('rejecting writes nothing and keeps the note for the agent', async () => {
    const { api, item, stage } = await serve();
    const staged = await stage('delete', { Key: key });
    const rejected = await api<ProposalView>('POST', `/api/agents/proposals/${staged.json.id}/reject`, { note: 'keep it: still open' });
    expect(rejected.json).toMatchObject({ status: 'rejected', message: 'keep it: still open' });
    expect(await item()).toEqual(loaded);
    const journal = await api<{ operations: { operation: string }[] }>('GET', '/api/journal?connectionId=embedded');
    expect(journal.json.operations.map((operation) => operation.operation)).toEqual(['put']);
    expect((await api('POST', `/api/agents/proposals/${staged.json.id}/approve`, {})).status).toBe(409);
  });

  it('an update whose item changed since it was proposed fails with a clear message and overwrites nothing', async () => {
    const { api, item, stage } = await serve();
    const staged = await stage('update', { key, before: loaded, after: edited });
    const meanwhile = { ...loaded, status: { S: 'waiting' } };
    await api('POST', `${ITEMS}/put`, { Item: meanwhile });
    const detail = await api<{ item: { changedSince: boolean; current: Json } }>('GET', `/api/agents/proposals/${staged.json.id}`);
    expect(detail.json.item).toMatchObject({ changedSince: true, current: meanwhile });
    const approved = await api<{ proposal: ProposalView }>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.json.proposal.status).toBe('failed');
    expect(approved.json.proposal.message).toContain('the item changed since it was loaded');
    expect(await item()).toEqual(meanwhile);
  });

  it('a put DynamoDB refuses (its condition) fails with DynamoDB’s message', async () => {
    const { api, item, stage } = await serve();
    const staged = await stage('put', { Item: { ...key, title: { S: 'new' } }, ifNotExists: true });
    const approved = await api<{ proposal: ProposalView }>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(approved.json.proposal).toMatchObject({ status: 'failed', message: 'The conditional request failed' });
    expect(await item()).toEqual(loaded);
  });

  it('a read-only connection, a connection no longer exposed and --read-only refuse approval, and the proposal stays pending', async () => {
    const { api, item, stage, connections, server } = await serve();
    const staged = await stage('delete', { Key: key });
    connections.setSafety('embedded', 'read-only');
    const readOnly = await api<Json>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(readOnly.status).toBe(403);
    expect(readOnly.json['__type']).toBe('ReadOnlyConnection');
    connections.setSafety('embedded', 'full');
    await api('PUT', '/api/agents/exposure/embedded', { exposed: false });
    expect((await api<Json>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {})).json['__type']).toBe('NotExposedToAgents');
    await api('PUT', '/api/agents/exposure/embedded', { exposed: true });
    // The same context behind a server started with --read-only.
    const readOnlyServer = await startServer({ port: 0, context: server.context, readOnly: true });
    try {
      const response = await fetch(new URL(`/api/agents/proposals/${staged.json.id}/approve`, readOnlyServer.origin), {
        method: 'POST',
        headers: { authorization: `Bearer ${readOnlyServer.token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as Json)['message']).toContain('--read-only');
    } finally {
      await readOnlyServer.close();
    }
    expect(await item()).toEqual(loaded);
    expect((await api<Json>('GET', `/api/agents/proposals/${staged.json.id}`)).json['proposal']).toMatchObject({ status: 'pending' });
  });

  it('on a confirm-writes connection, the approval is the confirmation: the write is made without asking again', async () => {
    const { api, item, stage } = await serve({ safety: 'confirm-writes' });
    const staged = await stage('update', { key, before: loaded, after: edited });
    const approved = await api<{ proposal: ProposalView }>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(approved.json.proposal.status).toBe('approved');
    expect(await item()).toEqual(edited);
  });

  it('a model apply is staged with its plan and, approved, runs as the apply route’s job', async () => {
    const { api } = await serve();
    const model = readFileSync(examplePath('ticket-desk'), 'utf8');
    const staged = await api<ProposalView>('POST', '/api/agents/proposals', { connection: 'embedded', table: '', kind: 'apply-model', input: { model, prefix: 'agent_', sample: 5 }, reason: 'create the table' });
    expect(staged.json.status, JSON.stringify(staged.json)).toBe('pending');
    const detail = await api<{ preview: { plan: { tables: { name: string }[] }; existing: string[] } }>('GET', `/api/agents/proposals/${staged.json.id}`);
    expect(detail.json.preview.plan.tables.map((table) => table.name)).toEqual(['agent_TicketDesk']);
    expect(detail.json.preview.existing).toEqual([]);
    expect((await api<{ tables: { name: string }[] }>('GET', '/api/connections/embedded/tables')).json.tables.map((t) => t.name)).toEqual([TABLE]);
    const approved = await api<{ proposal: ProposalView; result: { id: string } }>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(approved.json.proposal).toMatchObject({ status: 'approved', message: `started job ${approved.json.result.id}; its sample items are journaled` });
    await expect.poll(async () => (await api<{ state: string }>('GET', `/api/jobs/${approved.json.result.id}`)).json.state, { timeout: 20_000 }).toBe('succeeded');
    expect((await api<{ tables: { name: string }[] }>('GET', '/api/connections/embedded/tables')).json.tables.map((t) => t.name).sort()).toEqual([TABLE, 'agent_TicketDesk']);
    const journal = await api<{ operations: { operation: string; table: string }[] }>('GET', '/api/journal?connectionId=embedded');
    expect(journal.json.operations.filter((operation) => operation.table === 'agent_TicketDesk').map((operation) => operation.operation)).toEqual(['sample-load']);
    const invalid = await api<Json>('POST', '/api/agents/proposals', { connection: 'embedded', table: '', kind: 'apply-model', input: { model: 'not: [a model' } });
    expect(invalid.status).toBe(400);
  });

  it('a transaction over two tables is staged as one TransactWriteItems and, approved, journaled per table and undoable', async () => {
    const { api, item, stage } = await serve();
    await api('POST', '/api/connections/embedded/tables', { name: 'Audit', partitionKey: { name: 'id', type: 'S' } });
    const entry = { id: { S: 'a1' }, what: { S: 'closed t1' } };
    await api('POST', `${ITEMS}/put`, { Item: { pk: { S: 'settings' }, closing: { BOOL: true } } });
    const staged = await stage('transaction', {
      actions: [{ update: { key, before: loaded, after: edited } }, { put: { table: 'Audit', Item: entry } }, { conditionCheck: { Key: { pk: { S: 'settings' } }, condition: 'closing = true' } }],
    });
    expect(staged.status, JSON.stringify(staged.json)).toBe(200);
    const detail = await api<{ preview: { request: { operation: string; wire: { TransactItems: Json[] } } } }>('GET', `/api/agents/proposals/${staged.json.id}`);
    expect(detail.json.preview.request.operation).toBe('TransactWriteItems');
    expect(detail.json.preview.request.wire.TransactItems.map((action) => Object.keys(action)[0])).toEqual(['Update', 'Put', 'ConditionCheck']);
    expect(detail.json.preview.request.wire.TransactItems[1]).toEqual({ Put: { TableName: 'Audit', Item: entry } });
    // Each action's item now and after, as a single write's review shows it.
    expect((detail.json as unknown as { items: Json[] }).items).toEqual([
      { table: TABLE, action: 'Update', keyNames: ['pk'], key, current: loaded, after: edited },
      { table: 'Audit', action: 'Put', keyNames: ['id'], key: { id: entry.id }, after: entry },
      { table: TABLE, action: 'ConditionCheck', keyNames: ['pk'], key: { pk: { S: 'settings' } }, current: { pk: { S: 'settings' }, closing: { BOOL: true } } },
    ]);
    expect(await item()).toEqual(loaded);
    const approved = await api<{ proposal: ProposalView }>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(approved.json.proposal).toMatchObject({ status: 'approved', journalId: expect.any(String) as unknown, message: expect.stringMatching(/^journaled per table: Tickets \(.+\), Audit \(.+\)$/) as unknown });
    expect(await item()).toEqual(edited);
    const journal = await api<{ operations: { id: string; operation: string; table: string; changes: Json[] }[] }>('GET', '/api/journal?connectionId=embedded');
    const transactions = journal.json.operations.filter((operation) => operation.operation === 'transaction');
    expect(transactions.map((operation) => [operation.table, operation.changes])).toEqual(
      expect.arrayContaining([
        ['Tickets', [{ key, before: loaded, after: edited }]],
        ['Audit', [{ key: { id: entry.id }, before: null, after: entry }]],
      ]),
    );
    const tickets = transactions.find((operation) => operation.table === 'Tickets')!;
    expect((await api('POST', '/api/journal/undo', { connectionId: 'embedded', operationId: tickets.id })).status).toBe(200);
    expect(await item()).toEqual(loaded);
  });

  it('a transaction DynamoDB cancels fails with its message and writes nothing', async () => {
    const { api, item, stage } = await serve();
    const staged = await stage('transaction', {
      actions: [{ update: { key, before: loaded, after: edited } }, { conditionCheck: { Key: { pk: { S: 'absent' } }, condition: 'attribute_exists(pk)' } }],
    });
    const approved = await api<{ proposal: ProposalView }>('POST', `/api/agents/proposals/${staged.json.id}/approve`, {});
    expect(approved.json.proposal).toMatchObject({
      status: 'failed',
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
    });
    expect(await item()).toEqual(loaded);
    const journal = await api<{ operations: { operation: string }[] }>('GET', '/api/journal?connectionId=embedded');
    expect(journal.json.operations.map((operation) => operation.operation)).toEqual(['put']);
    // Two actions on one item: DynamoDB's refusal, at approval.
    const twice = await stage('transaction', { actions: [{ update: { key, before: loaded, after: edited } }, { conditionCheck: { Key: key, condition: 'attribute_exists(pk)' } }] });
    const refused = await api<{ proposal: ProposalView }>('POST', `/api/agents/proposals/${twice.json.id}/approve`, {});
    expect(refused.json.proposal).toMatchObject({ status: 'failed', message: 'Transaction request cannot include multiple operations on one item' });
    expect(await item()).toEqual(loaded);
  });
});
