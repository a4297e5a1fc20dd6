/**
 * Input that holds nothing usable is refused with what
 * could not be understood, and a non-zero status. Through the shipped command.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipped } from './support/shipped.js';

const command = shipped();
let dataDir: string;

beforeAll(() => {
  dataDir = command.folder('junk');
});
afterAll(() => command.remove());

describe('junk input', () => {
  it('design "blah blah": says it is not a question it can read, designs nothing, exits 1', async () => {
    const exit = await command.run(['design', 'blah blah']);
    expect(exit.code).toBe(1);
    expect(exit.stdout).toBe('');
    expect(exit.stderr).toMatch(/^dynotable: "blah blah" is not a question DynoTable can read: it has no verb .*"list blah blah by owner, newest first"/);
    expect(exit.stderr).not.toContain('No problems');
  });

  it('design with one junk question among good ones: the junk one is named as left out, and the status says so', async () => {
    const exit = await command.run(['design', 'blah blah', 'get a user by id']);
    expect(exit.code).toBe(1);
    expect(exit.stdout).toContain('Not understood (left out of the design)');
    expect(exit.stdout).toContain('"blah blah" is not a question');
    expect(exit.stdout).not.toContain('BlahBlah');
    expect(exit.stdout).toContain('getUserById');
  });

  it('a text file imports nothing: refused with what was expected, exit 1, and the table is unchanged', async () => {
    const file = join(dataDir, 'hello.txt');
    writeFileSync(file, 'hello world\n');
    const data = join(dataDir, 'store');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(data);
    const exit = await command.run(['data', 'import', 'Leaderboard', file, '--data', data]);
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain(`'${file}' holds no items: read as CSV it is a header line ("hello world") and no rows. Expected DynamoDB JSON lines`);
    expect(exit.stderr).toContain('give --format if the guess was wrong (nothing was written)');
    expect(exit.stderr).not.toMatch(/Imported 0 items/);
    const count = await command.run(['partiql', 'SELECT * FROM Leaderboard', '--data', data, '--all', '--json']);
    expect((JSON.parse(count.stdout) as { count: number }).count).toBe(1800);
  });

  it('an empty file is an empty table\'s export: 0 items, exit 0', async () => {
    const file = join(dataDir, 'empty.jsonl');
    writeFileSync(file, '');
    const data = join(dataDir, 'store2');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(data);
    const exit = await command.run(['data', 'import', 'Leaderboard', file, '--data', data]);
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stderr).toMatch(/Imported 0 items/);
  });
});
