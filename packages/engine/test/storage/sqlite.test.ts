/**
 * The on-disk store: the shared contract, then what only a durable store
 * has: reopening, rollback, exclusive use of a directory, format versions.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteStorage } from '../../src/storage/sqlite.js';
import { DATABASE_FILE } from '../../src/storage/sqlite-open.js';
import { STORAGE_FORMAT } from '../../src/storage/sqlite-schema.js';
import { indexSpace, tableSpace } from '../../src/storage/storage.js';
import type { Storage } from '../../src/storage/storage.js';
import { del, put, spread, storageSuite } from './storage-suite.js';
import { temporaryDirectories } from './temp-dirs.js';

const newDirectory = temporaryDirectories('dynotable-sqlite-');

storageSuite('sqlite', {
  open: () => SqliteStorage.open(newDirectory(), { durability: 'normal' }),
  dispose: (storage: Storage) => storage.close(),
});

function entries(storage: Storage, space: string) {
  return [...storage.scan(space, { index: 0, total: 1 })];
}

describe('sqlite storage on disk', () => {
  it('keeps items, counts and table records across a close and a reopen', () => {
    const dir = newDirectory();
    const first = SqliteStorage.open(dir);
    const writes = spread(tableSpace('t'), 50, 4);
    first.write(writes);
    first.write([put(indexSpace('t', 'gsi'), 'g', 's', { b: { B: new Uint8Array([0, 255]) } }, 9), del(tableSpace('t'), writes[0]!.partition, writes[0]!.sort)]);
    first.saveTable({ name: 't', meta: { keys: ['pk'] } });
    const before = { items: entries(first, tableSpace('t')), stats: first.stats(tableSpace('t')) };
    first.close();

    const second = SqliteStorage.open(dir);
    expect(second.tables()).toEqual([{ name: 't', meta: { keys: ['pk'] } }]);
    expect(entries(second, tableSpace('t'))).toEqual(before.items);
    expect(second.stats(tableSpace('t'))).toEqual(before.stats);
    expect(before.stats.itemCount).toBe(199);
    expect(second.get(indexSpace('t', 'gsi'), 'g', 's')?.item).toEqual({ b: { B: new Uint8Array([0, 255]) } });
    expect(second.stats(indexSpace('t', 'gsi'))).toEqual({ itemCount: 1, sizeBytes: 9 });
    second.close();
  });

  it('applies none of a batch that fails part-way', () => {
    const storage = SqliteStorage.open(newDirectory());
    const t = tableSpace('t');
    storage.write([put(t, 'p', 'kept', { v: { N: '1' } }, 3)]);
    // A value JSON cannot hold makes the third write throw after two have run.
    const unwritable = { v: { N: 1n } } as unknown as Record<string, never>;
    expect(() =>
      storage.write([put(t, 'p', 'kept', { v: { N: '2' } }, 5), put(indexSpace('t', 'new'), 'p', 'x', {}), put(t, 'p', 'bad', unwritable)]),
    ).toThrow();
    expect(storage.get(t, 'p', 'kept')?.item).toEqual({ v: { N: '1' } });
    expect(storage.stats(t)).toEqual({ itemCount: 1, sizeBytes: 3 });
    expect(storage.get(indexSpace('t', 'new'), 'p', 'x')).toBeUndefined();
    // The space the failed batch created is gone, and can be created again.
    storage.write([put(indexSpace('t', 'new'), 'p', 'x', {}, 2)]);
    expect(storage.stats(indexSpace('t', 'new'))).toEqual({ itemCount: 1, sizeBytes: 2 });

    expect(() =>
      storage.atomic(() => {
        storage.saveTable({ name: 'half', meta: {} });
        storage.write([put(t, 'p', 'half', {})]);
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(storage.tables()).toEqual([]);
    expect(storage.get(t, 'p', 'half')).toBeUndefined();
    storage.close();
  });

  it('lets the engine write while it walks a long range or scan', () => {
    const storage = SqliteStorage.open(newDirectory(), { durability: 'normal' });
    const t = tableSpace('t');
    const writes = spread(t, 1, 3000);
    storage.write(writes);
    let walked = 0;
    for (const entry of storage.range(t, writes[0]!.partition, {}, true)) {
      if (walked++ % 500 === 0) storage.write([put(t, entry.partition, entry.sort, { touched: { BOOL: true } })]);
    }
    expect(walked).toBe(3000);
    walked = 0;
    for (const entry of storage.scan(t, { index: 0, total: 1 })) {
      if (walked++ % 500 === 0) storage.write([del(t, entry.partition, entry.sort)]);
    }
    expect(walked).toBe(3000);
    expect(storage.stats(t).itemCount).toBe(2994);
    storage.close();
  });

  it('refuses a second open of the same directory in this process until the first is closed', () => {
    const dir = newDirectory();
    const first = SqliteStorage.open(dir);
    expect(() => SqliteStorage.open(dir)).toThrow(`The data directory ${dir} is in use by another DynoTable engine (process ${process.pid})`);
    first.close();
    const second = SqliteStorage.open(dir);
    second.close();
  });

  it('refuses a directory another process holds, and opens it once that process is killed', async () => {
    const dir = newDirectory();
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'hold-directory.ts'), dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
    expect(() => SqliteStorage.open(dir)).toThrow(`is in use by another DynoTable engine (process ${child.pid})`);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // The killed process's lock died with it; its last acknowledged write is there.
    const storage = SqliteStorage.open(dir);
    expect([...storage.range('held', 'p', {}, true)].map((entry) => entry.sort)).toEqual([String(child.pid)]);
    storage.close();
  });

  it('refuses a newer storage format, naming it and what to do', () => {
    const dir = newDirectory();
    SqliteStorage.open(dir).close();
    const db = new Database(join(dir, DATABASE_FILE));
    db.pragma(`user_version = ${STORAGE_FORMAT + 98}`);
    db.close();
    expect(() => SqliteStorage.open(dir)).toThrow(
      `was written by a newer DynoTable (storage format ${STORAGE_FORMAT + 98}); this version reads formats up to ${STORAGE_FORMAT}. Upgrade DynoTable`,
    );
    // The refusal released the directory and left the file as it was.
    expect(() => SqliteStorage.open(dir)).toThrow('storage format');
  });

  it('refuses an older format it cannot migrate, and files that are not its own', () => {
    const older = newDirectory();
    SqliteStorage.open(older).close();
    const db = new Database(join(older, DATABASE_FILE));
    db.pragma('user_version = 0');
    db.close();
    expect(() => SqliteStorage.open(older)).toThrow(`uses storage format 0, which this version cannot migrate to format ${STORAGE_FORMAT}`);

    const foreign = newDirectory();
    const other = new Database(join(foreign, DATABASE_FILE));
    other.exec('CREATE TABLE notes (text TEXT)');
    other.close();
    expect(() => SqliteStorage.open(foreign)).toThrow('is not a DynoTable data file (it holds other tables)');

    const garbage = newDirectory();
    writeFileSync(join(garbage, DATABASE_FILE), 'this is not a database, just some text that is long enough'.repeat(100));
    expect(() => SqliteStorage.open(garbage)).toThrow('is not a DynoTable data file (not a database)');
  });
});
