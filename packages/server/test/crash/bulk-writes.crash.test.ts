/**
 * Bulk writes killed part way: `dynotable` serving the API on an on-disk
 * engine is SIGKILLed during an import job and during a batch delete, and
 * `dynotable data import` and `data copy` are SIGKILLed during their writes.
 * Each kill is placed by watching the journal grow (the job's batches under
 * way), not by a clock. After each: every item found written (or deleted) is
 * named by a record of the job in the journal, with the item the batch
 * wrote, and the undo of that record — through `dynotable undo` or the API —
 * gives back the table exactly as it was before the job.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WriteJournal } from '../../src/journal/journal.js';
import { FileJournalStore } from '../../src/journal/store.js';
import type { JournalOperation, JournalOperationView } from '../../src/journal/types.js';
import { run } from '../cli/capture.js';
import { canonical, createTable, itemTexts, putItems, withEngine } from '../data-cli/support.js';
import { jobDone, journalSize, spawnDynotable, startServer, whenJournalHas, type Child } from './support.js';

/** Enough batches that a kill placed after the first few always lands part way. */
const IMPORTED = 5_000;
const BASE = 4_000;
/** Journal lines (one per item) to wait for before the kill: 20 batches of 25. */
const KILL_AFTER = 500;

let folder: string;
let dataDir: string;
let journalFile: string;
const running: Child[] = [];

const item = (n: number, v: string) => ({ pk: { S: `p${n % 97}` }, sk: { N: String(n) }, v: { S: v } });
const keyText = (wire: Record<string, unknown>) => canonical({ pk: wire['pk'], sk: wire['sk'] });

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'dynotable-bulk-crash-'));
  dataDir = join(folder, 'engine');
  journalFile = join(folder, 'journal.jsonl');
  withEngine(dataDir, (engine) => {
    createTable(engine, 'Crash', false);
    putItems(engine, 'Crash', Array.from({ length: BASE }, (_, n) => item(n, 'base')));
    createTable(engine, 'Copy', false);
    // The copy overwrites these (keys 0..299) and leaves 5000..5009 alone.
    putItems(engine, 'Copy', [...Array.from({ length: 300 }, (_, n) => item(n, 'copy-old')), ...Array.from({ length: 10 }, (_, n) => item(5000 + n, 'copy-untouched'))]);
  });
  writeFileSync(join(folder, 'import.jsonl'), Array.from({ length: IMPORTED }, (_, n) => JSON.stringify({ Item: item(n, 'imported') })).join('\n'));
});

afterEach(async () => {
  for (const child of running.splice(0)) await child.kill();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const tableTexts = (table: string) => withEngine(dataDir, (engine) => itemTexts(engine, table));

/** The newest operation of this kind on `table`, read from the journal file as a restarted process reads it. */
async function newest(operation: JournalOperation, table: string): Promise<JournalOperationView> {
  const { operations } = await new WriteJournal(new FileJournalStore(journalFile)).operations({ table });
  const found = operations.find((entry) => entry.operation === operation);
  if (found === undefined) throw new Error(`the journal has no ${operation} on ${table}`);
  return found;
}

/**
 * Every item that differs from `before` (written, overwritten or deleted) is
 * named by a change of `operation` that left it as it is now. Returns how
 * many items the job changed.
 */
function expectCovered(before: readonly string[], after: readonly string[], operation: JournalOperationView): number {
  const was = new Map(before.map((text) => [keyText(JSON.parse(text) as Record<string, unknown>), text]));
  const now = new Map(after.map((text) => [keyText(JSON.parse(text) as Record<string, unknown>), text]));
  const recorded = new Map<string, (string | null)[]>();
  for (const change of operation.changes) {
    const key = keyText(change.key);
    recorded.set(key, [...(recorded.get(key) ?? []), change.after === null ? null : canonical(change.after)]);
  }
  let changed = 0;
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const current = now.get(key) ?? null;
    if (current === (was.get(key) ?? null)) continue;
    changed++;
    expect(recorded.get(key), `the item at ${key} changed without a journal record`).toContain(current);
  }
  return changed;
}

describe('bulk writes killed part way are journaled and undone', () => {
  it('the API: an import job and a batch delete, each SIGKILLed with the server', async () => {
    const before = tableTexts('Crash');
    let server = await startServer(['--data', dataDir, '--journal', journalFile]);
    running.push(server);
    const connections = await server.api<{ connections: { id: string; kind: string }[] }>('GET', '/api/connections');
    const embedded = connections.body.connections.find((connection) => connection.kind === 'embedded')!.id;
    const content = Array.from({ length: IMPORTED }, (_, n) => JSON.stringify({ Item: item(n, 'imported') })).join('\n');

    // The import job: killed once its batches are being journaled.
    let from = journalSize(journalFile);
    const started = await server.api('POST', `/api/connections/${embedded}/tables/Crash/import`, { format: 'dynamodb-json', content });
    expect(started.status).toBe(200);
    await whenJournalHas(journalFile, from, KILL_AFTER, server, jobDone(server, String(started.body['id'])));
    expect(await server.kill()).toBe('SIGKILL');

    const imported = await newest('import', 'Crash');
    expect(imported.ended).toBe(false);
    const changed = expectCovered(before, tableTexts('Crash'), imported);
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(IMPORTED);
    // Restarted, the server undoes it through the API.
    server = await startServer(['--data', dataDir, '--journal', journalFile]);
    running.push(server);
    const answer = await server.api<{ operations: { outcome: string; reverted: number }[] }>('POST', '/api/journal/undo', { connectionId: embedded, operationId: imported.id });
    expect(answer.status).toBe(200);
    expect(answer.body.operations[0]).toMatchObject({ outcome: 'reverted', reverted: changed });

    // A batch delete of every base item on the same server: killed while its batches are being journaled, then undone with `dynotable undo`.
    from = journalSize(journalFile);
    const keys = Array.from({ length: BASE }, (_, n) => ({ pk: item(n, '').pk, sk: item(n, '').sk }));
    const deleting = server.api('POST', `/api/connections/${embedded}/tables/Crash/items/batch-delete`, { keys }).catch(() => undefined);
    await whenJournalHas(journalFile, from, KILL_AFTER, server, deleting);
    await server.kill();
    await deleting;
    const deleted = await newest('batch-delete', 'Crash');
    expect(deleted.ended).toBe(false);
    const removed = expectCovered(before, tableTexts('Crash'), deleted);
    expect(removed).toBeGreaterThan(0);
    expect(removed).toBeLessThan(BASE);
    // The engine's folder is free again: `dynotable undo` opens it.
    const undone = await run('undo', '--id', deleted.id, '--yes', '--data', dataDir, '--journal', journalFile);
    expect(undone.stderr).toBe('');
    // As before the import and the batch delete: both undos were exact.
    expect(tableTexts('Crash')).toEqual(before);
  }, 240_000);

  it('the CLI: data import and data copy, each SIGKILLed during its writes', async () => {
    const before = tableTexts('Crash');
    let from = journalSize(journalFile);
    const importing = spawnDynotable(['data', 'import', 'Crash', join(folder, 'import.jsonl'), '--data', dataDir, '--journal', journalFile]);
    running.push(importing);
    await whenJournalHas(journalFile, from, KILL_AFTER, importing);
    expect(await importing.kill()).toBe('SIGKILL');
    const imported = await newest('import', 'Crash');
    expect(imported.ended).toBe(false);
    const changed = expectCovered(before, tableTexts('Crash'), imported);
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(IMPORTED);
    const undone = await run('undo', '--id', imported.id, '--yes', '--data', dataDir, '--journal', journalFile);
    expect(undone.stderr).toBe('');
    expect(tableTexts('Crash')).toEqual(before);

    const target = tableTexts('Copy');
    from = journalSize(journalFile);
    const copying = spawnDynotable(['data', 'copy', 'Crash', 'Copy', '--data', dataDir, '--journal', journalFile]);
    running.push(copying);
    await whenJournalHas(journalFile, from, KILL_AFTER, copying);
    expect(await copying.kill()).toBe('SIGKILL');
    const copied = await newest('copy', 'Copy');
    expect(copied.ended).toBe(false);
    const written = expectCovered(target, tableTexts('Copy'), copied);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(BASE);
    const copyUndone = await run('undo', '--id', copied.id, '--yes', '--data', dataDir, '--journal', journalFile);
    expect(copyUndone.stderr).toBe('');
    expect(tableTexts('Copy')).toEqual(target);
  }, 240_000);
});
