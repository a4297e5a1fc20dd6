/**
 * `dynotable --read-only` writes nothing anywhere, disk included. The shipped
 * command (the bundle, which keeps no V8 code cache under --read-only), with HOME, every XDG_* folder and TMPDIR in one temporary root,
 * on a default data folder that already holds a database (the examples, and a
 * table whose item's TTL has passed, which the TTL sweeper would delete). The
 * root is snapshotted (every path, its type, size, mtime and mode) before the
 * process starts and after it has stopped, and must not have changed, after a
 * tour of the whole API: every read route, every write route (refused), every
 * kind of connection added — an embedded one on a new folder (refused: nothing
 * is created there), DynamoDB Local started (refused) — an export downloaded
 * and another left for the shutdown to remove, and the journal read.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, lstatSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '@dynotable/engine';
import { defaultDataDir } from '../../src/connections/data-dir.js';
import { seedEmbeddedEngine } from '../../src/seed/seed.js';
import { bundledCommand, type BundledCommand } from './support/bundled-command.js';
import { startDynotable, type DynotableSession, type Exit } from './support/dynotable-process.js';

const EXAMPLE_MODEL = readFileSync(fileURLToPath(new URL('../../../../examples/leaderboard.yaml', import.meta.url)), 'utf8');

let root: string;
let env: NodeJS.ProcessEnv;
let dataDir: string;
/** The shipped command, with a code cache of its own that does not exist yet: a run that wrote one would leave it. */
let command: BundledCommand;

/** Every path under `dir`, with what a write would change. */
function snapshot(dir: string): string[] {
  const lines: string[] = [];
  const walk = (path: string) => {
    const info = lstatSync(path);
    const kind = info.isDirectory() ? 'dir' : info.isSymbolicLink() ? 'link' : 'file';
    lines.push(`${relative(root, path) || '.'} ${kind} size=${info.isDirectory() ? '-' : info.size} mtime=${info.mtimeMs} mode=${(info.mode & 0o7777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name));
  };
  walk(dir);
  return lines;
}

beforeAll(async () => {
  command = bundledCommand();
  root = mkdtempSync(join(tmpdir(), 'dynotable-read-only-'));
  const folders = { HOME: 'home', XDG_DATA_HOME: 'data', XDG_CONFIG_HOME: 'config', XDG_STATE_HOME: 'state', XDG_CACHE_HOME: 'cache', XDG_RUNTIME_DIR: 'runtime', TMPDIR: 'tmp' };
  env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_') && !name.startsWith('XDG_') && name !== 'DYNOTABLE_JOURNAL'));
  for (const [name, folder] of Object.entries(folders)) {
    mkdirSync(join(root, folder), { mode: 0o700 });
    env[name] = join(root, folder);
  }
  Object.assign(env, { AWS_EC2_METADATA_DISABLED: 'true', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', USERPROFILE: env['HOME'] });

  // The default data folder, used before: the examples, and an item whose TTL has passed.
  dataDir = defaultDataDir(env);
  const engine = openEngine({ dataDir });
  try {
    await seedEmbeddedEngine(engine);
    engine.execute('CreateTable', {
      TableName: 'Expiring',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    engine.execute('UpdateTimeToLive', { TableName: 'Expiring', TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' } });
    engine.execute('PutItem', { TableName: 'Expiring', Item: { pk: { S: 'old' }, expires: { N: '1000' } } });
  } finally {
    engine.close();
  }
});

afterAll(() => {
  command.remove();
  rmSync(root, { recursive: true, force: true });
});

interface RouteEntry {
  readonly method: string;
  readonly path: string;
  readonly write?: boolean;
  readonly stream?: boolean;
  readonly download?: boolean;
}

/** A good input for each read route (others get none). */
function readInput(route: RouteEntry): unknown {
  const byPath: Record<string, unknown> = {
    '/api/connections/:connectionId/tables': { details: 'true' },
    '/api/connections/:connectionId/tables/:table/items/query': { key: 'season = "2026-Q2"', IndexName: 'GSI1', Limit: 5 },
    '/api/connections/:connectionId/tables/:table/items/scan': { Limit: 5 },
    '/api/connections/:connectionId/tables/:table/items/get': { Key: { PK: { S: 'PLAYER#u8231' }, SK: { S: 'PROFILE' } } },
    '/api/connections/:connectionId/tables/:table/items/preview/put': { Item: { PK: { S: 'x' }, SK: { S: 'y' } } },
    '/api/connections/:connectionId/tables/:table/items/preview/delete': { Key: { PK: { S: 'x' }, SK: { S: 'y' } } },
    '/api/connections/:connectionId/tables/:table/items/preview/batch-delete': { keys: [{ PK: { S: 'x' }, SK: { S: 'y' } }] },
    '/api/connections/:connectionId/tables/:table/items/preview/update': {
      key: { PK: { S: 'x' }, SK: { S: 'y' } },
      before: { PK: { S: 'x' }, SK: { S: 'y' }, a: { S: '1' } },
      after: { PK: { S: 'x' }, SK: { S: 'y' }, a: { S: '2' } },
    },
    '/api/connections/:connectionId/tables/:table/items/preview/move': { before: { PK: { S: 'x' }, SK: { S: 'y' } }, after: { PK: { S: 'x2' }, SK: { S: 'y' } } },
    '/api/journal/undo/preview': { connectionId: 'embedded', last: 1 },
    '/api/model/import': { text: '{}' },
    '/api/model/design': { questions: ['get ticket by id', 'list tickets by team'] },
    '/api/model/read-question': { question: 'list tickets by team' },
    '/api/connections/:connectionId/tables/:table/export': { format: 'dynamodb-json', limit: 10 },
    // The workbench's own notes: kept in memory, never on disk.
    '/api/connections/:connectionId/tables/:table/history': { request: { operation: 'Scan', Limit: 10 } },
    '/api/connections/:connectionId/tables/:table/saved-queries/:name': { request: { operation: 'Scan' } },
  };
  if (byPath[route.path] !== undefined) return byPath[route.path];
  if (route.path.startsWith('/api/model/')) return { model: EXAMPLE_MODEL };
  return route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
}

describe('dynotable --read-only', () => {
  it('leaves every file and folder as it was, after a tour of the whole API', async () => {
    const before = snapshot(root);
    let session: DynotableSession | undefined;
    let exit: Exit | undefined;
    const problems: string[] = [];
    const newFolder = join(root, 'home', 'new-data');
    // Soft: whatever the API answers, the snapshot is compared too.
    try {
      session = await startDynotable(['--read-only', '--no-open', '--port', '0'], { execArgv: command.execArgv }, env);
      const api = session.api.bind(session);

      // The examples on disk are there to read.
      const tables = await api<{ tables: { name: string }[] }>('GET', '/api/connections/embedded/tables');
      expect.soft(tables.body.tables.map((table) => table.name)).toEqual(['AuditLog', 'Expiring', 'Leaderboard', 'TicketDesk']);

      // Connections: an embedded engine on a new folder creates nothing; the others open, read-only.
      const added = {
        newFolder: await api('POST', '/api/connections', { kind: 'embedded', dataDir: newFolder }),
        sameFolder: await api('POST', '/api/connections', { kind: 'embedded', dataDir }),
        startLocal: await api('POST', '/api/connections', { kind: 'dynamodb-local', start: true }),
        inMemory: await api<{ connection: { id: string; safety: string } }>('POST', '/api/connections', { kind: 'embedded', inMemory: true, name: 'Scratch' }),
        endpoint: await api<{ connection: { safety: string } }>('POST', '/api/connections', { kind: 'endpoint', endpoint: 'http://127.0.0.1:9' }),
        aws: await api<{ connection: { safety: string } }>('POST', '/api/connections', { kind: 'aws', region: 'eu-west-1' }),
      };
      expect.soft(added.newFolder).toMatchObject({ status: 409, body: { __type: 'NoDatabase' } });
      expect.soft(String(added.newFolder.body['message'])).toContain('nothing was created there');
      expect.soft(existsSync(newFolder)).toBe(false);
      expect.soft(added.sameFolder).toMatchObject({ status: 409, body: { __type: 'DataDirectoryInUse' } });
      expect.soft(added.startLocal).toMatchObject({ status: 403, body: { __type: 'ReadOnlyConnection' } });
      for (const name of ['inMemory', 'endpoint', 'aws'] as const) expect.soft(added[name].status, JSON.stringify(added[name].body)).toBe(200);
      expect.soft(added.inMemory.body.connection.safety).toBe('read-only');

      // An export, downloaded; another left waiting when the server stops.
      const downloaded = await api<{ id: string }>('POST', '/api/connections/embedded/tables/Leaderboard/export', { format: 'jsonl', limit: 50 });
      const finished = (await session.jobEvents(downloaded.body.id)).at(-1)!;
      expect.soft(finished.state).toBe('succeeded');
      const download = (finished.result as { download: { id: string } }).download;
      const file = await session.text(`/api/downloads/${download.id}`);
      expect.soft(file.status).toBe(200);
      expect.soft(file.text.trim().split('\n')).toHaveLength(50);
      const waiting = await api<{ id: string }>('POST', '/api/connections/embedded/tables/AuditLog/export', { format: 'csv' });
      const left = (await session.jobEvents(waiting.body.id)).at(-1)!;
      expect.soft(left.state).toBe('succeeded');
      const leftId = (left.result as { download: { id: string } }).download.id;

      // Every route of the API: writes refused, reads answered.
      const routes = (await api<{ routes: RouteEntry[] }>('GET', '/api/routes')).body.routes;
      expect.soft(routes.filter((route) => route.write).length).toBeGreaterThan(10);
      const fill = (path: string) =>
        path
          .replace(':connectionId', 'embedded')
          .replace(':table', 'Leaderboard')
          .replace(':jobId', downloaded.body.id)
          .replace(':downloadId', leftId)
          .replace(':operationId', 'no-such-operation');
      for (const route of routes) {
        if (route.path === '/api/connections/:connectionId' && route.method === 'DELETE') continue;
        const path = fill(route.path);
        if (route.stream === true) {
          expect.soft((await session.jobEvents(downloaded.body.id)).at(-1)!.state).toBe('succeeded');
          continue;
        }
        if (route.download === true) continue;
        if (route.write === true) {
          const refused = await api(route.method, path, route.method === 'DELETE' ? undefined : { confirm: true });
          if (refused.status !== 403 || refused.body['__type'] !== 'ReadOnlyConnection') problems.push(`${route.method} ${route.path} was not refused: ${refused.status} ${JSON.stringify(refused.body)}`);
          continue;
        }
        const input = readInput(route);
        const query = input === undefined || route.method !== 'GET' ? '' : `?${new URLSearchParams(input as Record<string, string>).toString()}`;
        const answer = await api(route.method, `${path}${query}`, route.method === 'GET' ? undefined : input);
        if (answer.status >= 500) problems.push(`${route.method} ${route.path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      expect.soft((await api('PATCH', '/api/connections/embedded', { safety: 'full' })).status).toBe(403);
      expect.soft((await api('PATCH', '/api/connections/embedded', { safety: 'read-only' })).status).toBe(200);
      expect.soft((await api('DELETE', `/api/connections/${added.inMemory.body.connection.id}`)).status).toBe(200);
    } finally {
      exit = await session?.stop();
    }
    expect(problems).toEqual([]);
    expect(exit?.code, exit?.stderr).toBe(0);
    expect(snapshot(root)).toEqual(before);
    expect(existsSync(command.cacheFile), 'the bundle kept no code cache beside it').toBe(false);
  });

  it('on a data folder without a database, starts with the embedded engine in memory and creates nothing', async () => {
    const empty = join(root, 'home', 'never-used');
    const before = snapshot(root);
    let session: DynotableSession | undefined;
    let exit: Exit | undefined;
    try {
      session = await startDynotable(['--read-only', '--no-open', '--port', '0', '--data', empty], { execArgv: command.execArgv }, env);
      const connections = await session.api<{ connections: { id: string; safety: string; dataDir?: string }[] }>('GET', '/api/connections');
      expect(connections.body.connections).toMatchObject([{ id: 'embedded', safety: 'read-only' }]);
      expect(connections.body.connections[0]!.dataDir).toBeUndefined();
    } finally {
      exit = await session?.stop();
    }
    expect(exit?.code).toBe(0);
    expect(exit?.stderr).toContain(`There is no DynoTable database in ${empty}; with --read-only nothing is created there`);
    expect(snapshot(root)).toEqual(before);
  });
});
