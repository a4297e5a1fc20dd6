/** The bench's printed table: one column per server, ratios to the engine, and PASS/MISS per target. */
import type { Measurement } from './workload.js';
import type { ServerName } from './servers.js';

interface ServerResult {
  startMs?: number;
  /** The built `dynotable engine` command (engine only): spawn to its first answer. */
  commandStartMs?: number;
  commandStartSamples?: number[];
  /** The command's own CPU time until its first answer, per start (ms). */
  commandStartCpuSamples?: number[];
  rssBytes?: number | null;
  /** The median of the rounds. */
  rates: Partial<Record<Measurement, number>>;
  /** Each counted round's rate, by round (a round that failed is a hole), so that servers can be compared round by round. */
  rounds?: Partial<Record<Measurement, (number | undefined)[]>>;
  /** Each counted round's CPU time per call in microseconds, the server's and the client's together, by round. */
  cpuRounds?: Partial<Record<Measurement, (number | undefined)[]>>;
  error?: string;
}

/** The measurements the targets name: all that `bench:engine --targets` runs. */
export const TARGET_MEASUREMENTS: readonly Measurement[] = ['put-seq', 'get-seq', 'query-table', 'scan'];

export type Results = Partial<Record<ServerName, ServerResult>>;

export interface InProcessResult {
  put: number;
  get: number;
  /** The same calls per second of the process's CPU time. */
  putCpu: number;
  getCpu: number;
  /** GetItem/s of each run, when there were several. */
  getRuns?: number[];
  getCpuRuns?: number[];
}

/** What a stream costs (entries/streams.ts): PutItem/s without and with one, and write-to-GetRecords times. */
export interface StreamsResult {
  httpPutWithout: number;
  httpPutWith: number;
  inProcessPutWithout: number;
  inProcessPutWith: number;
  /**
   * Paired rounds of the same puts with and without a stream: how much slower, median and quartiles
   * of the pairs (percent), timed by the main thread's run time or the wall clock (`basis`), and the wall clock's median.
   */
  inProcessPairs?: { count: number; basis: 'thread' | 'wall'; slowerPercent: number; slowerLow: number; slowerHigh: number; wallSlowerPercent: number; totalSlowerPercent?: number };
  visibleMedianMs: number;
  visibleP99Ms: number;
}

/** How much longer a call takes with a stream (a machine busy with other work can even make it faster). */
const slower = (without: number, withStream: number) => {
  const percent = (without / withStream - 1) * 100;
  return percent >= 0 ? `${number(percent, 1)}% slower` : `${number(-percent, 1)}% faster`;
};

/** The in-process stream cost as a call taking longer: from the paired rounds when measured so. */
function inProcessSlower(result: StreamsResult): { ratio: number; text: string } {
  const pairs = result.inProcessPairs;
  if (pairs === undefined) return { ratio: result.inProcessPutWithout / result.inProcessPutWith, text: slower(result.inProcessPutWithout, result.inProcessPutWith) };
  const percent = (p: number) => `${p >= 0 ? '+' : ''}${number(p, 1)}%`;
  return {
    ratio: 1 + pairs.slowerPercent / 100,
    text:
      `${percent(pairs.slowerPercent)} time per put, median of ${pairs.count} paired rounds timed by ${pairs.basis === 'thread' ? "the main thread's run time" : 'the wall clock'}; ` +
      `quartiles ${percent(pairs.slowerLow)} to ${percent(pairs.slowerHigh)}${pairs.basis === 'thread' ? `; by the wall clock ${percent(pairs.wallSlowerPercent)}` : ''}`,
  };
}

export function formatStreams(result: StreamsResult): string {
  return [
    'DynamoDB Streams (a NEW_AND_OLD_IMAGES stream; every put changes its item):',
    `  PutItem over HTTP, sequential: ${number(result.httpPutWithout)}/s without, ${number(result.httpPutWith)}/s with (${slower(result.httpPutWithout, result.httpPutWith)})`,
    `  PutItem in process (execute): ${number(result.inProcessPutWithout)}/s without, ${number(result.inProcessPutWith)}/s with (${inProcessSlower(result).text})`,
    `  PutItem to its record from GetRecords, SDK in process: median ${number(result.visibleMedianMs, 2)} ms, p99 ${number(result.visibleP99Ms, 2)} ms`,
  ].join('\n');
}

export function streamTargets(result: StreamsResult | null): Target[] {
  if (result === null) {
    return [
      { name: 'PutItem with a stream within 10% of without (HTTP, in process)', verdict: null, detail: 'not measured' },
      { name: 'a write visible to GetRecords within 5 ms in process', verdict: null, detail: 'not measured' },
    ];
  }
  // A call takes at most 1.1 times as long with a stream.
  const ratio = result.httpPutWithout / result.httpPutWith;
  return [
    { name: 'PutItem with a stream within 10% of without (HTTP)', verdict: ratio <= 1.1, detail: slower(result.httpPutWithout, result.httpPutWith) },
    {
      name: 'PutItem with a stream within 10% of without (in process)',
      verdict: inProcessSlower(result).ratio <= 1.1,
      detail: inProcessSlower(result).text,
    },
    { name: 'a write visible to GetRecords within 5 ms in process (median)', verdict: result.visibleMedianMs <= 5, detail: `${number(result.visibleMedianMs, 2)} ms` },
  ];
}

const SERVERS: ServerName[] = ['engine', 'dynamodb-local', 'dynalite', 'floor'];

const ROWS: { key: Measurement; label: string }[] = [
  { key: 'put-seq', label: 'PutItem sequential (calls/s)' },
  { key: 'get-seq', label: 'GetItem sequential (calls/s)' },
  { key: 'put-16', label: 'PutItem 16 in flight (calls/s)' },
  { key: 'get-16', label: 'GetItem 16 in flight (calls/s)' },
  { key: 'query-table', label: 'Query 100 items, table (calls/s)' },
  { key: 'query-gsi', label: 'Query 100 items, GSI (calls/s)' },
  { key: 'batch-write', label: 'BatchWriteItem 25 (calls/s)' },
  { key: 'transact-write', label: 'TransactWriteItems 4 puts (calls/s)' },
];

const number = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const cell = (n: number | null | undefined, format: (n: number) => string) => (n === undefined || n === null ? '—' : format(n));

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

/** `engine / other` for higher-is-better figures. */
function ratio(engine: number | undefined | null, other: number | undefined | null): string {
  if (engine == null || other == null || other === 0) return '—';
  return `${number(engine / other, 2)}×`;
}

export function formatResults(results: Results, inProcess: InProcessResult | null, itemCount: number): string {
  const get = (s: ServerName) => results[s];
  const header = ['', ...SERVERS, 'engine/local', 'engine/dynalite', 'engine/floor'];
  const rows: string[][] = [header];
  const start = (s: ServerName) => get(s)?.startMs;
  rows.push([
    'cold start, median (ms)',
    ...SERVERS.map((s) => cell(start(s), (n) => number(n))),
    // For times, lower is better: the ratio is other / engine, so > 1× means the engine is faster.
    ratio(start('dynamodb-local'), start('engine')),
    ratio(start('dynalite'), start('engine')),
    '—',
  ]);
  const command = get('engine')?.commandStartMs;
  if (command !== undefined) rows.push(['`dynotable engine` start, median (ms)', cell(command, (n) => number(n)), ...SERVERS.slice(1).map(() => '—'), '—', '—', '—']);
  const rss = (s: ServerName) => get(s)?.rssBytes;
  rows.push([
    `RSS after ${number(itemCount)} items (MB)`,
    ...SERVERS.map((s) => cell(rss(s), (n) => number(n / 1048576))),
    ratio(rss('dynamodb-local'), rss('engine')),
    ratio(rss('dynalite'), rss('engine')),
    '—',
  ]);
  for (const { key, label } of ROWS) {
    const rate = (s: ServerName) => get(s)?.rates[key];
    rows.push([label, ...SERVERS.map((s) => cell(rate(s), (n) => number(n, n < 100 ? 2 : 0))), ratio(rate('engine'), rate('dynamodb-local')), ratio(rate('engine'), rate('dynalite')), ratio(rate('engine'), rate('floor'))]);
  }
  // A full Scan's rate as items per second, comparable with any table size.
  const scanned = (s: ServerName) => {
    const scans = get(s)?.rates.scan;
    return scans === undefined ? undefined : scans * itemCount;
  };
  rows.push(['Scan, all pages (items/s)', ...SERVERS.map((s) => cell(scanned(s), (n) => number(n))), ratio(scanned('engine'), scanned('dynamodb-local')), ratio(scanned('engine'), scanned('dynalite')), '—']);
  const lines = [table(rows), '', 'Ratios: > 1× means the engine is better (faster, smaller).'];
  for (const s of SERVERS) if (get(s)?.error) lines.push(`${s}: ${get(s)!.error}`);
  if (inProcess) {
    lines.push(
      '',
      `In-process API (createEngine().execute, 200-byte items): PutItem ${number(inProcess.put)}/s, GetItem ${number(inProcess.get)}/s (per second of CPU time: ${number(inProcess.putCpu)}, ${number(inProcess.getCpu)})`,
    );
  }
  return lines.join('\n');
}

interface Verdict {
  verdict: boolean | null;
  detail: string;
}

interface Target extends Verdict {
  name: string;
  /** The same target on CPU time (the servers' and the client's), which a busy machine disturbs far less than wall time. */
  cpu?: Verdict;
  /**
   * For a ratio to DynamoDB Local: the floor's own ratio in the same rounds.
   * The floor does no work, so no server behind the same client can do better:
   * below the target, the target is out of reach in that run.
   */
  ceiling?: Verdict;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `f(a, b)` for each round both servers completed. */
function paired(a: (number | undefined)[] | undefined, b: (number | undefined)[] | undefined, f: (a: number, b: number) => number): number[] {
  if (a === undefined || b === undefined) return [];
  const out: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== undefined && b[i] !== undefined) out.push(f(a[i]!, b[i]!));
  return out;
}

/**
 * A verdict on the median of several figures (per-round ratios, runs), with
 * their range and how many of them met it on their own: "5.4× (rounds
 * 4.8× to 6.1×, 8 of 9 met)". One figure (a --quick run) decides alone.
 */
function decide(figures: number[], pass: (x: number) => boolean, show: (x: number) => string, of = 'rounds'): Verdict {
  if (figures.length === 0) return { verdict: null, detail: 'not measured' };
  const middle = median(figures);
  const spread = figures.length === 1 ? '' : ` (${of} ${show(Math.min(...figures))} to ${show(Math.max(...figures))}, ${figures.filter(pass).length} of ${figures.length} met)`;
  return { verdict: pass(middle), detail: `${show(middle)}${spread}` };
}

const times = (x: number) => `${number(x, 2)}×`;
const slowerThanFloor = (x: number) => `${number((x - 1) * 100, 1)}%`;

export function targets(results: Results, inProcess: InProcessResult | null): Target[] {
  const engine = results.engine;
  const local = results['dynamodb-local'];
  const floor = results.floor;
  // Rates: engine / other. CPU per call: other / engine (more CPU per call is slower).
  const speedup = (e: number, other: number) => e / other;
  const cpuSpeedup = (e: number, other: number) => other / e;
  const ratioTarget = (name: string, key: Measurement, at: number): Target => ({
    name,
    ...decide(paired(engine?.rounds?.[key], local?.rounds?.[key], speedup), (x) => x >= at, times),
    cpu: decide(paired(engine?.cpuRounds?.[key], local?.cpuRounds?.[key], cpuSpeedup), (x) => x >= at, times),
    ceiling: decide(paired(floor?.rounds?.[key], local?.rounds?.[key], speedup), (x) => x >= at, times),
  });
  // Within 15% of the floor: a call takes at most 1.15 times the floor's time (or CPU time).
  const floorTarget = (key: 'put-seq' | 'get-seq'): Target => ({
    name: `${key} within 15% of the floor (% slower than the floor)`,
    ...decide(paired(engine?.rounds?.[key], floor?.rounds?.[key], (e, f) => f / e), (x) => x <= 1.15, slowerThanFloor),
    cpu: decide(paired(engine?.cpuRounds?.[key], floor?.cpuRounds?.[key], (e, f) => e / f), (x) => x <= 1.15, slowerThanFloor),
  });
  const perSecond = (g: number) => `${number(g)}/s`;
  const ms = (m: number) => `${number(m)} ms`;
  return [
    ratioTarget('Scan at least 5× DynamoDB Local (items/s)', 'scan', 5),
    ratioTarget('Query of 100 items at least 2.5× DynamoDB Local', 'query-table', 2.5),
    floorTarget('put-seq'),
    floorTarget('get-seq'),
    {
      name: 'in-process GetItem ≥ 150,000/s',
      ...decide(inProcess?.getRuns ?? (inProcess ? [inProcess.get] : []), (g) => g >= 150_000, perSecond, 'runs'),
      cpu: decide(inProcess?.getCpuRuns ?? (inProcess ? [inProcess.getCpu] : []), (g) => g >= 150_000, perSecond, 'runs'),
    },
    {
      name: '`dynotable engine` from spawn to first answer < 250 ms',
      ...decide(engine?.commandStartSamples ?? (engine?.commandStartMs === undefined ? [] : [engine.commandStartMs]), (m) => m < 250, ms, 'starts'),
      cpu: decide(engine?.commandStartCpuSamples ?? [], (m) => m < 250, ms, 'starts'),
    },
  ];
}

const word = (verdict: boolean | null) => (verdict === null ? 'N/A' : verdict ? 'MET' : 'NOT MET');

export function formatTargets(list: Target[]): string {
  return list
    .map((t) => {
      const lines = [`${word(t.verdict).padEnd(8)} ${t.name}: ${t.detail}`];
      if (t.cpu && t.cpu.verdict !== null) lines.push(`${''.padEnd(8)}   on CPU time: ${word(t.cpu.verdict)}, ${t.cpu.detail}`);
      if (t.ceiling && t.ceiling.verdict !== null) {
        lines.push(`${''.padEnd(8)}   the floor, which does no work, in the same rounds: ${t.ceiling.detail}${t.ceiling.verdict ? '' : ' (out of reach of any server in this run)'}`);
      }
      return lines.join('\n');
    })
    .join('\n');
}
