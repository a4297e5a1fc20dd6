/**
 * What a stream costs a PutItem, counted in CPU rather than wall time (which a
 * shared machine makes unreliable): `count` puts in process on a table
 * without a stream, then on one with a NEW_AND_OLD_IMAGES stream, each put
 * changing its item so each makes a record. Run under `node --cpu-prof` and
 * read the profile with self-time.ts.
 * `stream-puts <count> [memory|disk]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, openEngine } from '../../src/index.js';
import { benchItem, TABLE_INPUT } from '../items.js';

const count = Number(process.argv[2] ?? 10_000);
const onDisk = process.argv[3] === 'disk';
const dir = onDisk ? mkdtempSync(join(tmpdir(), 'stream-profile-')) : undefined;
const engine = dir === undefined ? createEngine({ region: 'us-east-1' }) : openEngine({ dataDir: dir, durability: 'normal' });
engine.execute('CreateTable', { ...TABLE_INPUT, TableName: 'plain' });
engine.execute('CreateTable', { ...TABLE_INPUT, TableName: 'streamed', StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } });

function puts(table: string): void {
  for (let i = 0; i < count; i++) {
    const item = benchItem(i % 5000, 5000);
    item.data.S = `${i}${item.data.S.slice(String(i).length)}`;
    engine.execute('PutItem', { TableName: table, Item: item });
  }
}
// Warm both paths up, then the measured runs (named so the profile tells them apart).
puts('plain');
puts('streamed');
function measuredPlain(): void {
  puts('plain');
}
function measuredStreamed(): void {
  puts('streamed');
}
measuredPlain();
measuredStreamed();
engine.close();
if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
