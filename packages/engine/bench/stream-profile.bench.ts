/**
 * What a DynamoDB stream costs a PutItem in process, as CPU time from a V8
 * profile rather than wall time (which other work on a shared machine
 * skews): entries/stream-puts.ts runs N puts without and N with a stream under
 * `node --cpu-prof`, and self-time.ts reads the profile. Needs the engine's
 * build (`npx tsc -b`).
 * `npm run bench:stream-profile [-- <puts a round> [memory|disk] [files|functions]]`
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selfTimeReport, type Profile } from './self-time.js';

/** entries/stream-puts.ts's rounds of each kind, all in the profile. */
const ROUNDS = 5;
const [countText = '10000', store = 'memory', grouping = 'files'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'stream-profile-'));
try {
  const entry = fileURLToPath(new URL('./entries/stream-puts.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${dir}`, entry, countText, store], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`stream-puts failed: ${run.stderr}`);
  // tsx's loader thread writes a profile of its own: the main thread's is the largest.
  const [largest] = readdirSync(dir)
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  const profile = JSON.parse(readFileSync(largest!, 'utf8')) as Profile;
  const cpu = JSON.parse(run.stdout.trim().split('\n').pop()!) as { plainCpuMs: number; streamedCpuMs: number };
  const per10k = (ms: number) => Math.round((ms * 10_000) / Number(countText));
  console.log(`${countText} puts a round, ${store}: median CPU time (process.cpuUsage) per 10k puts: without a stream ${per10k(cpu.plainCpuMs)} ms, with ${per10k(cpu.streamedCpuMs)} ms (+${Math.round((cpu.streamedCpuMs / cpu.plainCpuMs - 1) * 1000) / 10}%)`);
  console.log('From the profile (all rounds):');
  for (const line of selfTimeReport(profile, Number(countText) * ROUNDS, grouping === 'functions')) console.log(line);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
