/**
 * `npm run bench:disk [-- --quick] [-- --startup-items=N]`: the engine on its
 * on-disk store, in process. Prints operation throughput with each durability
 * setting (full: fsync per commit; normal: survives a process crash only)
 * beside the in-memory store, the start-up time of an engine opening a
 * directory that holds many items, and the size on disk per item. A report,
 * not a test.
 *
 * `measureDisk` is exported so that the main engine bench can print these
 * figures beside the in-memory ones.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openEngine } from '../src/storage/open-engine.js';
import type { Engine } from '../src/engine.js';
import { benchItem, keyOf, PER_PARTITION, TABLE_INPUT } from './items.js';

/** 'memory' runs the same workload on the in-memory store, for comparison. */
type Store = 'full' | 'normal' | 'memory';

export interface DiskThroughput {
  durability: Store;
  /** Calls per second. */
  put: number;
  get: number;
  query: number;
  batchWrite: number;
}

export interface DiskResults {
  loadedItems: number;
  throughput: DiskThroughput[];
  startup: { items: number; buildSeconds: number; openMs: number[]; firstReadMs: number[]; bytesOnDisk: number; bytesPerItem: number };
}

export interface DiskBenchOptions {
  /** Items loaded before throughput is measured. */
  loadedItems: number;
  /** Milliseconds per throughput measurement. */
  measureMs: number;
  /** Items in the directory whose opening is timed. */
  startupItems: number;
  opens: number;
}

const newDirectory = () => mkdtempSync(join(tmpdir(), 'dynotable-bench-disk-'));

function directoryBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

/** Calls `body` for `ms` milliseconds; returns calls per second. */
function rate(ms: number, body: (call: number) => void): number {
  const start = performance.now();
  let calls = 0;
  while (performance.now() - start < ms) body(calls++);
  return (calls * 1000) / (performance.now() - start);
}

function batchOf(from: number, total: number, end = from + 25) {
  const requests = [];
  for (let i = from; i < Math.min(from + 25, end); i++) requests.push({ PutRequest: { Item: benchItem(i, total) } });
  return { RequestItems: { [TABLE_INPUT.TableName]: requests } };
}

/** Loads items [from, to) with BatchWriteItem, many batches to one storage transaction. */
function bulkLoad(engine: Engine, from: number, to: number, total: number): void {
  const perTransaction = 400;
  for (let next = from; next < to; ) {
    engine.context.storage.atomic(() => {
      for (let n = 0; n < perTransaction && next < to; n++, next += 25) engine.execute('BatchWriteItem', batchOf(next, total, to));
    });
  }
}

function throughput(durability: Store, options: DiskBenchOptions): DiskThroughput {
  const dataDir = newDirectory();
  try {
    const engine = durability === 'memory' ? openEngine() : openEngine({ dataDir, durability });
    engine.execute('CreateTable', TABLE_INPUT);
    const total = options.loadedItems;
    bulkLoad(engine, 0, total, total);
    const TableName = TABLE_INPUT.TableName;
    const randomItem = () => Math.floor(Math.random() * total);
    const put = rate(options.measureMs, () => engine.execute('PutItem', { TableName, Item: benchItem(randomItem(), total) }));
    const get = rate(options.measureMs, () => engine.execute('GetItem', { TableName, Key: keyOf(benchItem(randomItem(), total)) }));
    const partitions = Math.floor(total / PER_PARTITION);
    const query = rate(options.measureMs, () =>
      engine.execute('Query', {
        TableName,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': benchItem(Math.floor(Math.random() * partitions) * PER_PARTITION, total).pk },
      }),
    );
    const batchWrite = rate(options.measureMs, () => engine.execute('BatchWriteItem', batchOf(Math.floor(Math.random() * (total - 25)), total)));
    engine.close();
    return { durability, put, get, query, batchWrite };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function startup(options: DiskBenchOptions, log: (text: string) => void): DiskResults['startup'] {
  const dataDir = newDirectory();
  try {
    const total = options.startupItems;
    const began = performance.now();
    const engine = openEngine({ dataDir, durability: 'normal' });
    // The table alone, so the size per item is the item's own; the throughput runs have a GSI.
    const { GlobalSecondaryIndexes: _, ...table } = TABLE_INPUT;
    const plainTable = { ...table, AttributeDefinitions: table.AttributeDefinitions.slice(0, 2) };
    engine.execute('CreateTable', plainTable);
    for (let loaded = 0; loaded < total; loaded += 100_000) {
      bulkLoad(engine, loaded, Math.min(loaded + 100_000, total), total);
      log(`built ${Math.min(loaded + 100_000, total).toLocaleString('en-US')} items`);
    }
    engine.close();
    const buildSeconds = (performance.now() - began) / 1000;
    const bytesOnDisk = directoryBytes(dataDir);
    const openMs: number[] = [];
    const firstReadMs: number[] = [];
    for (let i = 0; i < options.opens; i++) {
      const start = performance.now();
      const reopened = openEngine({ dataDir });
      const described = reopened.execute('DescribeTable', { TableName: plainTable.TableName });
      openMs.push(performance.now() - start);
      if ((described.Table as { ItemCount: number }).ItemCount !== total) throw new Error('the reopened table lost items');
      const read = performance.now();
      const found = reopened.execute('GetItem', { TableName: plainTable.TableName, Key: keyOf(benchItem(Math.floor(Math.random() * total), total)) });
      firstReadMs.push(performance.now() - read);
      if (found.Item === undefined) throw new Error('the reopened table lost an item');
      reopened.close();
    }
    return { items: total, buildSeconds, openMs, firstReadMs, bytesOnDisk, bytesPerItem: bytesOnDisk / total };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function measureDisk(options: DiskBenchOptions, log: (text: string) => void = () => {}): DiskResults {
  const results: DiskThroughput[] = [];
  for (const durability of ['full', 'normal', 'memory'] as const) {
    log(`throughput, ${durability === 'memory' ? 'in memory' : `durability ${durability}`}`);
    results.push(throughput(durability, options));
  }
  log(`start-up with ${options.startupItems.toLocaleString('en-US')} items`);
  return { loadedItems: options.loadedItems, throughput: results, startup: startup(options, log) };
}

const number = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function formatDisk(results: DiskResults): string {
  const heading = (t: DiskThroughput) => (t.durability === 'memory' ? 'in memory' : `disk, ${t.durability}`);
  const rows = [[`In process, ${number(results.loadedItems)} items, one GSI (calls/s)`, ...results.throughput.map(heading)]];
  const add = (label: string, pick: (t: DiskThroughput) => number) => rows.push([label, ...results.throughput.map((t) => number(pick(t)))]);
  add('PutItem sequential', (t) => t.put);
  add('GetItem sequential', (t) => t.get);
  add('Query 100 items, table', (t) => t.query);
  add('BatchWriteItem 25', (t) => t.batchWrite);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const table = rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
  const s = results.startup;
  return (
    `${table}\n\n` +
    `Start-up with ${number(s.items)} stored items (open + DescribeTable): median ${number(median(s.openMs), 1)} ms ` +
    `of ${s.openMs.map((ms) => number(ms, 1)).join(', ')}; first GetItem ${number(median(s.firstReadMs), 2)} ms\n` +
    `Built in ${number(s.buildSeconds, 1)} s; on disk ${number(s.bytesOnDisk / 1024 / 1024, 1)} MiB, ` +
    `${number(s.bytesPerItem, 1)} bytes per 200-byte item (table only, no index)\n`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const startupArg = args.find((a) => a.startsWith('--startup-items='));
  const options: DiskBenchOptions = {
    loadedItems: quick ? 5_000 : 50_000,
    measureMs: quick ? 500 : 2_000,
    startupItems: startupArg ? Number(startupArg.slice('--startup-items='.length)) : quick ? 100_000 : 1_000_000,
    opens: quick ? 3 : 5,
  };
  const results = measureDisk(options, (text) => process.stderr.write(`[disk] ${text}\n`));
  process.stdout.write(formatDisk(results));
}
