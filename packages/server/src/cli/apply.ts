/**
 * `dynotable apply`: a model's tables created on a connection (the embedded
 * engine by default), sample items loaded when asked, journaled for undo.
 * `--dry-run` prints the requests and connects to nothing.
 */
import { ModelError, planApply, type ApplyPlan } from '@dynotable/core';
import { DataError } from '../data/errors.js';
import { applyModel } from '../data/model-apply/apply.js';
import type { ApplyResult } from '../data/model-apply/apply-types.js';
import { openJournal } from '../journal/location.js';
import { onePositional, readCommand, wholeNumberFlag } from './command-args.js';
import { APPLY_HELP } from './apply-help.js';
import { renderApplied, renderPlan } from './apply-render.js';
import { confirmAws, failure, interruptSignal } from './data-common.js';
import { APPLY_FLAGS } from './command-table.js';
import { openDataConnection, readConnectionFlags, type ConnectionFlags } from './data-connection.js';
import { count, dataProgress } from './data-progress.js';
import { CommandFailure, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError, type Output } from './io.js';
import { readModelFile } from './model-file.js';


/** DynamoDB's rule for table names, checked before anything is sent. */
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;

/** The undo command for the same place, with `<n>` for the number of loads. */
function undoCommand(flags: ConnectionFlags, journal: string | undefined): string {
  const quote = (text: string) => (/^[\w./:@=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
  const parts = ['dynotable undo --last <n>'];
  if (flags.endpoint !== undefined) parts.push(`--endpoint ${quote(flags.endpoint)}`);
  if (flags.profile !== undefined) parts.push(`--profile ${quote(flags.profile)}`);
  if (flags.region !== undefined) parts.push(`--region ${quote(flags.region)}`);
  if (flags.dataDir !== undefined) parts.push(`--data ${quote(flags.dataDir)}`);
  if (journal !== undefined) parts.push(`--journal ${quote(journal)}`);
  return parts.join(' ');
}

function readPlan(model: Parameters<typeof planApply>[0], options: Parameters<typeof planApply>[1], hint: string): ApplyPlan {
  let plan: ApplyPlan;
  try {
    plan = planApply(model, options);
  } catch (error) {
    if (error instanceof ModelError) throw new CommandFailure(error.message);
    throw error;
  }
  if (plan.tables.length === 0) throw new CommandFailure('the model has no tables to create');
  const bad = plan.tables.find((table) => !TABLE_NAME.test(table.name));
  if (bad !== undefined) throw new UsageError(`'${bad.name}' is not a table name DynamoDB accepts: 3 to 255 letters, digits, _ . or -`, hint);
  return plan;
}

export async function runApply(args: string[], io: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const command = readCommand(args, 'apply', APPLY_HELP, APPLY_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const sample = wholeNumberFlag(values.sample, '--sample', hint, { min: 0, max: 1_000_000 }) ?? 0;
  const seed = wholeNumberFlag(values.seed, '--seed', hint, { min: 0, max: 2 ** 31 - 1 }) ?? 1;
  const flags = readConnectionFlags(values, '', hint);
  const model = readModelFile(onePositional(positionals, 'the model file', hint));
  const plan = readPlan(model, { prefix: values.prefix ?? '', sample, seed }, hint);
  if (values['dry-run'] === true) {
    io.stdout(values.json === true ? `${JSON.stringify(plan, null, 2)}\n` : renderPlan(plan));
    return EXIT_OK;
  }

  const connection = await openDataConnection(flags, env, io.stderr);
  const quiet = values.quiet === true;
  if (!quiet) io.stderr(`Writing to ${plan.tables.map((table) => table.name).join(', ')} on ${connection.label}\n`);
  const bar = dataProgress(io, { quiet });
  const { signal, release } = interruptSignal();
  let result: ApplyResult;
  try {
    if (connection.aws) {
      const items = plan.tables.reduce((sum, table) => sum + table.sample.reduce((n, each) => n + each.items, 0), 0);
      const what = `Create ${plan.tables.map((table) => table.name).join(', ')}${items > 0 ? ` and write ${count(items)} sample items` : ''} on ${connection.label}`;
      if (!(await confirmAws(io, what, values.yes === true))) {
        io.stderr('Nothing was created.\n');
        return EXIT_FAILURE;
      }
    }
    const journal = connection.journalTarget === undefined ? {} : { journal: openJournal(values.journal, env), target: connection.journalTarget };
    result = await applyModel({ model, plan, send: connection.send, skipExisting: values['skip-existing'] === true, journal, report: bar.update, signal });
  } catch (error) {
    bar.stop();
    if (error instanceof DataError && error.kind === 'conflict' && Array.isArray(error.details?.['existing'])) {
      const existing = error.details['existing'] as string[];
      const which = existing.length === 1 ? `table ${existing[0]} exists` : `tables ${existing.join(', ')} exist`;
      throw new CommandFailure(
        `${which} already on ${connection.label}, so nothing was created: add --skip-existing to leave ${existing.length === 1 ? 'it' : 'them'} as ${existing.length === 1 ? 'it is' : 'they are'}, or --prefix <p> to create the model's tables under other names`,
        'already-exists',
      );
    }
    throw new CommandFailure(`apply failed: ${failure(error).message}`);
  } finally {
    bar.stop();
    release();
    await connection.close();
  }
  const undo = connection.journalTarget === undefined ? undefined : undoCommand(flags, values.journal);
  io.stdout(values.json === true ? `${JSON.stringify({ ...result, ...(undo !== undefined ? { undo } : {}) }, null, 2)}\n` : renderApplied(result, connection.label, undo));
  return result.cancelled ? EXIT_INTERRUPTED : EXIT_OK;
}
