/**
 * The write guard, through real HTTP: read-only connections and `--read-only`
 * refuse every write route (403), confirm-writes connections need
 * `confirm: true` (409 without it), reads are never blocked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../src/api/route.js';
import type { Route } from '../../src/api/route.js';
import { startServer } from '../../src/http/server.js';
import type { RunningServer } from '../../src/http/server.js';
import { raw } from './support/http-client.js';
import { standInRegistry } from './support/stand-in-registry.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

let writes: string[] = [];

const routes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/connections/:connectionId/tables/:table/items',
    input: z.object({ item: z.record(z.string(), z.unknown()), confirm: z.boolean().optional() }),
    write: true,
    summary: 'put an item',
    handler: async (_context, { params }) => {
      writes.push(`${params['connectionId']}/${params['table']}`);
      return { written: true };
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/connections/:connectionId/tables/:table',
    input: z.object({ confirm: z.enum(['true', 'false']).optional() }),
    write: true,
    summary: 'delete a table',
    handler: async (_context, { params }) => {
      writes.push(`delete ${params['connectionId']}/${params['table']}`);
      return { deleted: true };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/copy',
    input: z.object({ connectionId: z.string(), confirm: z.boolean().optional() }),
    write: true,
    summary: 'a write naming its connection in the body',
    handler: async (_context, { input }) => {
      writes.push(`copy into ${input.connectionId}`);
      return { copied: true };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/connections/:connectionId/tables/:table/items',
    input: z.object({}),
    summary: 'read items',
    handler: async () => ({ items: [] }),
  }),
];

async function start(readOnly = false) {
  writes = [];
  const server = await startServer({
    connections: standInRegistry({ ro: 'read-only', ask: 'confirm-writes', open: 'full' }),
    routes,
    streamRoutes: [],
    fileRoutes: [],
    staticDir: '/nonexistent',
    readOnly,
  });
  running.push(server);
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { server, call };
}

const item = { pk: { S: 'a' } };

describe('write routes', () => {
  it('are refused on a read-only connection, naming it and how to change it; reads still work', async () => {
    const { call } = await start();
    const response = await call('POST', '/api/connections/ro/tables/T/items', { item, confirm: true });
    expect(response.status).toBe(403);
    const error = await response.json();
    expect(error.__type).toBe('ReadOnlyConnection');
    expect(error.message).toContain("Connection 'ro engine' is read-only");
    expect(error.message).toContain('confirm-writes or full');
    expect((await call('DELETE', '/api/connections/ro/tables/T?confirm=true')).status).toBe(403);
    expect((await call('POST', '/api/copy', { connectionId: 'ro', confirm: true })).status).toBe(403);
    expect((await call('GET', '/api/connections/ro/tables/T/items')).status).toBe(200);
    expect(writes).toEqual([]);
  });

  it('need confirm: true on a confirm-writes connection', async () => {
    const { call, server } = await start();
    const unconfirmed = await call('POST', '/api/connections/ask/tables/T/items', { item });
    expect(unconfirmed.status).toBe(409);
    const error = await unconfirmed.json();
    expect(error.__type).toBe('ConfirmationRequired');
    expect(error.message).toContain("Connection 'ask engine'");
    expect(error.message).toContain('"confirm": true');
    expect((await call('POST', '/api/connections/ask/tables/T/items', { item, confirm: false })).status).toBe(409);
    expect((await call('DELETE', '/api/connections/ask/tables/T')).status).toBe(409);
    expect((await call('POST', '/api/copy', { connectionId: 'ask' })).status).toBe(409);
    expect(writes).toEqual([]);

    expect((await call('POST', '/api/connections/ask/tables/T/items', { item, confirm: true })).status).toBe(200);
    expect((await call('DELETE', '/api/connections/ask/tables/T?confirm=true')).status).toBe(200);
    // An empty body (Content-Length: 0) leaves the query as the input.
    expect((await raw(server.port, { method: 'DELETE', path: '/api/connections/ask/tables/T?confirm=true', headers: { authorization: `Bearer ${server.token}`, 'content-length': '0' } })).status).toBe(200);
    expect((await call('POST', '/api/copy', { connectionId: 'ask', confirm: true })).status).toBe(200);
    expect(writes).toEqual(['ask/T', 'delete ask/T', 'delete ask/T', 'copy into ask']);
  });

  it('go through on a full connection without confirming', async () => {
    const { call } = await start();
    expect((await call('POST', '/api/connections/open/tables/T/items', { item })).status).toBe(200);
    expect(writes).toEqual(['open/T']);
  });

  it('are refused everywhere under --read-only, whatever the connection allows', async () => {
    const { call } = await start(true);
    const response = await call('POST', '/api/connections/open/tables/T/items', { item, confirm: true });
    expect(response.status).toBe(403);
    const error = await response.json();
    expect(error.__type).toBe('ReadOnlyConnection');
    expect(error.message).toContain('--read-only');
    expect((await call('GET', '/api/connections/open/tables/T/items')).status).toBe(200);
    expect(writes).toEqual([]);
  });

  it('to an unknown connection get the registry’s 404', async () => {
    const { call } = await start();
    const response = await call('POST', '/api/connections/nope/tables/T/items', { item });
    expect(response.status).toBe(404);
    expect((await response.json()).__type).toBe('ConnectionNotFound');
  });
});
