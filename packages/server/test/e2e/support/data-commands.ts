/**
 * `dynotable data copy`, `data export`, `data import` and `verify` on an
 * endpoint, through the shipped command (support/bundled-command.ts): each
 * command run twice in a row, the first without a code cache and the second
 * with the one the first left. Every one of them reaches the endpoint through
 * the AWS SDK's HTTP handler, which a code cache once broke on every run after
 * the first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCommand, CACHE_STATES, ROOT, type CommandExit } from './bundled-command.js';

export interface DataCommandTarget {
  /** Where the tables go; on an endpoint other runs share, a prefix of their own. */
  readonly tablePrefix: string;
  readonly endpoint: () => string;
}

const COPIED = 200;

interface Line {
  Item: Record<string, Record<string, unknown>>;
}

const lines = (text: string): Line[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line);

const keyOf = (line: Line) => JSON.stringify([line.Item['PK'], line.Item['SK']]);

function succeeded(exit: CommandExit, what: string): void {
  expect(exit, `${what}\n${exit.stderr}`).toMatchObject({ code: 0, signal: null });
}

export function dataCommandSuite(target: DataCommandTarget): void {
  // The tables `data copy` makes: one per run.
  const copies = { cold: `${target.tablePrefix}BoardCold`, warm: `${target.tablePrefix}BoardWarm` };
  // Each command with a code cache of its own: its first run is cold, its second warm.
  const copy = bundledCommand();
  const exporter = bundledCommand();
  const importer = bundledCommand();
  const reader = bundledCommand();
  const verify = bundledCommand();
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'dynotable-data-'));
  });

  afterAll(async () => {
    for (const made of [copy, exporter, importer, reader, verify]) made.remove();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    // Without an endpoint (it did not start), there is nothing to delete.
    if (!target.endpoint()) return;
    const client = new DynamoDBClient({ endpoint: target.endpoint(), region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, maxAttempts: 1 });
    for (const table of Object.values(copies)) await client.send(new DeleteTableCommand({ TableName: table })).catch(() => undefined);
    client.destroy();
  });

  describe('run twice in a row, cold then warm', () => {
    it('dynotable data copy from the embedded engine to the endpoint, creating the table', async () => {
      for (const state of CACHE_STATES) {
        const afterRun = copy.expectCache(state);
        // The data folder is new to the first run, which writes the example tables into it.
        const exit = await copy.run(['data', 'copy', 'Leaderboard', copies[state], '--from-data', dataDir, '--to-endpoint', target.endpoint(), '--create-table', '--limit', String(COPIED)]);
        succeeded(exit, `copy, ${state}`);
        const fresh = state === 'cold' ? `New data folder ${dataDir}: made a DynoTable database there, with the example tables\\.\\n` : '';
        // The target first, before anything is written; then the account.
        expect(exit.stderr).toMatch(new RegExp(`^${fresh}Writing to ${copies[state]} on ${target.endpoint()} \\(from Leaderboard on the embedded engine \\(.*\\)\\)\n`));
        expect(exit.stderr).toMatch(new RegExp(`\nCopied ${COPIED} items of Leaderboard from the embedded engine \\(.*\\) into ${copies[state]} on ${target.endpoint()} \\(created ${copies[state]}\\)`));
        afterRun();
      }
    });

    it('dynotable data export from the endpoint to standard output: the same items both times', async () => {
      const outputs: string[] = [];
      for (const state of CACHE_STATES) {
        const afterRun = exporter.expectCache(state);
        const exit = await exporter.run(['data', 'export', copies.cold, '--endpoint', target.endpoint(), '-o', '-']);
        succeeded(exit, `export, ${state}`);
        expect(exit.stderr).toContain(`Exported ${COPIED} items of ${copies.cold} from ${target.endpoint()} to standard output (dynamodb-json)`);
        outputs.push(exit.stdout);
        afterRun();
      }
      const exported = lines(outputs[0]!);
      expect(exported).toHaveLength(COPIED);
      expect(exported.every((line) => String(line.Item['PK']?.['S']).startsWith('PLAYER#'))).toBe(true);
      expect(outputs[1]).toBe(outputs[0]);
    });

    it('dynotable data import from standard input into the endpoint: every item written, as read back by an export', async () => {
      for (const state of CACHE_STATES) {
        // New players, and the run that imports them, into the first copy (after the export above read it).
        const players = Array.from({ length: COPIED }, (_, index) => ({
          Item: { PK: { S: `PLAYER#imported${index}` }, SK: { S: 'PROFILE' }, handle: { S: `handle ${index} ✓` }, rating: { N: String(1000 + index) }, importedBy: { S: state } },
        }));
        const afterRun = importer.expectCache(state);
        const exit = await importer.run(['data', 'import', copies.cold, '-', '--endpoint', target.endpoint()], {
          input: `${players.map((player) => JSON.stringify(player)).join('\n')}\n`,
        });
        succeeded(exit, `import, ${state}`);
        expect(exit.stderr).toContain(`Imported ${COPIED} items (dynamodb-json) into ${copies.cold} on ${target.endpoint()}`);
        afterRun();

        const read = await reader.run(['data', 'export', copies.cold, '--endpoint', target.endpoint(), '-o', '-']);
        succeeded(read, `export after the import, ${state}`);
        const after = new Map(lines(read.stdout).map((line) => [keyOf(line), line.Item]));
        expect(after.size).toBe(2 * COPIED);
        for (const player of players) expect(after.get(keyOf(player))).toEqual(player.Item);
      }
    });

    it('dynotable verify --endpoint proves the leaderboard model there', async () => {
      for (const state of CACHE_STATES) {
        const afterRun = verify.expectCache(state);
        const exit = await verify.run(['verify', 'examples/leaderboard.yaml', '--endpoint', target.endpoint(), '--items', '200', '--json'], { cwd: ROOT });
        succeeded(exit, `verify, ${state}`);
        const report = JSON.parse(exit.stdout) as { passed: boolean; kept: boolean; tables: string[]; patterns: Array<{ passed: boolean }> };
        expect(report).toMatchObject({ passed: true, kept: false });
        expect(report.patterns.length).toBeGreaterThan(2);
        expect(report.patterns.every((pattern) => pattern.passed)).toBe(true);
        afterRun();
      }
    });
  });
}
