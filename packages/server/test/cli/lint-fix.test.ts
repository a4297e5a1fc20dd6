/**
 * `dynotable lint --fix`, in process: every broken example comes out linting
 * clean with its comments; --dry-run writes nothing; --json answers as data;
 * what cannot be fixed is reported with a failing exit status.
 */
import { copyFileSync, lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintModel, lintsClean, parseModel } from '@dynotable/core';
import { BROKEN_VARIANTS, examplePath } from '../support/examples.js';
import { run } from './capture.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'dynotable-lint-fix-'));

function copyOf(name: string): string {
  const file = join(scratch(), `${name.replace(/^broken\//, '')}.yaml`);
  copyFileSync(examplePath(name), file);
  return file;
}

const commentLines = (text: string) => text.split('\n').filter((line) => /^\s*#/.test(line));

describe('dynotable lint --fix', () => {
  it.each(BROKEN_VARIANTS)('fixes %s into a model that lints clean, keeping its comments', async (name) => {
    const file = copyOf(`broken/${name}`);
    const before = readFileSync(file, 'utf8');
    expect(lintsClean(lintModel(parseModel(before, file)))).toBe(false);

    const result = await run('lint', '--fix', file);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Fixed and wrote \d+ findings? in /);
    expect(result.stdout).toContain('Lints clean');

    const after = readFileSync(file, 'utf8');
    expect(after).not.toBe(before);
    expect(lintsClean(lintModel(parseModel(after, file)))).toBe(true);
    for (const comment of commentLines(before)) expect(after).toContain(`${comment}\n`);
    // Nothing but the file itself is left in the folder (the temporary file was renamed over it).
    expect(readdirSync(join(file, '..'))).toHaveLength(1);
    expect((await run('lint', file)).code).toBe(0);
  });

  it('shows the fixes and the diff with --dry-run and writes nothing', async () => {
    const file = copyOf('broken/leaderboard-unpadded-rating');
    const before = readFileSync(file, 'utf8');
    const result = await run('lint', '--fix', '--dry-run', file);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Would fix 1 finding in');
    expect(result.stdout).toContain('unpadded-number-in-key on Player GSI1SK: Use {rating:05}');
    expect(result.stdout).toContain('-      GSI1SK: RATING#{rating}\n+      GSI1SK: RATING#{rating:05}\n');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('answers as data with --json', async () => {
    const file = copyOf('broken/audit-log-us-dates');
    const result = await run('lint', '--fix', '--dry-run', '--json', file);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as {
      written: boolean;
      clean: boolean;
      applied: { rule: string; edits: unknown[] }[];
      diff: string;
      text: string;
      findings: { severity: string }[];
    };
    expect(answer.written).toBe(false);
    expect(answer.clean).toBe(true);
    expect(answer.applied.map((fix) => fix.rule)).toEqual(['non-sortable-date']);
    expect(answer.applied[0]!.edits).toContainEqual({ op: 'set', path: ['entities', 'Event', 'keys', 'SK'], value: 'EVT#{at:iso}#{eventId}' });
    expect(answer.diff).toContain('+      SK: EVT#{at:iso}#{eventId}');
    expect(answer.text).toContain('# Two events may share a timestamp');
    expect(answer.findings.every((finding) => finding.severity === 'info')).toBe(true);
  });

  it('fails with the findings it could not fix', async () => {
    const file = join(scratch(), 'leaderboard.yaml');
    const text = readFileSync(examplePath('broken/leaderboard-unpadded-rating'), 'utf8').replace('question: find player by handle', 'question: frobnicate the widgets');
    writeFileSync(file, text);
    const result = await run('lint', '--fix', file);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('pattern-not-understood');
    expect(readFileSync(file, 'utf8')).toContain('GSI1SK: RATING#{rating:05}');
  });

  it('keeps a JSON file JSON, with its indentation', async () => {
    const file = join(scratch(), 'leaderboard.json');
    const model = parseModel(readFileSync(examplePath('broken/leaderboard-unpadded-rating'), 'utf8'));
    writeFileSync(file, `${JSON.stringify({ name: model.name, tables: model.tables, entities: model.entities, accessPatterns: model.accessPatterns, writePaths: model.writePaths }, null, 4)}\n`);
    const result = await run('lint', '--fix', file);
    expect(result.code).toBe(0);
    const after = readFileSync(file, 'utf8');
    expect(after).toContain('\n    "name": "leaderboard",\n');
    expect(after).toContain('"GSI1SK": "RATING#{rating:05}"');
  });

  it('writes through a symbolic link, which stays a link', async () => {
    const file = copyOf('broken/leaderboard-unpadded-rating');
    const link = join(scratch(), 'link.yaml');
    symlinkSync(file, link);
    expect((await run('lint', '--fix', link)).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('GSI1SK: RATING#{rating:05}');
  });

  it('says when there is nothing to fix, and refuses --dry-run without --fix', async () => {
    const clean = await run('lint', '--fix', examplePath('leaderboard'));
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^Nothing to fix in /);
    expect((await run('lint', '--dry-run', examplePath('leaderboard'))).code).toBe(2);
  });
});
