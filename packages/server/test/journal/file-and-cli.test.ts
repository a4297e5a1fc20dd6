/**
 * The journal on disk: written by the real server as writes arrive over HTTP,
 * read back after a crash tore its last line, free of credentials, rotated
 * beyond its size; and `dynotable undo` listing and undoing on an on-disk
 * engine in a temporary directory.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, startEngineServer } from '@dynotable/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { WriteJournal } from '../../src/journal/journal.js';
import { FileJournalStore, parseJournalText } from '../../src/journal/store.js';
import type { JournalLine } from '../../src/journal/types.js';
import { run } from '../cli/capture.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllEnvs();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dynotable-journal-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function api(server: RunningServer, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(new URL(path, server.origin), {
    method,
    headers: { authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A server over an on-disk engine in `dataDir`, journaling to `file`. */
async function serve(dataDir: string, file: string) {
  const connections = createConnectionRegistry({ seedExamples: false });
  await connections.add({ kind: 'embedded', dataDir });
  const journal = new WriteJournal(new FileJournalStore(file));
  const server = await startServer({ port: 0, connections, journal });
  const stop = async () => {
    await server.close();
    await connections.closeAll();
  };
  cleanups.push(stop);
  return { server, connections, stop };
}

const TABLE = 'journal-cli';
const items = `/api/connections/embedded/tables/${TABLE}/items`;

async function createTable(server: RunningServer, connection = 'embedded'): Promise<void> {
  const created = await api(server, 'POST', `/api/connections/${connection}/tables`, { name: TABLE, partitionKey: { name: 'id', type: 'S' } });
  expect(created.status).toBe(200);
}

describe('the journal file', () => {
  it('keeps every write made over HTTP, one JSON line per item, and reads on past a torn last line', async () => {
    const dir = tempDir();
    const file = join(dir, 'journal.jsonl');
    const { server } = await serve(join(dir, 'engine'), file);
    await createTable(server);
    const put = await api(server, 'POST', `${items}/put`, { Item: { id: { S: 'a' }, n: { N: '1.000000000000000000000000000000000001' } } });
    expect(put.status).toBe(200);
    await api(server, 'POST', `${items}/put`, { Item: { id: { S: 'b' } } });
    await api(server, 'POST', `${items}/batch-delete`, { keys: [{ id: { S: 'a' } }, { id: { S: 'b' } }] });
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as JournalLine);
    // The batch delete: its batch (written ahead, before the BatchWriteItem), then its closing line.
    expect(lines.map((line) => line.operation)).toEqual(['put', 'put', 'batch-delete', 'batch-delete', 'batch-delete']);
    expect(lines[0]!.change!.after!['n']).toEqual({ N: '1.000000000000000000000000000000000001' });
    expect(new Set(lines.slice(2).map((line) => line.op)).size).toBe(1);
    expect(lines[2]).toMatchObject({ count: 2, batch: 1, total: 2 });
    expect(lines[4]).toMatchObject({ end: true, total: 2, note: 'batch delete of 2 of 2 keys' });

    // A crash mid-append: half a line at the end.
    appendFileSync(file, JSON.stringify(lines[0]).slice(0, 40));
    const listed = await api(server, 'GET', '/api/journal');
    expect(listed.status).toBe(200);
    expect((listed.json['operations'] as unknown[]).length).toBe(3);
    expect(listed.json['unreadableLines']).toBe(1);
    // The next append starts on its own line; the torn one stays skipped.
    await api(server, 'POST', `${items}/put`, { Item: { id: { S: 'c' } } });
    const read = parseJournalText(readFileSync(file, 'utf8'));
    expect(read.lines.map((line) => line.operation)).toEqual(['put', 'put', 'batch-delete', 'batch-delete', 'batch-delete', 'put']);
    expect(read.skipped).toBe(1);
    // And undo still works from it.
    const undone = await api(server, 'POST', '/api/journal/undo', { connectionId: 'embedded', last: 2 });
    expect(undone.status).toBe(200);
    expect((await api(server, 'POST', `${items}/scan`, {})).json['count']).toBe(2);
  });

  it('never holds credentials or the server token', async () => {
    const ACCESS_KEY = 'AKIAJOURNALTESTKEY01';
    const SECRET = 'journal/secret/key/that+must+stay/out';
    const SESSION = 'journal-session-token-private';
    vi.stubEnv('AWS_ACCESS_KEY_ID', ACCESS_KEY);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET);
    vi.stubEnv('AWS_SESSION_TOKEN', SESSION);
    const engine = createEngine();
    const remote = await startEngineServer({ engine, port: 0 });
    cleanups.push(() => remote.close());
    const dir = tempDir();
    const file = join(dir, 'journal.jsonl');
    const { server } = await serve(join(dir, 'engine'), file);
    const added = await api(server, 'POST', '/api/connections', { kind: 'endpoint', endpoint: remote.url });
    const id = (added.json['connection'] as { id: string }).id;
    await createTable(server, id);
    const put = await api(server, 'POST', `/api/connections/${id}/tables/${TABLE}/items/put`, { Item: { id: { S: 'x' } } });
    expect(put.status).toBe(200);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(remote.url.replace(/\/$/, ''));
    for (const secret of [ACCESS_KEY, SECRET, SESSION, server.token]) expect(text).not.toContain(secret);
    expect((JSON.parse(text.trimEnd().split('\n')[0]!) as JournalLine).target).toEqual({ connectionId: id, kind: 'endpoint', endpoint: remote.url, region: 'us-east-1' });
  });

  it('rotates beyond its size, keeping the newest operations readable', async () => {
    const dir = tempDir();
    const file = join(dir, 'journal.jsonl');
    const journal = new WriteJournal(new FileJournalStore(file, 2000));
    const target = { connectionId: 'embedded', kind: 'embedded' as const, dataDir: dir };
    for (let n = 0; n < 30; n++) {
      await journal.record({ target, table: 't', operation: 'put', changes: [{ key: { id: { S: `k${n}` } }, before: null, after: { id: { S: `k${n}` }, pad: { S: 'x'.repeat(50) } } }] });
    }
    expect(readFileSync(file, 'utf8').length).toBeLessThanOrEqual(2000);
    expect(readFileSync(`${file}.1`, 'utf8').length).toBeLessThanOrEqual(2000);
    const { operations } = await journal.operations();
    expect(operations[0]!.changes[0]!.key).toEqual({ id: { S: 'k29' } });
    expect(operations.length).toBeGreaterThan(1);
    expect(operations.length).toBeLessThan(30);
  });

  it('reads a journal whose every line is garbage as empty, not as an error', async () => {
    const dir = tempDir();
    const file = join(dir, 'journal.jsonl');
    writeFileSync(file, 'not json\n{"v":2}\n{"op":\n');
    const { operations, skipped } = await new WriteJournal(new FileJournalStore(file)).operations();
    expect(operations).toEqual([]);
    expect(skipped).toBe(3);
  });
});

describe('dynotable undo', () => {
  it('has help, and refuses --last with --id', async () => {
    const help = await run('undo', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('dynotable undo --list');
    const both = await run('undo', '--last', '1', '--id', 'x');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --last or --id, not both');
  });

  it('lists and undoes the last write on an on-disk engine', async () => {
    const dir = tempDir();
    const dataDir = join(dir, 'engine');
    const file = join(dir, 'journal.jsonl');
    const { server, stop } = await serve(dataDir, file);
    await createTable(server);
    await api(server, 'POST', `${items}/put`, { Item: { id: { S: 'kept' }, v: { N: '1' } } });
    await api(server, 'POST', `${items}/put`, { Item: { id: { S: 'kept' }, v: { N: '2' } } });
    // The server holds the data directory: the command says so instead of failing obscurely.
    const busy = await run('undo', '--list', '--data', dataDir, '--journal', file);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain('undo from the workbench');
    await stop();

    const list = await run('undo', '--list', '--data', dataDir, '--journal', file);
    expect(list.code).toBe(0);
    const lines = list.stdout.split('\n').filter((line) => line.includes(TABLE));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('put');
    expect(lines[0]).toContain('id = "kept"');

    const refused = await run('undo', '--last', '1', '--data', dataDir, '--journal', file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');

    const undone = await run('undo', '--last', '1', '--yes', '--data', dataDir, '--journal', file);
    expect(undone.stderr).toBe('');
    expect(undone.code).toBe(0);
    expect(undone.stdout).toContain('1 item reverted');
    const after = await run('undo', '--list', '--data', dataDir, '--journal', file);
    expect(after.stdout).toContain('[undone]');
    expect(after.stdout).toContain('undo ');

    // The item is back to v = 1: check through a fresh server on the same directory.
    const again = await serve(dataDir, file);
    const item = await api(again.server, 'POST', `${items}/get`, { Key: { id: { S: 'kept' } } });
    expect(item.json['item']).toEqual({ id: { S: 'kept' }, v: { N: '1' } });
  });

  it('refuses, naming the item, when it changed since, and exits 1', async () => {
    const dir = tempDir();
    const dataDir = join(dir, 'engine');
    const file = join(dir, 'journal.jsonl');
    const first = await serve(dataDir, file);
    await createTable(first.server);
    await api(first.server, 'POST', `${items}/put`, { Item: { id: { S: 'x' }, v: { N: '1' } } });
    await first.stop();
    // Changed by a write the journal does not know of.
    const other = await serve(dataDir, join(dir, 'other-journal.jsonl'));
    await api(other.server, 'POST', `${items}/put`, { Item: { id: { S: 'x' }, v: { N: '5' } } });
    await other.stop();
    const refused = await run('undo', '--last', '1', '--yes', '--data', dataDir, '--journal', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('id = "x"');
    expect(refused.stderr).toContain("'v' differs");
    expect(refused.stderr).toContain('nothing was written');
  });
});
