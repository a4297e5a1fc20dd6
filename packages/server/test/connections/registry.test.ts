import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DeleteTableCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createEngine, DataDirectoryInUseError, openEngine, startEngineServer } from '@dynotable/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { DataError } from '../../src/data/errors.js';
import { javaProblem } from '../../src/connections/dynamodb-local.js';
import { createConnectionRegistry, defaultDataDir } from '../../src/connections/registry.js';
import type { ConnectionRegistry } from '../../src/connections/registry-types.js';
import { wireSeedTables } from '../../src/seed/seed.js';
import { countItems } from '../support/count-items.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function registry(options: Parameters<typeof createConnectionRegistry>[0] = {}): ConnectionRegistry {
  const created = createConnectionRegistry({ seedExamples: false, env: {}, ...options });
  cleanups.push(() => created.closeAll());
  return created;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dynotable-connections-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function rejection(promise: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

const table = (name: string) =>
  new CreateTableCommand({
    TableName: name,
    AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });

describe('the embedded engine', () => {
  it('in memory: full safety, no data directory, a working client', async () => {
    const connections = registry();
    const info = await connections.add({ kind: 'embedded', inMemory: true });
    expect(info).toEqual({ id: 'embedded', name: 'Embedded engine (in memory)', kind: 'embedded', safety: 'full' });
    const { client } = connections.get('embedded');
    await client.send(table('Things'));
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual(['Things']);
  });

  it('is seeded with the examples when new, unless told not to', async () => {
    const seeded = createConnectionRegistry({ env: {} });
    cleanups.push(() => seeded.closeAll());
    await seeded.add({ kind: 'embedded', inMemory: true });
    expect((await seeded.get('embedded').client.send(new ListTablesCommand({}))).TableNames).toEqual(['AuditLog', 'Leaderboard', 'TicketDesk']);
    const plain = registry();
    await plain.add({ kind: 'embedded', inMemory: true });
    expect((await plain.get('embedded').client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
  });

  it('seeds in the background when asked: add() returns first, ready() once the examples are in', async () => {
    const background = createConnectionRegistry({ env: {}, prepareInBackground: true });
    cleanups.push(() => background.closeAll());
    await background.add({ kind: 'embedded', inMemory: true });
    let ready = false;
    const readiness = background.ready().then(() => (ready = true));
    expect(ready).toBe(false);
    await readiness;
    const { client } = background.get('embedded');
    const counts: number[] = [];
    for (const name of ['AuditLog', 'TicketDesk', 'Leaderboard']) counts.push(await countItems(client, name));
    expect(counts).toEqual(wireSeedTables().map((table) => table.items.length));
  });

  it('on disk: keeps its tables across connections, and seeds only a directory used for the first time', async () => {
    const dir = join(tempDir(), 'engine');
    const first = createConnectionRegistry({ env: {} });
    const info = await first.add({ kind: 'embedded', dataDir: dir });
    expect(info.dataDir).toBe(dir);
    expect(info.safety).toBe('full');
    const client = first.get(info.id).client;
    expect((await client.send(new ListTablesCommand({}))).TableNames).toHaveLength(3);
    // The user removes every example table: the next start must not bring them back.
    for (const name of ['AuditLog', 'Leaderboard', 'TicketDesk']) await client.send(new DeleteTableCommand({ TableName: name }));
    await client.send(table('Mine'));
    await first.closeAll();
    const second = createConnectionRegistry({ env: {} });
    cleanups.push(() => second.closeAll());
    await second.add({ kind: 'embedded', dataDir: dir });
    expect((await second.get('embedded').client.send(new ListTablesCommand({}))).TableNames).toEqual(['Mine']);
  });

  it('uses the per-user default directory when given neither a directory nor in-memory', async () => {
    const data = tempDir();
    const connections = registry({ env: { XDG_DATA_HOME: data } });
    const info = await connections.add({ kind: 'embedded' });
    const expected = defaultDataDir({ XDG_DATA_HOME: data });
    expect(info.dataDir).toBe(expected);
    if (process.platform === 'linux') expect(expected).toBe(join(data, 'dynotable', 'engine'));
    expect(existsSync(join(expected, 'dynotable.sqlite'))).toBe(true);
  });

  it('refuses a directory another engine holds, and one already open here, saying which', async () => {
    const dir = tempDir();
    const other = openEngine({ dataDir: dir });
    const connections = registry();
    const held = await rejection(connections.add({ kind: 'embedded', dataDir: dir }));
    expect(held).toBeInstanceOf(DataDirectoryInUseError);
    expect((held as Error).message).toContain('in use by another DynoTable engine');
    other.close();
    await connections.add({ kind: 'embedded', dataDir: dir, name: 'Work' });
    const twice = await rejection(connections.add({ kind: 'embedded', dataDir: dir }));
    expect(twice).toBeInstanceOf(DataDirectoryInUseError);
    expect((twice as Error).message).toBe(`The data directory ${dir} is already open as connection 'embedded'.`);
    expect(connections.list()).toHaveLength(1);
  });

  it('gives each connection its own id', async () => {
    const connections = registry();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await connections.add({ kind: 'embedded', inMemory: true })).id);
    expect(ids).toEqual(['embedded', 'embedded-2', 'embedded-3']);
    await connections.remove('embedded-2');
    expect(connections.list().map((info) => info.id)).toEqual(['embedded', 'embedded-3']);
    expect((await connections.add({ kind: 'embedded', inMemory: true })).id).toBe('embedded-2');
  });
});

describe('an endpoint', () => {
  it('reaches a DynamoDB-compatible server (the engine over HTTP), full safety on loopback', async () => {
    const engine = createEngine();
    const server = await startEngineServer({ engine, port: 0 });
    cleanups.push(async () => {
      await server.close();
      engine.close();
    });
    engine.execute('CreateTable', {
      TableName: 'Remote',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    const connections = registry();
    const info = await connections.add({ kind: 'endpoint', endpoint: server.url });
    expect(info).toEqual({ id: `127-0-0-1-${server.port}`, name: `127.0.0.1:${server.port}`, kind: 'endpoint', safety: 'full', endpoint: server.url, region: 'us-east-1' });
    expect((await connections.get(info.id).client.send(new ListTablesCommand({}))).TableNames).toEqual(['Remote']);
  });

  it('asks before writes when the endpoint is not on this machine', async () => {
    const connections = registry();
    const info = await connections.add({ kind: 'endpoint', endpoint: 'https://alternator.example.com:8043', region: 'eu-central-1' });
    expect(info).toMatchObject({ id: 'alternator-example-com-8043', safety: 'confirm-writes', region: 'eu-central-1' });
    const aws = await connections.add({ kind: 'endpoint', endpoint: 'https://dynamodb.eu-west-1.amazonaws.com' });
    expect(aws.safety).toBe('confirm-writes');
  });

  it('refuses what is not an http(s) URL', async () => {
    const error = await rejection(registry().add({ kind: 'endpoint', endpoint: 'ftp://example.com' }));
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).type).toBe('ValidationException');
  });
});

describe('DynamoDB Local', () => {
  it('connects to http://127.0.0.1:8000 by default with full safety', async () => {
    const info = await registry().add({ kind: 'dynamodb-local' });
    expect(info).toEqual({ id: 'local', name: 'DynamoDB Local (127.0.0.1:8000)', kind: 'dynamodb-local', safety: 'full', endpoint: 'http://127.0.0.1:8000', region: 'us-east-1' });
  });

  it('says exactly what is missing when Java is not there', () => {
    expect(javaProblem('no-such-java-command-here')).toMatch(/needs Java, and `java` was not found on the PATH\. Install a Java runtime/);
  });
});

describe('AWS', () => {
  it('starts in confirm-writes, with the profile name and region only', async () => {
    const dir = tempDir();
    const config = join(dir, 'config');
    writeFileSync(config, '[profile prod]\nregion = eu-west-1\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n');
    const connections = registry({ env: { AWS_CONFIG_FILE: config, HOME: dir } });
    const chain = await connections.add({ kind: 'aws', region: 'us-east-1' });
    expect(chain).toEqual({ id: 'aws-us-east-1', name: 'AWS us-east-1', kind: 'aws', safety: 'confirm-writes', region: 'us-east-1' });
    const prod = await connections.add({ kind: 'aws', profile: 'prod', region: 'eu-west-1' });
    expect(prod).toEqual({ id: 'aws-prod-eu-west-1', name: 'AWS prod (eu-west-1)', kind: 'aws', safety: 'confirm-writes', region: 'eu-west-1', profile: 'prod' });
  });

  it('names the known profiles when asked for one that does not exist', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config'), '[default]\nregion = us-east-1\n[profile dev]\n');
    const error = await rejection(registry({ env: { AWS_CONFIG_FILE: join(dir, 'config'), HOME: dir } }).add({ kind: 'aws', profile: 'prdo', region: 'us-east-1' }));
    expect(error).toMatchObject({ kind: 'invalid', type: 'ProfileNotFound' });
    expect((error as Error).message).toContain('Known profiles: default, dev.');
  });

  it('refuses a region that is not one', async () => {
    const error = await rejection(registry().add({ kind: 'aws', region: 'Frankfurt' }));
    expect(error).toMatchObject({ kind: 'invalid', type: 'ValidationException' });
  });
});

describe('safety', () => {
  it('takes the requested mode and changes it on request', async () => {
    const connections = registry();
    const info = await connections.add({ kind: 'embedded', inMemory: true, safety: 'confirm-writes' });
    expect(info.safety).toBe('confirm-writes');
    expect(connections.setSafety(info.id, 'read-only').safety).toBe('read-only');
    expect(connections.get(info.id).info.safety).toBe('read-only');
    expect(connections.list()[0]!.safety).toBe('read-only');
  });

  it('under --read-only every connection is read-only, and stays so', async () => {
    const connections = registry({ readOnly: true });
    const embedded = await connections.add({ kind: 'embedded', inMemory: true, safety: 'full' });
    const aws = await connections.add({ kind: 'aws', region: 'eu-west-1' });
    expect([embedded.safety, aws.safety]).toEqual(['read-only', 'read-only']);
    for (const mode of ['full', 'confirm-writes'] as const) {
      const error = await rejection(() => connections.setSafety(embedded.id, mode));
      expect(error).toMatchObject({ kind: 'refused', type: 'ReadOnlyConnection' });
    }
    expect(connections.setSafety(embedded.id, 'read-only').safety).toBe('read-only');
    expect(connections.get(embedded.id).info.safety).toBe('read-only');
  });

  it('an unknown connection is a 404 that lists the open ones', async () => {
    const connections = registry();
    await connections.add({ kind: 'embedded', inMemory: true });
    const error = await rejection(() => connections.get('nope'));
    expect(error).toMatchObject({ kind: 'not-found', type: 'ConnectionNotFound', message: "There is no connection 'nope'. Open connections: embedded." });
  });
});
