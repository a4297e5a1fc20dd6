/**
 * The workbench's MCP endpoint as a user runs it: the shipped command
 * (`dynotable --mcp --expose embedded`, the bundle, cold then warm) and the
 * SDK's own StreamableHTTPClientTransport with the MCP token it printed. The
 * tools answer; without the MCP token (or with the API's) the endpoint
 * refuses, as it does a wrong Host and a wrong Origin; it is off unless
 * switched on, and the API switches it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { raw } from '../http/support/http-client.js';
import { bundledCommand, CACHE_STATES } from './support/bundled-command.js';
import { startDynotable, stopCleanly, type DynotableSession } from './support/dynotable-process.js';

const command = bundledCommand();
afterAll(() => command.remove());

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } } };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function mcpToken(stdout: string): string {
  const match = /\/mcp\n {2}Authorization: Bearer ([A-Za-z0-9_-]{43})\n/.exec(stdout);
  expect(match, stdout).not.toBeNull();
  return match![1]!;
}

async function connect(session: DynotableSession, token: string): Promise<Client> {
  const client = new Client({ name: 'dynotable-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${session.origin}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { text: string }[]).map((part) => part.text).join('\n');
}

describe.each(CACHE_STATES)('dynotable --mcp, run %s', (state) => {
  it('serves the tools over streamable HTTP to a client holding the MCP token', async () => {
    const afterRun = command.expectCache(state);
    const session = await startDynotable(['--no-open', '--in-memory', '--port', '0', '--mcp', '--expose', 'embedded'], command);
    try {
      const token = mcpToken(session.stdout());
      expect(token).not.toBe(session.token);
      expect(session.stdout()).toContain(`claude mcp add --transport http dynotable ${session.origin}/mcp --header "Authorization: Bearer ${token}"`);
      const client = await connect(session, token);
      const { tools } = await client.listTools();
      expect(tools.length).toBe(22);
      expect(tools.every((tool) => tool.outputSchema !== undefined)).toBe(true);

      const connections = await client.callTool({ name: 'list_connections', arguments: {} });
      expect(connections.structuredContent).toEqual({ connections: [{ id: 'embedded', name: 'Embedded engine (in memory)', kind: 'embedded', safety: 'full' }] });
      const query = await client.callTool({ name: 'query', arguments: { connection: 'embedded', table: 'TicketDesk', key: 'PK = "TICKET#0001"' } });
      expect(query.isError, text(query)).toBeFalsy();
      expect((query.structuredContent as { request: { wire: { KeyConditionExpression: string } } }).request.wire.KeyConditionExpression).toBe('PK = :v0');
      const bad = await client.callTool({ name: 'compile_expression', arguments: { update: 'SET a = ' } });
      expect(bad.isError).toBe(true);
      expect(text(bad)).toMatch(/^ValidationException: Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "= "/);
      const invalid = await client.callTool({ name: 'scan', arguments: { connection: 'embedded', table: 'TicketDesk', limit: 5 } });
      expect(invalid.isError).toBe(true);
      expect(text(invalid)).toMatch(/^MCP error -32602: Input validation error: .*scan/);
      const staged = await client.callTool({ name: 'propose_delete', arguments: { connection: 'embedded', table: 'TicketDesk', Key: { PK: { S: 'TICKET#0001' }, SK: { S: 'TICKET' } } } });
      // Staged for a person, never run by the tool.
      expect(staged.structuredContent).toMatchObject({ status: 'pending', kind: 'delete' });
      await client.close();
      const exit = await session.stop();
      expect(exit.code).toBe(0);
      const [startBlock, afterStart] = exit.stdout.split('Press Ctrl+C to stop.');
      expect(startBlock!.split(token).length - 1, 'the MCP token is printed at the start, for the person: its line and the agent command').toBe(2);
      expect(afterStart, 'and never again').not.toContain(token);
      expect(exit.stderr).not.toContain(token);
      afterRun();
    } finally {
      await stopCleanly(session);
    }
  });
});

describe('the MCP endpoint refuses', () => {
  let session: DynotableSession;
  let token: string;
  afterAll(() => stopCleanly(session));

  it('a request without the MCP token, or with the API token, and the MCP token on the API', async () => {
    session = await startDynotable(['--no-open', '--in-memory', '--port', '0', '--mcp', '--expose', 'embedded'], command);
    token = mcpToken(session.stdout());
    const none = await fetch(`${session.origin}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(INITIALIZE) });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ __type: 'MissingToken' });
    const apiToken = await fetch(`${session.origin}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${session.token}` }, body: JSON.stringify(INITIALIZE) });
    expect(apiToken.status).toBe(401);
    const onApi = await fetch(`${session.origin}/api/connections`, { headers: { authorization: `Bearer ${token}` } });
    expect(onApi.status).toBe(401);
    const client = new Client({ name: 'no-token', version: '1' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(`${session.origin}/mcp`)))).rejects.toThrow(/401|MissingToken/);
    const ok = await fetch(`${session.origin}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` }, body: JSON.stringify(INITIALIZE) });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe('dynotable');
  });

  it('a Host that is not its own (DNS rebinding), even with the token', async () => {
    for (const host of [`rebind.example:${session.port}`, `127.0.0.1:${session.port + 1}`]) {
      const refused = await raw(session.port, { method: 'POST', path: '/mcp', headers: { host, ...MCP_HEADERS, authorization: `Bearer ${token}` }, body: JSON.stringify(INITIALIZE) });
      expect(refused.status, host).toBe(421);
    }
  });

  it('an Origin that is not its own, even with the token', async () => {
    for (const origin of ['http://evil.example', `http://localhost:${session.port + 1}`, 'null']) {
      const refused = await fetch(`${session.origin}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, origin, authorization: `Bearer ${token}` }, body: JSON.stringify(INITIALIZE) });
      expect(refused.status, origin).toBe(403);
      expect(await refused.json()).toMatchObject({ __type: 'CrossOriginRequest' });
    }
  });

  it('GET and DELETE: the endpoint keeps no sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const refused = await fetch(`${session.origin}/mcp`, { method, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get('allow')).toBe('POST');
    }
  });
});

describe('the MCP endpoint switch', () => {
  it('is off unless switched on; the API switches it on and off, with one token for the launch', async () => {
    const session = await startDynotable(['--no-open', '--in-memory', '--port', '0'], command);
    try {
      expect(session.stdout()).not.toContain('/mcp');
      const off = await fetch(`${session.origin}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(INITIALIZE) });
      expect(off.status).toBe(404);
      expect(await off.json()).toMatchObject({ __type: 'McpOff' });
      expect((await session.api('GET', '/api/mcp')).body).toEqual({ enabled: false });
      const on = await session.api<{ enabled: boolean; url: string; token: string }>('PUT', '/api/mcp', { enabled: true });
      expect(on.body).toEqual({ enabled: true, url: `${session.origin}/mcp`, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      const client = await connect(session, on.body.token);
      // Nothing exposed: the agent sees no connection, and the model tools still work.
      expect((await client.callTool({ name: 'list_connections', arguments: {} })).structuredContent).toEqual({ connections: [] });
      const compiled = await client.callTool({ name: 'compile_expression', arguments: { condition: 'attribute_not_exists(PK)' } });
      expect(compiled.structuredContent).toEqual({ ConditionExpression: 'attribute_not_exists(PK)' });
      await client.close();
      expect((await session.api('PUT', '/api/mcp', { enabled: false })).body).toEqual({ enabled: false });
      const again = await fetch(`${session.origin}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${on.body.token}` }, body: JSON.stringify(INITIALIZE) });
      expect(again.status).toBe(404);
      const back = await session.api<{ token: string }>('PUT', '/api/mcp', { enabled: true });
      expect(back.body.token).toBe(on.body.token);
      expect((await session.api('PUT', '/api/mcp', { enabled: 'yes' })).status).toBe(400);
    } finally {
      await stopCleanly(session);
    }
  });
});

describe('writes an agent proposes over the endpoint', () => {
  it('wait in the review queue; a person approves one (journaled) and rejects another (nothing written); the agent reads each outcome', async () => {
    const session = await startDynotable(['--no-open', '--in-memory', '--port', '0', '--mcp', '--expose', 'embedded'], command);
    try {
      const client = await connect(session, mcpToken(session.stdout()));
      const base = '/api/connections/embedded/tables';
      expect((await session.api('POST', base, { name: 'AgentDesk', partitionKey: { name: 'id', type: 'S' } })).status).toBe(200);
      const key = { id: { S: 'T-1' } };
      const open = { ...key, status: { S: 'open' } };
      const closed = { ...key, status: { S: 'closed' } };
      expect((await session.api('POST', `${base}/AgentDesk/items/put`, { Item: open })).status).toBe(200);
      const call = async (name: string, args: Record<string, unknown>) => {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError ?? false, text(result)).toBe(false);
        return result.structuredContent as { id: string; status: string; journalId?: string; message?: string };
      };
      const readItem = async () => (await session.api<{ item?: unknown }>('POST', `${base}/AgentDesk/items/get`, { Key: key })).body.item;

      const update = await call('propose_update', { connection: 'embedded', table: 'AgentDesk', key, before: open, after: closed, reason: 'fixed' });
      expect(update.status).toBe('pending');
      const waiting = await session.api<{ proposals: { id: string; status: string }[]; pending: number }>('GET', '/api/agents/proposals');
      expect(waiting.body.pending).toBe(1);
      expect(await readItem(), 'staged, not written').toEqual(open);
      expect((await session.api('POST', `/api/agents/proposals/${update.id}/approve`, {})).status).toBe(200);
      const approved = await call('proposal_status', { id: update.id });
      expect(approved.status).toBe('approved');
      expect(await readItem()).toEqual(closed);
      const journal = await session.api<{ operations: { id: string; operation: string }[] }>('GET', '/api/journal?connectionId=embedded');
      expect(journal.body.operations.find((operation) => operation.id === approved.journalId)?.operation).toBe('update');

      const deletion = await call('propose_delete', { connection: 'embedded', table: 'AgentDesk', Key: key });
      expect((await session.api('POST', `/api/agents/proposals/${deletion.id}/reject`, { note: 'keep it' })).status).toBe(200);
      expect(await call('proposal_status', { id: deletion.id })).toMatchObject({ status: 'rejected', message: 'keep it' });
      expect(await readItem()).toEqual(closed);

      const second = { id: { S: 'T-2' }, status: { S: 'open' } };
      const transaction = await call('propose_transaction', { connection: 'embedded', table: 'AgentDesk', actions: [{ put: { Item: second } }, { conditionCheck: { Key: key, condition: 'status = "closed"' } }] });
      expect((await session.api('POST', `/api/agents/proposals/${transaction.id}/approve`, {})).status).toBe(200);
      expect((await call('proposal_status', { id: transaction.id })).status).toBe('approved');
      expect((await session.api<{ item?: unknown }>('POST', `${base}/AgentDesk/items/get`, { Key: { id: { S: 'T-2' } } })).body.item).toEqual(second);
      await client.close();
    } finally {
      await stopCleanly(session);
    }
  });
});
