/**
 * `npm run bench:engine [-- --quick] [-- --targets] [-- --servers=engine,floor] [-- --no-disk]`: the same
 * workload against the engine over HTTP, DynamoDB Local, dynalite and a floor
 * server that answers fixed bodies, each in its own process, plus the engine's
 * in-process API, the start of the built `dynotable engine` command, what a DynamoDB stream costs
 * (entries/streams.ts), then the on-disk store (bench:disk).
 * Prints medians, ratios and PASS/MISS per target. A report, not a test: the exit status says only whether it ran.
 *
 * All servers run side by side and every measurement's rounds are interleaved
 * (round 1 on each server, then round 2...), so a busy machine slows them all
 * alike and the ratios stay fair. A first round on each server warms its code
 * up and is not counted, and the order rotates from round to round.
 *
 * `--targets` is the run that decides the speed targets: only the measurements
 * they name (PutItem and GetItem sequential, Query of 100 items, Scan), the
 * engine, DynamoDB Local and the floor, and more rounds. A target's figure is
 * the median of per-round ratios (each round's two servers ran one after the
 * other, so a load swing hits both), printed with the spread of the rounds.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { buildBundles } from './build.js';
import { formatDisk, measureDisk } from './disk.bench.js';
import type { Bundles } from './build.js';
import { formatResults, formatStreams, formatTargets, streamTargets, targets } from './report.js';
import type { InProcessResult, Results, StreamsResult } from './report.js';
import { ownCpuNs, processCpuNs } from './cpu-time.js';
import { client, dynotableEngineRunsItsBundle, residentBytes, startDynotableEngine, startServer } from './servers.js';
import type { RunningServer, ServerName } from './servers.js';
import { load, MEASUREMENTS, measurements, median } from './workload.js';
import type { Measurement, WorkloadSizes } from './workload.js';
import { TARGET_MEASUREMENTS } from './report.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const forTargets = args.includes('--targets');
const only = args.find((a) => a.startsWith('--servers='))?.slice('--servers='.length).split(',') ?? (forTargets ? ['engine', 'dynamodb-local', 'floor'] : undefined);

const sizes: WorkloadSizes = quick
  ? { items: 5_000, singleCalls: 300, queries: 50, batches: 20, transactions: 50, scans: 1, rounds: 1 }
  : forTargets
    ? // Short rounds and many of them: a median of 15 rides out a busy minute better than 7 long rounds.
      { items: 50_000, singleCalls: 600, queries: 150, batches: 40, transactions: 150, scans: 7, rounds: 15 }
    : { items: 50_000, singleCalls: 1_000, queries: 150, batches: 40, transactions: 150, scans: 3, rounds: 7 };
const measured: readonly Measurement[] = forTargets ? TARGET_MEASUREMENTS : MEASUREMENTS;
const coldStarts = quick ? 2 : forTargets ? 9 : 5;
const inProcessMs = quick ? 500 : forTargets ? 1_000 : 2_000;
const inProcessRuns = quick ? 1 : forTargets ? 5 : 3;

const ALL: ServerName[] = ['engine', 'dynamodb-local', 'dynalite', 'floor'];
const servers = ALL.filter((s) => only === undefined || only.includes(s));
const log = (who: string, text: string) => process.stderr.write(`[${who}] ${text}\n`);
const message = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

function javaMissing(): boolean {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return Boolean(result.error) || result.status !== 0;
}

interface Live {
  server: RunningServer;
  sdk: DynamoDBClient;
}

async function startAndLoad(name: ServerName, bundles: Bundles, results: Results): Promise<Live | null> {
  const result = (results[name] = { rates: {} } as NonNullable<Results[ServerName]>);
  if (name === 'dynamodb-local' && javaMissing()) {
    result.error = 'java is not available, so DynamoDB Local was skipped';
    return null;
  }
  let started: Live | undefined;
  try {
    const server = await startServer(name, bundles);
    started = { server, sdk: client(server.endpoint) };
    if (name !== 'floor') {
      const began = performance.now();
      await load(started.sdk, sizes.items);
      log(name, `loaded ${sizes.items} items in ${Math.round(performance.now() - began)} ms`);
    }
    result.rssBytes = residentBytes(server.pid);
    return started;
  } catch (error) {
    result.error = `failed: ${message(error)}`;
    log(name, result.error);
    started?.sdk.destroy();
    await started?.server.stop();
    return null;
  }
}

async function measureAll(live: Partial<Record<ServerName, Live>>, results: Results): Promise<void> {
  const runs = Object.fromEntries(
    Object.entries(live).map(([name, l]) => [name, measurements(l.sdk, sizes, { scan: name !== 'floor' })]),
  ) as Partial<Record<ServerName, ReturnType<typeof measurements>>>;
  for (const key of measured) {
    // Indexed by round (round 1 at 0), so that the report can pair the servers' rates of one round.
    const samples: Partial<Record<ServerName, (number | undefined)[]>> = {};
    const cpu: Partial<Record<ServerName, (number | undefined)[]>> = {};
    const rounds = key === 'scan' ? sizes.scans : sizes.rounds;
    const names = Object.keys(runs) as ServerName[];
    // Round 0 warms each server's code path up and is not counted; each round starts with the
    // next server, so none always runs first (just after loading) or always after the same one.
    for (let round = 0; round <= rounds; round++) {
      for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
        const run = runs[name]?.[key];
        if (run === undefined || results[name]?.error?.includes(`${key}:`)) continue;
        try {
          const pid = live[name]!.server.pid;
          const cpuBefore = processCpuNs(pid) + ownCpuNs();
          const began = performance.now();
          const rate = await run();
          const calls = (rate * (performance.now() - began)) / 1000;
          if (round > 0) {
            (samples[name] ??= [])[round - 1] = rate;
            // The server's CPU and the client's (this process, the same SDK for every server), per call.
            (cpu[name] ??= [])[round - 1] = (processCpuNs(pid) + ownCpuNs() - cpuBefore) / 1000 / calls;
          }
        } catch (error) {
          const result = results[name]!;
          result.error = `${result.error ? `${result.error}; ` : 'not measured: '}${key}: ${message(error)}`;
          delete samples[name];
        }
      }
    }
    for (const [name, values] of Object.entries(samples)) {
      const counted = values.filter((v) => v !== undefined);
      if (counted.length === 0) continue;
      const result = results[name as ServerName]!;
      result.rates[key] = median(counted);
      (result.rounds ??= {})[key] = values;
      (result.cpuRounds ??= {})[key] = cpu[name as ServerName] ?? [];
    }
    log('bench', `${key}: ${Object.entries(samples).map(([n, v]) => `${n} ${v.map((x) => (x === undefined ? '—' : x.toFixed(x < 10 ? 2 : 0))).join(' ')}`).join('; ')}`);
  }
}

async function measureColdStarts(bundles: Bundles, names: ServerName[], results: Results): Promise<void> {
  const samples: Partial<Record<ServerName, number[]>> = {};
  for (let round = 0; round < coldStarts; round++) {
    for (const name of names) {
      try {
        const server = await startServer(name, bundles);
        (samples[name] ??= []).push(server.startMs);
        await server.stop();
      } catch (error) {
        log(name, `cold start failed: ${message(error)}`);
      }
    }
  }
  for (const [name, values] of Object.entries(samples)) {
    results[name as ServerName]!.startMs = median(values);
    log(name, `cold start samples (ms): ${values.map((v) => Math.round(v)).join(', ')}`);
  }
}

/**
 * What NODE_EXTRA_CA_CERTS adds to every start of this Node.js (the median of five `node -e 0`
 * with it, less the median without it, in milliseconds), or undefined when it is not set.
 * Node.js 20 reads and parses the file as it starts; Node.js 22 and later only when TLS first needs it.
 */
function extraCaCertsCostMs(withoutCa: NodeJS.ProcessEnv): number | undefined {
  if (process.env['NODE_EXTRA_CA_CERTS'] === undefined) return undefined;
  const startMs = (env: NodeJS.ProcessEnv) =>
    median(
      Array.from({ length: 5 }, () => {
        const started = performance.now();
        spawnSync(process.execPath, ['-e', '0'], { env });
        return performance.now() - started;
      }),
    );
  return startMs(process.env) - startMs(withoutCa);
}

/**
 * The built command from spawn to its first answer. A first start, stopped
 * cleanly, leaves V8's code cache as the command does on a user's machine;
 * it is not counted. It starts without NODE_EXTRA_CA_CERTS, a setting of the
 * machine that costs Node.js 20 the same at every start of any script: what it
 * adds here is measured and printed beside the samples.
 */
async function measureCommandStart(results: Results): Promise<void> {
  const engine = results.engine;
  if (engine === undefined) return;
  if (!dynotableEngineRunsItsBundle()) {
    log('dynotable', 'start not measured: TypeScript compiled something after the last `npm run build`, so the command would run the compiled files, not the bundle users run; run `npm run build` first');
    return;
  }
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  const withoutCa = { ...process.env };
  delete withoutCa['NODE_EXTRA_CA_CERTS'];
  const caCost = extraCaCertsCostMs(withoutCa);
  if (caCost !== undefined) log('dynotable', `NODE_EXTRA_CA_CERTS is set: it adds ${Math.round(caCost)} ms to every start of Node.js ${process.version} (node -e 0); the command is timed without it`);
  try {
    for (let round = 0; round <= coldStarts; round++) {
      const server = await startDynotableEngine(withoutCa);
      if (round > 0) {
        samples.push(server.startMs);
        cpuSamples.push(server.startCpuMs);
      }
      await server.stop(round === 0 ? 'SIGTERM' : 'SIGKILL');
    }
  } catch (error) {
    log('dynotable', `start failed (run \`npm run build\` first): ${message(error)}`);
    return;
  }
  engine.commandStartMs = median(samples);
  engine.commandStartSamples = samples;
  engine.commandStartCpuSamples = cpuSamples;
  log('dynotable', `\`dynotable engine\` start samples (ms): ${samples.map((v) => Math.round(v)).join(', ')}; its CPU time (ms): ${cpuSamples.map((v) => Math.round(v)).join(', ')}`);
}

/** The in-process API, in `inProcessRuns` fresh processes one after the other: the median of each figure. */
function measureInProcess(bundles: Bundles): InProcessResult | null {
  const runs: InProcessResult[] = [];
  for (let i = 0; i < inProcessRuns; i++) {
    const run = spawnSync(process.execPath, [bundles.inProcess, String(inProcessMs), String(sizes.items)], { encoding: 'utf8' });
    if (run.status !== 0) {
      log('in-process', `failed: ${run.stderr.trim().split('\n').slice(-3).join('\n')}`);
      return null;
    }
    runs.push(JSON.parse(run.stdout.trim().split('\n').pop()!) as InProcessResult);
  }
  log('in-process', `GetItem/s of each run: ${runs.map((r) => Math.round(r.get)).join(', ')}; per CPU second: ${runs.map((r) => Math.round(r.getCpu)).join(', ')}`);
  const middle = (pick: (r: InProcessResult) => number) => median(runs.map(pick));
  return { put: middle((r) => r.put), get: middle((r) => r.get), putCpu: middle((r) => r.putCpu), getCpu: middle((r) => r.getCpu), getRuns: runs.map((r) => r.get), getCpuRuns: runs.map((r) => r.getCpu) };
}

/** The cost of a stream (entries/streams.ts), in a process of its own. */
function measureStreams(bundles: Bundles): StreamsResult | null {
  const run = spawnSync(process.execPath, [bundles.streams, String(quick ? 300 : 1000), String(quick ? 3 : 7)], { encoding: 'utf8' });
  if (run.status !== 0) {
    log('streams', `failed: ${run.stderr.trim().split('\n').slice(-3).join('\n')}`);
    return null;
  }
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as StreamsResult;
}

async function main(): Promise<void> {
  const bundles = await buildBundles();
  const results: Results = {};
  const began = performance.now();
  const load1 = loadavg()[0]!;
  let inProcess: InProcessResult | null = null;
  let streams: StreamsResult | null = null;
  try {
    const live: Partial<Record<ServerName, Live>> = {};
    try {
      for (const name of servers) {
        const l = await startAndLoad(name, bundles, results);
        if (l) live[name] = l;
      }
      await measureAll(live, results);
    } finally {
      for (const l of Object.values(live)) {
        l.sdk.destroy();
        await l.server.stop();
      }
    }
    // No target is about the servers' cold start, and DynamoDB Local's takes half a minute on a busy machine.
    if (!forTargets) await measureColdStarts(bundles, Object.keys(live) as ServerName[], results);
    await measureCommandStart(results);
    if (servers.includes('engine')) inProcess = measureInProcess(bundles);
    if (servers.includes('engine') && !forTargets) streams = measureStreams(bundles);
  } finally {
    bundles.remove();
  }
  const seconds = Math.round((performance.now() - began) / 1000);
  const cpu = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`;
  console.log(
    `\nEngine bench${quick ? ' (--quick)' : forTargets ? ' (--targets)' : ''}: ${sizes.items.toLocaleString('en-US')} items of 200 bytes; medians of ${sizes.rounds} interleaved round(s) (Scan ${sizes.scans}), cold start of ${forTargets ? 0 : coldStarts}, command start of ${coldStarts}, in process ${inProcessRuns} run(s); Node ${process.version}, ${cpu}, load average ${load1.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end; ${seconds} s\n`,
  );
  console.log(formatResults(results, inProcess, sizes.items));
  if (streams) console.log(`\n${formatStreams(streams)}`);
  console.log(`\nTargets:\n${formatTargets([...targets(results, inProcess), ...(forTargets ? [] : streamTargets(streams))])}`);
  if (servers.includes('engine') && !args.includes('--no-disk') && !forTargets) {
    // The on-disk store beside the in-memory one (`npm run bench:disk` alone runs just this part).
    const disk = measureDisk(
      quick
        ? { loadedItems: 5_000, measureMs: 500, startupItems: 100_000, opens: 3 }
        : { loadedItems: 50_000, measureMs: 2_000, startupItems: 1_000_000, opens: 5 },
      (text) => process.stderr.write(`[disk] ${text}\n`),
    );
    console.log(`\nOn disk (SQLite), in process:\n${formatDisk(disk)}`);
  }
}

// Ctrl-C ends through 'exit', which stops every server started.
process.once('SIGINT', () => process.exit(130));
await main();
