/**
 * A pipe whose reader leaves early (`| head -1`) ends the
 * shipped command quietly: no EPIPE stack trace, no count of items the reader
 * never got, status 0 (the reader's own status is the pipeline's; see
 * src/cli/standard-output.ts). The export writes far more than a pipe holds,
 * so it meets the closed pipe on a write, as any long output does.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipped, type Exit } from './support/shipped.js';

const command = shipped();
let dataDir: string;

beforeAll(async () => {
  dataDir = command.folder('pipe');
  // The example tables: Leaderboard's 1,800 items are some 400 KB of DynamoDB JSON.
  const made = await command.run(['data', 'export', 'Leaderboard', '--data', dataDir, '-o', `${dataDir}/all.jsonl`]);
  expect(made.code, made.stderr).toBe(0);
});
afterAll(() => command.remove());

/** `dynotable <args> | head -1` in bash with pipefail; the command's own status from PIPESTATUS. */
function intoHead(args: readonly string[]): Promise<Exit> {
  const child = spawn('bash', ['-c', `set -o pipefail; ${command.commandLine(args)} | head -1; echo "status \${PIPESTATUS[0]}" >&2`]);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** `dynotable <args>` whose standard output's reader is gone before the command writes a byte. */
function readerGoneAtOnce(args: readonly string[]): Promise<Exit> {
  const child = command.start(args, { env: { DYNOTABLE_JOURNAL: `${dataDir}/journal.jsonl` } });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  child.stdin.end();
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout: '', stderr })));
}

describe('a pipe closed early', () => {
  it('data export -o - | head -1: the first item, then a quiet end with status 0 and no "Exported" count', async () => {
    const exit = await intoHead(['data', 'export', 'Leaderboard', '--data', dataDir, '-o', '-']);
    // Only where it read from (on standard error), then the status: no count of items the reader never got.
    expect(exit.stderr).toMatch(/^Reading Leaderboard from the embedded engine .+\nstatus 0\n$/);
    const lines = exit.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(Object.keys((JSON.parse(lines[0]!) as { Item: object }).Item)).toContain('PK');
  });

  it('data export, partiql and expr whose reader left before they wrote: no stack trace, no message, status 0', async () => {
    for (const args of [
      ['data', 'export', 'Leaderboard', '--data', dataDir],
      ['partiql', 'SELECT * FROM Leaderboard', '--data', dataDir, '--all'],
      ['expr', 'key', 'PK = "a"'],
      ['--help'],
    ]) {
      const exit = await readerGoneAtOnce(args);
      expect({ args, code: exit.code, stderr: exit.stderr.replace(/^.*\n/, (line) => (args[0] === 'partiql' || args[0] === 'data' ? '' : line)) }).toEqual({ args, code: 0, stderr: '' });
    }
  });

  it('still reports a failure of its own: a model that does not parse, whose reader left, fails with its message', async () => {
    const model = `${dataDir}/broken.yaml`;
    writeFileSync(model, 'tables: [\n');
    const exit = await readerGoneAtOnce(['lint', model]);
    expect(exit.code).toBe(1);
    expect(exit.stderr).toMatch(/^dynotable: 1 problem in .*broken\.yaml/);
  });
});
