/**
 * The model commands end to end, in process: init, design, lint, cost, export,
 * import, codegen and verify, each with --json, their exit statuses and their
 * messages for bad input.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseModel } from '@dynotable/core';
import { examplePath } from '../support/examples.js';
import { run } from './capture.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'dynotable-cli-'));

describe('dynotable init', () => {
  it('writes a starter model that lints clean, and keeps an existing file', async () => {
    const file = join(scratch(), 'model.yaml');
    expect((await run('init', file)).code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(() => parseModel(text)).not.toThrow();
    expect((await run('lint', file)).code).toBe(0);
    writeFileSync(file, 'mine');
    const again = await run('init', file);
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(/already exists; pass --force/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect((await run('init', file, '--force')).code).toBe(0);
  });
});

describe('dynotable design', () => {
  it('designs from questions typed on the command line', async () => {
    const result = await run('design', 'get ticket by id', 'list tickets by team, by priority', '--json');
    expect(result.code).toBe(0);
    const design = JSON.parse(result.stdout) as { mode: string; plans: { pattern: string; operation: string; index?: string }[]; model: { entities: { keys: Record<string, string> }[] } };
    expect(design.mode).toBe('designed');
    expect(design.plans.map((plan) => plan.operation)).toEqual(['GetItem', 'Query']);
    expect(design.plans[1]!.index).toBe('GSI1');
    expect(design.model.entities[0]!.keys['GSI1PK']).toMatch(/^TEAM#\{team/);
    expect(design.model.entities[0]!.keys['GSI1SK']).toMatch(/^PRIORITY#\{priority:0\d+\}/);
  });

  it('checks a model that has keys and writes the design with --output', async () => {
    const out = join(scratch(), 'designed.yaml');
    const result = await run('design', examplePath('leaderboard'), '--output', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/keys checked/);
    expect(parseModel(readFileSync(out, 'utf8')).accessPatterns).toHaveLength(4);
  });

  it('designs the leaderboard brief as typed: one Player, its matches in its partition, a padded rating on a GSI', async () => {
    const result = await run(
      'design', 'get player profile by id', "list a player's recent matches newest first", 'top N players of a season by rating', 'find player by handle', '--json',
    );
    expect(result.code).toBe(0);
    const design = JSON.parse(result.stdout) as { model: { entities: { name: string; keys: Record<string, string> }[] }; warnings: unknown[] };
    expect(design.model.entities.map((entity) => entity.name)).toEqual(['Player', 'Match']);
    const [player, match] = design.model.entities;
    expect(match!.keys['PK']).toBe(player!.keys['PK']);
    expect(Object.values(player!.keys)).toContainEqual(expect.stringMatching(/^RATING#\{rating:0\d+\}/));
    expect(design.warnings).toEqual([]);
  });

  it('designs the questions it reads and warns about the others, with did you mean', async () => {
    const result = await run('design', 'get ticket by id', 'list tickets by team, newst first');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Not understood \(left out of the design\)\n {2}warning: could not place "newst" \(did you mean "newest"\?\)/);
    expect(result.stdout).toMatch(/getTicketById\(ticketId\): GetItem/);
  });

  it('says which words of a question it could not place', async () => {
    const result = await run('design', 'list tickets by team, by priority, whatever');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/could not place "whatever"/);
    expect(result.stderr).toMatch(/understood "list Ticket where team = \?, ordered by priority ascending"/);
  });
});

describe('dynotable lint', () => {
  it('passes the examples and fails a broken variant with the rule id', async () => {
    expect((await run('lint', examplePath('ticket-desk'))).code).toBe(0);
    const result = await run('lint', examplePath('broken/leaderboard-unpadded-rating'), '--json');
    expect(result.code).toBe(1);
    const findings = JSON.parse(result.stdout) as { rule: string; severity: string }[];
    expect(findings.some((f) => f.severity === 'error')).toBe(true);
  });

  it('refuses an unknown rule and a missing file', async () => {
    expect((await run('lint', examplePath('ticket-desk'), '--rule', 'no-such-rule')).code).toBe(2);
    const missing = await run('lint', 'missing.yaml');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/cannot read model file 'missing.yaml': no such file/);
  });

  it('reports every problem of an invalid model', async () => {
    const file = join(scratch(), 'bad.yaml');
    writeFileSync(file, 'name: x\ntables:\n  T:\n    partitionKey: { name: PK, type: Q }\n');
    const result = await run('lint', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/partitionKey/);
  });
});

describe('dynotable cost', () => {
  it('prints units and money per pattern as JSON', async () => {
    const result = await run('cost', examplePath('ticket-desk'), '--json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { patterns: unknown[]; writePaths: unknown[] };
    expect(report.patterns).toHaveLength(3);
    expect(report.writePaths).toHaveLength(3);
  });

  it('says why a model without rates costs $0, and prices it at the assumed figures with --assume', async () => {
    const file = join(scratch(), 'notes.yaml');
    const text = 'tables:\n  Notes: { partitionKey: PK, sortKey: SK }\nentities:\n  Note:\n    attributes: { noteId: string }\n    keys: { PK: "NOTE#{noteId}", SK: NOTE }\naccessPatterns:\n  - { name: getNote, question: get note by id }\n';
    writeFileSync(file, text);
    const bare = await run('cost', file);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toMatch(/on-demand is \$0: no rates yet/);
    expect(bare.stdout).toMatch(/storage is \$0: no item counts yet/);
    const assumed = await run('cost', file, '--assume', '--json');
    const report = JSON.parse(assumed.stdout) as { totals: { onDemandMonthly: number; storageMonthly: number }; zeroReasons: object; assumedFigures: number };
    expect(report.totals.onDemandMonthly).toBeGreaterThan(0);
    expect(report.totals.storageMonthly).toBeGreaterThan(0);
    expect(report.zeroReasons).toEqual({});
    // The rate, the count and the assumed create write path's rate.
    expect(report.assumedFigures).toBe(3);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('compares the transactional move with the GSI update: 4 against 3 WCU for 1 KB', async () => {
    const result = await run('cost', '--compare-move');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/3 WCU against 4/);
    expect((await run('cost', '--compare-move', '--item-bytes', 'big')).code).toBe(2);
  });
});

describe('dynotable export and import', () => {
  it('exports every format and round-trips NoSQL Workbench JSON', async () => {
    for (const format of ['cloudformation-json', 'cloudformation-yaml', 'cdk', 'terraform', 'json', 'yaml']) {
      const result = await run('export', examplePath('leaderboard'), '--format', format);
      expect(result.code, format).toBe(0);
      expect(result.stdout.length).toBeGreaterThan(100);
    }
    const dir = scratch();
    const workbench = join(dir, 'workbench.json');
    expect((await run('export', examplePath('leaderboard'), '--format', 'nosql-workbench', '--output', workbench)).code).toBe(0);
    expect(JSON.parse(readFileSync(workbench, 'utf8'))).toHaveProperty('DataModel');
    const imported = await run('import', workbench, '--json');
    expect(imported.code).toBe(0);
    const { model } = JSON.parse(imported.stdout) as { model: { tables: { name: string; globalSecondaryIndexes: unknown[] }[] } };
    expect(model.tables[0]!.name).toBe('Leaderboard');
    expect(model.tables[0]!.globalSecondaryIndexes).toHaveLength(2);
  });

  it('says what NoSQL Workbench JSON cannot hold, and prints JSON with --json', async () => {
    const plain = await run('export', examplePath('audit-log'), '--format', 'nosql-workbench');
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(/^warning: table AuditLog: the time-to-live/m);
    const json = await run('export', examplePath('audit-log'), '--format', 'nosql-workbench', '--json');
    const parsed = JSON.parse(json.stdout) as { fileName: string; warnings: string[]; text: string };
    expect(parsed.warnings.length).toBeGreaterThan(0);
    expect(JSON.parse(parsed.text)).toHaveProperty('ModelName');
  });

  it('requires a known format', async () => {
    expect((await run('export', examplePath('leaderboard'))).code).toBe(2);
    expect((await run('export', examplePath('leaderboard'), '--format', 'pdf')).stderr).toMatch(/--format must be one of/);
  });

  it('refuses a file that is not a model', async () => {
    const file = join(scratch(), 'junk.json');
    writeFileSync(file, '{"hello": ');
    const result = await run('import', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^dynotable: /);
  });
});

describe('dynotable codegen', () => {
  it('writes the module and its integration test', async () => {
    const dir = join(scratch(), 'out');
    const result = await run('codegen', examplePath('ticket-desk'), '--out', dir, '--json');
    expect(result.code).toBe(0);
    const { files } = JSON.parse(result.stdout) as { files: string[] };
    expect(files).toHaveLength(2);
    for (const file of files) expect(existsSync(file)).toBe(true);
  });

  it('prints one pattern as boto3 or the AWS CLI, and names the patterns when one is unknown', async () => {
    const python = await run('codegen', examplePath('audit-log'), '--pattern', 'listActorEvents');
    expect(python.stdout).toMatch(/ScanIndexForward=False/);
    const unknown = await run('codegen', examplePath('audit-log'), '--pattern', 'nope');
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/it has: listActorEvents, actorEventsInWindow/);
  });
});

describe('dynotable verify', () => {
  it('passes an example on the embedded engine and fails a broken variant with exit status 1', async () => {
    const good = await run('verify', examplePath('audit-log'), '--items', '400', '--json');
    expect(good.code).toBe(0);
    expect((JSON.parse(good.stdout) as { passed: boolean }).passed).toBe(true);
    const bad = await run('verify', examplePath('broken/leaderboard-unpadded-rating'), '--items', '600');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/FAIL\s+topPlayersOfSeason/);
  });

  it('will not write to AWS without confirmation when no terminal can ask', async () => {
    const result = await run('verify', examplePath('audit-log'), '--region', 'us-east-1');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/pass --yes/);
  });

  it('checks its numbers', async () => {
    expect((await run('verify', examplePath('audit-log'), '--items', '0')).code).toBe(2);
    expect((await run('verify', examplePath('audit-log'), '--seed', '-1')).code).toBe(2);
  });
});
