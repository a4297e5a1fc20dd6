/** `dynotable export`: a model as CloudFormation, CDK, Terraform, NoSQL Workbench JSON, or itself. */
import { exportModel, serializeModel } from '@dynotable/core';
import { oneOfFlag, onePositional, readCommand } from './command-args.js';
import { EXIT_OK, UsageError, type Output } from './io.js';
import { readModelFile, writeNewFile } from './model-file.js';
import { EXPORT_HELP } from './model-help.js';

const FORMATS = ['cloudformation-json', 'cloudformation-yaml', 'cdk', 'terraform', 'nosql-workbench', 'json', 'yaml'] as const;

export function runExport(args: string[], io: Output): number {
  const command = readCommand(args, 'export', EXPORT_HELP, {
      format: { type: 'string', short: 'f' },
      output: { type: 'string', short: 'o' },
      force: { type: 'boolean' }
    }, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  if (values.format === undefined) throw new UsageError(`--format is required: one of ${FORMATS.join(', ')}`, hint);
  const format = oneOfFlag(values.format, FORMATS, '--format', hint);
  const model = readModelFile(onePositional(positionals, 'the model file', hint));
  const text = format === 'json' || format === 'yaml' ? serializeModel(model, format) : exportModel(model, format).text;
  if (values.output === undefined) io.stdout(text.endsWith('\n') ? text : text + '\n');
  else {
    writeNewFile(values.output, text, values.force === true);
    io.stderr(`Wrote ${values.output}\n`);
  }
  return EXIT_OK;
}
