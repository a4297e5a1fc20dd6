/**
 * A mistyped --data must not make a new store. The data
 * commands refuse a folder that is not there (naming it and what to do),
 * and a folder of other files; an empty folder becomes a new store, and they
 * say so. Only the workbench and `dynotable engine` make a data folder.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shipped } from './support/shipped.js';

const command = shipped();
afterAll(() => command.remove());

describe('the data folder of the data commands', () => {
  it('a --data folder that does not exist is refused, named, and not made', async () => {
    const parent = command.folder('typo');
    const typo = join(parent, 'tabels');
    for (const args of [
      ['data', 'export', 'Leaderboard', '--data', typo],
      ['data', 'import', 'Leaderboard', '-', '--data', typo],
      ['data', 'copy', 'Leaderboard', 'Other', '--data', typo],
      ['partiql', 'SELECT * FROM Leaderboard', '--data', typo],
    ]) {
      const exit = await command.run(args, { input: '' });
      expect({ args, code: exit.code, stdout: exit.stdout }).toEqual({ args, code: 1, stdout: '' });
      expect(exit.stderr).toBe(
        `dynotable: the data folder ${typo} does not exist (nothing was read or written): check the --data path, or start the workbench (\`dynotable --data ${typo}\`) or the engine (\`dynotable engine --data ${typo}\`) once to make it\n`,
      );
      expect(existsSync(typo)).toBe(false);
    }
  });

  it('the per-user data folder, never made yet, is not made by a data command either', async () => {
    const home = command.folder('xdg');
    const exit = await command.run(['data', 'export', 'Leaderboard'], { env: { XDG_DATA_HOME: home } });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain(`the embedded engine has no data folder yet (${join(home, 'dynotable', 'engine')}`);
    expect(existsSync(join(home, 'dynotable'))).toBe(false);
  });

  it('a folder of other files is not taken over', async () => {
    const other = command.folder('other');
    writeFileSync(join(other, 'notes.txt'), 'mine\n');
    const exit = await command.run(['data', 'export', 'Leaderboard', '--data', other]);
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain(`the folder ${other} holds no DynoTable database but other files`);
    expect(existsSync(join(other, 'dynotable.sqlite'))).toBe(false);
  });

  it('an empty folder becomes a new store, and the command says so once', async () => {
    const empty = command.folder('empty');
    const first = await command.run(['data', 'export', 'Leaderboard', '--data', empty, '-o', join(empty, 'out.jsonl')]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(new RegExp(`^New data folder ${empty}: made a DynoTable database there, with the example tables\\.\\nReading Leaderboard from .+\\nExported 1,800 items`));
    const second = await command.run(['data', 'export', 'Leaderboard', '--data', empty, '-o', join(empty, 'again.jsonl')]);
    expect(second.stderr).toMatch(/^Reading Leaderboard from .+\nExported 1,800 items/);
  });

  it('dynotable engine makes a new data folder and says so', async () => {
    const folder = join(command.folder('engine'), 'new');
    const engine = command.start(['engine', '--port', '0', '--data', folder]);
    try {
      let stderr = '';
      engine.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      await new Promise<void>((resolve, reject) => {
        let stdout = '';
        engine.stdout.setEncoding('utf8').on('data', (text: string) => {
          stdout += text;
          if (stdout.includes('listening on')) resolve();
        });
        engine.once('exit', (code) => reject(new Error(`dynotable engine exited with ${String(code)}: ${stderr}`)));
      });
      expect(stderr).toBe(`New data folder ${folder}: made a DynoTable database there.\n`);
      expect(existsSync(join(folder, 'dynotable.sqlite'))).toBe(true);
    } finally {
      engine.kill('SIGTERM');
    }
    mkdirSync(folder, { recursive: true });
  });
});
