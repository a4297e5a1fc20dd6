/** Imports and copies in the journal: item by item (one operation that undoes together), or a summary when large. */
import type { WireItem } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { journaledTransfer } from '../../src/journal/transfer.js';
import { runImport } from '../../src/transfer/import-job.js';
import { textChunks } from '../../src/transfer/text-chunks.js';
import { clientSend } from '../../src/transfer/wire-send.js';
import { CONNECTION, createJournalHarness, createTable, itemsPath, tablesPath, undo, type JournalHarness } from './support.js';

const key = (pk: string): WireItem => ({ PK: { S: pk }, SK: { S: 'A' } });
const line = (pk: string, v: string) => JSON.stringify({ Item: { ...key(pk), v: { N: v }, tags: { SS: ['x', 'y'] } } });

async function importFile(h: JournalHarness, table: string, content: string) {
  const started = await h.call<{ id: string }>('POST', `${tablesPath}/${table}/import`, { format: 'dynamodb-json', content });
  const job = await h.base.jobs.finished(started.id);
  expect(job.snapshot.state).toBe('succeeded');
}

describe('imports and copies in the journal', () => {
  it('records an import item by item, and its undo restores the items it overwrote and removes the new ones', async () => {
    const h = createJournalHarness();
    await createTable(h, 'imported');
    for (let n = 0; n < 5; n++) await h.call('POST', `${itemsPath('imported')}/put`, { Item: { ...key(`i${n}`), v: { N: '0.5' }, old: { BOOL: true } } });
    const before = await Promise.all([0, 1, 2, 3, 4].map((n) => h.item('imported', key(`i${n}`))));
    // 40 lines: the first 5 keys overwrite existing items, and i7 comes twice (the later line wins).
    const lines = Array.from({ length: 40 }, (_, n) => line(`i${n}`, String(n)));
    lines.push(line('i7', '777'));
    await importFile(h, 'imported', lines.join('\n'));
    expect(await h.count('imported')).toBe(40);
    const { operations } = await h.journal.operations({ limit: 1 });
    expect(operations[0]).toMatchObject({ operation: 'import', undoable: true, note: 'import of 41 of 41 items (dynamodb-json)' });
    expect(operations[0]!.changes).toHaveLength(40);
    expect(operations[0]!.changes.find((change) => JSON.stringify(change.key['PK']) === '{"S":"i7"}')).toMatchObject({ before: null, after: { v: { N: '777' } } });
    const answer = await undo(h, { last: 1 });
    expect(answer.operations[0]).toMatchObject({ operation: 'import', outcome: 'reverted', reverted: 40 });
    expect(await h.count('imported')).toBe(5);
    expect(await Promise.all([0, 1, 2, 3, 4].map((n) => h.item('imported', key(`i${n}`))))).toEqual(before);
  });

  it('records a copy into a new table so that its undo empties it', async () => {
    const h = createJournalHarness();
    await createTable(h, 'copy-source');
    for (let n = 0; n < 30; n++) await h.call('POST', `${itemsPath('copy-source')}/put`, { Item: { ...key(`c${n}`), v: { N: String(n) } } });
    const started = await h.call<{ id: string }>('POST', '/api/copy', { connectionId: CONNECTION, table: 'copy-target', source: { connectionId: CONNECTION, table: 'copy-source' }, createTable: true });
    expect((await h.base.jobs.finished(started.id)).snapshot.state).toBe('succeeded');
    expect(await h.count('copy-target')).toBe(30);
    await undo(h, { last: 1, table: 'copy-target' });
    expect(await h.count('copy-target')).toBe(0);
    expect(await h.count('copy-source')).toBe(30);
  });

  it('records a summary, and reads nothing first, beyond the limit (for a command with its own journal)', async () => {
    const h = createJournalHarness();
    await createTable(h, 'large');
    const operations: string[] = [];
    const plain = clientSend(h.base.client);
    const send = (operation: string, input: Record<string, unknown>) => (operations.push(operation), plain(operation, input));
    const content = Array.from({ length: 30 }, (_, n) => line(`l${n}`, '1')).join('\n');
    await journaledTransfer(
      // A command's journal and target (no server context).
      { journal: h.journal, target: { connectionId: 'embedded', kind: 'embedded', session: h.journal.session }, table: 'large', operation: 'import', send, report: () => {}, limit: 10 },
      (journaledSend, report) => runImport(journaledSend, { table: 'large', format: 'dynamodb-json', source: () => textChunks(content) }, report, new AbortController().signal),
      (result) => `import of ${result.written} items`,
    );
    expect(operations).not.toContain('BatchGetItem');
    expect(await h.count('large')).toBe(30);
    const recorded = (await h.journal.operations()).operations[0]!;
    expect(recorded).toMatchObject({ operation: 'import', undoable: false, state: 'not-undoable', note: 'import of 30 items (more than 10 items, so their images were not kept); not undoable' });
  });
});
