/**
 * `dynotable data import` and `data copy` journal every batch before sending
 * it, like the API's jobs, so `dynotable undo` undoes them: on embedded
 * engines in temporary data folders, with a journal file of their own.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteJournal } from '../../src/journal/journal.js';
import { FileJournalStore } from '../../src/journal/store.js';
import { run } from '../cli/capture.js';
import { createTable, itemTexts, putItems, temporaryFolder, withEngine } from '../data-cli/support.js';

let folder: { path: string; remove: () => void };
let dataDir: string;
let journalFile: string;

const item = (n: number, v: string) => ({ pk: { S: `p${n % 7}` }, sk: { N: String(n) }, v: { S: v } });

beforeEach(() => {
  folder = temporaryFolder();
  dataDir = join(folder.path, 'engine');
  journalFile = join(folder.path, 'journal.jsonl');
  withEngine(dataDir, (engine) => {
    createTable(engine, 'Source', false);
    putItems(engine, 'Source', Array.from({ length: 60 }, (_, n) => item(n, 'source')));
    createTable(engine, 'Target', false);
    // Items the import and the copy overwrite (0..9) and leave alone (100..104).
    putItems(engine, 'Target', [...Array.from({ length: 10 }, (_, n) => item(n, 'old')), ...Array.from({ length: 5 }, (_, n) => item(100 + n, 'untouched'))]);
  });
});

afterEach(() => folder.remove());

const journal = () => new WriteJournal(new FileJournalStore(journalFile));
const targetItems = () => withEngine(dataDir, (engine) => itemTexts(engine, 'Target'));

describe('dynotable data writes the journal', () => {
  it('data import: one operation with every item and its image before; dynotable undo restores the table', async () => {
    const before = targetItems();
    const file = join(folder.path, 'items.jsonl');
    writeFileSync(file, Array.from({ length: 60 }, (_, n) => JSON.stringify({ Item: item(n, 'imported') })).join('\n'));
    const imported = await run('data', 'import', 'Target', file, '--data', dataDir, '--journal', journalFile);
    expect(imported.stderr).toContain('Imported 60 items');
    expect(imported.code).toBe(0);

    const { operations } = await journal().operations();
    expect(operations).toHaveLength(1);
    const operation = operations[0]!;
    expect(operation).toMatchObject({ operation: 'import', table: 'Target', undoable: true, ended: true, missing: 0, target: { kind: 'embedded', dataDir } });
    expect(operation.changes).toHaveLength(60);
    expect(operation.changes.filter((change) => change.before !== null)).toHaveLength(10);
    expect(operation.changes.find((change) => JSON.stringify(change.key['sk']) === '{"N":"3"}')).toMatchObject({ before: { v: { S: 'old' } }, after: { v: { S: 'imported' } } });

    const listed = await run('undo', '--list', '--data', dataDir, '--journal', journalFile);
    expect(listed.stdout).toContain('import');
    expect(listed.stdout).toContain('60 items');
    const undone = await run('undo', '--last', '1', '--yes', '--data', dataDir, '--journal', journalFile);
    expect(undone.stderr).toBe('');
    expect(undone.stdout).toContain('60 items reverted');
    expect(targetItems()).toEqual(before);
  });

  it('data copy: the target batches journaled with the items they replace; dynotable undo restores the target', async () => {
    const before = targetItems();
    const copied = await run('data', 'copy', 'Source', 'Target', '--data', dataDir, '--journal', journalFile);
    expect(copied.code).toBe(0);
    const operation = (await journal().operations()).operations[0]!;
    expect(operation).toMatchObject({ operation: 'copy', table: 'Target', undoable: true, ended: true });
    expect(operation.changes).toHaveLength(60);
    expect(operation.changes.filter((change) => change.before !== null)).toHaveLength(10);
    const undone = await run('undo', '--last', '1', '--yes', '--data', dataDir, '--journal', journalFile);
    expect(undone.code).toBe(0);
    expect(targetItems()).toEqual(before);
  });

});
