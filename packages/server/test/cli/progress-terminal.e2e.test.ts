/**
 * The shipped command's progress bar in a
 * pseudo-terminal (`script` of util-linux). It is drawn on standard error when
 * that is a terminal that can draw it, never among data written to the same
 * screen, never under TERM=dumb, never with --quiet; its rate is not absurd
 * for a phase that takes a millisecond.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESCAPE, hasScript, shipped } from './support/shipped.js';

const command = shipped();
let dataDir: string;
const ITEMS = 1800;

beforeAll(async () => {
  dataDir = command.folder('progress');
  const made = await command.run(['data', 'export', 'Leaderboard', '--data', dataDir, '-o', `${dataDir}/leaderboard.jsonl`]);
  expect(made.code, made.stderr).toBe(0);
});
afterAll(() => command.remove());

const exportTo = (output: string, ...more: string[]) => ['data', 'export', 'Leaderboard', '--data', dataDir, '-o', output, '--force', ...more];

/** Each "N items/s" the terminal showed. */
const rates = (screen: string) => [...screen.matchAll(/([\d,]+) items?\/s/g)].map((match) => Number(match[1]!.replace(/,/g, '')));

describe.runIf(hasScript)('progress in a terminal', () => {
  it('is drawn on a terminal that can draw it, while the items go to a file', () => {
    const screen = command.inTerminal(exportTo(`${dataDir}/out.jsonl`), { term: 'xterm-256color' });
    expect(screen.code).toBe(0);
    expect(screen.stdout).toContain(ESCAPE);
    expect(screen.stdout).toMatch(/export .*\d+% \| [\d,]+\/1800 items/);
    expect(screen.stdout).toContain(`Exported 1,800 items of Leaderboard`);
  });

  it('is not drawn among items written to the same terminal (-o -)', () => {
    const screen = command.inTerminal(exportTo('-'), { term: 'xterm-256color' });
    expect(screen.code).toBe(0);
    expect(screen.stdout).not.toContain(ESCAPE);
    const lines = screen.stdout.split(/\r?\n/).filter((line) => line.startsWith('{'));
    expect(lines).toHaveLength(ITEMS);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('is drawn on standard error when standard output goes to a file, and the file holds only items', () => {
    const file = `${dataDir}/redirected.jsonl`;
    const screen = command.inTerminal(['data', 'export', 'Leaderboard', '--data', dataDir], { term: 'xterm-256color', redirect: file });
    expect(screen.code).toBe(0);
    expect(screen.stdout).toContain(ESCAPE);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(ESCAPE);
    expect(text.trimEnd().split('\n')).toHaveLength(ITEMS);
  });

  it('draws no cursor codes under TERM=dumb: only the target and summary lines', () => {
    const screen = command.inTerminal(exportTo(`${dataDir}/dumb.jsonl`), { term: 'dumb' });
    expect(screen.code).toBe(0);
    expect(screen.stdout).not.toContain(ESCAPE);
    expect(screen.stdout.trim()).toMatch(/^Reading Leaderboard from the embedded engine .+\r?\nExported 1,800 items of Leaderboard .+\.(?:\r?\nNote: .+)?$/);
  });

  it('--quiet: no bar and no summary, on export, import and copy', () => {
    for (const args of [
      exportTo(`${dataDir}/quiet.dynamodb.jsonl`, '--quiet'),
      ['data', 'import', 'Leaderboard', `${dataDir}/leaderboard.jsonl`, '--data', dataDir, '--quiet'],
      ['data', 'copy', 'Leaderboard', 'LeaderboardCopy', '--data', dataDir, '--create-table', '--quiet'],
    ]) {
      const screen = command.inTerminal(args, { term: 'xterm-256color' });
      expect({ args, code: screen.code, screen: screen.stdout }).toEqual({ args, code: 0, screen: '' });
    }
  });

  it("import's check phase, over in a moment, shows no absurd rate or time left", () => {
    writeFileSync(`${dataDir}/again.jsonl`, readFileSync(`${dataDir}/leaderboard.jsonl`));
    const screen = command.inTerminal(['data', 'import', 'Leaderboard', `${dataDir}/again.jsonl`, '--data', dataDir], { term: 'xterm-256color' });
    expect(screen.code).toBe(0);
    expect(screen.stdout).toMatch(/check /);
    expect(screen.stdout).toContain('Imported 1,800 items');
    // A rate is shown once a phase has run a second: never more items a second than there are items.
    for (const rate of rates(screen.stdout)) expect(rate).toBeLessThanOrEqual(ITEMS);
    expect(screen.stdout).not.toMatch(/LLs|NaN|Infinity|undefined/);
  });
});
