/**
 * Imports, copies and batch deletes in the journal, written ahead: each batch
 * is on disk before its BatchWriteItem is sent, all the batches of a job are
 * one operation that undoes together, and the undo is right whether a batch
 * landed, partly landed or never landed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { itemFromWire, type WireItem } from '@dynotable/core';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteJournal } from '../../src/journal/journal.js';
import { FileJournalStore, MemoryJournalStore, parseJournalText, type JournalStore } from '../../src/journal/store.js';
import { journaledTransfer } from '../../src/journal/transfer.js';
import type { JournalTarget } from '../../src/journal/types.js';
import { runImport } from '../../src/transfer/import-job.js';
import { textChunks } from '../../src/transfer/text-chunks.js';
import { clientSend, type WireSend } from '../../src/transfer/wire-send.js';
import { CONNECTION, createJournalHarness, createTable, itemsPath, tablesPath, undo, type JournalHarness } from './support.js';

const key = (pk: string): WireItem => ({ PK: { S: pk }, SK: { S: 'A' } });
const line = (pk: string, v: string) => JSON.stringify({ Item: { ...key(pk), v: { N: v }, tags: { SS: ['x', 'y'] } } });

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function journalFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'dynotable-journal-transfer-'));
  folders.push(folder);
  return join(folder, 'journal.jsonl');
}

async function importFile(h: JournalHarness, table: string, content: string) {
  const started = await h.call<{ id: string }>('POST', `${tablesPath}/${table}/import`, { format: 'dynamodb-json', content });
  const job = await h.base.jobs.finished(started.id);
  expect(job.snapshot.state).toBe('succeeded');
}

/** A command's journal and target (no server context), over the harness's engine. */
function commandJob(h: JournalHarness, journal: WriteJournal, table: string, send: WireSend) {
  const target: JournalTarget = { connectionId: 'embedded', kind: 'embedded', session: journal.session };
  return { journal, target, table, operation: 'import' as const, send, report: () => {} };
}

const importInto = (table: string, content: string) => (send: WireSend, report: Parameters<typeof runImport>[2]) =>
  runImport(send, { table, format: 'dynamodb-json', source: () => textChunks(content) }, report, new AbortController().signal);

async function putOld(h: JournalHarness, table: string, count: number): Promise<(WireItem | undefined)[]> {
  for (let n = 0; n < count; n++) await h.call('POST', `${itemsPath(table)}/put`, { Item: { ...key(`i${n}`), v: { N: '0.5' }, old: { BOOL: true } } });
  return Promise.all(Array.from({ length: count }, (_, n) => h.item(table, key(`i${n}`))));
}

describe('imports and copies in the journal', () => {
  it('records an import batch by batch, and its undo restores the items it overwrote and removes the new ones', async () => {
    const h = createJournalHarness();
    await createTable(h, 'imported');
    const before = await putOld(h, 'imported', 5);
    // 40 lines: the first 5 keys overwrite existing items, and i7 comes twice (the later line wins).
    const lines = Array.from({ length: 40 }, (_, n) => line(`i${n}`, String(n)));
    lines.push(line('i7', '777'));
    await importFile(h, 'imported', lines.join('\n'));
    expect(await h.count('imported')).toBe(40);
    const { operations } = await h.journal.operations({ limit: 1 });
    expect(operations[0]).toMatchObject({ operation: 'import', undoable: true, note: 'import of 41 of 41 items (dynamodb-json)', missing: 0, ended: true });
    // One change per item written: i7 twice, in two batches, the second with the first's item as its image before.
    expect(operations[0]!.changes).toHaveLength(41);
    const i7 = operations[0]!.changes.filter((change) => JSON.stringify(change.key['PK']) === '{"S":"i7"}');
    expect(i7).toMatchObject([{ before: null, after: { v: { N: '7' } } }, { before: { v: { N: '7' } }, after: { v: { N: '777' } } }]);
    expect(operations[0]!.changes.find((change) => JSON.stringify(change.key['PK']) === '{"S":"i0"}')).toMatchObject({ before: { old: { BOOL: true } } });
    const answer = await undo(h, { last: 1 });
    expect(answer.operations[0]).toMatchObject({ operation: 'import', outcome: 'reverted', reverted: 40 });
    expect(await h.count('imported')).toBe(5);
    expect(await Promise.all([0, 1, 2, 3, 4].map((n) => h.item('imported', key(`i${n}`))))).toEqual(before);
  });

  it('records a copy into a new table without reading it first, so that its undo empties it', async () => {
    const h = createJournalHarness();
    await createTable(h, 'copy-source');
    for (let n = 0; n < 30; n++) await h.call('POST', `${itemsPath('copy-source')}/put`, { Item: { ...key(`c${n}`), v: { N: String(n) } } });
    const started = await h.call<{ id: string }>('POST', '/api/copy', { connectionId: CONNECTION, table: 'copy-target', source: { connectionId: CONNECTION, table: 'copy-source' }, createTable: true });
    expect((await h.base.jobs.finished(started.id)).snapshot.state).toBe('succeeded');
    expect(await h.count('copy-target')).toBe(30);
    const copy = (await h.journal.operations({ table: 'copy-target' })).operations[0]!;
    expect(copy.changes).toHaveLength(30);
    expect(copy.changes.every((change) => change.before === null)).toBe(true);
    await undo(h, { last: 1, table: 'copy-target' });
    expect(await h.count('copy-target')).toBe(0);
    expect(await h.count('copy-source')).toBe(30);
  });

  it('has each batch on disk, naming its items and their images, before the batch is sent', async () => {
    const h = createJournalHarness();
    await createTable(h, 'ahead');
    await putOld(h, 'ahead', 3);
    const file = journalFile();
    const journal = new WriteJournal(new FileJournalStore(file));
    const plain = clientSend(h.base.client);
    let batches = 0;
    const send: WireSend = async (operation, input) => {
      if (operation === 'BatchWriteItem') {
        batches++;
        // What the file holds now, read as another process would after a crash here.
        const { lines } = parseJournalText(readFileSync(file, 'utf8'));
        const recorded = new Map(lines.flatMap((entry) => (entry.change === undefined ? [] : [[JSON.stringify(entry.change.key), entry.change]])));
        const requests = (input['RequestItems'] as Record<string, { PutRequest: { Item: WireItem } }[]>)['ahead']!;
        for (const { PutRequest } of requests) {
          const pk = (PutRequest.Item['PK'] as { S: string }).S;
          const change = recorded.get(JSON.stringify(key(pk)));
          expect(change?.after).toEqual(PutRequest.Item);
          // The item there before the batch: the old item for i0..i2, none for the rest.
          expect(change?.before === null).toBe(!['i0', 'i1', 'i2'].includes(pk));
        }
        expect(lines.every((entry) => entry.end === undefined)).toBe(true);
      }
      return plain(operation, input);
    };
    const content = Array.from({ length: 60 }, (_, n) => line(`i${n}`, '1')).join('\n');
    await journaledTransfer(commandJob(h, journal, 'ahead', send), importInto('ahead', content), (result) => `import of ${result.written} items`);
    expect(batches).toBe(3);
    const recorded = (await journal.operations()).operations[0]!;
    expect(recorded).toMatchObject({ operation: 'import', undoable: true, ended: true, note: 'import of 60 items' });
    expect(recorded.changes).toHaveLength(60);
  });

  it('journals the batches in flight side by side once each: a resend of what DynamoDB left unprocessed is not a new batch', async () => {
    const h = createJournalHarness();
    await createTable(h, 'resent');
    const journal = new WriteJournal(new FileJournalStore(journalFile()));
    const plain = clientSend(h.base.client);
    let sends = 0;
    let inFlight = 0;
    let most = 0;
    const send: WireSend = async (operation, input) => {
      if (operation !== 'BatchWriteItem') return plain(operation, input);
      sends++;
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      // Each first send of a full batch leaves its last 5 requests unprocessed.
      const requests = (input['RequestItems'] as Record<string, unknown[]>)['resent']!;
      if (requests.length < 25) return plain(operation, input);
      const output = await plain(operation, { ...input, RequestItems: { resent: requests.slice(0, 20) } });
      return { ...output, UnprocessedItems: { resent: requests.slice(20) } };
    };
    const content = Array.from({ length: 200 }, (_, n) => line(`r${n}`, '1')).join('\n');
    await journaledTransfer(commandJob(h, journal, 'resent', send), importInto('resent', content), (result) => `import of ${result.written} items`);
    expect(most).toBeGreaterThan(1);
    expect(sends).toBe(16);
    const recorded = (await journal.operations()).operations[0]!;
    expect(recorded).toMatchObject({ operation: 'import', ended: true, note: 'import of 200 items' });
    expect(recorded.changes).toHaveLength(200);
    expect(await h.count('resent')).toBe(200);
  });

  it('sends nothing when the journal cannot record the batch', async () => {
    const h = createJournalHarness();
    await createTable(h, 'unjournaled');
    const broken: JournalStore = { location: undefined, append: async () => Promise.reject(new Error('ENOSPC: no space left on device')), read: async () => ({ lines: [], skipped: 0 }) };
    const content = Array.from({ length: 10 }, (_, n) => line(`u${n}`, '1')).join('\n');
    await expect(
      journaledTransfer(commandJob(h, new WriteJournal(broken), 'unjournaled', clientSend(h.base.client)), importInto('unjournaled', content), () => 'import'),
    ).rejects.toThrow(/journal could not record the next batch, so it was not sent: ENOSPC/);
    expect(await h.count('unjournaled')).toBe(0);
  });

  it('undoes an import killed while a batch was being sent, from what the journal file holds', async () => {
    const file = journalFile();
    // The undo reads the file as a restarted server would; the import writes it through a journal of its own.
    const h = createJournalHarness(new WriteJournal(new FileJournalStore(file)));
    await createTable(h, 'partly');
    const before = await putOld(h, 'partly', 30);
    const plain = clientSend(h.base.client);
    let batches = 0;
    let landed!: () => void;
    let lastSent!: () => void;
    const dead = Promise.all([new Promise<void>((resolve) => (landed = resolve)), new Promise<void>((resolve) => (lastSent = resolve))]);
    // The second batch: 10 of its 25 items land, then the process "dies": no send returns any more. The third
    // batch, in flight beside the second, was journaled and sent, and none of it landed.
    const send: WireSend = async (operation, input) => {
      if (operation === 'BatchWriteItem' && ++batches >= 2) {
        if (batches === 2) {
          const requests = (input['RequestItems'] as Record<string, { PutRequest: { Item: WireItem } }[]>)['partly']!;
          for (const { PutRequest } of requests.slice(0, 10)) await h.base.client.send(new PutItemCommand({ TableName: 'partly', Item: itemFromWire(PutRequest.Item) as never }));
          landed();
        } else lastSent();
        return new Promise<never>(() => {});
      }
      return plain(operation, input);
    };
    const writer = new WriteJournal(new FileJournalStore(file), { session: h.journal.session });
    const content = Array.from({ length: 60 }, (_, n) => line(`i${n}`, String(n + 1))).join('\n');
    void journaledTransfer(commandJob(h, writer, 'partly', send), importInto('partly', content), () => 'import');
    await dead;
    // Batch 1 overwrote i0..i24; batch 2 landed i25..i29 (overwritten) and i30..i34 (new).
    expect(await h.count('partly')).toBe(35);
    const answer = await undo(h, { last: 1 });
    // 25 + 10 items reverted; the 15 of batch 2 and the 10 of batch 3 that never landed are still as before.
    expect(answer.operations[0]).toMatchObject({ operation: 'import', outcome: 'reverted', reverted: 35, alreadyReverted: 25 });
    expect(await h.count('partly')).toBe(30);
    expect(await Promise.all(Array.from({ length: 30 }, (_, n) => h.item('partly', key(`i${n}`))))).toEqual(before);
  });
});

describe('a bulk write read back after a crash', () => {
  it('counts a torn last batch as never sent, and batches lost from the start as missing', async () => {
    const file = journalFile();
    const journal = new WriteJournal(new FileJournalStore(file));
    const bulk = journal.begin({ target: { connectionId: 'embedded', kind: 'embedded', dataDir: '/data' }, table: 't', operation: 'import' });
    for (let batch = 0; batch < 3; batch++) {
      await bulk.batch([0, 1, 2].map((n) => ({ key: key(`b${batch}-${n}`), before: null, after: { ...key(`b${batch}-${n}`), v: { N: '1' } } })));
    }
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(9);
    // Killed while appending batch 3: its first line whole, its second cut, its third never written.
    writeFileSync(file, [...lines.slice(0, 7), lines[7]!.slice(0, 50)].join('\n'));
    let read = (await new WriteJournal(new FileJournalStore(file)).operations()).operations[0]!;
    expect(read).toMatchObject({ operation: 'import', ended: false, missing: 0 });
    expect(read.changes).toHaveLength(7);
    // Batch 1 gone (rotated away): its 3 items were written and are no longer recorded.
    writeFileSync(file, [...lines.slice(3, 7), lines[7]!.slice(0, 50)].join('\n'));
    read = (await new WriteJournal(new FileJournalStore(file)).operations()).operations[0]!;
    expect(read).toMatchObject({ ended: false, missing: 3 });
  });
});

describe('a bulk write larger than the journal bound', () => {
  it('keeps all of its batches in one file: the journal rotates only after it ends', async () => {
    const file = journalFile();
    const journal = new WriteJournal(new FileJournalStore(file, 2000));
    const target = { connectionId: 'embedded', kind: 'embedded' as const, dataDir: '/data' };
    await journal.record({ target, table: 't', operation: 'put', changes: [{ key: key('first'), before: null, after: key('first') }] });
    const bulk = journal.begin({ target, table: 't', operation: 'import' });
    for (let batch = 0; batch < 20; batch++) {
      await bulk.batch([0, 1, 2].map((n) => ({ key: key(`b${batch}-${n}`), before: null, after: { ...key(`b${batch}-${n}`), pad: { S: 'x'.repeat(60) } } })));
    }
    await bulk.end('import of 60 items');
    // Eight times the bound, in the one file.
    expect(readFileSync(file, 'utf8').length).toBeGreaterThan(8 * 2000);
    const imported = (await journal.operations()).operations.find((operation) => operation.id === bulk.id)!;
    expect(imported).toMatchObject({ operation: 'import', ended: true, missing: 0 });
    expect(imported.changes).toHaveLength(60);
    // The next write rotates: the whole job moves to the older file, still readable and whole.
    await journal.record({ target, table: 't', operation: 'put', changes: [{ key: key('after'), before: null, after: key('after') }] });
    expect(readFileSync(file, 'utf8').length).toBeLessThan(2000);
    const { operations } = await journal.operations();
    // Newest first: the put after the job, the job, the put before it (all three in the two files).
    expect(operations.map((operation) => operation.operation)).toEqual(['put', 'import', 'put']);
    expect(operations[1]).toMatchObject({ id: bulk.id, ended: true, missing: 0 });
    expect(operations[1]!.changes).toHaveLength(60);
  });
});

describe('batch delete in the journal', () => {
  it('journals each batch of keys ahead, and undoes a delete that partly landed', async () => {
    const h = createJournalHarness(new WriteJournal(new MemoryJournalStore()));
    await createTable(h, 'deleted');
    const before = await putOld(h, 'deleted', 30);
    const keys = Array.from({ length: 30 }, (_, n) => key(`i${n}`));
    const answer = await h.call<{ deleted: number; journal: { operationId: string } }>('POST', `${itemsPath('deleted')}/batch-delete`, { keys });
    expect(answer.deleted).toBe(30);
    const recorded = (await h.journal.operations()).operations[0]!;
    expect(recorded).toMatchObject({ operation: 'batch-delete', id: answer.journal.operationId, undoable: true, ended: true });
    expect(recorded.changes).toHaveLength(30);
    // The 5 last keys as they were, as if the process had died before their deletes landed.
    for (const n of [25, 26, 27, 28, 29]) await h.base.client.send(new PutItemCommand({ TableName: 'deleted', Item: itemFromWire(before[n]!) as never }));
    const undone = await undo(h, { operationId: answer.journal.operationId });
    expect(undone.operations[0]).toMatchObject({ outcome: 'reverted', reverted: 25, alreadyReverted: 5 });
    expect(await Promise.all(keys.map((k) => h.item('deleted', k)))).toEqual(before);
  });

  it('refuses the undo when an item was put at a deleted key since', async () => {
    const h = createJournalHarness();
    await createTable(h, 'retaken');
    await putOld(h, 'retaken', 3);
    const answer = await h.call<{ journal: { operationId: string } }>('POST', `${itemsPath('retaken')}/batch-delete`, { keys: [key('i0'), key('i1'), key('i2')] });
    await h.base.client.send(new PutItemCommand({ TableName: 'retaken', Item: itemFromWire({ ...key('i1'), other: { S: 'new' } }) as never }));
    const refused = await h.fail('POST', '/api/journal/undo', { connectionId: CONNECTION, operationId: answer.journal.operationId });
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('PK = "i1"');
    expect(await h.item('retaken', key('i0'))).toBeUndefined();
    await h.base.client.send(new DeleteItemCommand({ TableName: 'retaken', Key: itemFromWire(key('i1')) as never }));
  });
});
