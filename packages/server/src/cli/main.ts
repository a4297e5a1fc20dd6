/**
 * The `dynotable` command: dispatches to a subcommand and turns every failure
 * into a message and an exit status (exit-codes.ts). Each subcommand is
 * imported only when it runs, so `dynotable engine` starts without loading the
 * workbench, the AWS SDK or the modeling tools (in the bundle too: esbuild
 * initialises a module reached through import() on first use).
 */
import { isUiFlag } from './ui-args.js';
import { mainHelp } from './help.js';
import { wantsJson } from './error-output.js';
import { EXIT_OK, UsageError, type Output } from './io.js';
import { commandSuggestion, mainFlagSuggestion } from './suggest.js';
import { packageVersion } from '../version.js';
import { runCommandLine } from './command-line.js';

export type { Output } from './io.js';

export function main(args: string[], io: Output): Promise<number> {
  return runCommandLine(args, io, dispatch);
}

const MAIN_OPTIONS = new Set(['--help', '-h', '--version', '-v']);

async function dispatch(args: string[], io: Output): Promise<number> {
  const [command, ...rest] = args;
  // No command, or the workbench's flags (`dynotable --no-open`): the workbench.
  if (command === undefined || (!MAIN_OPTIONS.has(command) && isUiFlag(command))) return (await import('./ui.js')).runUi(args, io);
  if (command.startsWith('-') && !MAIN_OPTIONS.has(command)) throw new UsageError(`unknown option '${command}'.${mainFlagSuggestion(command)}`);
  switch (command) {
    case 'help':
      // `dynotable help lint` is `dynotable lint --help`.
      if (rest.length > 0) return dispatch([...rest, '--help'], io);
      io.stdout(mainHelp());
      return EXIT_OK;
    case '--help':
    case '-h':
      io.stdout(mainHelp());
      return EXIT_OK;
    case '--version':
    case '-v':
      io.stdout(wantsJson(rest) ? `${JSON.stringify({ version: packageVersion() })}\n` : `${packageVersion()}\n`);
      return EXIT_OK;
    case 'ui':
      return (await import('./ui.js')).runUi(rest, io);
    case 'expr':
      return (await import('./expr.js')).runExpr(rest, io);
    case 'engine':
      return (await import('./engine.js')).runEngine(rest, io);
    case 'init':
      return (await import('./init.js')).runInit(rest, io);
    case 'design':
      return (await import('./design.js')).runDesign(rest, io);
    case 'lint':
      return (await import('./lint.js')).runLint(rest, io);
    case 'cost':
      return (await import('./cost.js')).runCost(rest, io);
    case 'export':
      return (await import('./export.js')).runExport(rest, io);
    case 'import':
      return (await import('./import.js')).runImport(rest, io);
    case 'codegen':
      return (await import('./codegen.js')).runCodegen(rest, io);
    case 'verify':
      return (await import('./verify.js')).runVerify(rest, io);
    case 'apply':
      return (await import('./apply.js')).runApply(rest, io);
    case 'diff':
      return (await import('./diff.js')).runDiff(rest, io);
    case 'undo':
      return (await import('./undo.js')).runUndoCommand(rest, io);
    case 'data':
      return (await import('./data.js')).runData(rest, io);
    case 'streams':
      return (await import('./streams.js')).runStreams(rest, io);
    case 'partiql':
      return (await import('./partiql.js')).runPartiql(rest, io);
    case 'mcp':
      return (await import('./mcp.js')).runMcp(rest, io);
    case 'completion':
      return (await import('./completion.js')).runCompletion(rest, io);
    default:
      throw new UsageError(`unknown command '${command}'.${commandSuggestion(command)}`);
  }
}
