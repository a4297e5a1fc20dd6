/**
 * The API kernel through real HTTP: routing with path parameters, input from
 * the query or the JSON body, validation errors that name the field, error
 * mapping (ours, DynamoDB's, and bugs that never leak), and the request's
 * abort signal.
 */
import { GetItemCommand, InternalServerError, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { validationError } from '@dynotable/core';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, defineRoute } from '../../src/api/route.js';
import type { Route } from '../../src/api/route.js';
import { API_ROUTES } from '../../src/api/routes.js';
import { jobStreamRoutes } from '../../src/api/jobs-routes.js';
import { streamEventRoutes } from '../../src/api/streams-routes.js';
import { downloadRoutes } from '../../src/api/transfer-routes.js';
import { startServer } from '../../src/http/server.js';
import type { RunningServer } from '../../src/http/server.js';
import { defineFileRoute } from '../../src/http/file-route.js';
import type { FileRoute } from '../../src/http/file-route.js';
import { standInRegistry } from './support/stand-in-registry.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

let aborted: Promise<void> = Promise.resolve();
let handlerStarted: () => void = () => {};

const routes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/api/echo/:name/items/:key',
    input: z.object({ limit: z.coerce.number().int().positive().optional(), tag: z.union([z.string(), z.array(z.string())]).optional() }),
    summary: 'echo',
    handler: async (_context, { params, input }) => ({ params, input }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/echo/:name/items/special',
    input: z.object({}),
    summary: 'literal beats parameter',
    handler: async () => ({ special: true }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/echo/:name',
    input: z.object({ item: z.record(z.string(), z.unknown()), count: z.number({ error: 'count must be a number of items' }) }),
    summary: 'echo a body',
    handler: async (_context, { input }) => input,
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/echo/:name',
    input: z.object({}),
    summary: 'nothing to say',
    handler: async () => undefined,
  }),
  defineRoute({
    method: 'GET',
    path: '/api/fail/:how',
    input: z.object({}),
    summary: 'fails as asked',
    handler: async (context, { params }) => {
      switch (params['how']) {
        case 'api':
          throw new ApiError(409, 'TableBusy', 'the table is being created');
        case 'dynamo':
          throw validationError('Invalid KeyConditionExpression: Syntax error; token: "=", near: "= ="', { offset: 5, length: 1 });
        case 'sdk':
          return context.connections.get('main').client.send(new GetItemCommand({ TableName: 'missing', Key: { pk: { S: 'a' } } }));
        case 'throttled':
          throw new ProvisionedThroughputExceededException({ message: 'The level of configured provisioned throughput for the table was exceeded.', $metadata: { httpStatusCode: 400 } });
        case 'service':
          throw new InternalServerError({ message: 'Internal server error', $metadata: { httpStatusCode: 500 } });
        default:
          throw new Error('secret detail: password=hunter2 at /home/someone/.aws/credentials');
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/slow',
    input: z.object({}),
    summary: 'waits for the client to go away',
    handler: async (_context, { signal }) => {
      aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve()));
      handlerStarted();
      await aborted;
      return { never: 'sent' };
    },
  }),
];

let downloaded: string[] = [];

const fileRoutes: FileRoute[] = [
  defineFileRoute({
    method: 'GET',
    path: '/api/files/:fileId',
    input: z.object({}),
    summary: 'a file',
    open: async (_context, { params }) => {
      if (params['fileId'] !== 'f1') throw new ApiError(404, 'DownloadNotFound', `No download '${params['fileId']}'`);
      const text = '{"pk":{"S":"a"}}\n';
      return {
        info: { id: 'f1', fileName: 'Orders ✓.jsonl', contentType: 'application/x-ndjson', size: Buffer.byteLength(text), expiresAt: '2030-01-01T00:00:00.000Z' },
        body: Readable.from([Buffer.from(text)]),
        done: async () => {
          downloaded.push('done');
        },
        release: () => downloaded.push('released'),
      };
    },
  }),
];

async function start(extra: Parameters<typeof startServer>[0] = {}) {
  const lines: string[] = [];
  const server = await startServer({ connections: standInRegistry({ main: 'full' }), routes, streamRoutes: [], fileRoutes, staticDir: '/nonexistent', log: (line) => lines.push(line), ...extra });
  running.push(server);
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.origin}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${server.token}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string>) },
    });
  return { server, call, lines };
}

describe('routing and input', () => {
  it('matches path parameters (percent-decoded) and reads the query, repeated keys as arrays', async () => {
    const { call } = await start();
    const response = await call('/api/echo/my%20table/items/a%2Fb?limit=5&tag=x&tag=y');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ params: { name: 'my table', key: 'a/b' }, input: { limit: 5, tag: ['x', 'y'] } });
    expect(await (await call('/api/echo/t/items/special')).json()).toEqual({ special: true });
  });

  it('reads the JSON body, keeping numbers written as strings exact', async () => {
    const { call } = await start();
    const item = { pk: { S: 'a' }, n: { N: '123.4500000000000000000000000000000001' } };
    const response = await call('/api/echo/t', { method: 'POST', body: JSON.stringify({ item, count: 1 }) });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(JSON.stringify({ item, count: 1 }));
  });

  it('answers 204 when a handler returns nothing', async () => {
    const { call } = await start();
    expect((await call('/api/echo/t', { method: 'DELETE' })).status).toBe(204);
  });

  it('names the field and the problem when the input is invalid', async () => {
    const { call } = await start();
    const query = await call('/api/echo/t/items/k?limit=-3');
    expect(query.status).toBe(400);
    const queryError = await query.json();
    expect(queryError.__type).toBe('ValidationException');
    expect(queryError.message).toMatch(/^limit: /);

    const body = await call('/api/echo/t', { method: 'POST', body: JSON.stringify({ item: {}, count: 'two' }) });
    expect(body.status).toBe(400);
    expect(await body.json()).toEqual({ __type: 'ValidationException', message: 'count: count must be a number of items' });

    const missing = await call('/api/echo/t', { method: 'POST', body: JSON.stringify({ count: 1 }) });
    expect(await missing.json()).toEqual({ __type: 'ValidationException', message: 'item: missing (expected record)' });
  });

  it('refuses bad JSON, a body that is not JSON, and a body over the limit', async () => {
    const { call } = await start({ bodyLimit: 1000 });
    const bad = await call('/api/echo/t', { method: 'POST', body: '{"item": ' });
    expect(bad.status).toBe(400);
    const badError = await bad.json();
    expect(badError.__type).toBe('SerializationException');
    expect(badError.message).toMatch(/^The request body is not valid JSON/);

    const form = await call('/api/echo/t', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);

    const big = await call('/api/echo/t', { method: 'POST', body: JSON.stringify({ item: { s: { S: 'x'.repeat(2000) } }, count: 1 }) });
    expect(big.status).toBe(413);
    expect((await big.json()).__type).toBe('RequestTooLarge');
  });

  it('answers unknown routes with 404 and wrong methods with 405 and Allow', async () => {
    const { call } = await start();
    const missing = await call('/api/nothing/here');
    expect(missing.status).toBe(404);
    expect((await missing.json()).__type).toBe('UnknownRoute');
    const wrong = await call('/api/echo/t', { method: 'PUT', body: '{}' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'POST']);
  });

  it('lists every route with its method, path and summary, and reports its health', async () => {
    const { call } = await start({ readOnly: true });
    const { routes: listed } = await (await call('/api/routes')).json();
    expect(listed).toContainEqual({ method: 'GET', path: '/api/routes', summary: expect.any(String) });
    expect(listed).toContainEqual({ method: 'POST', path: '/api/echo/:name', summary: 'echo a body' });
    expect(listed).toContainEqual({ method: 'GET', path: '/api/files/:fileId', summary: 'a file', download: true });
    expect(listed).toHaveLength(routes.length + fileRoutes.length + 2);
    expect(await (await call('/api/health')).json()).toMatchObject({ ok: true, readOnly: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});

describe('file routes', () => {
  it('send the file to save, or the route’s JSON error', async () => {
    downloaded = [];
    const { call } = await start();
    const file = await call('/api/files/f1');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/x-ndjson');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="Orders _.jsonl"; filename*=UTF-8''${encodeURIComponent('Orders ✓.jsonl')}`);
    expect(await file.text()).toBe('{"pk":{"S":"a"}}\n');
    expect(downloaded).toEqual(['done']);
    const missing = await call('/api/files/f2');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ __type: 'DownloadNotFound', message: "No download 'f2'" });
  });
});

describe('errors', () => {
  it('keeps our errors and DynamoDB’s (type, message, and the token’s location)', async () => {
    const { call, lines } = await start();
    const api = await call('/api/fail/api');
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ __type: 'TableBusy', message: 'the table is being created' });

    const dynamo = await call('/api/fail/dynamo');
    expect(dynamo.status).toBe(400);
    expect(await dynamo.json()).toEqual({
      __type: 'ValidationException',
      message: 'Invalid KeyConditionExpression: Syntax error; token: "=", near: "= ="',
      location: { offset: 5, length: 1 },
    });

    const sdk = await call('/api/fail/sdk');
    expect(sdk.status).toBe(400);
    expect(await sdk.json()).toEqual({ __type: 'ResourceNotFoundException', message: 'Requested resource not found' });
    expect(lines).toEqual([]);
  });

  it('maps throttling to 429 and the service’s own failures to 502', async () => {
    const { call } = await start();
    const throttled = await call('/api/fail/throttled');
    expect(throttled.status).toBe(429);
    expect((await throttled.json()).__type).toBe('ProvisionedThroughputExceededException');
    const service = await call('/api/fail/service');
    expect(service.status).toBe(502);
    expect(await service.json()).toEqual({ __type: 'InternalServerError', message: 'Internal server error' });
  });

  it('never shows a bug’s message or stack to the browser, and logs one line without the token', async () => {
    const { call, lines, server } = await start();
    const response = await call('/api/fail/bug');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ __type: 'InternalError', message: 'unexpected error; see the server log' });
    expect(text).not.toMatch(/hunter2|credentials|at /);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('GET /api/fail/bug');
    expect(lines[0]).not.toContain('\n');
    expect(lines[0]).not.toContain(server.token);
  });
});

describe('the request signal', () => {
  it('is aborted when the client goes away', async () => {
    const { call } = await start();
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    const controller = new AbortController();
    const request = call('/api/slow', { signal: controller.signal });
    await started;
    controller.abort();
    await expect(request).rejects.toThrow();
    await aborted;
  });
});

describe('the route table', () => {
  it('has one route per method and path, every path under /api/ with named parameters', () => {
    const all = [...API_ROUTES, ...jobStreamRoutes, ...streamEventRoutes, ...downloadRoutes];
    const keys = all.map((route) => `${route.method} ${route.path.replace(/:[A-Za-z]+/g, ':')}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of all) {
      expect(route.path).toMatch(/^\/api(\/([A-Za-z0-9._-]+|:[A-Za-z][A-Za-z0-9]*))+$/);
      expect(route.summary.length).toBeGreaterThan(0);
    }
  });
});
