/** `dynotable data import <table> <file>`: items from a file (a folder, standard input) into a table, every one checked before any is written. */
import { stat } from 'node:fs/promises';
import type { Progress } from '../data/progress.js';
import { join } from 'node:path';
import { DATA_FORMATS, detectFormat, FORMATS, formatEntry, isDynamoJsonLines, type DataFormat } from '../transfer/formats.js';
import { fileHead, saveStream, sourceFiles, sourceItems, sourceWireItems, temporaryFolder } from '../transfer/data-files.js';
import { openJournal } from '../journal/location.js';
import { journaledTransfer } from '../journal/transfer.js';
import { importTable } from '../transfer/table-import.js';
import { oneOfFlag, readCommand } from './command-args.js';
import { confirmAws, failure, interruptSignal } from './data-common.js';
import { DATA_IMPORT_FLAGS } from './command-table.js';
import { openDataConnection, readConnectionFlags } from './data-connection.js';
import { DATA_IMPORT_HELP } from './data-help.js';
import { count, dataProgress, seconds, summaryRate } from './data-progress.js';
import { CommandFailure, EXIT_OK, UsageError, type Output } from './io.js';

/** The source as files to read (standard input saved first) and what to remove afterwards. */
async function openSource(path: string, stdin: NodeJS.ReadableStream): Promise<{ files: string[]; base: string | undefined; folder: boolean; remove: () => Promise<void> }> {
  if (path === '-') {
    const temporary = await temporaryFolder();
    const saved = join(temporary.path, 'stdin');
    await saveStream(stdin, saved);
    return { files: [saved], base: undefined, folder: false, remove: temporary.remove };
  }
  let folder: boolean;
  try {
    folder = (await stat(path)).isDirectory();
  } catch {
    throw new CommandFailure(`cannot read '${path}': no such file or folder (nothing was written)`, 'not-found');
  }
  const files = await sourceFiles(path);
  if (files.length === 0) throw new CommandFailure(`the folder '${path}' holds no data files (*.json.gz or *.json, or a data/ folder of them) (nothing was written)`);
  return { files, base: folder ? path : undefined, folder, remove: async () => {} };
}

/**
 * A file with text in it that gave no item was not what its format was taken
 * for (a text file read as a CSV header without rows): refused, with the
 * formats expected. An empty file is an empty table's export: 0 items is right.
 */
async function refuseUnreadable(file: string, path: string, format: DataFormat): Promise<void> {
  const head = (await fileHead(file)).trim();
  if (head === '') return;
  const name = path === '-' ? 'standard input' : `'${path}'`;
  const firstLine = head.split(/\r?\n/)[0]!;
  const shown = firstLine.length > 60 ? `${firstLine.slice(0, 60)}…` : firstLine;
  const read = format === 'csv' ? `read as CSV it is a header line (${JSON.stringify(shown)}) and no rows` : `read as ${formatEntry(format).label} it holds none`;
  throw new CommandFailure(
    `${name} holds no items: ${read}. Expected ${FORMATS.filter((entry) => entry.name !== 's3-export').map((entry) => entry.label).join('; ')}; give --format if the guess was wrong (nothing was written)`,
  );
}

export async function runDataImport(args: string[], io: Output, env: NodeJS.ProcessEnv = process.env, stdin: NodeJS.ReadableStream = process.stdin): Promise<number> {
  const command = readCommand(
    args,
    'data import',
    DATA_IMPORT_HELP,
    DATA_IMPORT_FLAGS,
    io,
  );
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const [table, path, extra] = positionals;
  if (table === undefined) throw new UsageError('missing the table to import into', hint);
  if (path === undefined) throw new UsageError('missing the file to import (- for standard input)', hint);
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`, hint);
  const chosen = values.format === undefined ? undefined : oneOfFlag(values.format, DATA_FORMATS, '--format', hint);
  const flags = readConnectionFlags(values, '', hint);
  const source = await openSource(path, stdin);
  const format: DataFormat = chosen ?? (source.folder ? 's3-export' : detectFormat(await fileHead(source.files[0]!)));
  const options = { csvTypeRow: values['csv-type-row'] === true, ...(values['workbench-table'] ? { workbenchTable: values['workbench-table'] } : {}) };
  let connection;
  try {
    connection = await openDataConnection(flags, env, io.stderr);
  } catch (error) {
    await source.remove();
    throw error;
  }
  const quiet = values.quiet === true;
  if (!quiet) io.stderr(`Writing to ${table} on ${connection.label}\n`);
  const bar = dataProgress(io, { quiet });
  const { signal, release } = interruptSignal();
  const started = performance.now();
  let written = 0;
  const report = (progress: Progress) => {
    if (progress.phase === 'write') written = progress.done;
    bar.update(progress);
  };
  try {
    // Every batch is journaled before it is sent (docs/journal.md), so the import can be undone.
    const journal = connection.journalTarget === undefined ? {} : { journal: openJournal(values.journal, env), target: connection.journalTarget };
    const result = await journaledTransfer(
      { ...journal, table, operation: 'import', send: connection.send, report },
      (send, journaledReport) =>
        importTable(
          send,
          {
            table,
            read: () => sourceItems(source.files, format, options, source.base),
            ...(isDynamoJsonLines(format) ? { readWire: () => sourceWireItems(source.files) } : {}),
            beforeWrite: async (items) => {
              bar.stop();
              if (items === 0 && !source.folder) await refuseUnreadable(source.files[0]!, path, format);
              const go = !connection.aws || (await confirmAws(io, `Write ${count(items)} items into ${table} on ${connection.label}`, values.yes === true));
              return go;
            },
          },
          journaledReport,
          signal,
        ),
      (done) => `import of ${done.written} of ${done.items} items (${format})${done.cancelled ? ', cancelled part way' : ''}`,
    );
    bar.stop();
    const elapsed = performance.now() - started;
    if (result.cancelled) {
      const what = result.written === 0 ? 'nothing was written' : `${count(result.written)} of ${count(result.items)} items were written, the rest were not`;
      throw new CommandFailure(`import into ${table} cancelled: ${what}.`, 'interrupted', 'Interrupted');
    }
    if (values.json === true) {
      io.stdout(`${JSON.stringify({ table, target: connection.label, format, items: result.items, written: result.written, seconds: Number((elapsed / 1000).toFixed(3)) })}\n`);
      return EXIT_OK;
    }
    if (!quiet) io.stderr(
      `Imported ${count(result.written)} item${result.written === 1 ? '' : 's'} (${format}) into ${table} on ${connection.label} in ${seconds(elapsed)}${summaryRate(result.written, elapsed)}.\n`,
    );
    return EXIT_OK;
  } catch (error) {
    bar.stop();
    if (error instanceof CommandFailure && error.code === 'interrupted') throw error;
    const failed = failure(error, written);
    throw new CommandFailure(`import into ${table} failed: ${failed.message}`, failed.code, failed.type);
  } finally {
    release();
    await source.remove();
    await connection.close();
  }
}
