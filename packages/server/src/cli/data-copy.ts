/** `dynotable data copy <source> [<target>]`: a table's items (and, asked to, its schema) from one connection to another. */
import type { Progress } from '../data/progress.js';
import { openJournal } from '../journal/location.js';
import { journaledTransfer } from '../journal/transfer.js';
import { runCopy } from '../transfer/copy-job.js';
import { readCommand } from './command-args.js';
import { confirmAws, failure, filterScan, interruptSignal } from './data-common.js';
import { wholeNumberFlag } from './command-args.js';
import { CONNECTION_FLAGS, DATA_COPY_FLAGS } from './command-table.js';
import { connectionKey, openDataConnection, readConnectionFlags, type DataConnection } from './data-connection.js';
import { DATA_COPY_HELP } from './data-help.js';
import { count, dataProgress, seconds, summaryRate } from './data-progress.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, UsageError, type Output } from './io.js';

export async function runDataCopy(args: string[], io: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const command = readCommand(
    args,
    'data copy',
    DATA_COPY_HELP,
    DATA_COPY_FLAGS,
    io,
  );
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const [sourceTable, targetArgument, extra] = positionals;
  if (sourceTable === undefined) throw new UsageError('missing the source table', hint);
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`, hint);
  const targetTable = targetArgument ?? sourceTable;
  // --data, --endpoint, ... without a prefix name both sides, unless a side has flags of its own.
  const both = readConnectionFlags(values, '', hint);
  // The environment (AWS_PROFILE, AWS_ENDPOINT_URL…) stands for a side only when no connection flag is given at all.
  const flagged = (prefix: 'from-' | 'to-') => Object.keys(values).some((name) => name.startsWith(prefix));
  const anyFlag = flagged('from-') || flagged('to-') || Object.keys(values).some((name) => name in CONNECTION_FLAGS);
  const side = (prefix: 'from-' | 'to-') => (flagged(prefix) ? readConnectionFlags(values, prefix, hint) : anyFlag ? { ...both, environment: false } : both);
  const from = side('from-');
  const to = side('to-');
  const same = connectionKey(from, env) === connectionKey(to, env) && !from.inMemory;
  if (same && sourceTable === targetTable) {
    throw new UsageError(`the source and the target are the same table; name another target table, or give --from-… or --to-… flags`, hint);
  }
  const limit = wholeNumberFlag(values.limit, '--limit', hint);
  const segments = wholeNumberFlag(values.segments, '--segments', hint, { max: 64 });
  const request = filterScan(values.filter);
  const source = await openDataConnection(from, env, io.stderr);
  let target: DataConnection;
  try {
    target = same ? source : await openDataConnection(to, env, io.stderr);
  } catch (error) {
    await source.close();
    throw error;
  }
  const quiet = values.quiet === true;
  if (!quiet) io.stderr(`Writing to ${targetTable} on ${target.label} (from ${sourceTable} on ${source.label})\n`);
  const bar = dataProgress(io, { quiet });
  let written = 0;
  const report = (progress: Progress) => {
    if (progress.phase === 'copy') written = progress.done;
    bar.update(progress);
  };
  const { signal, release } = interruptSignal();
  const started = performance.now();
  try {
    if (target.aws) {
      const what = `Copy ${limit === undefined ? 'the' : `up to ${count(limit)}`} items of ${sourceTable} into ${targetTable} on ${target.label}${values['create-table'] === true ? ' (creating the table)' : ''}`;
      if (!(await confirmAws(io, what, values.yes === true))) {
        io.stderr('Nothing was copied.\n');
        return EXIT_FAILURE;
      }
    }
    // Every batch is journaled before it is sent (docs/journal.md), so the copy can be undone.
    const journal = target.journalTarget === undefined ? {} : { journal: openJournal(values.journal, env), target: target.journalTarget };
    const result = await journaledTransfer(
      { ...journal, table: targetTable, operation: 'copy', send: target.send, report },
      (targetSend, journaledReport) =>
        runCopy(
          {
            source: { send: source.send, table: sourceTable, ...(request ? { request } : {}), ...(limit ? { limit } : {}), ...(segments ? { segments } : {}) },
            target: { send: targetSend, table: targetTable, create: values['create-table'] === true },
          },
          journaledReport,
          signal,
        ),
      (done) => `copy of ${done.written} items from ${done.source}${done.created ? ' into a new table' : ''}${done.cancelled ? ', cancelled part way' : ''}`,
    );
    bar.stop();
    const elapsed = performance.now() - started;
    const created = result.created ? ` (created ${targetTable})` : '';
    if (result.cancelled) {
      throw new CommandFailure(`copy cancelled${created}: ${count(result.written)} items were written into ${targetTable}, the rest were not.`, 'interrupted', 'Interrupted');
    }
    if (values.json === true) {
      io.stdout(`${JSON.stringify({ source: { table: sourceTable, connection: source.label }, target: { table: targetTable, connection: target.label }, created: result.created, written: result.written, seconds: Number((elapsed / 1000).toFixed(3)) })}\n`);
      return EXIT_OK;
    }
    if (!quiet) io.stderr(
      `Copied ${count(result.written)} item${result.written === 1 ? '' : 's'} of ${sourceTable} from ${source.label} into ${targetTable} on ${target.label}${created} in ${seconds(elapsed)}${summaryRate(result.written, elapsed)}.\n`,
    );
    return EXIT_OK;
  } catch (error) {
    bar.stop();
    if (error instanceof CommandFailure && error.code === 'interrupted') throw error;
    const failed = failure(error, written);
    throw new CommandFailure(`copy of ${sourceTable} into ${targetTable} failed: ${failed.message}`, failed.code, failed.type);
  } finally {
    release();
    await source.close();
    if (target !== source) await target.close();
  }
}
