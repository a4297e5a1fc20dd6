/** The command's Output on this process's standard streams and terminal. */
import type { Output } from './io.js';
import { standardOutput } from './standard-output.js';

function processOutput(): Output {
  const stdout = standardOutput(process.stdout);
  return {
    stdout: (text) => stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    interactive: process.stderr.isTTY === true && process.stdin.isTTY === true,
    // A bar needs a terminal that moves its cursor: TERM=dumb (Emacs' shell, some CI logs) does not.
    progress: process.stderr.isTTY === true && process.env['TERM'] !== 'dumb',
    stdoutIsTerminal: process.stdout.isTTY === true,
    drain: () => stdout.ready(),
    flush: () => stdout.flush(),
    outputRefused: () => stdout.refused(),
    outputClosed: () => stdout.closed(),
    ask: async (question) => {
      // Loaded when a question is asked: most commands never ask one.
      const { createInterface } = await import('node:readline/promises');
      const terminal = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await terminal.question(question);
      } finally {
        terminal.close();
      }
    },
  };
}

/** Runs a command line on this process's arguments and sets its exit status. */
export function runProcess(run: (args: string[], io: Output) => Promise<number>): void {
  // DynoTable supports Node 20; the AWS SDK's notice about its own future Node versions is not for our users.
  process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] ??= 'true';
  // No top-level await: the bundle that bin/dynotable.js runs is CommonJS (see scripts/bundle.js).
  void run(process.argv.slice(2), processOutput()).then((code) => {
    process.exitCode = code;
  });
}
