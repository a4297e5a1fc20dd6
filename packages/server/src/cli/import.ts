/** `dynotable import`: NoSQL Workbench model JSON (or a DynoTable model) in, a DynoTable model out. */
import { ModelError, importModel, serializeModel } from '@dynotable/core';
import { onePositional, readCommand } from './command-args.js';
import { IMPORT_FLAGS } from './command-table.js';
import { CommandFailure, EXIT_OK, type Output } from './io.js';
import { readTextFile, STANDARD_STREAM, writeNewFile } from './model-file.js';
import { IMPORT_HELP } from './model-help.js';

export function runImport(args: string[], io: Output): number {
  const command = readCommand(args, 'import', IMPORT_HELP, IMPORT_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const path = onePositional(positionals, 'the file to import', hint);
  // -o -: standard output, as without -o.
  const output = values.output === STANDARD_STREAM ? undefined : values.output;
  const { model, warnings } = importOrFail(readTextFile(path, 'file'), path);
  const json = values.json === true;
  const text = json ? JSON.stringify({ model, warnings }, null, 2) + '\n' : serializeModel(model, 'yaml');
  for (const warning of json ? [] : warnings) io.stderr(`warning: ${warning}\n`);
  if (output === undefined) io.stdout(text);
  else {
    writeNewFile(output, text, values.force === true);
    io.stderr(`Wrote ${output}\n`);
  }
  return EXIT_OK;
}

function importOrFail(text: string, path: string): ReturnType<typeof importModel> {
  try {
    return importModel(text);
  } catch (error) {
    if (error instanceof ModelError) throw new CommandFailure(error.message);
    if (error instanceof Error && !(error instanceof TypeError)) throw new CommandFailure(`cannot import '${path}': ${error.message}`);
    throw error;
  }
}
