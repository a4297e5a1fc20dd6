/** `dynotable codegen`: the typed data-access module and its integration test, or one pattern as boto3 / AWS CLI. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateDataAccessModule, generateIntegrationTest, patternSnippets } from '@dynotable/core';
import { oneOfFlag, onePositional, readCommand } from './command-args.js';
import { CODEGEN_FLAGS } from './command-table.js';
import { CommandFailure, EXIT_OK, UsageError, type Output, printBlock } from './io.js';
import { readModelFile, writeNewFile } from './model-file.js';
import { CODEGEN_HELP } from './model-help.js';

const SNIPPET_FORMATS = ['python', 'cli'] as const;

export function runCodegen(args: string[], io: Output): number {
  const command = readCommand(args, 'codegen', CODEGEN_HELP, CODEGEN_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const model = readModelFile(onePositional(positionals, 'the model file', hint));
  const json = values.json === true;
  if (values.output !== undefined && values.out !== undefined) throw new UsageError('give -o/--output (or its former name --out), not both', hint);
  const out = values.output ?? values.out;
  if (values.pattern !== undefined) {
    if (out !== undefined) throw new UsageError('give --output or --pattern, not both', hint);
    const format = oneOfFlag(values.format ?? 'python', SNIPPET_FORMATS, '--format', hint);
    if (!model.accessPatterns.some((pattern) => pattern.name === values.pattern)) {
      const names = model.accessPatterns.map((pattern) => pattern.name).join(', ');
      throw new CommandFailure(`no access pattern named '${values.pattern}' in the model; it has: ${names || 'none'}`, 'not-found');
    }
    const snippet = patternSnippets(model, values.pattern)[format];
    printBlock(io, json ? JSON.stringify({ pattern: values.pattern, format, snippet }) : snippet);
    return EXIT_OK;
  }
  if (out === undefined) throw new UsageError('give -o/--output <dir> for the module, or --pattern <name> for a snippet', hint);
  if (out === '-') throw new UsageError("-o/--output names a folder for the module's files, which standard output ('-') cannot hold: give a folder, or --pattern <name> to print one snippet", hint);
  if (values.format !== undefined) throw new UsageError('--format goes with --pattern', hint);
  const files = [generateDataAccessModule(model), generateIntegrationTest(model)];
  mkdirSync(out, { recursive: true });
  const written = files.map((file) => {
    const path = join(out, file.fileName);
    writeNewFile(path, file.source, values.force === true);
    return path;
  });
  io.stdout(json ? JSON.stringify({ files: written }) + '\n' : written.map((path) => `Wrote ${path}\n`).join(''));
  return EXIT_OK;
}
