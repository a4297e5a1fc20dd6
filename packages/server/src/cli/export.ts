/** `dynotable export`: a model as CloudFormation, CDK, Terraform, NoSQL Workbench JSON, or itself. */
import { exportModel, serializeModel } from '@dynotable/core';
import { oneOfFlag, onePositional, readCommand } from './command-args.js';
import { EXPORT_FLAGS } from './command-table.js';
import { EXIT_OK, UsageError, printBlock, type Output } from './io.js';
import { readModelFile, STANDARD_STREAM, writeNewFile } from './model-file.js';
import { EXPORT_HELP } from './model-help.js';

const FORMATS = ['cloudformation-json', 'cloudformation-yaml', 'cdk', 'terraform', 'nosql-workbench', 'json', 'yaml'] as const;
type Format = (typeof FORMATS)[number];

/** What an output file's name says, longest ending first; a plain .json or .yaml could be several formats and says nothing. */
const ENDINGS: ReadonlyArray<readonly [string, Format]> = [
  ['.nosql-workbench.json', 'nosql-workbench'],
  ['.template.json', 'cloudformation-json'],
  ['.template.yaml', 'cloudformation-yaml'],
  ['.template.yml', 'cloudformation-yaml'],
  ['.model.json', 'json'],
  ['.model.yaml', 'yaml'],
  ['.model.yml', 'yaml'],
  ['.tf', 'terraform'],
  ['.ts', 'cdk'],
];

function formatOfName(output: string | undefined): Format | undefined {
  const name = output?.toLowerCase();
  return name === undefined ? undefined : ENDINGS.find(([ending]) => name.endsWith(ending))?.[1];
}

/**
 * The NoSQL Workbench model's DateCreated: --date-created, else the
 * reproducible-builds convention SOURCE_DATE_EPOCH, else core's fixed date.
 */
function dateCreated(text: string | undefined, env: NodeJS.ProcessEnv, hint: string): Date | undefined {
  if (text !== undefined) {
    const date = new Date(text);
    if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime())) throw new UsageError(`--date-created must be an ISO date such as 2026-06-01 or 2026-06-01T09:30:00Z (got '${text}')`, hint);
    return date;
  }
  const epoch = env['SOURCE_DATE_EPOCH'];
  return epoch !== undefined && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : undefined;
}

export function runExport(args: string[], io: Output, env: NodeJS.ProcessEnv = process.env): number {
  const command = readCommand(args, 'export', EXPORT_HELP, EXPORT_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const named = formatOfName(values.output);
  if (values.format === undefined && named === undefined) {
    const why = values.output === undefined ? '' : ` ('${values.output}' does not say which: name it .tf, .ts, .template.json, .template.yaml, .nosql-workbench.json, .model.json or .model.yaml)`;
    throw new UsageError(`--format is required: one of ${FORMATS.join(', ')}${why}`, hint);
  }
  const format = values.format === undefined ? named! : oneOfFlag(values.format, FORMATS, '--format', hint);
  const date = dateCreated(values['date-created'], env, hint);
  const model = readModelFile(onePositional(positionals, 'the model file', hint));
  // -o -: standard output, as without -o.
  const output = values.output === STANDARD_STREAM ? undefined : values.output;
  const exported =
    format === 'json' || format === 'yaml'
      ? { fileName: `${model.name}.model.${format}`, text: serializeModel(model, format), warnings: [] as readonly string[] }
      : exportModel(model, format, date === undefined ? {} : { noSqlWorkbench: { date } });
  if (output !== undefined) writeNewFile(output, exported.text, values.force === true);
  if (values.json === true) {
    printBlock(io, JSON.stringify({ format, fileName: exported.fileName, written: output ?? null, warnings: exported.warnings, text: exported.text }, null, 2));
    return EXIT_OK;
  }
  // What the format cannot hold (NoSQL Workbench has no LSIs, TTL, access patterns...) goes to stderr.
  for (const warning of exported.warnings) io.stderr(`warning: ${warning}\n`);
  if (output === undefined) printBlock(io, exported.text);
  else io.stderr(`Wrote ${output} (${format})\n`);
  return EXIT_OK;
}
