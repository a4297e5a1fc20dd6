/** The `dynotable` command: dispatches to a subcommand and turns every failure into a message and an exit status. */
import { runEngine } from './engine.js';
import { runExpr } from './expr.js';
import { MAIN_HELP } from './help.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError, type Output } from './io.js';
import { packageVersion } from './version.js';

export type { Output } from './io.js';

export async function main(args: string[], io: Output): Promise<number> {
  try {
    return await dispatch(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`dynotable: ${error.message}\n${error.hint}\n`);
      return EXIT_USAGE;
    }
    // Never a stack trace: a bug still gets one readable line.
    io.stderr(`dynotable: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILURE;
  }
}

async function dispatch(args: string[], io: Output): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.stdout(MAIN_HELP);
      return EXIT_OK;
    case '--version':
    case '-v':
      io.stdout(`${packageVersion()}\n`);
      return EXIT_OK;
    case 'expr':
      return runExpr(rest, io);
    case 'engine':
      return runEngine(rest, io);
    default:
      throw new UsageError(command.startsWith('-') ? `unknown option '${command}'` : `unknown command '${command}'`);
  }
}
