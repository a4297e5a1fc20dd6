/** `dynotable init`: writes the commented starter model. */
import { STARTER_MODEL_YAML } from '@dynotable/core';
import { readCommand } from './command-args.js';
import { INIT_FLAGS } from './command-table.js';
import { EXIT_OK, UsageError, type Output } from './io.js';
import { STANDARD_STREAM, writeNewFile } from './model-file.js';
import { INIT_HELP } from './model-help.js';

const DEFAULT_MODEL_FILE = 'dynotable.model.yaml';

export function runInit(args: string[], io: Output): number {
  const command = readCommand(args, 'init', INIT_HELP, INIT_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`, hint);
  const file = positionals[0] ?? DEFAULT_MODEL_FILE;
  // `init -`: the starter model on standard output, to pipe or redirect; never a file named '-'.
  if (file === STANDARD_STREAM) {
    io.stdout(STARTER_MODEL_YAML);
    return EXIT_OK;
  }
  writeNewFile(file, STARTER_MODEL_YAML, values.force === true);
  if (values.json === true) io.stdout(JSON.stringify({ file }) + '\n');
  else io.stdout(`Wrote ${file}. Next: dynotable lint ${file} && dynotable design ${file}\n`);
  return EXIT_OK;
}
