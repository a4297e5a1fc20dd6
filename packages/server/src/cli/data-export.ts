/** `dynotable data export <table>`: a table's items to a file (or standard output), streaming. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolder, writeTextFile } from '../transfer/data-files.js';
import { DATA_FORMATS, FORMATS, formatEntry, type DataFormat } from '../transfer/formats.js';
import { removeExportFiles, writeS3ExportFolder } from '../transfer/s3-export-files.js';
import { exportTable, type TextSink } from '../transfer/table-export.js';
import { oneOfFlag, onePositional, readCommand } from './command-args.js';
import { failure, filterScan, interruptSignal } from './data-common.js';
import { wholeNumberFlag } from './command-args.js';
import { DATA_EXPORT_FLAGS } from './command-table.js';
import { openDataConnection, readConnectionFlags } from './data-connection.js';
import { DATA_EXPORT_HELP } from './data-help.js';
import { count, dataProgress, seconds, summaryRate } from './data-progress.js';
import { CommandFailure, EXIT_OK, UsageError, type Output } from './io.js';

/** The format an output's name suggests: `.gz` an S3 export data file, else the registry's longest matching extension, else DynamoDB JSON lines. */
function formatOfName(output: string | undefined): DataFormat {
  if (output === undefined || output === '-') return 'dynamodb-json';
  if (/\.gz$/i.test(output)) return 's3-export';
  const name = output.toLowerCase();
  const matches = FORMATS.filter((entry) => name.endsWith(`.${entry.extension}`));
  const longest = matches.reduce<(typeof FORMATS)[number] | undefined>((best, entry) => (best === undefined || entry.extension.length > best.extension.length ? entry : best), undefined);
  return longest?.name ?? 'dynamodb-json';
}

/** Refuses to write over what is there without --force, and a folder that holds anything but an export even with it. */
function checkOutput(output: string, folder: boolean, force: boolean, hint: string): void {
  if (!existsSync(output)) return;
  const isFolder = statSync(output).isDirectory();
  if (folder && !isFolder) throw new UsageError(`${output} is a file; s3-export writes a folder (or give a name ending in .json.gz)`, hint);
  if (!folder && isFolder) throw new UsageError(`${output} is a folder; give a file name`, hint);
  const empty = folder && readdirSync(output).length === 0;
  if (folder && !empty && !existsSync(join(output, 'manifest-files.json'))) {
    throw new UsageError(`${output} is a folder that does not hold an export; give a new or empty folder`, hint);
  }
  if (!force && !empty) throw new CommandFailure(`${output} exists already; add --force to replace it`, 'already-exists');
}

export async function runDataExport(args: string[], io: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const command = readCommand(
    args,
    'data export',
    DATA_EXPORT_HELP,
    DATA_EXPORT_FLAGS,
    io,
  );
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const table = onePositional(positionals, 'the table to export', hint);
  const output = values.output;
  const format = values.format === undefined ? formatOfName(output) : oneOfFlag(values.format, DATA_FORMATS, '--format', hint);
  const toStdout = output === undefined || output === '-';
  const folderOutput = format === 's3-export' && !/\.gz$/i.test(output ?? '');
  if (format === 's3-export' && toStdout) throw new UsageError('s3-export writes a folder (or a .json.gz file): give --output', hint);
  const limit = wholeNumberFlag(values.limit, '--limit', hint);
  const segments = wholeNumberFlag(values.segments, '--segments', hint, { max: 64 });
  const request = filterScan(values.filter);
  const force = values.force === true;
  if (!toStdout) checkOutput(output!, folderOutput, force, hint);
  const connection = await openDataConnection(readConnectionFlags(values, '', hint), env, io.stderr);
  const spool = await temporaryFolder();
  const quiet = values.quiet === true;
  // Where it reads, first (not under --quiet, which leaves only errors).
  if (!quiet) io.stderr(`Reading ${table} from ${connection.label}\n`);
  const progress = dataProgress(io, { quiet, dataOnStdout: toStdout });
  const { signal, release } = interruptSignal();
  const started = performance.now();
  /** What a failed or cancelled export leaves: nothing of its own. */
  const removeOutput = async () => {
    if (toStdout) return;
    if (folderOutput) await removeExportFiles(output!);
    else await rm(output!, { force: true });
  };
  const sink: TextSink = async (text, items) => {
    if (toStdout) {
      // A pipe's reader that left (`| head -1`) stops the export here: io.drain throws OutputClosedError.
      for await (const chunk of text) {
        io.stdout(chunk);
        await io.drain?.();
      }
      await io.flush?.();
    } else if (folderOutput) {
      if (force) await removeExportFiles(output!);
      await writeS3ExportFolder(output!, text, items, new Date());
    } else {
      await writeTextFile(output!, text, { gzip: format === 's3-export', overwrite: force });
    }
  };
  try {
    const result = await exportTable(
      connection.send,
      { table, format, spoolFolder: spool.path, ...(connection.textSend ? { textSend: connection.textSend } : {}), ...(request ? { request } : {}), ...(limit ? { limit } : {}), ...(segments ? { segments } : {}) },
      sink,
      progress.update,
      signal,
    );
    progress.stop();
    const elapsed = performance.now() - started;
    const where = toStdout ? 'standard output' : output!;
    if (result.cancelled) {
      await removeOutput();
      throw new CommandFailure(`export cancelled after ${count(result.items)} items; ${toStdout ? 'the output is incomplete' : `${where} was removed`}.`, 'interrupted', 'Interrupted');
    }
    if (values.json === true) {
      // The summary goes where the items do not: standard output, unless the items are there.
      const summary = { table, source: connection.label, output: toStdout ? '-' : output!, format, items: result.items, seconds: Number((elapsed / 1000).toFixed(3)) };
      (toStdout ? io.stderr : io.stdout)(`${JSON.stringify(summary)}\n`);
      return EXIT_OK;
    }
    if (!quiet) io.stderr(`Exported ${count(result.items)} item${result.items === 1 ? '' : 's'} of ${table} from ${connection.label} to ${where} (${format}) in ${seconds(elapsed)}${summaryRate(result.items, elapsed)}.\n`);
    if (!formatEntry(format).lossless) io.stderr('Note: plain JSON lines keep no binary or sets: binary was written as base64 strings and sets as arrays.\n');
    return EXIT_OK;
  } catch (error) {
    progress.stop();
    if (error instanceof CommandFailure && error.code === 'interrupted') throw error;
    const failed = failure(error);
    if ((error as { code?: string }).code !== 'EEXIST') await removeOutput().catch(() => {});
    throw new CommandFailure(`export of ${table} failed: ${failed.message}${toStdout ? '' : ` (${output} was not kept)`}`, failed.code, failed.type);
  } finally {
    release();
    await spool.remove();
    await connection.close();
  }
}
