/** The transfer and model routes through the real server: the write guard, the download, errors as JSON. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobSnapshot } from '../../src/data/job-types.js';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { createTable, finished, scanAll, send, testContext } from './support.js';

const { context, connections } = testContext();
let server: RunningServer;

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; headers: Headers; json: () => Promise<unknown>; text: () => Promise<string> }> {
  return fetch(`${server.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

beforeAll(async () => {
  const open = connections.open('open');
  connections.open('locked');
  connections.open('careful');
  connections.setSafety('locked', 'read-only');
  connections.setSafety('careful', 'confirm-writes');
  await createTable(open, 'Source', false);
  await send(open, 'PutItem', { TableName: 'Source', Item: { pk: { S: 'é' }, sk: { N: '12345678901234567890123456789012345678' }, b: { B: 'AAE=' } } });
  server = await startServer({ context, staticDir: '/nonexistent' });
});

afterAll(async () => {
  await server.close();
  await connections.closeAll();
});

describe('the write guard on import and copy', () => {
  it('refuses an import into a read-only connection', async () => {
    const response = await api('POST', '/api/connections/locked/tables/Source/import', { format: 'json', content: '[]' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ __type: 'ReadOnlyConnection' });
  });

  it('asks before copying into a confirm-writes connection, and copies from a read-only one', async () => {
    const copy = { connectionId: 'careful', table: 'Target', source: { connectionId: 'open', table: 'Source' }, createTable: true };
    const refused = await api('POST', '/api/copy', copy);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ __type: 'ConfirmationRequired' });
    const started = (await (await api('POST', '/api/copy', { ...copy, confirm: true })).json()) as JobSnapshot;
    expect((await finished(context, started.id)).result).toMatchObject({ written: 1 });

    const back = { connectionId: 'open', table: 'Back', source: { connectionId: 'locked', table: 'Missing' } };
    const fromLocked = (await (await api('POST', '/api/copy', back)).json()) as JobSnapshot;
    const done = await finished(context, fromLocked.id);
    expect(done.state).toBe('failed');
    expect(done.error?.type).toBe('ResourceNotFoundException');
  });
});

describe('export and download over HTTP', () => {
  it('downloads the file once, with its name, then answers 404', async () => {
    const started = (await (await api('POST', '/api/connections/open/tables/Source/export', { format: 'dynamodb-json' })).json()) as JobSnapshot;
    const done = await finished(context, started.id);
    const { download } = done.result as { download: { id: string } };
    const info = (await (await api('GET', `/api/downloads/${download.id}/info`)).json()) as { fileName: string; size: number };
    expect(info.fileName).toBe('Source.dynamodb.jsonl');
    const response = await api('GET', `/api/downloads/${download.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Source.dynamodb.jsonl"; filename*=UTF-8''Source.dynamodb.jsonl`);
    expect(await response.text()).toBe('{"Item":{"pk":{"S":"é"},"sk":{"N":"12345678901234567890123456789012345678"},"b":{"B":"AAE="}}}\n');
    const again = await api('GET', `/api/downloads/${download.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ __type: 'DownloadNotFound' });
  });

  it('imports what it exported, through the server', async () => {
    const open = connections.get('open');
    await createTable(open, 'Again', false);
    const content = '{"Item":{"pk":{"S":"é"},"sk":{"N":"12345678901234567890123456789012345678"},"b":{"B":"AAE="}}}\n';
    const started = (await (await api('POST', '/api/connections/open/tables/Again/import', { content })).json()) as JobSnapshot;
    expect((await finished(context, started.id)).result).toMatchObject({ format: 'dynamodb-json', written: 1 });
    expect(await scanAll(open, 'Again')).toEqual(await scanAll(open, 'Source'));
  });
});

describe('model tools over HTTP', () => {
  it('answers a bad model with 400 InvalidModel', async () => {
    const response = await api('POST', '/api/model/parse', { model: 'tables: 5\n' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ __type: 'InvalidModel' });
  });
});
