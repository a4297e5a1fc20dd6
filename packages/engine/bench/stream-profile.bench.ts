/**
 * What a DynamoDB stream costs a PutItem in process.
 *
 * By default as CPU time from a V8 profile rather than wall time (which other
 * work on a shared machine skews): entries/stream-puts.ts runs N puts without
 * and N with a stream under `node --cpu-prof`, and self-time.ts reads the
 * profile. Needs the engine's build (`npx tsc -b`).
 * `npm run bench:stream-profile [-- <puts a round> [memory|disk] [files|functions]]`
 *
 * With `--wall [runs]`: only bench:engine's stream rows (its entries/streams.ts
 * bundle, the same figures), run `runs` times (default 5) in fresh processes,
 * each run's ratio printed and their median, as noise on a shared machine
 * moves a single run's ratio by several percent. `--baseline=<streams.mjs>`
 * (that bundle of an earlier build) takes turns with this build's.
 * `npm run bench:stream-profile -- --wall [runs] [--quick] [--baseline=<streams.mjs>]`
 *
 * With `--separate [runs] [puts a round]`: CPU time of puts without and with
 * a stream, each in a process of its own (separateRuns).
 * `npm run bench:stream-profile -- --separate [runs] [puts a round]`
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBundles } from './build.js';
import type { StreamsResult } from './report.js';
import { selfTimeReport, type Profile } from './self-time.js';

/** entries/stream-puts.ts's rounds of each kind, all in the profile. */
const ROUNDS = 5;
const args = process.argv.slice(2);

function profileRun(): void {
  const [countText = '10000', store = 'memory', grouping = 'files'] = args;
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
}

/** How much longer a put takes with a stream, in percent. */
const slowerPercent = (without: number, withStream: number) => Math.round((without / withStream - 1) * 1000) / 10;

async function wallRuns(): Promise<void> {
  const runs = Number(args[1] ?? 5) || 5;
  const quick = args.includes('--quick');
  const baseline = args.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length);
  const bundles = await buildBundles();
  const builds: Record<string, string> = baseline === undefined ? { now: bundles.streams } : { baseline, now: bundles.streams };
  const inProcess: Record<string, number[]> = {};
  const http: Record<string, number[]> = {};
  try {
    for (let run = 0; run < runs; run++) {
      // With a baseline, the builds take turns (first one, then the other), so load swings hit both.
      const names = Object.keys(builds);
      for (const name of run % 2 === 0 ? names : names.reverse()) {
        const child = spawnSync(process.execPath, [builds[name]!, String(quick ? 300 : 1000), String(quick ? 3 : 7)], { encoding: 'utf8' });
        if (child.status !== 0) throw new Error(`streams failed: ${child.stderr}`);
        const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as StreamsResult;
        // The paired rounds' median when the bundle measures them (a baseline bundle may not).
        const pairs = result.inProcessPairs;
        (inProcess[name] ??= []).push(pairs ? Math.round(pairs.slowerPercent * 10) / 10 : slowerPercent(result.inProcessPutWithout, result.inProcessPutWith));
        (http[name] ??= []).push(slowerPercent(result.httpPutWithout, result.httpPutWith));
        console.log(
          `run ${run + 1} (${name}): in process ${Math.round(result.inProcessPutWithout)}/s without, ${Math.round(result.inProcessPutWith)}/s with (${inProcess[name]!.at(-1)}% slower${pairs ? `, quartiles ${pairs.slowerLow.toFixed(1)}% to ${pairs.slowerHigh.toFixed(1)}% over ${pairs.count} pairs by ${pairs.basis} time, all rounds ${pairs.totalSlowerPercent?.toFixed(1) ?? '—'}%, wall ${pairs.wallSlowerPercent.toFixed(1)}%` : ''}); ` +
            `HTTP ${http[name]!.at(-1)}% slower; write to GetRecords median ${result.visibleMedianMs.toFixed(3)} ms, p99 ${result.visibleP99Ms.toFixed(3)} ms`,
        );
      }
    }
  } finally {
    bundles.remove();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const name of Object.keys(builds)) {
    const verdict = (percent: number) => (percent <= 10 ? 'met' : 'not met');
    const [inside, overHttp] = [median(inProcess[name]!), median(http[name]!)];
    console.log(`${name}: median of ${runs} runs: in process ${inside}% slower with a stream (within 10%: ${verdict(inside)}), HTTP ${overHttp}% slower (${verdict(overHttp)})`);
  }
}

/**
 * Each kind of put in a process of its own, taking turns `runs` times: the
 * CPU time of a stream's puts includes collecting the garbage its records
 * make, which in one process would partly fall on the plain puts' rounds.
 */
function separateRuns(): void {
  const runs = Number(args[1] ?? 5) || 5;
  const count = args[2] ?? '25000';
  const entry = fileURLToPath(new URL('./entries/stream-puts.ts', import.meta.url));
  const ratios: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpu: Record<string, number> = {};
    for (const kind of run % 2 === 0 ? ['plain', 'streamed'] : ['streamed', 'plain']) {
      const child = spawnSync(process.execPath, ['--import', 'tsx', entry, count, 'memory', kind], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`stream-puts failed: ${child.stderr}`);
      const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as { plainCpuMs: number; streamedCpuMs: number };
      cpu[kind] = kind === 'plain' ? result.plainCpuMs : result.streamedCpuMs;
    }
    ratios.push(Math.round((cpu.streamed! / cpu.plain! - 1) * 1000) / 10);
    console.log(`run ${run + 1}: median CPU ms per ${count} puts: without a stream ${Math.round(cpu.plain!)}, with ${Math.round(cpu.streamed!)} (${ratios.at(-1)! >= 0 ? '+' : ''}${ratios.at(-1)}%)`);
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  console.log(`median of ${runs} runs: a stream adds ${median}% CPU time to a PutItem in process`);
}

if (args[0] === '--wall') await wallRuns();
else if (args[0] === '--separate') separateRuns();
else profileRun();
