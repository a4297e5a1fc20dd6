/**
 * The shipped command's other processes, for tests that run it: `dynotable
 * engine` serving an endpoint in another process, and a command piped into
 * `head -1` (bash with pipefail: the status is the command's when it fails).
 */
import { spawn } from 'node:child_process';
import { ROOT, type BundledCommand } from './bundled-command.js';

const BIN = `${ROOT}packages/server/bin/dynotable.js`;
const ENV = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `dynotable engine --in-memory` on a free port: its endpoint, and how to stop
 * it. `execArgv` are node's flags for it (a test that counts the command's
 * cold and warm starts leaves them out, so the engine does not warm its cache).
 */
export async function startShippedEngine(execArgv: readonly string[] = []): Promise<{ endpoint: string; stop: () => void }> {
  const engine = spawn(process.execPath, [...execArgv, BIN, 'engine', '--port', '0', '--in-memory'], { env: ENV });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    engine.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    engine.once('exit', (code) => reject(new Error(`dynotable engine exited with ${String(code)}: ${output}`)));
  });
  return { endpoint, stop: () => engine.kill('SIGTERM') };
}

/** `dynotable <args> | head -1`. */
export function pipedIntoHead(command: BundledCommand, args: readonly string[]): Promise<Ran> {
  const quoted = [process.execPath, ...command.execArgv, BIN, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('bash', ['-c', `set -o pipefail; ${quoted} | head -1`], { env: ENV });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
