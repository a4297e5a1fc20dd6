/** `dynotable export`: a model as CloudFormation, CDK, Terraform, NoSQL Workbench JSON, or itself. */
import { exportModel, serializeModel } from '@dynotable/core';
import { oneOfFlag, onePositional, readCommand } from './command-args.js';
import { EXIT_OK, UsageError, printBlock, type Output } from './io.js';
import { readModelFile, STANDARD_STREAM, writeNewFile } from './model-file.js';
import { EXPORT_HELP } from './model-help.js';

const FORMATS = ['cloudformation-json', 'cloudformation-yaml', 'cdk', 'terraform', 'nosql-workbench', 'json', 'yaml'] as const;

export function runExport(args: string[], io: Output): number {
  const options = {
    format: { type: 'string', short: 'f' },
    output: { type: 'string', short: 'o' },
    force: { type: 'boolean' },
    json: { type: 'boolean' },
  } as const;
  const command = readCommand(args, 'export', EXPORT_HELP, options, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  if (values.format === undefined) throw new UsageError(`--format is required: one of ${FORMATS.join(', ')}`, hint);
  const format = oneOfFlag(values.format, FORMATS, '--format', hint);
  const model = readModelFile(onePositional(positionals, 'the model file', hint));
  // -o -: standard output, as without -o.
  const output = values.output === STANDARD_STREAM ? undefined : values.output;
  const exported =
    format === 'json' || format === 'yaml'
      ? { fileName: `${model.name}.model.${format}`, text: serializeModel(model, format), warnings: [] as readonly string[] }
      : exportModel(model, format);
  if (output !== undefined) writeNewFile(output, exported.text, values.force === true);
  if (values.json === true) {
    printBlock(io, JSON.stringify({ format, fileName: exported.fileName, written: output ?? null, warnings: exported.warnings, text: exported.text }, null, 2));
    return EXIT_OK;
  }
  // What the format cannot hold (NoSQL Workbench has no LSIs, TTL, access patterns...) goes to stderr.
  for (const warning of exported.warnings) io.stderr(`warning: ${warning}\n`);
  if (output === undefined) printBlock(io, exported.text);
  else io.stderr(`Wrote ${output}\n`);
  return EXIT_OK;
}
