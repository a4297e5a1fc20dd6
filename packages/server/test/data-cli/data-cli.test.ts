/** `dynotable data export|import|copy` run in process, on embedded engines in temporary data folders. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine, startEngineServer } from '@dynotable/engine';
import { confirmAws } from '../../src/cli/data-common.js';
import { runDataImport } from '../../src/cli/data-import.js';
import { run } from '../cli/capture.js';
import { sampleItems } from '../transfer/sample-items.js';
import { canonical, createTable, itemsOf, itemTexts, putItems, temporaryFolder, withEngine } from './support.js';

let folder: { path: string; remove: () => void };
let dataDir: string;
const ITEMS = sampleItems(60);

beforeEach(() => {
  folder = temporaryFolder();
  // data import and data copy write the journal: this folder's, not the user's.
  vi.stubEnv('DYNOTABLE_JOURNAL', join(folder.path, 'journal.jsonl'));
  dataDir = join(folder.path, 'engine');
  withEngine(dataDir, (engine) => {
    createTable(engine, 'Things');
    putItems(engine, 'Things', ITEMS);
    createTable(engine, 'Target');
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
  folder.remove();
});

const file = (name: string) => join(folder.path, name);

describe('export then import gives the same items back', () => {
  const cases: [string, string[]][] = [
    ['dynamodb-json', ['things.dynamodb.jsonl']],
    ['json', ['things.json']],
    ['csv', ['things.csv']],
    ['nosql-workbench', ['things.model.json', '--format', 'nosql-workbench']],
    ['s3-export folder', ['s3', '--format', 's3-export']],
    ['s3-export data file', ['things.json.gz']],
  ];
  for (const [name, [output, ...flags]] of cases) {
    it(`${name}: every type, 38-digit numbers, binary and sets`, async () => {
      const exported = await run('data', 'export', 'Things', '--data', dataDir, '--output', file(output!), ...flags);
      expect(exported.stderr).toContain(`Exported ${ITEMS.length} items of Things`);
      expect(exported.code).toBe(0);
      const imported = await run('data', 'import', 'Target', file(output!), '--data', dataDir, ...flags);
      expect(imported.stderr).toContain(`Imported ${ITEMS.length} items`);
      expect(imported.code).toBe(0);
      withEngine(dataDir, (engine) => expect(itemTexts(engine, 'Target')).toEqual(itemTexts(engine, 'Things')));
    });
  }

  it('writes DynamoDB JSON lines to standard output without --output', async () => {
    const result = await run('data', 'export', 'Things', '--data', dataDir, '--limit', '3');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(Object.keys(JSON.parse(line) as object)).toEqual(['Item']);
  });

  it('writes the layout of DynamoDB export to S3: manifests and a gzip data file of Item lines', async () => {
    expect((await run('data', 'export', 'Things', '--data', dataDir, '-o', file('s3'), '-f', 's3-export', '--segments', '3')).code).toBe(0);
    const manifest = JSON.parse(readFileSync(file('s3/manifest-files.json'), 'utf8')) as { itemCount: number; dataFileS3Key: string };
    const summary = JSON.parse(readFileSync(file('s3/manifest-summary.json'), 'utf8')) as { itemCount: number; outputFormat: string };
    expect(manifest.itemCount).toBe(ITEMS.length);
    expect(summary).toMatchObject({ itemCount: ITEMS.length, outputFormat: 'DYNAMODB_JSON' });
    const lines = gunzipSync(readFileSync(join(folder.path, 's3', manifest.dataFileS3Key))).toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(ITEMS.length);
    expect(readdirSync(file('s3/data'))).toEqual([manifest.dataFileS3Key.slice('data/'.length)]);
  });

  it('exports only the items the filter keeps, up to the limit', async () => {
    const flagged = ITEMS.filter((item) => (item['flag'] as { BOOL: boolean }).BOOL).length;
    const all = await run('data', 'export', 'Things', '--data', dataDir, '--filter', 'flag = true');
    expect(all.stdout.trim().split('\n')).toHaveLength(flagged);
    const some = await run('data', 'export', 'Things', '--data', dataDir, '--filter', 'flag = true', '--limit', '4', '-f', 'jsonl');
    const lines = some.stdout.trim().split('\n').map((line) => JSON.parse(line) as { flag: boolean });
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => line.flag)).toBe(true);
  });

  it('refuses to replace a file without --force', async () => {
    writeFileSync(file('taken.jsonl'), 'keep me');
    const result = await run('data', 'export', 'Things', '--data', dataDir, '-o', file('taken.jsonl'));
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('exists already; add --force');
    expect(readFileSync(file('taken.jsonl'), 'utf8')).toBe('keep me');
    expect((await run('data', 'export', 'Things', '--data', dataDir, '-o', file('taken.jsonl'), '--force')).code).toBe(0);
    expect(readFileSync(file('taken.jsonl'), 'utf8').trim().split('\n')).toHaveLength(ITEMS.length);
  });

  it('replaces an export folder with --force, and never a folder holding anything else', async () => {
    mkdirSync(file('mine'));
    writeFileSync(file('mine/precious.txt'), 'keep me');
    const refused = await run('data', 'export', 'Things', '--data', dataDir, '-o', file('mine'), '-f', 's3-export', '--force');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('does not hold an export');
    expect(readdirSync(file('mine'))).toEqual(['precious.txt']);
    expect((await run('data', 'export', 'Things', '--data', dataDir, '-o', file('s3'), '-f', 's3-export', '--limit', '2')).code).toBe(0);
    writeFileSync(file('s3/notes.txt'), 'mine');
    expect((await run('data', 'export', 'Things', '--data', dataDir, '-o', file('s3'), '-f', 's3-export')).code).toBe(4);
    expect((await run('data', 'export', 'Things', '--data', dataDir, '-o', file('s3'), '-f', 's3-export', '--force')).code).toBe(0);
    expect(readdirSync(file('s3')).sort()).toEqual(['data', 'manifest-files.json', 'manifest-summary.json', 'notes.txt']);
    expect(readdirSync(file('s3/data'))).toHaveLength(1);
    expect((JSON.parse(readFileSync(file('s3/manifest-files.json'), 'utf8')) as { itemCount: number }).itemCount).toBe(ITEMS.length);
  });

  it('fails with exit status 3 (not found) for a table that does not exist, and keeps no file', async () => {
    const result = await run('data', 'export', 'Missing', '--data', dataDir, '-o', file('missing.jsonl'));
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('ResourceNotFoundException');
    expect(existsSync(file('missing.jsonl'))).toBe(false);
  });
});

describe('plain JSON lines', () => {
  it('infers the types on import, keeping every digit of a number', async () => {
    writeFileSync(
      file('plain.jsonl'),
      [
        '{"pk":"a","sk":1,"text":"héllo","big":12345678901234567890123456789012345678,"small":-1.50e-7,"yes":true,"no":false,"none":null,"list":[1,"two",[3]],"map":{"deep":{"n":0.1}}}',
        '',
        '{"pk":"b","sk":2.0}',
      ].join('\r\n'),
    );
    const result = await run('data', 'import', 'Target', file('plain.jsonl'), '--data', dataDir);
    expect(result.stderr).toContain('Imported 2 items (jsonl)');
    expect(result.code).toBe(0);
    withEngine(dataDir, (engine) => {
      const [a, b] = itemsOf(engine, 'Target').sort((x, y) => ((x['pk'] as { S: string }).S < (y['pk'] as { S: string }).S ? -1 : 1));
      expect(a).toEqual({
        pk: { S: 'a' },
        sk: { N: '1' },
        text: { S: 'héllo' },
        big: { N: '12345678901234567890123456789012345678' },
        small: { N: '-0.00000015' },
        yes: { BOOL: true },
        no: { BOOL: false },
        none: { NULL: true },
        list: { L: [{ N: '1' }, { S: 'two' }, { L: [{ N: '3' }] }] },
        map: { M: { deep: { M: { n: { N: '0.1' } } } } },
      });
      expect(b).toEqual({ pk: { S: 'b' }, sk: { N: '2' } });
    });
  });

  it('exports binary as base64 and sets as arrays, and says it is lossy', async () => {
    withEngine(dataDir, (engine) => putItems(engine, 'Target', [{ pk: { S: 'p' }, sk: { N: '12345678901234567890123456789012345678' }, b: { B: 'AAEC' }, ss: { SS: ['x'] }, ns: { NS: ['1.5'] } }]));
    const result = await run('data', 'export', 'Target', '--data', dataDir, '--format', 'jsonl');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{"pk":"p","sk":12345678901234567890123456789012345678,"b":"AAEC","ss":["x"],"ns":[1.5]}\n');
    expect(result.stderr).toContain('binary was written as base64 strings and sets as arrays');
  });
});

describe('a bad file', () => {
  it('stops at the first bad item, names its line, and writes nothing', async () => {
    const lines = ITEMS.slice(0, 5).map((item) => JSON.stringify({ Item: item }));
    lines.splice(2, 0, JSON.stringify({ pk: { S: 'no sort key' } }));
    writeFileSync(file('bad.jsonl'), lines.join('\n'));
    const result = await run('data', 'import', 'Target', file('bad.jsonl'), '--data', dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('line 3: ValidationException: One or more parameter values were invalid: Missing the key sk in the item (nothing was written)');
    withEngine(dataDir, (engine) => expect(itemTexts(engine, 'Target')).toEqual([]));
  });

  it('names the line of malformed JSON, in plain JSON lines too', async () => {
    writeFileSync(file('broken.jsonl'), '{"pk":"a","sk":1}\n{"pk":"b","sk":2}\n{"pk":"c",\n');
    const result = await run('data', 'import', 'Target', file('broken.jsonl'), '--data', dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/line 3: SerializationException: not valid JSON: .*\(nothing was written\)/);
    withEngine(dataDir, (engine) => expect(itemTexts(engine, 'Target')).toEqual([]));
  });

  it('names the data file of an export folder', async () => {
    expect((await run('data', 'export', 'Things', '--data', dataDir, '-o', file('s3'), '-f', 's3-export')).code).toBe(0);
    writeFileSync(file('s3/manifest-files.json'), '');
    writeFileSync(file('s3/data/zzz-extra.json'), '{"Item":{"pk":{"S":"x"},"sk":{"S":"not a number"}}}\n');
    const result = await run('data', 'import', 'Target', file('s3'), '--data', dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('zzz-extra.json, line 1: ValidationException: One or more parameter values were invalid: Type mismatch for key sk expected: N actual: S');
    withEngine(dataDir, (engine) => expect(itemTexts(engine, 'Target')).toEqual([]));
  });

  it('reports a missing file with exit status 3 (not found)', async () => {
    const result = await run('data', 'import', 'Target', file('nowhere.jsonl'), '--data', dataDir);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("cannot read '");
  });
});

describe('copy', () => {
  it('copies between an endpoint and the embedded engine, creating the table, with a filter and a limit', async () => {
    const sourceEngine = createEngine();
    createTable(sourceEngine, 'Remote');
    putItems(sourceEngine, 'Remote', ITEMS);
    const server = await startEngineServer({ engine: sourceEngine, port: 0 });
    try {
      const flagged = ITEMS.filter((item) => (item['flag'] as { BOOL: boolean }).BOOL);
      const some = await run('data', 'copy', 'Remote', 'Local', '--from-endpoint', server.url, '--to-data', dataDir, '--create-table', '--filter', 'flag = true', '--limit', '5');
      expect(some.stderr).toContain('Copied 5 items of Remote');
      expect(some.stderr).toContain('(created Local)');
      expect(some.code).toBe(0);
      withEngine(dataDir, (engine) => {
        const copied = itemsOf(engine, 'Local');
        expect(copied).toHaveLength(5);
        expect(copied.every((item) => (item['flag'] as { BOOL: boolean }).BOOL)).toBe(true);
        const described = engine.execute('DescribeTable', { TableName: 'Local' })['Table'] as { GlobalSecondaryIndexes: { IndexName: string }[] };
        expect(described.GlobalSecondaryIndexes.map((index) => index.IndexName)).toEqual(['byG']);
      });
      const all = await run('data', 'copy', 'Remote', 'Local', '--from-endpoint', server.url, '--to-data', dataDir, '--filter', 'flag = true');
      expect(all.code).toBe(0);
      const expected = itemsOf(sourceEngine, 'Remote')
        .filter((item) => (item['flag'] as { BOOL: boolean }).BOOL)
        .map(canonical)
        .sort();
      expect(expected).toHaveLength(flagged.length);
      withEngine(dataDir, (engine) => expect(itemTexts(engine, 'Local')).toEqual(expected));
      // And back: the embedded engine's table into the endpoint under a new name.
      const back = await run('data', 'copy', 'Things', 'Returned', '--from-data', dataDir, '--to-endpoint', server.url, '--create-table');
      expect(back.code).toBe(0);
      withEngine(dataDir, (engine) => expect(itemTexts(sourceEngine, 'Returned')).toEqual(itemTexts(engine, 'Things')));
    } finally {
      await server.close();
      sourceEngine.close();
    }
  });

  it('refuses to copy a table onto itself', async () => {
    const result = await run('data', 'copy', 'Things', '--data', dataDir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the source and the target are the same table');
  });

  it('fails with exit status 4 (already exists) when the target exists and --create-table was given', async () => {
    const result = await run('data', 'copy', 'Things', 'Target', '--data', dataDir, '--create-table');
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('ResourceInUseException');
    withEngine(dataDir, (engine) => expect(itemTexts(engine, 'Target')).toEqual([]));
  });
});

describe('usage', () => {
  it('prints help and refuses mixed connection flags', async () => {
    expect((await run('data', '--help')).stdout).toContain('dynotable data export');
    expect((await run('data', 'import', '--help')).stdout).toContain('LOSSY for');
    const mixed = await run('data', 'export', 'Things', '--data', dataDir, '--endpoint', 'http://localhost:1');
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--data is the embedded engine; it does not take --endpoint');
    expect((await run('data', 'export', 'Things', '--format', 'xml')).code).toBe(2);
    expect((await run('data', 'frobnicate')).code).toBe(2);
  });
});

describe('standard input and questions', () => {
  it('imports from standard input (saved first, since the import reads it twice)', async () => {
    let stderr = '';
    const io = { stdout: () => {}, stderr: (text: string) => (stderr += text) };
    const text = ITEMS.slice(0, 7).map((item) => JSON.stringify(item)).join('\n');
    const code = await runDataImport(['Target', '-', '--data', dataDir], io, process.env, Readable.from([text.slice(0, 100), text.slice(100)]));
    expect(stderr).toContain('Imported 7 items (dynamodb-json)');
    expect(code).toBe(0);
    withEngine(dataDir, (engine) => expect(itemTexts(engine, 'Target')).toHaveLength(7));
  });

  it('asks before writing to AWS, and refuses without a terminal unless --yes', async () => {
    const quiet = { stdout: () => {}, stderr: () => {} };
    await expect(confirmAws(quiet, 'Write 3 items into T on AWS us-east-1', false)).rejects.toThrow('run again with --yes (nothing was written)');
    await expect(confirmAws(quiet, 'Write 3 items', true)).resolves.toBe(true);
    const questions: string[] = [];
    const asking = (answer: string) => ({ ...quiet, interactive: true, ask: async (question: string) => (questions.push(question), answer) });
    await expect(confirmAws(asking('y'), 'Write 3 items into T on AWS us-east-1', false)).resolves.toBe(true);
    await expect(confirmAws(asking(''), 'Write 3 items into T on AWS us-east-1', false)).resolves.toBe(false);
    expect(questions[0]).toBe('Write 3 items into T on AWS us-east-1. Continue? [y/N] ');
  });
});
