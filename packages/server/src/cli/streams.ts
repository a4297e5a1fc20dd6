/**
 * `dynotable streams tail <table>`: the table's stream records as JSON lines
 * on standard output, on any connection (the embedded engine's data folder,
 * an endpoint, AWS). Ends quietly on Ctrl-C and when the reader of its pipe
 * goes away.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DataDirectoryInUseError, DATABASE_FILE } from '@dynotable/engine';
import { createDynamoClient } from '../connections/client.js';
import { defaultDataDir } from '../connections/data-dir.js';
import { openEmbedded } from '../connections/embedded.js';
import { openTableStream } from '../data/streams/table-stream.js';
import type { StreamStart } from '../data/streams/follow-stream.js';
import { oneOfFlag, onePositional, readCommand } from './command-args.js';
import { failure } from './data-common.js';
import { STREAMS_TAIL_FLAGS } from './command-table.js';
import { readConnectionFlags, type ConnectionFlags } from './data-connection.js';
import { environmentNamesTarget, resolveRemote } from './aws-target.js';
import { CommandFailure, EXIT_OK, UsageError, type Output } from './io.js';
import { STREAMS_HELP, STREAMS_TAIL_HELP } from './streams-help.js';

const STARTS: readonly StreamStart[] = ['latest', 'trim-horizon'];

function openClient(flags: ConnectionFlags, env: NodeJS.ProcessEnv): { client: DynamoDBClient; close: () => void } {
  const explicit = flags.endpoint !== undefined || flags.profile !== undefined || flags.region !== undefined;
  if (explicit || (flags.dataDir === undefined && !flags.inMemory && environmentNamesTarget(env))) {
    const { endpoint, profile, region } = resolveRemote(flags, env);
    if (endpoint === undefined && region === undefined) throw new CommandFailure('AWS needs a region: give --region, set AWS_REGION, or set region for the profile in ~/.aws/config');
    const client = createDynamoClient({ endpoint, profile, region }, env);
    return { client, close: () => client.destroy() };
  }
  if (flags.inMemory) throw new UsageError('--in-memory starts an empty engine that nothing else writes to; give --data DIR or --endpoint URL', 'Run `dynotable streams tail --help` for usage.');
  const folder = resolve(flags.dataDir ?? defaultDataDir(env));
  if (!existsSync(join(folder, DATABASE_FILE))) throw new CommandFailure(`the data folder ${folder} holds no embedded engine database`);
  try {
    const opened = openEmbedded(folder);
    return { client: opened.client, close: () => opened.close() };
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      throw new CommandFailure(`the embedded engine's data folder ${folder} is in use by another dynotable (the workbench, or \`dynotable engine\`); reach that engine with --endpoint, or stop it first`);
    }
    throw error;
  }
}

/** Aborts on Ctrl-C, and when standard output's reader has gone (EPIPE). */
function stopSignal(): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  const onOutputError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') stop();
  };
  process.once('SIGINT', stop);
  process.stdout.on('error', onOutputError);
  return {
    signal: controller.signal,
    release: () => {
      process.removeListener('SIGINT', stop);
      process.stdout.removeListener('error', onOutputError);
    },
  };
}

async function runTail(args: string[], io: Output, env: NodeJS.ProcessEnv): Promise<number> {
  const command = readCommand(args, 'streams tail', STREAMS_TAIL_HELP, STREAMS_TAIL_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const table = onePositional(positionals, 'the table whose stream to read', hint);
  const from = values.from === undefined ? 'latest' : oneOfFlag(values.from, STARTS, '--from', hint);
  const flags = readConnectionFlags(values, '', hint);
  const { client, close } = openClient(flags, env);
  const { signal, release } = stopSignal();
  try {
    for await (const event of await openTableStream(client, table, { from, signal })) {
      if (signal.aborted) break;
      if (event.kind === 'record') io.stdout(`${JSON.stringify(event.record)}\n`);
    }
    return EXIT_OK;
  } catch (error) {
    if (signal.aborted) return EXIT_OK;
    throw failure(error);
  } finally {
    release();
    close();
  }
}

export async function runStreams(args: string[], io: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'tail':
      return runTail(rest, io, env);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.stdout(STREAMS_HELP);
      return EXIT_OK;
    default:
      throw new UsageError(`unknown streams command '${command}': use tail`, 'Run `dynotable streams --help` for usage.');
  }
}
