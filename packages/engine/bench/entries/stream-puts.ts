/**
 * What a stream costs a PutItem, counted in CPU rather than wall time (which a
 * shared machine makes unreliable): rounds of `count` puts in process on a
 * table without a stream, then on one with a NEW_AND_OLD_IMAGES stream, each
 * put changing its item so each makes a record; prints the median CPU time of
 * each (process.cpuUsage) as one JSON line. Run under `node --cpu-prof` and
 * read the profile with self-time.ts (stream-profile.bench.ts does both).
 * The engine is its build (dist), as users run it: no transpiler's helpers
 * in the profile.
 * `stream-puts <count> [memory|disk] [plain|streamed]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, openEngine } from '@dynotable/engine';
import { benchItem, TABLE_INPUT } from '../items.js';

const count = Number(process.argv[2] ?? 10_000);
const onDisk = process.argv[3] === 'disk';
/** `plain` or `streamed`: only that table's puts, so neither pays for the other's garbage. */
const only = process.argv[4];
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
/** CPU time (user and system, which time spent waiting for a core does not inflate) of one run, in ms. */
function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

// Warm both paths up, then interleaved rounds (the functions are named so the profile tells them apart).
if (only !== 'streamed') puts('plain');
if (only !== 'plain') puts('streamed');
function measuredPlain(): void {
  puts('plain');
}
function measuredStreamed(): void {
  puts('streamed');
}
const rounds = { plain: [] as number[], streamed: [] as number[] };
for (let round = 0; round < 5; round++) {
  if (only !== 'streamed') rounds.plain.push(cpuMs(measuredPlain));
  if (only !== 'plain') rounds.streamed.push(cpuMs(measuredStreamed));
}
engine.close();
if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
process.stdout.write(`${JSON.stringify({ puts: count, rounds: 5, plainCpuMs: median(rounds.plain), streamedCpuMs: median(rounds.streamed) })}\n`);
