/** The bench's printed table: one column per server, ratios to the engine, and PASS/MISS per target. */
import type { Measurement } from './workload.js';
import type { ServerName } from './servers.js';

interface ServerResult {
  startMs?: number;
  /** The built `dynotable engine` command (engine only): spawn to its first answer. */
  commandStartMs?: number;
  rssBytes?: number | null;
  rates: Partial<Record<Measurement, number>>;
  error?: string;
}

export type Results = Partial<Record<ServerName, ServerResult>>;

export interface InProcessResult {
  put: number;
  get: number;
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
  if (inProcess) lines.push('', `In-process API (createEngine().execute, 200-byte items): PutItem ${number(inProcess.put)}/s, GetItem ${number(inProcess.get)}/s`);
  return lines.join('\n');
}

interface Target {
  name: string;
  verdict: boolean | null;
  detail: string;
}

export function targets(results: Results, inProcess: InProcessResult | null): Target[] {
  const engine = results.engine;
  const local = results['dynamodb-local'];
  const floor = results.floor;
  const list: Target[] = [];
  const check = (name: string, a: number | null | undefined, b: number | null | undefined, pass: (a: number, b: number) => boolean, detail: (a: number, b: number) => string) => {
    list.push(a == null || b == null ? { name, verdict: null, detail: 'not measured' } : { name, verdict: pass(a, b), detail: detail(a, b) });
  };
  check('Scan at least 5× DynamoDB Local (items/s)', engine?.rates.scan, local?.rates.scan, (e, l) => e >= 5 * l, (e, l) => `${number(e / l, 2)}×`);
  check('Query of 100 items at least 2.5× DynamoDB Local', engine?.rates['query-table'], local?.rates['query-table'], (e, l) => e >= 2.5 * l, (e, l) => `${number(e / l, 2)}×`);
  for (const key of ['put-seq', 'get-seq'] as const) {
    // Within 15% of the floor: a call takes at most 1.15 times the floor's time.
    check(`${key} within 15% of the floor`, engine?.rates[key], floor?.rates[key], (e, f) => f / e <= 1.15, (e, f) => `${number((f / e - 1) * 100, 1)}% slower than the floor`);
  }
  check('in-process GetItem ≥ 150,000/s', inProcess?.get, 150_000, (g, t) => g >= t, (g) => `${number(g)}/s`);
  check('`dynotable engine` from spawn to first answer < 250 ms', engine?.commandStartMs, 250, (m, t) => m < t, (m) => `${number(m)} ms`);
  return list;
}

export function formatTargets(list: Target[]): string {
  return list.map((t) => `${t.verdict === null ? 'N/A ' : t.verdict ? 'PASS' : 'MISS'}  ${t.name} (${t.detail})`).join('\n');
}
