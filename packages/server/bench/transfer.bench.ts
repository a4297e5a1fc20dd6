/**
 * `npm run bench` (third part): export and import of 1,000,000 small items
 * (about 200 bytes each) on the embedded engine in memory, through the code
 * `dynotable data export|import` runs. Targets: 50,000 items/s out, 30,000
 * in, with memory flat (the resident size is sampled throughout; the engine
 * itself holds the items, so what counts is the growth during each phase).
 * A second import goes through the write-ahead journal as `dynotable data
 * import` does (each batch's prior items read and the batch synced to the
 * journal file before it is sent): its rate is what an undoable import costs.
 * `--items=N` changes the count.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine } from '@dynotable/engine';
import { sourceItems, sourceWireItems, writeTextFile } from '../src/transfer/data-files.js';
import { exportTable } from '../src/transfer/table-export.js';
import { importTable } from '../src/transfer/table-import.js';
import type { WireSend } from '../src/transfer/wire-send.js';
import { openJournal } from '../src/journal/location.js';
import { journaledTransfer } from '../src/journal/transfer.js';

const ITEMS = Number(process.argv.find((a) => a.startsWith('--items='))?.slice(8) ?? 1_000_000);
const FORMAT = (process.argv.find((a) => a.startsWith('--format='))?.slice(9) ?? 'dynamodb-json') as 'dynamodb-json' | 'jsonl';
/** `--only=export` skips the import (for profiling one phase). */
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const EXPORT_TARGET = 50_000;
const IMPORT_TARGET = 30_000;
const MB = 1024 * 1024;

function createTable(engine: Engine, name: string): void {
  engine.execute('CreateTable', {
    TableName: name,
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
}

/** About 200 bytes: keys, a few strings, numbers, a boolean, a small map and a set. */
function item(i: number): Record<string, unknown> {
  return {
    pk: { S: `customer#${String(i % 10_000).padStart(5, '0')}` },
    sk: { N: String(i) },
    name: { S: `Customer number ${i}` },
    email: { S: `user${i}@example.com` },
    status: { S: i % 3 === 0 ? 'active' : 'inactive' },
    total: { N: `${i % 997}.${i % 100}` },
    vip: { BOOL: i % 7 === 0 },
    address: { M: { city: { S: 'Oslo' }, zip: { S: String(1000 + (i % 9000)) } } },
    tags: { SS: ['a', `t${i % 13}`] },
  };
}

function load(engine: Engine, table: string): void {
  for (let start = 0; start < ITEMS; start += 25) {
    const requests = [];
    for (let i = start; i < Math.min(ITEMS, start + 25); i++) requests.push({ PutRequest: { Item: item(i) } });
    engine.execute('BatchWriteItem', { RequestItems: { [table]: requests } });
  }
}

/** The largest resident size seen while `work` runs. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number; before: number; after: number; heapBefore: number; heapAfter: number; cpuMs: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const before = process.memoryUsage.rss();
  const cpuBefore = process.cpuUsage();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const result = await work();
    const after = process.memoryUsage.rss();
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    return { result, peak: Math.max(peak, after), before, after, heapBefore, heapAfter, cpuMs };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const perSecond = (items: number, ms: number) => Math.round((items * 1000) / ms);

const engine = createEngine();
const send: WireSend = async (operation, input) => engine.execute(operation, input);
// What `dynotable data` uses on the embedded engine: reads as JSON text, so an export copies each item's text.
const textSend = async (operation: string, input: Record<string, unknown>) => engine.executeToJson!(operation, input);
const folder = await mkdtemp(join(tmpdir(), 'dynotable-bench-'));
const file = join(folder, `items.${FORMAT === 'jsonl' ? 'plain.jsonl' : 'jsonl'}`);
const never = new AbortController().signal;
try {
  createTable(engine, 'Source');
  createTable(engine, 'Target');
  createTable(engine, 'Journaled');
  const loadStart = performance.now();
  load(engine, 'Source');
  console.log(`transfer: ${ITEMS.toLocaleString('en-US')} items loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s; RSS ${mb(process.memoryUsage.rss())}`);

  const exportStart = performance.now();
  const exported = await peakRss(() =>
    exportTable(send, { table: 'Source', format: FORMAT, spoolFolder: folder, textSend }, (text) => writeTextFile(file, text), () => {}, never),
  );
  const exportMs = performance.now() - exportStart;
  const size = (await stat(file)).size;
  const out = perSecond(exported.result.items, exportMs);
  console.log(
    `export (${FORMAT}): ${exported.result.items.toLocaleString('en-US')} items, ${mb(size)}, ${(exportMs / 1000).toFixed(1)} s, ${out.toLocaleString('en-US')} items/s ` +
      `(target ${EXPORT_TARGET.toLocaleString('en-US')}: ${out >= EXPORT_TARGET ? 'met' : 'NOT met'}); ` +
      `CPU ${(exported.cpuMs / 1000).toFixed(1)} s = ${perSecond(exported.result.items, exported.cpuMs).toLocaleString('en-US')} items per CPU second; RSS ${mb(exported.before)} before, peak ${mb(exported.peak)}, ${mb(exported.after)} after; heap ${mb(exported.heapBefore)} → ${mb(exported.heapAfter)}`,
  );

  if (ONLY === 'export') process.exit(0);
  const importStart = performance.now();
  const imported = await peakRss(() => importTable(send, { table: 'Target', read: () => sourceItems([file], FORMAT), ...(FORMAT === 'dynamodb-json' ? { readWire: () => sourceWireItems([file]) } : {}) }, () => {}, never));
  const importMs = performance.now() - importStart;
  const into = perSecond(imported.result.written, importMs);
  console.log(
    `import (${FORMAT}, check then write): ${imported.result.written.toLocaleString('en-US')} items, ${(importMs / 1000).toFixed(1)} s, ${into.toLocaleString('en-US')} items/s ` +
      `(target ${IMPORT_TARGET.toLocaleString('en-US')}: ${into >= IMPORT_TARGET ? 'met' : 'NOT met'}); ` +
      `CPU ${(imported.cpuMs / 1000).toFixed(1)} s = ${perSecond(imported.result.written, imported.cpuMs).toLocaleString('en-US')} items per CPU second; RSS ${mb(imported.before)} before, peak ${mb(imported.peak)}, ${mb(imported.after)} after; heap ${mb(imported.heapBefore)} → ${mb(imported.heapAfter)}`,
  );

  const journal = openJournal(join(folder, 'journal.jsonl'));
  const journaledStart = performance.now();
  const journaled = await peakRss(() =>
    journaledTransfer(
      { journal, target: { connectionId: 'embedded', kind: 'embedded', dataDir: folder }, table: 'Journaled', operation: 'import', send, report: () => {} },
      (journaledSend, report) =>
        importTable(journaledSend, { table: 'Journaled', read: () => sourceItems([file], FORMAT), ...(FORMAT === 'dynamodb-json' ? { readWire: () => sourceWireItems([file]) } : {}) }, report, never),
      (done) => `import of ${done.written} items`,
    ),
  );
  const journaledMs = performance.now() - journaledStart;
  const journalSize = (await stat(join(folder, 'journal.jsonl'))).size;
  console.log(
    `import journaled ahead (${FORMAT}): ${journaled.result.written.toLocaleString('en-US')} items, ${(journaledMs / 1000).toFixed(1)} s, ${perSecond(journaled.result.written, journaledMs).toLocaleString('en-US')} items/s; ` +
      `journal ${mb(journalSize)}; CPU ${(journaled.cpuMs / 1000).toFixed(1)} s; RSS peak ${mb(journaled.peak)}`,
  );
  if (exported.result.items !== ITEMS || imported.result.written !== ITEMS || journaled.result.written !== ITEMS) {
    console.error(`transfer: expected ${ITEMS} items each way`);
    process.exitCode = 1;
  }
} finally {
  engine.close();
  await rm(folder, { recursive: true, force: true });
}
