/** The data routes through the real server: query strings, the write guard around them, previews on a read-only connection. */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { createHarness, itemsPath, tablesPath, type Harness } from './harness.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serve(h: Harness): Promise<(method: string, path: string, body?: unknown) => Promise<{ status: number; body: Record<string, unknown> }>> {
  const server = await startServer({ context: h.context, staticDir: '/nonexistent' });
  running.push(server);
  return async (method, path, body) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

describe('data routes over HTTP', () => {
  it('lists with query-string flags and deletes with confirmName in the query string', async () => {
    const h = createHarness();
    await h.call('POST', tablesPath, { name: 'orders', partitionKey: { name: 'id', type: 'S' } });
    const call = await serve(h);
    const list = await call('GET', `${tablesPath}?search=ORD&details=true&limit=5`);
    expect(list.status).toBe(200);
    expect(list.body['tables']).toMatchObject([{ name: 'orders', status: 'ACTIVE', itemCount: 0 }]);
    const wrong = await call('DELETE', `${tablesPath}/orders?confirmName=Orders`);
    expect(wrong).toMatchObject({ status: 400, body: { __type: 'ConfirmationMismatch' } });
    const deleted = await call('DELETE', `${tablesPath}/orders?confirmName=orders`);
    expect(deleted.status).toBe(200);
  });

  it('previews a write on a read-only connection, where the write itself is refused', async () => {
    const h = createHarness('read-only');
    await h.call('POST', tablesPath, { name: 'orders', partitionKey: { name: 'id', type: 'S' } });
    const call = await serve(h);
    const item = { id: { S: 'o-1' }, total: { N: '12345678901234567890.123456789012345678' } };
    const preview = await call('POST', `${itemsPath('orders')}/preview/put`, { Item: item });
    expect(preview.status).toBe(200);
    expect(preview.body['request']).toMatchObject({ operation: 'PutItem', wire: { Item: item } });
    const write = await call('POST', `${itemsPath('orders')}/put`, { Item: item });
    expect(write).toMatchObject({ status: 403, body: { __type: 'ReadOnlyConnection' } });
    const read = await call('POST', `${itemsPath('orders')}/scan`, {});
    expect(read).toMatchObject({ status: 200, body: { items: [], count: 0 } });
  });

  it('answers a bad input with the field named', async () => {
    const h = createHarness();
    const call = await serve(h);
    const bad = await call('POST', `${itemsPath('orders')}/query`, { Limit: 'ten' });
    expect(bad.status).toBe(400);
    expect(bad.body['__type']).toBe('ValidationException');
    expect(String(bad.body['message'])).toMatch(/^Limit: /);
  });
});
