/**
 * The server's defences, checked on `dynotable` started as a user starts it:
 * no token, a wrong Host (DNS rebinding), a wrong or missing Origin (CSRF),
 * writes on a connection switched to read-only, and `--read-only`, under
 * which every write route is refused and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../http/support/http-client.js';
import { startInMemory, stopCleanly, type DynotableSession } from './support/dynotable-process.js';

const ITEMS = '/api/connections/embedded/tables/TicketDesk/items';
const NEW_TICKET = { PK: { S: 'TICKET#7777' }, SK: { S: 'TICKET' }, title: { S: 'Written?' } };
const NEW_KEY = { PK: NEW_TICKET.PK, SK: NEW_TICKET.SK };

async function ticketExists(session: DynotableSession, Key: Record<string, unknown> = NEW_KEY): Promise<boolean> {
  const found = await session.api<{ item?: unknown }>('POST', `${ITEMS}/get`, { Key });
  expect(found.status).toBe(200);
  return found.body.item !== undefined;
}

describe('dynotable: the token, Host and Origin checks', () => {
  let session: DynotableSession;
  beforeAll(async () => {
    session = await startInMemory();
  });
  afterAll(() => stopCleanly(session));

  it('turns the printed token into an HttpOnly SameSite cookie and a redirect without the token', async () => {
    const first = await fetch(session.url, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/');
    expect(first.headers.get('set-cookie')).toMatch(/^[^=]+=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
    const page = await fetch(`${session.origin}/`, { headers: { cookie: session.cookie } });
    expect(page.status).toBe(200);
  });

  it('refuses every request without the token: 401, for the API and for pages', async () => {
    const api = await fetch(`${session.origin}/api/connections`);
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ __type: 'MissingToken' });
    expect((await fetch(`${session.origin}/`)).status).toBe(401);
    // The token in an API call's query string is not accepted.
    expect((await fetch(`${session.origin}/api/connections?token=${session.token}`)).status).toBe(401);
    const wrong = await fetch(`${session.origin}/api/connections`, { headers: { cookie: session.cookie.replace(/=.*/, `=${'A'.repeat(43)}`) } });
    expect(wrong.status).toBe(401);
    const write = await fetch(`${session.origin}${ITEMS}/put`, {
      method: 'POST',
      headers: { origin: session.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ Item: NEW_TICKET }),
    });
    expect(write.status).toBe(401);
    expect(await ticketExists(session)).toBe(false);
  });

  it('refuses a Host that is not its own (DNS rebinding), even with the cookie', async () => {
    for (const host of [`rebind.example:${session.port}`, `127.0.0.1:${session.port + 1}`, 'localhost']) {
      const refused = await raw(session.port, { path: '/api/connections', headers: { host, cookie: session.cookie } });
      expect(refused.status, host).toBe(421);
      expect(JSON.parse(refused.body)).toMatchObject({ __type: 'MisdirectedRequest' });
    }
    const refusedWrite = await raw(session.port, {
      method: 'POST',
      path: `${ITEMS}/put`,
      headers: { host: `rebind.example:${session.port}`, origin: `http://rebind.example:${session.port}`, cookie: session.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ Item: NEW_TICKET }),
    });
    expect(refusedWrite.status).toBe(421);
    const allowed = await raw(session.port, { path: '/api/health', headers: { host: `localhost:${session.port}`, cookie: session.cookie } });
    expect(allowed.status).toBe(200);
    expect(await ticketExists(session)).toBe(false);
  });

  it('refuses a write from another origin (CSRF) or without an Origin, and writes nothing', async () => {
    const body = JSON.stringify({ Item: NEW_TICKET });
    for (const origin of ['http://evil.example', `http://localhost:${session.port + 1}`, 'null']) {
      const refused = await fetch(`${session.origin}${ITEMS}/put`, { method: 'POST', headers: { cookie: session.cookie, origin, 'content-type': 'application/json' }, body });
      expect(refused.status, origin).toBe(403);
      expect(await refused.json()).toMatchObject({ __type: 'CrossOriginRequest' });
    }
    const noOrigin = await fetch(`${session.origin}${ITEMS}/put`, { method: 'POST', headers: { cookie: session.cookie, 'content-type': 'application/json' }, body });
    expect(noOrigin.status).toBe(403);
    // A read from another origin is refused too: the Origin header, when sent, must be ours.
    const read = await fetch(`${session.origin}/api/connections`, { headers: { cookie: session.cookie, origin: 'http://evil.example' } });
    expect(read.status).toBe(403);
    expect(await ticketExists(session)).toBe(false);
  });

  it('refuses writes on a connection switched to read-only, writes nothing, and writes again once switched back', async () => {
    const locked = await session.api('PATCH', '/api/connections/embedded', { safety: 'read-only' });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ connection: { id: 'embedded', safety: 'read-only' } });
    const existing = (await session.api<{ item: Record<string, unknown> }>('POST', `${ITEMS}/get`, { Key: { PK: { S: 'TICKET#8842' }, SK: { S: 'TICKET' } } })).body.item;

    const writes: Array<[string, string, unknown]> = [
      ['POST', `${ITEMS}/put`, { Item: NEW_TICKET }],
      ['POST', `${ITEMS}/update`, { key: { PK: existing['PK'], SK: existing['SK'] }, before: existing, after: { ...existing, priority: { N: '1' } } }],
      ['POST', `${ITEMS}/delete`, { Key: { PK: existing['PK'], SK: existing['SK'] } }],
      ['POST', `${ITEMS}/batch-delete`, { keys: [{ PK: existing['PK'], SK: existing['SK'] }] }],
      ['POST', '/api/connections/embedded/tables', { name: 'Sneaky', partitionKey: { name: 'id', type: 'S' } }],
      ['DELETE', '/api/connections/embedded/tables/TicketDesk?confirmName=TicketDesk', undefined],
      ['POST', '/api/connections/embedded/tables/TicketDesk/import', { format: 'dynamodb-json', content: JSON.stringify({ Item: NEW_TICKET }) }],
      ['POST', '/api/copy', { connectionId: 'embedded', table: 'TicketDeskCopy', source: { connectionId: 'embedded', table: 'TicketDesk' }, createTable: true }],
    ];
    for (const [method, path, body] of writes) {
      const refused = await session.api(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body['__type']).toBe('ReadOnlyConnection');
    }
    // Reads and previews still work; nothing was written.
    expect(await ticketExists(session)).toBe(false);
    const current = await session.api<{ item: unknown }>('POST', `${ITEMS}/get`, { Key: { PK: existing['PK'], SK: existing['SK'] } });
    expect(current.body.item).toEqual(existing);
    const preview = await session.api('POST', `${ITEMS}/preview/put`, { Item: NEW_TICKET });
    expect(preview.status).toBe(200);
    const tables = await session.api<{ tables: Array<{ name: string }> }>('GET', '/api/connections/embedded/tables');
    expect(tables.body.tables.map((table) => table.name).sort()).toEqual(['AuditLog', 'Leaderboard', 'TicketDesk']);

    // confirm-writes asks first; full writes.
    expect((await session.api('PATCH', '/api/connections/embedded', { safety: 'confirm-writes' })).status).toBe(200);
    const unconfirmed = await session.api('POST', `${ITEMS}/put`, { Item: NEW_TICKET });
    expect(unconfirmed).toMatchObject({ status: 409, body: { __type: 'ConfirmationRequired' } });
    expect(await ticketExists(session)).toBe(false);
    expect((await session.api('POST', `${ITEMS}/put`, { Item: NEW_TICKET, confirm: true })).status).toBe(200);
    expect(await ticketExists(session)).toBe(true);
    expect((await session.api('PATCH', '/api/connections/embedded', { safety: 'full' })).status).toBe(200);
    expect((await session.api('POST', `${ITEMS}/delete`, { Key: NEW_KEY })).status).toBe(200);
    expect(await ticketExists(session)).toBe(false);
  });
});

describe('dynotable --read-only', () => {
  let session: DynotableSession;
  beforeAll(async () => {
    session = await startInMemory('--read-only');
  });
  afterAll(async () => {
    await session?.stop();
  });

  it('says so at start, and its connections are read-only for good', async () => {
    expect(session.stdout()).toContain('all read-only: --read-only');
    const connections = await session.api<{ connections: Array<{ safety: string }>; readOnly: boolean }>('GET', '/api/connections');
    expect(connections.body).toMatchObject({ readOnly: true, connections: [{ safety: 'read-only' }] });
    const lift = await session.api('PATCH', '/api/connections/embedded', { safety: 'full' });
    expect(lift).toMatchObject({ status: 403, body: { __type: 'ReadOnlyConnection' } });
  });

  it('refuses every write route with 403 and changes nothing', async () => {
    const routes = await session.api<{ routes: Array<{ method: string; path: string; write?: boolean }> }>('GET', '/api/routes');
    const writes = routes.body.routes.filter((route) => route.write === true);
    // Tables (create, update, delete, purge), items (put, update, move, delete, batch delete), import, copy, verify at least.
    expect(writes.length).toBeGreaterThanOrEqual(12);
    const fill = (path: string) =>
      path.replace(/:(\w+)/g, (_, name: string) => (name === 'connectionId' ? 'embedded' : name === 'table' ? 'TicketDesk' : 'x'));
    const ticket = { PK: { S: 'TICKET#8842' }, SK: { S: 'TICKET' } };
    const bodies: Record<string, unknown> = {
      put: { Item: NEW_TICKET },
      update: { key: ticket, before: { ...ticket, status: { S: 'open' } }, after: { ...ticket, status: { S: 'closed' } } },
      move: { before: ticket, after: { ...ticket, PK: { S: 'TICKET#1' } } },
      delete: { Key: ticket },
      'batch-delete': { keys: [ticket] },
      import: { format: 'dynamodb-json', content: JSON.stringify({ Item: NEW_TICKET }) },
      copy: { connectionId: 'embedded', table: 'TicketDeskCopy', source: { connectionId: 'embedded', table: 'TicketDesk' }, createTable: true },
    };
    for (const route of writes) {
      const path = fill(route.path);
      const body = route.method === 'DELETE' || route.method === 'GET' ? undefined : (bodies[path.split('/').at(-1)!] ?? { name: 'Sneaky', partitionKey: { name: 'id', type: 'S' }, confirm: true });
      const refused = await session.api(route.method, route.method === 'DELETE' ? `${path}?confirmName=TicketDesk&confirm=true` : path, body);
      expect(refused.status, `${route.method} ${route.path}`).toBe(403);
      expect(refused.body['__type'], `${route.method} ${route.path}`).toBe('ReadOnlyConnection');
    }
    expect(await ticketExists(session)).toBe(false);
    expect(await ticketExists(session, ticket)).toBe(true);
    const tables = await session.api<{ tables: Array<{ name: string }> }>('GET', '/api/connections/embedded/tables');
    expect(tables.body.tables.map((table) => table.name).sort()).toEqual(['AuditLog', 'Leaderboard', 'TicketDesk']);
    const jobs = await session.api<{ jobs: unknown[] }>('GET', '/api/jobs');
    expect(jobs.body.jobs).toEqual([]);
  });

  it('still reads: a Query answers', async () => {
    const page = await session.api<{ count: number }>('POST', `${ITEMS}/query`, { key: 'PK = "TICKET#8842"', code: false });
    expect(page).toMatchObject({ status: 200, body: { count: 1 } });
  });
});
