/**
 * The shipped command as a user runs it: `npx dynotable` starts
 * bin/dynotable.js with the flags of its #! line, and it runs the one-file
 * bundle with V8's code cache (bin/run-bundle.js). The cache is kept per Node
 * version and flags, so a command made here adds one more flag of no
 * consequence that no other run uses (`--title=<a name of its own>`, the
 * process's name in ps): its first run starts without a cache (cold) and
 * leaves one as it exits, and the runs after it take that cache (warm). Every test runs a capability cold, then warm: the
 * second is the run a user makes every day after the first.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BIN = `${ROOT}packages/server/bin/dynotable.js`;
const BUNDLE = `${ROOT}packages/server/dist/bundle/dynotable.cjs`;
/** What bin/dynotable.js runs for `dynotable engine`. */
const ENGINE_BUNDLE = `${ROOT}packages/server/dist/bundle/dynotable-engine.cjs`;
// bin/ is CommonJS (bin/package.json): its own require, not the test runner's module transform.
const runBundle = createRequire(import.meta.url)(`${ROOT}packages/server/bin/run-bundle.js`) as {
  cacheFileOf(file: string, version: string, execArgv: readonly string[]): string;
  currentBundle(binDir: string, command: string | undefined): string | undefined;
};
/** The flags of bin/dynotable.js's #! line. */
const SHEBANG_FLAGS = ['--max-semi-space-size=1', '--single-threaded-gc'];

export type CacheState = 'cold' | 'warm';
/** The order every test runs them in: the cold run leaves the cache the warm one takes. */
export const CACHE_STATES: readonly CacheState[] = ['cold', 'warm'];

export interface CommandExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface BundledCommand {
  /** Node's flags for bin/dynotable.js: the #! line's, and the one that gives this command its own cache. */
  readonly execArgv: readonly string[];
  /** The code cache these flags use (as bin/run-bundle.js names it). */
  readonly cacheFile: string;
  /**
   * Expects the cache as the state says before a run (cold: none yet; warm: there) and returns the
   * check for after the run: cold, the run left the cache; warm, the run took it without writing it again.
   */
  expectCache(state: CacheState): () => void;
  /** `dynotable <args>` started, its output piped. */
  start(args: readonly string[], cwd?: string): ChildProcessWithoutNullStreams;
  /** `dynotable <args>` to its end, with `input` on standard input. */
  run(args: readonly string[], options?: { input?: string; cwd?: string }): Promise<CommandExit>;
  /** Removes the cache this command made. */
  remove(): void;
}

const commandEnv = (): NodeJS.ProcessEnv => ({ ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', BROWSER: 'none' });

/** The code cache bin/run-bundle.js keeps for these flags (`engine`: the `dynotable engine` bundle's): V8 takes a cache only from the same Node version run with the same flags. */
export function cacheFileOf(execArgv: readonly string[], bundle: 'dynotable' | 'engine' = 'dynotable'): string {
  return runBundle.cacheFileOf(bundle === 'engine' ? ENGINE_BUNDLE : BUNDLE, process.version, execArgv);
}

let made = 0;

/**
 * A command with a cache of its own that does not exist yet. Call `remove()`
 * when done. `engine`: its runs are `dynotable engine`, whose bundle (and so
 * cache) is the engine's own.
 */
export function bundledCommand(bundle: 'dynotable' | 'engine' = 'dynotable'): BundledCommand {
  // bin/dynotable.js runs the compiled files instead of a bundle older than them.
  for (const [file, command] of [[BUNDLE, undefined], [ENGINE_BUNDLE, 'engine']] as const) {
    const name = `packages/server/dist/bundle/${file.split('/').pop()!}`;
    if (!existsSync(file)) throw new Error(`${name} is missing: run \`npm run build\``);
    if (runBundle.currentBundle(dirname(BIN), command) === undefined) {
      throw new Error(`${name} is older than the compiled files, so bin/dynotable.js would not run it: run \`npm run build\``);
    }
  }
  const execArgv = [...SHEBANG_FLAGS, `--title=dynotable-test-${process.pid}-${++made}-${randomBytes(4).toString('hex')}`];
  const cacheFile = cacheFileOf(execArgv, bundle);
  const start = (args: readonly string[], cwd = ROOT) =>
    spawn(process.execPath, [...execArgv, BIN, ...args], { cwd, env: commandEnv(), stdio: ['pipe', 'pipe', 'pipe'] });

  return {
    execArgv,
    cacheFile,
    expectCache(state) {
      if (state === 'cold') {
        expect(existsSync(cacheFile), 'a cold run starts without a code cache').toBe(false);
        return () => expect(existsSync(cacheFile), 'the first run leaves its code cache as it exits').toBe(true);
      }
      expect(existsSync(cacheFile), 'a warm run starts with the code cache the first one left').toBe(true);
      const before = statSync(cacheFile);
      return () => {
        const after = statSync(cacheFile);
        // A cache V8 refused would have been written anew: a new file renamed into place.
        expect({ ino: after.ino, size: after.size }, 'the warm run took the cache (V8 did not refuse it)').toEqual({ ino: before.ino, size: before.size });
      };
    },
    start,
    run(args, options = {}) {
      return new Promise((resolve, reject) => {
        const child = start(args, options.cwd);
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
        child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
        child.once('error', reject);
        child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
        child.stdin.end(options.input ?? '');
      });
    },
    remove() {
      // Both: a command's runs may include `dynotable engine` and other commands.
      for (const file of [cacheFileOf(execArgv), cacheFileOf(execArgv, 'engine')]) rmSync(file, { force: true });
    },
  };
}
