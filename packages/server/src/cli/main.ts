/** The `dynotable` command: dispatches to a subcommand and turns every failure into a message and an exit status. */
import { runCodegen } from './codegen.js';
import { runCost } from './cost.js';
import { runData } from './data.js';
import { runDesign } from './design.js';
import { runEngine } from './engine.js';
import { runExport } from './export.js';
import { runImport } from './import.js';
import { runInit } from './init.js';
import { runLint } from './lint.js';
import { runVerify } from './verify.js';
import { runApply } from './apply.js';
import { runDiff } from './diff.js';
import { runUndoCommand } from './undo.js';
import { runExpr } from './expr.js';
import { runUi } from './ui.js';
import { isUiFlag } from './ui-args.js';
import { MAIN_HELP } from './help.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError, type Output } from './io.js';
import { packageVersion } from '../version.js';
import { scrubSecrets } from '../connections/secrets.js';

export type { Output } from './io.js';

export async function main(args: string[], io: Output): Promise<number> {
  try {
    return await dispatch(args, io);
  } catch (error) {
    // Every failure's message has the secrets the process knows and every secret-shaped string removed.
    if (error instanceof CommandFailure) {
      io.stderr(`dynotable: ${scrubSecrets(error.message)}\n`);
      return EXIT_FAILURE;
    }
    if (error instanceof UsageError) {
      io.stderr(`dynotable: ${scrubSecrets(error.message)}\n${error.hint}\n`);
      return EXIT_USAGE;
    }
    // Never a stack trace: a bug still gets one readable line.
    io.stderr(`dynotable: unexpected error: ${scrubSecrets(error instanceof Error ? error.message : String(error))}\n`);
    return EXIT_FAILURE;
  }
}

const MAIN_OPTIONS = new Set(['--help', '-h', '--version', '-v']);

async function dispatch(args: string[], io: Output): Promise<number> {
  const [command, ...rest] = args;
  // No command, or the workbench's flags (`dynotable --no-open`): the workbench.
  if (command === undefined || (!MAIN_OPTIONS.has(command) && isUiFlag(command))) return runUi(args, io);
  if (command.startsWith('-') && !MAIN_OPTIONS.has(command)) throw new UsageError(`unknown option '${command}'`);
  switch (command) {
    case 'help':
    case '--help':
    case '-h':
      io.stdout(MAIN_HELP);
      return EXIT_OK;
    case '--version':
    case '-v':
      io.stdout(`${packageVersion()}\n`);
      return EXIT_OK;
    case 'ui':
      return runUi(rest, io);
    case 'expr':
      return runExpr(rest, io);
    case 'engine':
      return runEngine(rest, io);
    case 'init':
      return runInit(rest, io);
    case 'design':
      return runDesign(rest, io);
    case 'lint':
      return runLint(rest, io);
    case 'cost':
      return runCost(rest, io);
    case 'export':
      return runExport(rest, io);
    case 'import':
      return runImport(rest, io);
    case 'codegen':
      return runCodegen(rest, io);
    case 'verify':
      return runVerify(rest, io);
    case 'apply':
      return runApply(rest, io);
    case 'diff':
      return runDiff(rest, io);
    case 'undo':
      return runUndoCommand(rest, io);
    case 'data':
      return runData(rest, io);
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}
