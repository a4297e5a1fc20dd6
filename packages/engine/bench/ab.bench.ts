/**
 * A/B of two engine builds over HTTP beside the floor server, for performance
 * work on a busy machine: every round runs on each server in turn, so load
 * swings hit both builds alike. The baseline is a bundled engine server
 * (`engine-server.mjs` from an earlier build of bench/entries). `--only=get-seq,put-seq`
 * limits the measurements; besides calls per second it prints the server's CPU
 * time per call (Linux schedstat), which a busy machine disturbs far less.
 *
 * `--decompose` adds two servers that split the engine server's cost over the
 * floor's: `floor+heap`, the floor holding an engine with the items in memory
 * (the cost of the heap alone), and `plain-http`, the engine's work behind the
 * floor's bare HTTP handling (the cost of the engine server's own HTTP layer,
 * by its difference from `after`).
 *
 * `node --import tsx packages/engine/bench/ab.bench.ts --baseline=<engine-server.mjs>
 *  [--rounds=7] [--items=5000] [--calls=500] [--local] [--decompose]`
 */
import { spawn } from 'node:child_process';
import { buildBundles, bundlesIn } from './build.js';
import { processCpuNs as cpuNs } from './cpu-time.js';
import type { Bundles } from './build.js';
import { client, ENGINE_NODE_FLAGS, residentBytes, startServer, startSpawned } from './servers.js';
import type { RunningServer } from './servers.js';
import { load, MEASUREMENTS, measurements, median } from './workload.js';
import type { Measurement, WorkloadSizes } from './workload.js';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const baseline = option('baseline');
const rounds = Number(option('rounds') ?? 7);
const items = Number(option('items') ?? 5_000);
const calls = Number(option('calls') ?? 500);
const only = option('only')?.split(',') as Measurement[] | undefined;
const sizes: WorkloadSizes = { items, singleCalls: calls, queries: Math.max(50, calls / 5), batches: 20, transactions: 50, scans: 1, rounds };

function startBundle(path: string, flags = ENGINE_NODE_FLAGS, args: string[] = []): Promise<RunningServer> {
  return startSpawned('engine', (port) => spawn(process.execPath, [...flags, path, String(port), ...args], { stdio: ['ignore', 'ignore', 'inherit'] }));
}

// --after=<dir> uses bundles built elsewhere (engine-server.mjs, floor-server.mjs, in-process.mjs).
const afterDir = option('after');
const bundles: Bundles = afterDir
  ? bundlesIn(afterDir)
  : await buildBundles();
const servers: Record<string, RunningServer> = {};
try {
  if (baseline) servers.before = await startBundle(baseline);
  servers.after = await startBundle(bundles.engineServer);
  servers.floor = await startServer('floor', bundles);
  // Extra servers: --extra=name=path[,flag...] (e.g. the floor under the engine's V8 flags).
  for (const extra of args.filter((a) => a.startsWith('--extra=')).map((a) => a.slice(8))) {
    const [name, spec] = extra.split(/=(.*)/s) as [string, string];
    const [path, ...flags] = spec.split(',');
    servers[name] = await startBundle(path!, flags);
  }
  if (args.includes('--decompose')) {
    servers['floor+heap'] = await startBundle(bundles.floorHoldingEngine, ENGINE_NODE_FLAGS, [String(items)]);
    servers['plain-http'] = await startBundle(bundles.enginePlainHttp);
  }
  if (args.includes('--local')) servers.local = await startServer('dynamodb-local', bundles);
  const sdks = Object.fromEntries(Object.entries(servers).map(([name, s]) => [name, client(s.endpoint)]));
  const rss: Record<string, number | null> = {};
  for (const [name, sdk] of Object.entries(sdks)) {
    // The floors answer fixed bodies: nothing to load.
    if (!name.startsWith('floor')) await load(sdk, items);
    rss[name] = residentBytes(servers[name]!.pid);
  }
  const runs = Object.fromEntries(Object.entries(sdks).map(([name, sdk]) => [name, measurements(sdk, sizes, { scan: !name.startsWith('floor') })]));
  const names = Object.keys(runs);
  const rows: string[] = [];
  const fmt = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(n < 100 ? 2 : 0));
  rows.push(['measurement', ...names, 'after/before', 'after/floor', 'before/floor', 'after/local'].join('\t'));
  for (const key of only ?? MEASUREMENTS) {
    const samples: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    for (let round = 0; round < (key === 'scan' ? 3 : rounds); round++) {
      // Alternate which build goes first, so neither always follows the other.
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const name of order) {
        const run = runs[name]![key];
        if (!run) continue;
        const pid = servers[name]!.pid;
        const before = cpuNs(pid);
        const began = performance.now();
        const perSecond = await run();
        const callsDone = (perSecond * (performance.now() - began)) / 1000;
        (samples[name] ??= []).push(perSecond);
        (cpu[name] ??= []).push((cpuNs(pid) - before) / 1000 / callsDone);
      }
    }
    const m = Object.fromEntries(Object.entries(samples).map(([n, v]) => [n, median(v)]));
    const r = (a: string, b: string) => (m[a] && m[b] ? `${(m[a] / m[b]).toFixed(3)}` : '—');
    const us = names.map((n) => `${n} ${median(cpu[n] ?? [0]).toFixed(0)}`).join(' ');
    rows.push([key, ...names.map((n) => fmt(m[n])), r('after', 'before'), r('after', 'floor'), r('before', 'floor'), r('after', 'local'), `server CPU µs/call: ${us}`].join('\t'));
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  rows.push(`RSS MB after ${items} items: ${Object.entries(rss).map(([n, b]) => `${n} ${b === null ? '—' : (b / 1048576).toFixed(1)}`).join(', ')}`);
  console.log(rows.join('\n'));
  for (const sdk of Object.values(sdks)) sdk.destroy();
} finally {
  for (const s of Object.values(servers)) await s.stop();
  bundles.remove();
}
