/**
 * docs/cli.md against the command table: every command's section lists
 * exactly the flags it parses (short letters included), every exit status and
 * every environment variable the command line reads is there; and every
 * command's own --help names each of its flags and has examples.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS, topLevelCommands } from '../../src/cli/command-table.js';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { main } from '../../src/cli/main.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const docs = readFileSync(join(root, 'docs/cli.md'), 'utf8');
const leaves = COMMANDS.filter((command) => command.group !== true);

/** The text under `### \`dynotable <name>\`` up to the next heading. */
function section(name: string): string | undefined {
  const start = docs.indexOf(`### \`dynotable ${name}\`\n`);
  if (start === -1) return undefined;
  const next = docs.indexOf('\n#', start + 1);
  return docs.slice(start, next === -1 ? undefined : next);
}

/** The flags of a section's table: `-o, --output <file>` gives output with short o. */
function documentedFlags(text: string): Map<string, string | undefined> {
  const flags = new Map<string, string | undefined>();
  for (const match of text.matchAll(/^\| `(?:-(\w), )?--([\w-]+)/gm)) flags.set(match[2]!, match[1]);
  return flags;
}

async function helpOf(name: string): Promise<string> {
  let stdout = '';
  const code = await main([...name.split(' '), '--help'], { stdout: (text) => (stdout += text), stderr: () => {} });
  expect(code, `dynotable ${name} --help`).toBe(0);
  return stdout;
}

describe('docs/cli.md', () => {
  it.each(leaves.map((command) => command.name))('lists exactly the flags of `dynotable %s`', (name) => {
    const command = COMMANDS.find((each) => each.name === name)!;
    const text = section(name);
    expect(text, `docs/cli.md has no section "### \`dynotable ${name}\`"`).toBeDefined();
    const documented = documentedFlags(text!);
    const parsed = new Map(Object.entries(command.flags).map(([flag, spec]) => [flag, spec.short]));
    expect([...documented.keys()].sort(), 'flags documented vs flags parsed').toEqual([...parsed.keys()].sort());
    for (const [flag, short] of parsed) expect(documented.get(flag), `--${flag}'s short letter`).toBe(short);
  });

  it('has the exit statuses of exit-codes.ts, and no other', () => {
    const rows = [...docs.matchAll(/^\| (\d+) \| `([\w-]+)` \| (.+) \|$/gm)].map((match) => [Number(match[1]), match[2], match[3]]);
    expect(rows).toEqual(Object.entries(EXIT_CODES).map(([name, code]) => [code.status, name, code.meaning]));
  });

  it('names every environment variable the command line reads', () => {
    const files = [
      ...readdirSync(join(root, 'packages/server/src/cli')).map((file) => `packages/server/src/cli/${file}`),
      'packages/server/src/connections/data-dir.ts',
      'packages/server/src/connections/client.ts',
      'packages/server/src/connections/aws-profiles.ts',
      'packages/server/src/journal/location.ts',
    ];
    const variables = new Set<string>();
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8');
      for (const match of source.matchAll(/env\[['"]([A-Z][A-Z0-9_]+)['"]\]|'((?:AWS|DYNOTABLE)_[A-Z0-9_]+)'/g)) variables.add(match[1] ?? match[2]!);
    }
    expect(variables.size).toBeGreaterThan(10);
    const documented = new Set([...docs.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]!));
    expect([...variables].filter((name) => !documented.has(name)), 'read by the code, missing from docs/cli.md').toEqual([]);
  });
});

describe('the help', () => {
  it.each(leaves.filter((command) => command.name !== 'help').map((command) => command.name))('of `dynotable %s` names each of its flags and has examples', async (name) => {
    const help = await helpOf(name);
    const command = COMMANDS.find((each) => each.name === name)!;
    for (const flag of Object.keys(command.flags)) expect(help, `--${flag} in dynotable ${name} --help`).toMatch(new RegExp(`--${flag}\\b`));
    const examples = help.slice(help.indexOf('\nExamples:'));
    expect(help).toContain('\nExamples:\n');
    const first = name === 'ui' ? 'dynotable' : `dynotable ${name.split(' ')[0]}`;
    expect(examples.split('\n').filter((line) => line.trimStart().startsWith(first)).length, `examples of dynotable ${name}`).toBeGreaterThan(0);
  });

  it.each(COMMANDS.filter((command) => command.group === true).map((command) => command.name))('of the group `dynotable %s` lists its commands and has examples', async (name) => {
    const help = await helpOf(name);
    for (const sub of COMMANDS.filter((command) => command.name.startsWith(`${name} `))) expect(help).toContain(sub.name.split(' ')[1]);
    expect(help).toContain('\nExamples:\n');
  });

  it('at the top lists every command, with examples', async () => {
    let stdout = '';
    await main(['--help'], { stdout: (text) => (stdout += text), stderr: () => {} });
    for (const command of topLevelCommands()) expect(stdout).toMatch(new RegExp(`^  ${command.name} +\\S`, 'm'));
    expect(stdout).toContain('\nExamples:\n');
  });
});
