/**
 * A write confirmation is the boolean `true` and nothing else: on every write
 * route of the API (all of them, taken from API_ROUTES, so a new one is
 * covered too) `"confirm": "true"` — a string — is a clear 400 naming the
 * field, with an otherwise valid request, and nothing is written. The boolean
 * still confirms, and a query string (a DELETE without a body) still says
 * `confirm=true`, its only spelling.
 */
import { CreateTableCommand, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/api/routes.js';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import type { ConnectionRegistry } from '../../src/connections/registry-types.js';
import { startServer } from '../../src/http/server.js';
import type { RunningServer } from '../../src/http/server.js';
import { raw } from './support/http-client.js';

const TABLE = 'Things';
const key = (pk: string) => ({ pk: { S: pk } });

/** A request each write route would carry out on a full connection (or refuse for its own reasons, never for the confirmation). */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/connections/:connectionId/tables/:table/items/put': { Item: key('p1') },
  'POST /api/connections/:connectionId/tables/:table/items/update': { key: key('p0'), before: { ...key('p0'), v: { S: '1' } }, after: { ...key('p0'), v: { S: '2' } } },
  'POST /api/connections/:connectionId/tables/:table/items/move': { before: { ...key('p0'), v: { S: '1' } }, after: { ...key('p9'), v: { S: '1' } } },
  'POST /api/connections/:connectionId/tables/:table/items/delete': { Key: key('p0') },
  'POST /api/connections/:connectionId/tables/:table/items/batch-delete': { keys: [key('p0')] },
  'POST /api/connections/:connectionId/tables': { name: 'Another', partitionKey: { name: 'pk', type: 'S' } },
  'PATCH /api/connections/:connectionId/tables/:table': { deletionProtection: true },
  'DELETE /api/connections/:connectionId/tables/:table': { confirmName: TABLE },
  'POST /api/connections/:connectionId/tables/:table/purge': { confirmName: TABLE },
  'POST /api/connections/:connectionId/tables/:table/import': { format: 'dynamodb-json', content: `${JSON.stringify({ Item: key('p2') })}\n` },
  'POST /api/copy': { connectionId: 'embedded', table: 'Copied', source: { connectionId: 'embedded', table: TABLE }, createTable: true },
  'POST /api/connections/:connectionId/verify': { model: 'tables: {}\n' },
  'POST /api/connections/:connectionId/apply': { model: 'name: m\ntables:\n  Applied:\n    partitionKey: { name: pk, type: S }\n' },
  'POST /api/journal/undo': { connectionId: 'embedded', last: 1 },
  'POST /api/connections/:connectionId/triggers': { table: TABLE, handler: '/nonexistent/handler.mjs' },
  'POST /api/agents/proposals/:id/approve': {},
  'POST /api/connections/:connectionId/partiql/write': { statement: `INSERT INTO "${TABLE}" VALUE {'pk': 'p3'}` },
};

let registry: ConnectionRegistry;
let server: RunningServer;

beforeAll(async () => {
  registry = createConnectionRegistry({ seedExamples: false });
  await registry.add({ kind: 'embedded', inMemory: true, safety: 'confirm-writes' });
  const client = registry.get('embedded').client;
  await client.send(
    new CreateTableCommand({ TableName: TABLE, KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], BillingMode: 'PAY_PER_REQUEST' }),
  );
  await client.send(new PutItemCommand({ TableName: TABLE, Item: { ...key('p0'), v: { S: '1' } } }));
  server = await startServer({ connections: registry, port: 0 });
});

afterAll(async () => {
  await server?.close();
  await registry?.closeAll();
});

function send(method: string, path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return raw(server.port, {
    method,
    path,
    headers: {
      authorization: `Bearer ${server.token}`,
      ...(text === undefined ? { 'content-length': '0' } : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }),
    },
    ...(text === undefined ? {} : { body: text }),
  });
}

const concrete = (path: string) => path.replace(':connectionId', 'embedded').replace(':table', TABLE);

describe('a write confirmation', () => {
  const writeRoutes = API_ROUTES.filter((route) => route.write === true);

  it('covers every write route of the API', () => {
    expect(writeRoutes.length).toBeGreaterThan(0);
    const missing = writeRoutes.map((route) => `${route.method} ${route.path}`).filter((name) => VALID_BODIES[name] === undefined);
    expect(missing, 'write routes without a case in this test').toEqual([]);
  });

  for (const route of writeRoutes) {
    it(`is refused as the string "true" on ${route.method} ${route.path}`, async () => {
      const response = await send(route.method, concrete(route.path), { ...VALID_BODIES[`${route.method} ${route.path}`], confirm: 'true' });
      expect(response.status, response.body).toBe(400);
      const body = JSON.parse(response.body) as { __type: string; message: string };
      expect(body.__type).toBe('ValidationException');
      expect(body.message).toMatch(/^confirm: must be the boolean true/);
    });
  }

  it('as any other text, in a body or a query string, is refused too', async () => {
    for (const value of ['yes', 1, 'TRUE', null]) {
      const response = await send('POST', concrete('/api/connections/:connectionId/tables/:table/items/put'), { Item: key('p1'), confirm: value });
      expect(response.status).toBe(400);
    }
    const query = await send('DELETE', `${concrete('/api/connections/:connectionId/tables/:table')}?confirmName=${TABLE}&confirm=yes`);
    expect(query.status).toBe(400);
    expect(JSON.parse(query.body)).toMatchObject({ __type: 'ValidationException', message: expect.stringMatching(/^confirm: /) as unknown });
  });

  it('left nothing written by the refused requests', async () => {
    const client = registry.get('embedded').client;
    expect((await client.send(new GetItemCommand({ TableName: TABLE, Key: key('p0') }))).Item).toEqual({ ...key('p0'), v: { S: '1' } });
    for (const pk of ['p1', 'p2', 'p9']) expect((await client.send(new GetItemCommand({ TableName: TABLE, Key: key(pk) }))).Item).toBeUndefined();
    const tables = JSON.parse((await send('GET', '/api/connections/embedded/tables')).body) as { tables: { name: string }[] };
    expect(tables.tables.map((table) => table.name)).toEqual([TABLE]);
  });

  it('is the boolean true: without it the write waits (409), with it the write is made', async () => {
    const path = concrete('/api/connections/:connectionId/tables/:table/items/put');
    expect((await send('POST', path, { Item: key('p3') })).status).toBe(409);
    expect((await send('POST', path, { Item: key('p3'), confirm: false })).status).toBe(409);
    expect((await send('POST', path, { Item: key('p3'), confirm: true })).status).toBe(200);
  });

  it('is confirm=true in the query string of a DELETE without a body', async () => {
    const response = await send('DELETE', `${concrete('/api/connections/:connectionId/tables/:table')}?confirmName=${TABLE}&confirm=true`);
    expect(response.status, response.body).toBe(200);
  });
});
