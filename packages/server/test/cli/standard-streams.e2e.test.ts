/**
 * `-` is standard input where a command reads a file
 * (lint, cost, design, data import) and standard output where it writes one
 * (model export and import with -o -, data export -o -); `init -` prints the
 * starter model instead of writing a file named '-'. Through the shipped command.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipped } from './support/shipped.js';

const command = shipped();
let folder: string;
let starter: string;

beforeAll(async () => {
  folder = command.folder('dash');
  const made = await command.run(['init', 'model.yaml'], { cwd: folder });
  expect(made.code, made.stderr).toBe(0);
  starter = readFileSync(join(folder, 'model.yaml'), 'utf8');
});
afterAll(() => command.remove());

const noFileNamedDash = () => expect(readdirSync(folder)).not.toContain('-');

describe("'-' for standard input and output", () => {
  it('init - prints the starter model and writes no file', async () => {
    const exit = await command.run(['init', '-'], { cwd: folder });
    expect(exit.code).toBe(0);
    expect(exit.stdout).toBe(starter);
    noFileNamedDash();
  });

  it('lint - reads the model from standard input, and names it <stdin> in its problems', async () => {
    const clean = await command.run(['lint', '-'], { input: starter, cwd: folder });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/Lints clean/);
    const broken = await command.run(['lint', '-'], { input: 'tables: [\n', cwd: folder });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^dynotable: 1 problem in <stdin>:\n {2}2:1: /);
  });

  it('cost - and design - read the model from standard input', async () => {
    const cost = await command.run(['cost', '-', '--json'], { input: starter, cwd: folder });
    expect(cost.code, cost.stderr).toBe(0);
    expect((JSON.parse(cost.stdout) as { patterns: unknown[] }).patterns.length).toBeGreaterThan(0);
    const design = await command.run(['design', '-', '--json'], { input: starter, cwd: folder });
    expect(design.stderr).toBe('');
    expect((JSON.parse(design.stdout) as { model: { name: string } }).model.name).toBe('shop');
  });

  it('export - -o - writes the model export to standard output, not to a file named -', async () => {
    const exit = await command.run(['export', '-', '--format', 'terraform', '-o', '-'], { input: starter, cwd: folder });
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stdout).toContain('resource "aws_dynamodb_table"');
    noFileNamedDash();
  });

  it('design -o - refuses plainly: its report is what goes to standard output', async () => {
    const exit = await command.run(['design', 'model.yaml', '-o', '-'], { cwd: folder });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain("'-' (standard output) is not a file this command can write");
    noFileNamedDash();
  });

  it('data import <table> - reads the items from standard input', async () => {
    const dataDir = command.folder('dash-data');
    const item = JSON.stringify({ Item: { PK: { S: 'PLAYER#dash' }, SK: { S: 'MATCH#1' }, playerId: { S: 'dash' } } });
    const exit = await command.run(['data', 'import', 'Leaderboard', '-', '--data', dataDir], { input: `${item}\n` });
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stderr).toMatch(/Imported 1 item \(dynamodb-json\) into Leaderboard/);
    expect(existsSync(join(folder, '-'))).toBe(false);
  });
});

describe("'-' where a command writes a folder", () => {
  it('codegen --out - refuses, and makes no folder named -', async () => {
    const exit = await command.run(['codegen', 'model.yaml', '--out', '-'], { cwd: folder });
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain("standard output ('-') cannot hold");
    noFileNamedDash();
  });
});
