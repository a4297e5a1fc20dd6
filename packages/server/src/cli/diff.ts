/** `dynotable diff`: a model's table against a live one; exit 0 when they agree, 1 when they differ. */
import { diffModelTable } from '../data/model-apply/table-diff.js';
import { onePositional, readCommand } from './command-args.js';
import { DIFF_HELP } from './apply-help.js';
import { renderComparison } from './apply-render.js';
import { failure } from './data-common.js';
import { DIFF_FLAGS } from './command-table.js';
import { openDataConnection, readConnectionFlags } from './data-connection.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, UsageError, type Output } from './io.js';
import { readModelFile } from './model-file.js';


export async function runDiff(args: string[], io: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const command = readCommand(args, 'diff', DIFF_HELP, DIFF_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  if (values.table === undefined) throw new UsageError('missing --table: the live table to compare with the model', hint);
  const flags = readConnectionFlags(values, '', hint);
  const model = readModelFile(onePositional(positionals, 'the model file', hint));
  const connection = await openDataConnection(flags, env, io.stderr);
  let comparison;
  try {
    comparison = await diffModelTable(connection.send, { model, table: values.table, ...(values['model-table'] !== undefined ? { modelTable: values['model-table'] } : {}) }, connection.label);
  } catch (error) {
    throw new CommandFailure(`diff failed: ${failure(error).message}${/name the model's table/.test(String((error as Error).message)) ? ' (--model-table)' : ''}`);
  } finally {
    await connection.close();
  }
  io.stdout(values.json === true ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparison(comparison, connection.label));
  return comparison.equal ? EXIT_OK : EXIT_FAILURE;
}
