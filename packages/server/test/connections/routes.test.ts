import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '@dynotable/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../../src/api/context.js';
import { connectionRoutes } from '../../src/api/connections-routes.js';
import { createJobRegistry } from '../../src/api/jobs.js';
import { ApiError, type HttpMethod } from '../../src/api/route.js';
import { DataError } from '../../src/data/errors.js';
import { mapError } from '../../src/http/error-mapping.js';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import { validationMessage } from '../../src/http/api-dispatch.js';
import { ModelLinks } from '../../src/links/model-links.js';
import { TableQueries } from '../../src/queries/table-queries.js';

let context: ServerContext;
const cleanups: Array<() => void> = [];

function fakeContext(readOnly: boolean): ServerContext {
  return { connections: createConnectionRegistry({ readOnly, seedExamples: false, env: {} }), jobs: createJobRegistry(), readOnly, links: new ModelLinks(), queries: new TableQueries() };
}

beforeEach(() => {
  context = fakeContext(false);
});

afterEach(async () => {
  await context.connections.closeAll();
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.unstubAllEnvs();
});

/** Finds the route, validates the raw input as the server does, runs the handler. */
async function call(method: HttpMethod, path: string, raw: unknown = {}): Promise<unknown> {
  for (const route of connectionRoutes) {
    if (route.method !== method) continue;
    const names: string[] = [];
    const pattern = new RegExp(`^${route.path.replace(/:(\w+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
    const match = pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    const parsed = route.input.safeParse(raw);
    if (!parsed.success) throw new ApiError(400, 'ValidationException', validationMessage(parsed.error));
    return route.handler(context, { params, input: parsed.data, signal: new AbortController().signal });
  }
  throw new Error(`no route ${method} ${path}`);
}

/** The route's error (the routes' own, or the data layer's) with the HTTP status the API answers it with. */
async function failure(method: HttpMethod, path: string, raw: unknown = {}): Promise<{ status: number; type: string; message: string }> {
  try {
    await call(method, path, raw);
  } catch (error) {
    expect(error instanceof ApiError || error instanceof DataError).toBe(true);
    const { type, message } = error as ApiError | DataError;
    return { status: mapError(error).status, type, message };
  }
  throw new Error('expected a failure');
}

describe('the connection routes', () => {
  it('add, list, change the safety mode, ping and remove', async () => {
    expect(await call('GET', '/api/connections')).toEqual({ connections: [], readOnly: false });
    const added = (await call('POST', '/api/connections', { kind: 'embedded', inMemory: true, name: 'Scratch' })) as { connection: { id: string } };
    expect(added.connection).toEqual({ id: 'embedded', name: 'Scratch', kind: 'embedded', safety: 'full' });
    expect(await call('PATCH', '/api/connections/embedded', { safety: 'confirm-writes' })).toEqual({ connection: { ...added.connection, safety: 'confirm-writes' } });
    expect(await call('GET', '/api/connections')).toEqual({ connections: [{ ...added.connection, safety: 'confirm-writes' }], readOnly: false });
    const ping = (await call('POST', '/api/connections/embedded/ping')) as { ok: boolean; latencyMs: number; connectionId: string };
    expect(ping).toMatchObject({ ok: true, connectionId: 'embedded', consumed: { readUnits: 0, writeUnits: 0, costUsd: 0 } });
    expect(ping.latencyMs).toBeGreaterThanOrEqual(0);
    expect(await call('DELETE', '/api/connections/embedded')).toEqual({ removed: 'embedded' });
    expect(await call('GET', '/api/connections')).toEqual({ connections: [], readOnly: false });
  });

  it('answers 404 for a connection that is not open', async () => {
    for (const [method, path, input] of [
      ['PATCH', '/api/connections/gone', { safety: 'full' }],
      ['DELETE', '/api/connections/gone', {}],
      ['POST', '/api/connections/gone/ping', {}],
    ] as const) {
      expect(await failure(method, path, input)).toMatchObject({ status: 404, type: 'ConnectionNotFound' });
    }
  });

  it('validates what is added, naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ kind: 'mainframe' }, 'kind must be one of embedded, dynamodb-local, endpoint or aws'],
      [{ kind: 'endpoint' }, 'endpoint: is required: give an http:// or https:// URL'],
      [{ kind: 'endpoint', endpoint: 8000 }, 'endpoint: must be an http:// or https:// URL'],
      [{ kind: 'endpoint', endpoint: 'localhost:8000' }, 'endpoint: must be an http:// or https:// URL'],
      [{ kind: 'aws' }, 'region: is required: give an AWS region such as us-east-1'],
      [{ kind: 'aws', region: 'Ireland' }, 'region: must be an AWS region such as us-east-1'],
      [{ kind: 'embedded', dataDir: 'relative/dir' }, 'dataDir: must be an absolute path'],
      [{ kind: 'embedded', dataDir: '/tmp/x', inMemory: true }, 'inMemory: give dataDir or inMemory: true, not both'],
      [{ kind: 'dynamodb-local', start: true, endpoint: 'http://127.0.0.1:8000' }, 'start: give an endpoint to connect'],
      [{ kind: 'embedded', inMemory: true, safety: 'yolo' }, 'safety: must be read-only, confirm-writes or full'],
      [{ kind: 'embedded', inMemory: true, accessKey: 'x' }, 'accessKey'],
    ];
    for (const [input, message] of cases) {
      const error = await failure('POST', '/api/connections', input);
      expect(error.type).toBe('ValidationException');
      expect(error.message).toContain(message);
    }
    expect(await failure('PATCH', '/api/connections/embedded', { safety: 'unsafe' })).toMatchObject({ type: 'ValidationException' });
  });

  it('reports a data directory held by another engine as a 409 with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dynotable-routes-'));
    const other = openEngine({ dataDir: dir });
    cleanups.push(() => {
      other.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const error = await failure('POST', '/api/connections', { kind: 'embedded', dataDir: dir });
    expect(error.status).toBe(409);
    expect(error.type).toBe('DataDirectoryInUse');
    expect(error.message).toContain(`The data directory ${dir} is in use by another DynoTable engine`);
    expect(error.message).not.toContain('--data');
  });

  it('under --read-only, adds read-only connections and refuses to lift the mode', async () => {
    await context.connections.closeAll();
    context = fakeContext(true);
    const added = (await call('POST', '/api/connections', { kind: 'embedded', inMemory: true, safety: 'full' })) as { connection: { safety: string } };
    expect(added.connection.safety).toBe('read-only');
    expect(await failure('PATCH', '/api/connections/embedded', { safety: 'full' })).toMatchObject({ status: 403, type: 'ReadOnlyConnection' });
    expect(await call('GET', '/api/connections')).toMatchObject({ readOnly: true });
  });

  it('lists AWS profile names and regions only', async () => {
    const home = mkdtempSync(join(tmpdir(), 'dynotable-profiles-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    writeFileSync(join(home, 'config'), '[profile prod]\nregion = eu-west-1\n');
    writeFileSync(join(home, 'credentials'), '[prod]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n');
    vi.stubEnv('AWS_CONFIG_FILE', join(home, 'config'));
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(home, 'credentials'));
    const answer = await call('GET', '/api/aws-profiles');
    expect(answer).toEqual({ profiles: [{ name: 'prod', region: 'eu-west-1' }] });
  });

  it('declares no route a table write', () => {
    expect(connectionRoutes.filter((route) => route.write === true)).toEqual([]);
  });
});
