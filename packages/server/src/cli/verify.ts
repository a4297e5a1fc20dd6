/**
 * `dynotable verify`: proves a model on a live table — the embedded engine by
 * default, or any endpoint — and exits non-zero on any failure.
 */
import { DEFAULT_PRICES, formatMoney, renderVerifyReport, verifyModel, type Model, type VerifyReport, type VerifyTarget } from '@dynotable/core';
import { createDynamoClient, isAwsTarget, type ClientOptions } from '../connections/client.js';
import { embeddedEngineTarget, sdkTarget } from '../connections/verify-target.js';
import { onePositional, readCommand, wholeNumberFlag } from './command-args.js';
import { VERIFY_FLAGS } from './command-table.js';
import { endpointProblem, environmentNamesTarget, remoteLabel, resolveRemote } from './aws-target.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, UsageError, type Output } from './io.js';
import { readModelFile } from './model-file.js';
import { VERIFY_HELP } from './model-help.js';
import { progressBar } from './progress.js';

/** On-demand write request units, us-east-1 (core's default prices, docs/pricing.md), for the estimate shown before writing to AWS. */
const WRITE_PRICE_PER_MILLION = DEFAULT_PRICES.standard.onDemandWritePerMillion;

export async function runVerify(args: string[], io: Output): Promise<number> {
  const command = readCommand(args, 'verify', VERIFY_HELP, VERIFY_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const items = wholeNumberFlag(values.items, '--items', hint, { max: 1_000_000 }) ?? 1000;
  const seed = wholeNumberFlag(values.seed, '--seed', hint, { min: 0, max: 2 ** 31 - 1 }) ?? 1;
  if (values.endpoint !== undefined) {
    const problem = endpointProblem(values.endpoint);
    if (problem !== undefined) throw new UsageError(`--endpoint ${problem}`, hint);
  }
  const model = readModelFile(onePositional(positionals, 'the model file', hint));
  // The flags, else the environment (AWS_ENDPOINT_URL_DYNAMODB, AWS_PROFILE), else the embedded engine: aws-target.ts.
  const remote = values.endpoint !== undefined || values.profile !== undefined || values.region !== undefined || environmentNamesTarget(process.env);
  const resolved = resolveRemote(values, process.env);
  if (remote && resolved.endpoint !== undefined && values.endpoint === undefined && endpointProblem(resolved.endpoint) !== undefined) {
    throw new UsageError(`${resolved.fromEnvironment[0] ?? 'the endpoint'} ${endpointProblem(resolved.endpoint)!}`, hint);
  }
  const connection: ClientOptions = { endpoint: resolved.endpoint, profile: resolved.profile, region: resolved.region };
  if (remote && connection.endpoint === undefined && connection.region === undefined) {
    throw new CommandFailure('AWS needs a region: give --region, set AWS_REGION, or set region for the profile in ~/.aws/config');
  }
  if (remote) io.stderr(`Verifying on ${remoteLabel(resolved, isAwsTarget(connection))}\n`);

  let target: VerifyTarget;
  let close: () => void;
  if (!remote) {
    const engine = embeddedEngineTarget();
    target = engine;
    close = () => engine.close();
  } else {
    const aws = isAwsTarget(connection);
    if (aws && values.yes !== true) await confirmAwsWrites(model, items, io);
    const client = createDynamoClient(connection);
    target = sdkTarget(client, aws);
    close = () => client.destroy();
  }

  const bar = progressBar(io, values.json !== true && values.quiet !== true);
  let report: VerifyReport;
  try {
    report = await verifyModel(model, target, { items, seed, keep: values.keep === true, onProgress: (p) => bar.update(p.phase, p.done, p.total) });
  } catch (error) {
    throw new CommandFailure(`verification stopped: ${error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error)}`);
  } finally {
    bar.stop();
    close();
  }
  io.stdout(values.json === true ? JSON.stringify(report, jsonReplacer, 2) + '\n' : renderVerifyReport(report));
  return report.passed ? EXIT_OK : EXIT_FAILURE;
}

/** Before writing to AWS: what will be created and roughly what it costs, then a question. */
async function confirmAwsWrites(model: Model, items: number, io: Output): Promise<void> {
  const indexes = model.tables.reduce((sum, table) => sum + table.globalSecondaryIndexes.length + table.localSecondaryIndexes.length, 0);
  const writeUnits = items * (1 + indexes) * 2; // each item may span two 1 KB blocks, and every index entry is a write
  const dollars = (writeUnits / 1_000_000) * WRITE_PRICE_PER_MILLION;
  io.stderr(
    `verify will create ${model.tables.length} on-demand table(s) (${model.tables.map((t) => t.name).join(', ')}) under a temporary prefix on AWS,\n` +
      `write about ${items} items (at most ~${writeUnits} write request units, about ${formatMoney(dollars)}), read them back and delete the tables.\n`,
  );
  if (io.ask === undefined || io.interactive !== true) throw new CommandFailure('refusing to write to AWS without confirmation; pass --yes to proceed');
  const answer = (await io.ask('Proceed? [y/N] ')).trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new CommandFailure('cancelled; nothing was written');
}

function jsonReplacer(key: string, value: unknown): unknown {
  // The sample records are repeated as expectedItem/actualItem; keep the plain ones only.
  if (key === 'expected' || key === 'actual') return undefined;
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  if (value instanceof Set) return [...(value as Set<unknown>)];
  return value;
}

