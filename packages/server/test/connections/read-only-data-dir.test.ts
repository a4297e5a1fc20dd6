/**
 * The embedded engine opened read-only (`dynotable --read-only`) on a data
 * folder: its tables are read as they are and nothing in the folder is
 * created or changed — no database where there was none, no -wal, -shm or pid
 * file, no TTL deletion — and a folder an engine holds is refused.
 */
import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataDirectoryInUseError, NoDatabaseError } from '@dynotable/engine';
import { openEmbedded } from '../../src/connections/embedded.js';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dynotable-read-only-dir-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function listing(dir: string): string[] {
  return [dir, ...readdirSync(dir).map((name) => join(dir, name))].map((path) => {
    const info = lstatSync(path);
    return `${path} ${info.size} ${info.mtimeMs} ${(info.mode & 0o777).toString(8)}`;
  });
}

const TABLE = {
  TableName: 'Things',
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
  BillingMode: 'PAY_PER_REQUEST',
};

describe('a data folder opened read-only', () => {
  it('is read as it is, and nothing in it changes', async () => {
    const dataDir = join(root, 'engine');
    const writer = openEmbedded(dataDir);
    writer.engine.execute('CreateTable', TABLE);
    writer.engine.execute('UpdateTimeToLive', { TableName: 'Things', TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' } });
    writer.engine.execute('PutItem', { TableName: 'Things', Item: { pk: { S: 'kept' } } });
    writer.engine.execute('PutItem', { TableName: 'Things', Item: { pk: { S: 'expired' }, expires: { N: '1000' } } });
    writer.close();
    const before = listing(dataDir);

    // A controllable clock: every timer the reader starts (a TTL sweep runs every second) fires on demand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const reader = openEmbedded(dataDir, { readOnly: true });
    try {
      expect(reader.fresh).toBe(false);
      expect(reader.engine.execute('Scan', { TableName: 'Things' })['Count']).toBe(2);
      expect(() => reader.engine.execute('PutItem', { TableName: 'Things', Item: { pk: { S: 'new' } } })).toThrow();
      // Five sweep periods: a TTL sweep would have deleted the expired item, were one running.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(reader.engine.execute('Scan', { TableName: 'Things' })['Count']).toBe(2);
      expect(listing(dataDir)).toEqual(before);
    } finally {
      reader.close();
      vi.useRealTimers();
    }
    expect(listing(dataDir)).toEqual(before);
  });

  it('without a database, is refused and not created', () => {
    const dataDir = join(root, 'never-used', 'engine');
    expect(() => openEmbedded(dataDir, { readOnly: true })).toThrow(NoDatabaseError);
    expect(existsSync(join(root, 'never-used'))).toBe(false);
  });

  it('while an engine holds it with writes not yet merged, is refused', () => {
    const dataDir = join(root, 'held');
    const writer = openEmbedded(dataDir);
    try {
      writer.engine.execute('CreateTable', TABLE);
      const before = listing(dataDir);
      expect(() => openEmbedded(dataDir, { readOnly: true })).toThrow(DataDirectoryInUseError);
      expect(listing(dataDir)).toEqual(before);
    } finally {
      writer.close();
    }
  });
});
