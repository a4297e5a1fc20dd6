/**
 * The shipped command (bin/dynotable.js over the bundle, support of
 * ../../e2e/support/bundled-command.ts) run as a shell would run it: with an
 * environment of the test's own (TERM, XDG_DATA_HOME), in a pseudo-terminal
 * (`script` of util-linux), in a pipe whose reader leaves early.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledCommand, ROOT, type BundledCommand } from '../../e2e/support/bundled-command.js';

const BIN = `${ROOT}packages/server/bin/dynotable.js`;

export interface Exit {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface RunOptions {
  readonly input?: string;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

const baseEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', BROWSER: 'none', ...extra });

/** A word as the shell reads it, quoted. */
const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

export interface Shipped {
  /** `dynotable <args>` to its end. */
  run(args: readonly string[], options?: RunOptions): Promise<Exit>;
  /** `dynotable <args>` started, its standard streams piped. */
  start(args: readonly string[], options?: RunOptions): ChildProcessWithoutNullStreams;
  /** The shell's words of `dynotable <args>`. */
  commandLine(args: readonly string[]): string;
  /** `dynotable <args>` in a pseudo-terminal: what the terminal shows (standard output and error together) and the status. */
  inTerminal(args: readonly string[], options: { readonly term: string; readonly redirect?: string; readonly cwd?: string }): Exit;
  /** A new temporary folder, removed at the end. */
  folder(prefix: string): string;
  remove(): void;
}

export function shipped(): Shipped {
  const command: BundledCommand = bundledCommand();
  const folders: string[] = [];
  const argv = (args: readonly string[]) => [...command.execArgv, BIN, ...args];
  const start = (args: readonly string[], options: RunOptions = {}) =>
    spawn(process.execPath, argv(args), { cwd: options.cwd ?? ROOT, env: baseEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
  const commandLine = (args: readonly string[]) => [process.execPath, ...argv(args)].map(quote).join(' ');
  return {
    start,
    commandLine,
    run(args, options = {}) {
      return new Promise((resolve, reject) => {
        const child = start(args, options);
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
        child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
        child.once('error', reject);
        child.once('close', (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(options.input ?? '');
      });
    },
    inTerminal(args, options) {
      // script -e: its status is the command's; -f: flushed as written; the log file is not wanted.
      const line = `${commandLine(args)}${options.redirect === undefined ? '' : ` > ${quote(options.redirect)}`}`;
      const result = spawnSync('script', ['-qefc', line, '/dev/null'], { cwd: options.cwd ?? ROOT, env: baseEnv({ TERM: options.term }), encoding: 'utf8', input: '' });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr };
    },
    folder(prefix) {
      const made = mkdtempSync(join(tmpdir(), `dynotable-${prefix}-`));
      folders.push(made);
      return made;
    },
    remove() {
      command.remove();
      for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
    },
  };
}

/** Whether `script` (util-linux) is here to give a command a pseudo-terminal. */
export const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

/** ANSI control sequences: what a progress bar draws with. */
export const ESCAPE = '\u001b';
