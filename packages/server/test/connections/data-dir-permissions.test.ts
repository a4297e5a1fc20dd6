/**
 * The embedded engine's data folder holds the user's tables: a folder it
 * creates is 0700, and the database file with its -wal (and -shm, when there
 * is one) and the pid file are 0600 — like the journal beside them — whatever
 * the umask leaves for ordinary files. An older database file readable by
 * others is narrowed when it is opened.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '@dynotable/engine';
import { openEmbedded } from '../../src/connections/embedded.js';

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

let root: string;
const opened: { close(): void }[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dynotable-modes-'));
});

afterEach(() => {
  for (const engine of opened.splice(0)) engine.close();
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('the data folder', () => {
  it('is created 0700 (every level made), with the database, its -wal and the pid file 0600', () => {
    const dataDir = join(root, 'share', 'dynotable', 'engine');
    const embedded = openEmbedded(dataDir);
    opened.push(embedded);
    // A write, so that the write-ahead log holds something while the engine is open.
    embedded.engine.execute('CreateTable', {
      TableName: 'Things',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    embedded.engine.execute('PutItem', { TableName: 'Things', Item: { pk: { S: 'a' } } });

    expect(mode(join(root, 'share'))).toBe('700');
    expect(mode(join(root, 'share', 'dynotable'))).toBe('700');
    expect(mode(dataDir)).toBe('700');
    const database = join(dataDir, DATABASE_FILE);
    expect(mode(database)).toBe('600');
    expect(existsSync(`${database}-wal`)).toBe(true);
    expect(mode(`${database}-wal`)).toBe('600');
    if (existsSync(`${database}-shm`)) expect(mode(`${database}-shm`)).toBe('600');
    expect(mode(join(dataDir, 'dynotable.pid'))).toBe('600');
  });

  it('narrows a database file that others could read', () => {
    const dataDir = join(root, 'old');
    openEmbedded(dataDir).close();
    chmodSync(join(dataDir, DATABASE_FILE), 0o644);
    const embedded = openEmbedded(dataDir);
    opened.push(embedded);
    expect(mode(join(dataDir, DATABASE_FILE))).toBe('600');
  });
});
