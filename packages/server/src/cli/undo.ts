/**
 * `dynotable undo`: lists the journal's recent operations on one connection,
 * or undoes the last N (or one by id) with the same guards and refusals as
 * the API. Asks before writing unless --yes.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATABASE_FILE, DataDirectoryInUseError, StorageFormatError } from '@dynotable/engine';
import { DataError } from '../data/errors.js';
import { createDynamoClient } from '../connections/client.js';
import { defaultDataDir } from '../connections/data-dir.js';
import { DYNAMODB_LOCAL_CREDENTIALS, DYNAMODB_LOCAL_REGION } from '../connections/dynamodb-local.js';
import { openEmbedded } from '../connections/embedded.js';
import type { ConnectionInfo } from '../connections/registry-types.js';
import { describeKey } from '../journal/describe.js';
import type { WriteJournal } from '../journal/journal.js';
import { openJournal } from '../journal/location.js';
import { describeTarget, targetOf } from '../journal/target.js';
import type { JournalOperationView, JournalTarget } from '../journal/types.js';
import { runUndo, selectOperations, type UndoSelection } from '../journal/undo-run.js';
import type { OperationUndo } from '../journal/undo.js';
import { readCommand, wholeNumberFlag } from './command-args.js';
import { UNDO_FLAGS } from './command-table.js';
import { endpointProblem, resolveRemote } from './aws-target.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, UsageError, type Output } from './io.js';
import { UNDO_HELP } from './undo-help.js';


interface Opened {
  readonly info: ConnectionInfo;
  readonly client: DynamoDBClient;
  close(): void;
}

function openConnection(
  values: { data?: string | undefined; endpoint?: string | undefined; profile?: string | undefined; region?: string | undefined },
  env: NodeJS.ProcessEnv,
  hint: string,
  dynamoDbLocal: boolean,
): Opened {
  if (values.data !== undefined && (values.endpoint !== undefined || values.profile !== undefined || values.region !== undefined)) {
    throw new UsageError('--data names the embedded engine; it cannot be given with --endpoint, --profile or --region', hint);
  }
  if (values.endpoint !== undefined && values.profile !== undefined) throw new UsageError('--endpoint and --profile cannot be given together', hint);
  if (values.endpoint !== undefined) {
    const problem = endpointProblem(values.endpoint);
    if (problem !== undefined) throw new UsageError(`--endpoint ${problem}`, hint);
    const region = values.region ?? 'us-east-1';
    // DynamoDB Local keeps a database per access key: reach the one the workbench wrote to.
    const client = dynamoDbLocal
      ? new DynamoDBClient({ endpoint: values.endpoint, region: DYNAMODB_LOCAL_REGION, credentials: DYNAMODB_LOCAL_CREDENTIALS, maxAttempts: 3 })
      : createDynamoClient({ endpoint: values.endpoint, region }, env);
    const kind = dynamoDbLocal ? 'dynamodb-local' : 'endpoint';
    return { info: { id: kind, name: values.endpoint, kind, safety: 'full', endpoint: values.endpoint, region: dynamoDbLocal ? DYNAMODB_LOCAL_REGION : region }, client, close: () => client.destroy() };
  }
  if (values.profile !== undefined || values.region !== undefined) {
    const region = resolveRemote({ profile: values.profile, region: values.region }, env).region;
    if (region === undefined) throw new UsageError('--profile needs a region: add --region, set AWS_REGION, or set region for the profile in ~/.aws/config', hint);
    const client = createDynamoClient({ profile: values.profile, region }, env);
    const info: ConnectionInfo = { id: 'aws', name: 'AWS', kind: 'aws', safety: 'confirm-writes', region, ...(values.profile !== undefined ? { profile: values.profile } : {}) };
    return { info, client, close: () => client.destroy() };
  }
  const dataDir = resolve(values.data ?? defaultDataDir(env));
  if (!existsSync(join(dataDir, DATABASE_FILE))) throw new CommandFailure(`the embedded engine has no tables in ${dataDir}; give the folder the writes went to with --data`);
  try {
    const engine = openEmbedded(dataDir);
    return { info: { id: 'embedded', name: 'Embedded engine', kind: 'embedded', safety: 'full', dataDir }, client: engine.client, close: () => engine.close() };
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      throw new CommandFailure(`${error.message}\nA running dynotable holds it: undo from the workbench (its journal menu), or stop it and run this again.`);
    }
    if (error instanceof StorageFormatError) throw new CommandFailure(error.message);
    throw error;
  }
}

/** Whether the journal's writes to this endpoint went through a DynamoDB Local connection (and its fixed access key). */
async function wroteThroughDynamoDbLocal(journal: WriteJournal, endpoint: string): Promise<boolean> {
  const probe: JournalTarget = { connectionId: '', kind: 'dynamodb-local', endpoint, region: DYNAMODB_LOCAL_REGION };
  const { operations } = await journal.operations({ target: probe, limit: 1 });
  return operations[0]?.target.kind === 'dynamodb-local';
}

function listLine(operation: JournalOperationView): string {
  const items = operation.changes.length;
  const first = operation.changes[0];
  const what = first === undefined ? '' : items === 1 ? ` ${describeKey(first.newKey ?? first.key)}` : ` ${items} items`;
  const state = operation.state === 'done' ? '' : ` [${operation.state}]`;
  const note = operation.note !== undefined && operation.operation !== 'undo' ? ` (${operation.note})` : operation.undoes !== undefined ? ` (undoes ${operation.undoes})` : '';
  return `  ${operation.id}  ${operation.time}  ${operation.operation.padEnd(12)} ${operation.table}${what}${state}${note}\n`;
}

function resultLines(results: readonly OperationUndo[]): string {
  let text = '';
  for (const result of results) {
    text += `${result.message}\n`;
    for (const item of result.items) {
      if (item.status === 'reverted' || item.status === 'already-reverted') continue;
      text += `  ${describeKey(item.key)}: ${item.status}${item.message !== undefined ? ` — ${item.message}` : ''}\n`;
    }
    if (result.undoOperationId !== undefined) text += `  (undo it with: dynotable undo --id ${result.undoOperationId})\n`;
    if (result.journalError !== undefined) text += `  ${result.journalError}\n`;
  }
  return text;
}

async function confirmUndo(io: Output, operations: readonly JournalOperationView[], target: JournalTarget, yes: boolean, hint: string): Promise<boolean> {
  if (yes) return true;
  if (io.interactive !== true || io.ask === undefined) throw new UsageError('undo writes to the table: add --yes to undo without being asked', hint);
  io.stderr(`About to undo on ${describeTarget(target)}:\n${operations.map(listLine).join('')}`);
  const answer = (await io.ask('Undo these writes? [y/N] ')).trim().toLowerCase();
  return answer === 'y' || answer === 'yes';
}

export async function runUndoCommand(args: string[], io: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const command = readCommand(args, 'undo', UNDO_HELP, UNDO_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`, hint);
  if (values.last !== undefined && values.id !== undefined) throw new UsageError('give --last or --id, not both', hint);
  if (values.list === true && (values.last !== undefined || values.id !== undefined)) throw new UsageError('--list shows operations; leave out --last and --id to list', hint);
  const limit = wholeNumberFlag(values.limit, '--limit', hint, { max: 500 }) ?? 20;
  const last = wholeNumberFlag(values.last, '--last', hint, { max: 100 }) ?? 1;
  const journal = openJournal(values.journal, env);
  const connection = openConnection(values, env, hint, values.endpoint !== undefined && (await wroteThroughDynamoDbLocal(journal, values.endpoint)));
  try {
    const target = targetOf(connection.info, journal.session);
    const table = values.table !== undefined ? { table: values.table } : {};
    if (values.list === true) {
      const { operations, skipped } = await journal.operations({ target, limit, ...table });
      if (values.json === true) {
        io.stdout(`${JSON.stringify({ journal: journal.location, target: describeTarget(target), operations, skipped })}\n`);
        return EXIT_OK;
      }
      if (operations.length === 0) io.stdout(`The journal (${journal.location}) holds no writes to ${describeTarget(target)}.\n`);
      else io.stdout(`Recent writes to ${describeTarget(target)}, newest first:\n${operations.map(listLine).join('')}`);
      if (skipped > 0) io.stderr(`${skipped} unreadable line${skipped === 1 ? ' was' : 's were'} skipped in ${journal.location}.\n`);
      return EXIT_OK;
    }
    const selection: UndoSelection = values.id !== undefined ? { operationId: values.id, ...table } : { last, ...table };
    const deps = { client: connection.client, journal, target };
    const selected = await selectOperations(journal, target, selection);
    if (!(await confirmUndo(io, selected, target, values.yes === true, hint))) {
      io.stderr('Nothing was undone.\n');
      return EXIT_FAILURE;
    }
    const run = await runUndo(deps, selection);
    const undone = run.operations.every((result) => result.outcome === 'reverted') && run.notTried.length === 0;
    if (values.json === true) {
      io.stdout(`${JSON.stringify({ undone, operations: run.operations, notTried: run.notTried })}\n`);
      return undone ? EXIT_OK : EXIT_FAILURE;
    }
    io.stdout(resultLines(run.operations));
    if (run.notTried.length > 0) io.stdout(`Not tried (older): ${run.notTried.join(', ')}\n`);
    return run.operations.every((result) => result.outcome === 'reverted') && run.notTried.length === 0 ? EXIT_OK : EXIT_FAILURE;
  } catch (error) {
    if (error instanceof DataError) {
      const details = error.details?.['operations'] as OperationUndo[] | undefined;
      throw new CommandFailure(details !== undefined ? `${error.message}\n${resultLines(details).split('\n').slice(1).join('\n')}`.trimEnd() : error.message, error.kind === 'not-found' ? 'not-found' : 'failure', error.type);
    }
    throw error;
  } finally {
    connection.close();
  }
}
