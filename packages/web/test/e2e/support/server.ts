/**
 * The `dynotable` command run from its sources in a child process, in memory,
 * on a free port; its printed URL (with the launch token) is what the browser
 * opens. It serves packages/web/dist, which the test run builds beforehand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const PRINTED_URL = /http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+/;
const START_TIMEOUT_MS = 90_000;

export interface RunningDynotable {
  /** The URL as printed: http://127.0.0.1:<port>/?token=<token> */
  readonly url: string;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

export function webBuildExists(): boolean {
  return existsSync(`${REPO_ROOT}packages/web/dist/index.html`);
}

/**
 * The environment without any AWS credentials or config, and no instance
 * metadata: an AWS connection added by a test can never reach an account.
 */
function withoutAws(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('AWS_')));
  const nowhere = `${REPO_ROOT}.artifacts/no-aws-config`;
  return { ...clean, AWS_EC2_METADATA_DISABLED: 'true', AWS_CONFIG_FILE: nowhere, AWS_SHARED_CREDENTIALS_FILE: nowhere, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
}

/** The command as a user runs it (`npx dynotable`: bin/ over dist/), when it is built. */
export function builtCommandExists(): boolean {
  return existsSync(`${REPO_ROOT}packages/server/dist/cli/run.js`);
}

export interface StartOptions {
  /** Run bin/dynotable.js (the built command) rather than the sources through tsx. */
  readonly built?: boolean;
  /** Keep the embedded engine's tables in this folder instead of in memory. */
  readonly dataDir?: string;
}

let started = 0;

export async function startDynotable(extraArgs: readonly string[] = [], options: StartOptions = {}): Promise<RunningDynotable> {
  // A journal (and model links beside it) of its own: what one file's tests link or unlink stays in that file.
  const journal = join(tmpdir(), `dynotable-e2e-journal-${process.pid}-${++started}.jsonl`);
  const command = options.built === true ? ['packages/server/bin/dynotable.js'] : ['--import', 'tsx', 'packages/server/src/cli/run.ts'];
  const child: ChildProcess = spawn(
    process.execPath,
    [...command, '--no-open', ...(options.dataDir !== undefined ? ['--data', options.dataDir] : ['--in-memory']), '--port', '0', ...extraArgs],
    { cwd: REPO_ROOT, env: { ...withoutAws(process.env), DYNOTABLE_JOURNAL: journal, TSX_TSCONFIG_PATH: `${REPO_ROOT}tsconfig.test.json`, BROWSER: 'none' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`printed no URL within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const poll = setInterval(() => {
      const match = PRINTED_URL.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      clearInterval(poll);
      resolve(match[0]);
    }, 20);
    child.once('exit', (code) => fail(`exited with ${String(code)} before printing its URL`));
    function fail(why: string) {
      clearTimeout(timer);
      clearInterval(poll);
      child.kill('SIGKILL');
      reject(new Error(`dynotable ${why}:\n${output}`));
    }
  });

  return {
    url,
    origin: new URL(url).origin,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await ended;
      clearTimeout(timer);
      for (const file of [journal, journal.replace(/\.jsonl$/, '.model-links.json')]) rmSync(file, { force: true });
    },
  };
}
