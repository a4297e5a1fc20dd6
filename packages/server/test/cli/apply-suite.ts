/**
 * `dynotable apply`, `dynotable diff` and `dynotable undo` of the sample load,
 * through the shipped command (e2e/support/bundled-command.ts): each command
 * run twice in a row, the first without a code cache and the second with the
 * one the first left, on one kind of connection (the embedded engine's data
 * folder, or DynamoDB Local).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCommand, CACHE_STATES, ROOT, type CommandExit } from '../e2e/support/bundled-command.js';

export interface ApplyTarget {
  /** The connection flags, given the run's temporary folder. */
  readonly flags: (folder: string) => string[];
  /** How it is named in messages. */
  readonly label: (folder: string) => RegExp;
  /** Table names of this run: on a connection other runs share, a prefix of their own. */
  readonly prefix: string;
  /** The items of a table, counted by a Scan outside the command; undefined when there is no such table. */
  readonly count: (folder: string, table: string) => Promise<number | undefined>;
  /** Sends one request outside the command, as DynamoDB JSON (the UpdateTable requests diff prints). */
  readonly send: (folder: string, operation: string, input: Record<string, unknown>) => Promise<void>;
  readonly cleanup: (tables: readonly string[]) => Promise<void>;
}

const MODEL = join(ROOT, 'examples/ticket-desk.yaml');
const SAMPLE = 30;

function succeeded(exit: CommandExit, what: string, code = 0): void {
  expect(exit, `${what}\n${exit.stdout}\n${exit.stderr}`).toMatchObject({ code, signal: null });
}

/** The ticket desk with one more GSI: what `diff` must find missing on a table made from the example. */
function modelWithAnotherIndex(): string {
  const text = readFileSync(MODEL, 'utf8');
  const grown = text.replace(
    '        projection: ALL\n\nentities:',
    '        projection: ALL\n      GSI3:\n        partitionKey: { name: GSI3PK, type: S }\n        sortKey: { name: GSI3SK, type: N }\n        projection: KEYS_ONLY\n\nentities:',
  );
  expect(grown).not.toBe(text);
  return grown;
}

export function applySuite(target: ApplyTarget): void {
  const dryRun = bundledCommand();
  const apply = bundledCommand();
  const diff = bundledCommand();
  const undo = bundledCommand();
  const tableOf = (state: string) => `${target.prefix}${state}_TicketDesk`;
  let folder: string;
  let journal: string;
  let grown: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'dynotable-apply-'));
    journal = join(folder, 'journal.jsonl');
    grown = join(folder, 'ticket-desk-gsi3.yaml');
    writeFileSync(grown, modelWithAnotherIndex());
  });

  afterAll(async () => {
    for (const made of [dryRun, apply, diff, undo]) made.remove();
    await target.cleanup(CACHE_STATES.map(tableOf));
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });

  const run = (command: typeof apply, state: (typeof CACHE_STATES)[number], args: string[]) => {
    const afterRun = command.expectCache(state);
    return command.run([...args, ...target.flags(folder)]).then((exit) => ({ exit, afterRun }));
  };

  describe('run twice in a row, cold then warm', () => {
    it('apply --dry-run prints every CreateTable request and the sample, and writes nothing', async () => {
      for (const state of CACHE_STATES) {
        const { exit, afterRun } = await run(dryRun, state, ['apply', MODEL, '--dry-run', '--sample', String(SAMPLE), '--prefix', `${target.prefix}${state}_`]);
        succeeded(exit, `dry run, ${state}`);
        expect(exit.stdout).toContain(`CreateTable ${tableOf(state)} (the model's TicketDesk): 2 GSIs, on demand`);
        expect(exit.stdout).toContain(`"TableName": "${tableOf(state)}"`);
        expect(exit.stdout).toContain(`then sample items: ${SAMPLE} Ticket (seed 1)`);
        afterRun();
        expect(await target.count(folder, tableOf(state))).toBeUndefined();
      }
      const json = await dryRun.run(['apply', MODEL, '--dry-run', '--json', '--prefix', 'x_', ...target.flags(folder)]);
      succeeded(json, 'dry run as JSON');
      expect(JSON.parse(json.stdout)).toMatchObject({ model: 'ticket-desk', tables: [{ name: 'x_TicketDesk', modelTable: 'TicketDesk', request: { TableName: 'x_TicketDesk', BillingMode: 'PAY_PER_REQUEST' } }] });
    });

    it('apply --sample creates the table and loads the sample; a second apply is refused by name', async () => {
      for (const state of CACHE_STATES) {
        const { exit, afterRun } = await run(apply, state, ['apply', MODEL, '--prefix', `${target.prefix}${state}_`, '--sample', String(SAMPLE), '--journal', journal]);
        succeeded(exit, `apply, ${state}`);
        expect(exit.stdout).toMatch(new RegExp(`^Created ${tableOf(state)} on ${target.label(folder).source}, loaded ${SAMPLE} sample items\n`));
        expect(exit.stdout).toContain('Undo the sample load with: dynotable undo --last 1');
        afterRun();
        expect(await target.count(folder, tableOf(state))).toBe(SAMPLE);
      }
      const again = await apply.run(['apply', MODEL, '--prefix', `${target.prefix}cold_`, '--sample', String(SAMPLE), '--journal', journal, ...target.flags(folder)]);
      // 4: already exists (docs/cli.md); the target is named on the line before.
      succeeded(again, 'apply again', 4);
      expect(again.stderr).toMatch(new RegExp(`^Writing to ${tableOf('cold')} on ${target.label(folder).source}\ndynotable: table ${tableOf('cold')} exists already on ${target.label(folder).source}, so nothing was created: add --skip-existing`));
      expect(again.stderr).not.toMatch(/\n\s+at /);
      expect(await target.count(folder, tableOf('cold'))).toBe(SAMPLE);
    });

    it('diff finds the applied table as the model says (exit 0), and a GSI the model gained missing, with its UpdateTable (exit 1)', async () => {
      for (const state of CACHE_STATES) {
        const { exit, afterRun } = await run(diff, state, ['diff', MODEL, '--table', tableOf(state)]);
        succeeded(exit, `diff, ${state}`);
        expect(exit.stdout).toMatch(new RegExp(`^${tableOf(state)} \\(the model's TicketDesk\\) on ${target.label(folder).source} is as the model says\\.\n$`));
        afterRun();
        const changed = await diff.run(['diff', grown, '--table', tableOf(state), '--json', ...target.flags(folder)]);
        succeeded(changed, `diff of the grown model, ${state}`, 1);
        const comparison = JSON.parse(changed.stdout) as { equal: boolean; differences: { kind: string; message: string }[]; requests: { operation: string; input: Record<string, unknown> }[] };
        expect(comparison.equal).toBe(false);
        expect(comparison.differences).toEqual([expect.objectContaining({ kind: 'index-missing', message: 'GSI GSI3 (GSI3PK (S), GSI3SK (N); projection KEYS_ONLY) is in the model but not on the table' })]);
        expect(comparison.requests).toEqual([
          {
            operation: 'UpdateTable',
            purpose: expect.any(String),
            input: {
              TableName: tableOf(state),
              AttributeDefinitions: [
                { AttributeName: 'GSI3PK', AttributeType: 'S' },
                { AttributeName: 'GSI3SK', AttributeType: 'N' },
              ],
              GlobalSecondaryIndexUpdates: [
                {
                  Create: {
                    IndexName: 'GSI3',
                    KeySchema: [
                      { AttributeName: 'GSI3PK', KeyType: 'HASH' },
                      { AttributeName: 'GSI3SK', KeyType: 'RANGE' },
                    ],
                    Projection: { ProjectionType: 'KEYS_ONLY' },
                  },
                },
              ],
            },
          },
        ]);
      }
      const text = await diff.run(['diff', grown, '--table', tableOf('cold'), '--json', ...target.flags(folder)]);
      succeeded(text, 'diff as JSON', 1);
      // The requests do what they say: sent as printed, the table becomes what the grown model says.
      for (const request of (JSON.parse(text.stdout) as { requests: { operation: string; input: Record<string, unknown> }[] }).requests) await target.send(folder, request.operation, request.input);
      const closed = await diff.run(['diff', grown, '--table', tableOf('cold'), ...target.flags(folder)]);
      succeeded(closed, 'diff after the UpdateTable');
      expect(closed.stdout).toContain('is as the model says.');
      const words = await diff.run(['diff', MODEL, '--table', tableOf('cold'), ...target.flags(folder)]);
      succeeded(words, 'diff as text', 1);
      expect(words.stdout).toContain('differs from the model in 1 way:\n  - GSI GSI3 (GSI3PK (S), GSI3SK (N)) is on the table but not in the model\n');
      expect(words.stdout).toContain('1. UpdateTable: delete GSI GSI3, which the model does not have\n{\n  "TableName": ');
      const missing = await diff.run(['diff', MODEL, '--table', `${target.prefix}nothing_here`, ...target.flags(folder)]);
      succeeded(missing, 'diff of a missing table', 1);
      expect(missing.stderr).toMatch(new RegExp(`^dynotable: diff failed: ResourceNotFoundException: there is no table ${target.prefix}nothing_here on `));
    });

    it('undo --last 1 takes the sample load back', async () => {
      for (const state of CACHE_STATES) {
        expect(await target.count(folder, tableOf(state))).toBe(SAMPLE);
        const { exit, afterRun } = await run(undo, state, ['undo', '--last', '1', '--yes', '--table', tableOf(state), '--journal', journal]);
        succeeded(exit, `undo, ${state}`);
        expect(exit.stdout).toContain(`Undid sample-load `);
        expect(exit.stdout).toContain(`on ${tableOf(state)}: ${SAMPLE} items reverted.`);
        afterRun();
        expect(await target.count(folder, tableOf(state))).toBe(0);
      }
    });
  });
}
