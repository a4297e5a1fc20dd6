/**
 * `dynotable mcp` over stdio proposes writes that a workbench on the same
 * data folder reviews — both the shipped command, as a person and an agent
 * run them side by side. The workbench, started first, holds the folder's
 * engine, so the agent's command says so and stages into the folder; the person
 * exposes the endpoint's connection in the workbench and the agent sees it;
 * an approved UpdateItem changes the item and is journaled, and the agent
 * reads "approved"; a rejected one writes nothing and the agent reads the
 * note. Without a data folder (`--in-memory`) the agent is told what to do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCommand } from './support/bundled-command.js';
import { launchStdioAgent, type Json } from './support/stdio-agent.js';
import { startDynotable, type DynotableSession } from './support/dynotable-process.js';
import { startShippedEngine } from './support/shipped-processes.js';

const TABLE = 'Tickets';
const key = { pk: { S: 't1' } };
const loaded = { ...key, status: { S: 'open' }, title: { S: 'Printer jam' } };
const edited = { ...loaded, status: { S: 'closed' } };

const command = bundledCommand();


let dir: string;
let engine: { endpoint: string; stop: () => void };
let connection: string;
let workbench: DynotableSession | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dynotable-mcp-proposals-'));
  engine = await startShippedEngine(command.execArgv);
  connection = new URL(engine.endpoint).host.replace(/[^a-z0-9]+/g, '-');
  workbench = await startDynotable(['--no-open', '--port', '0', '--data', join(dir, 'data'), '--journal', join(dir, 'journal.jsonl'), '--endpoint', engine.endpoint], command);
  const items = `/api/connections/${connection}/tables/${TABLE}/items`;
  expect((await workbench.api('POST', `/api/connections/${connection}/tables`, { name: TABLE, partitionKey: { name: 'pk', type: 'S' } })).status).toBe(200);
  expect((await workbench.api('POST', `${items}/put`, { Item: loaded })).status).toBe(200);
  // The person's choice, kept in the data folder, is what the agent's command sees.
  expect((await workbench.api('PUT', `/api/agents/exposure/${connection}`, { exposed: true })).body).toEqual({ id: connection, exposed: true });
});

afterAll(async () => {
  await workbench?.stop();
  engine?.stop();
  rmSync(dir, { recursive: true, force: true });
  command.remove();
});

describe('dynotable mcp over stdio proposes; the workbench on its data folder reviews', () => {
  it('an approved UpdateItem is written and journaled, a rejected one writes nothing, and the agent reads each outcome', async () => {
    const session = workbench!;
    const agent = await launchStdioAgent(command, ['--data', join(dir, 'data'), '--endpoint', engine.endpoint]);
    try {
      await expect.poll(() => agent.stderr(), { timeout: 10_000 }).toMatch(/is in use by another DynoTable, usually the workbench on it[^]*Going on: calls on that engine say so until the folder is free; proposed writes still wait in the folder for the workbench/);
      expect((await agent.call('list_connections', {})).data).toEqual({ connections: [expect.objectContaining({ id: connection, kind: 'endpoint' })] });
      const read = await agent.call('get_item', { connection, table: TABLE, key });
      expect(read.data['item']).toEqual(loaded);

      const proposed = await agent.call('propose_update', { connection, table: TABLE, key, before: loaded, after: edited, reason: 'the printer works again' });
      expect(proposed.isError, proposed.text).toBe(false);
      expect(proposed.data).toMatchObject({ status: 'pending', kind: 'update', connection, table: TABLE });
      const id = proposed.data['id'] as string;

      const queue = await session.api<{ proposals: Json[]; pending: number }>('GET', '/api/agents/proposals');
      expect(queue.body.pending).toBe(1);
      expect(queue.body.proposals).toEqual([expect.objectContaining({ id, status: 'pending', connection, reason: 'the printer works again' })]);
      const detail = await session.api<{ item: Json; preview: { request: { operation: string } } }>('GET', `/api/agents/proposals/${id}`);
      expect(detail.body.item).toMatchObject({ before: loaded, after: edited, current: loaded, changedSince: false });
      expect(detail.body.preview.request.operation).toBe('UpdateItem');
      expect((await agent.call('get_item', { connection, table: TABLE, key })).data['item']).toEqual(loaded);

      const approved = await session.api<{ proposal: Json }>('POST', `/api/agents/proposals/${id}/approve`, {});
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const journalId = approved.body.proposal['journalId'] as string;
      expect(approved.body.proposal).toMatchObject({ status: 'approved', journalId: expect.any(String) as unknown });
      expect((await agent.call('get_item', { connection, table: TABLE, key })).data['item']).toEqual(edited);
      const journal = await session.api<{ operations: { id: string; changes: Json[] }[] }>('GET', `/api/journal?connectionId=${connection}`);
      expect(journal.body.operations.find((operation) => operation.id === journalId)?.changes).toEqual([{ key, before: loaded, after: edited }]);
      expect((await agent.call('proposal_status', { id })).data).toMatchObject({ id, status: 'approved', journalId });

      const second = await agent.call('propose_update', { connection, table: TABLE, key, before: edited, after: { ...edited, status: { S: 'archived' } } });
      const secondId = second.data['id'] as string;
      expect((await session.api<{ pending: number }>('GET', '/api/agents/proposals')).body.pending).toBe(1);
      expect((await session.api('POST', `/api/agents/proposals/${secondId}/reject`, { note: 'not yet' })).status).toBe(200);
      expect((await agent.call('proposal_status', { id: secondId })).data).toMatchObject({ status: 'rejected', message: 'not yet' });
      expect((await agent.call('get_item', { connection, table: TABLE, key })).data['item']).toEqual(edited);
      const after = await session.api<{ operations: unknown[] }>('GET', `/api/journal?connectionId=${connection}`);
      expect(after.body.operations).toHaveLength(journal.body.operations.length);
    } finally {
      await agent.close();
    }
  });

  it('without a data folder (--in-memory) a proposal is refused with what to do', async () => {
    const agent = await launchStdioAgent(command, ['--in-memory', '--endpoint', engine.endpoint, '--expose', connection]);
    try {
      const refused = await agent.call('propose_update', { connection, table: TABLE, key, before: edited, after: loaded });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/^WritesNeedReview: .*--in-memory` keeps no review queue\. Start it with --data <the workbench's data folder>/);
      await expect.poll(() => agent.stderr(), { timeout: 10_000 }).toMatch(/With --in-memory there is no review queue/);
    } finally {
      await agent.close();
    }
    expect((await workbench!.api<{ pending: number }>('GET', '/api/agents/proposals')).body.pending).toBe(0);
  });
});
