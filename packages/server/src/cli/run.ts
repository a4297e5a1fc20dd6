/** Runs the command in this process; what bin/dynotable.js does with the built files. */
import { createInterface } from 'node:readline/promises';
import { main } from './main.js';
import { standardOutput } from './standard-output.js';

// DynoTable supports Node 20; the AWS SDK's notice about its own future Node versions is not for our users.
process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] ??= 'true';

const stdout = standardOutput(process.stdout);

// No top-level await: the bundle that bin/dynotable.js runs is CommonJS (see scripts/bundle.js).
void main(process.argv.slice(2), {
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
    const terminal = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await terminal.question(question);
    } finally {
      terminal.close();
    }
  },
}).then((code) => {
  process.exitCode = code;
});
