/**
 * `dynotable engine`: the embedded DynamoDB-compatible engine over HTTP, for
 * any SDK, the AWS CLI or boto3 (`--endpoint-url`). Runs until SIGINT or
 * SIGTERM, then stops cleanly.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATABASE_FILE, DataDirectoryInUseError, openEngine, startEngineServer, startTtlSweeper, StorageFormatError } from '@dynotable/engine';
import type { EngineServer } from '@dynotable/engine';
import { parseEngineArgs } from './engine-args.js';
import type { EngineCommandOptions } from './engine-args.js';
import { ENGINE_HELP } from './help.js';
import { CommandFailure, EXIT_OK } from './io.js';
import type { Output } from './io.js';

interface RunningEngine {
  url: string;
  stop(): Promise<void>;
}

/** Resolves on the first SIGINT or SIGTERM. */
export function untilStopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** Why a data directory cannot be opened: not writable, not a directory, not a database. */
const DATA_DIRECTORY_ERRORS = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EROFS', 'SQLITE_NOTADB', 'SQLITE_CANTOPEN', 'SQLITE_READONLY']);

function storageNote(dataDir: string | undefined): string {
  return dataDir === undefined ? 'in memory: the tables are lost when it stops' : `on disk: tables are kept in ${resolve(dataDir)}`;
}

/** Which credentials are accepted; names the access keys, never a secret. */
function credentialsNote(options: EngineCommandOptions): string {
  if (options.credentials === undefined) return 'Any credentials are accepted, and every client sees the same tables.';
  const keys = options.credentials.map((credential) => credential.accessKeyId).join(', ');
  return `Requests must be signed (AWS Signature Version 4) with one of these access keys: ${keys}. Every client sees the same tables.`;
}

/** Starts the engine and its HTTP server, and prints where to reach it. */
async function startEngineCommand(options: EngineCommandOptions, io: Output): Promise<RunningEngine> {
  // Loaded only with --trigger (the triggers' AWS SDK client is not loaded otherwise), and before
  // the engine answers, so the handlers start as synchronously after it as they always did.
  const triggers = options.triggers.length === 0 ? undefined : await import('./engine-triggers.js');
  const fresh = options.dataDir !== undefined && !existsSync(join(options.dataDir, DATABASE_FILE));
  const engine = openEngine({ dataDir: options.dataDir });
  if (fresh) io.stderr(`New data folder ${resolve(options.dataDir!)}: made a DynoTable database there.\n`);
  let server: EngineServer;
  try {
    server = await startEngineServer({ engine, port: options.port, host: options.host, credentials: options.credentials });
  } catch (error) {
    engine.close();
    throw error;
  }
  const stopSweeper = startTtlSweeper(engine);
  if (options.json) {
    // One line a script can wait for: where the engine is, once it answers.
    const listening = { event: 'listening', url: server.url, host: options.host, port: Number(new URL(server.url).port), storage: options.dataDir === undefined ? 'memory' : resolve(options.dataDir), signed: options.credentials !== undefined };
    io.stdout(`${JSON.stringify(listening)}\n`);
  } else io.stdout(
    `DynoTable engine listening on ${server.url} (${storageNote(options.dataDir)})\n` +
      `${credentialsNote(options)}\n\n` +
      `Try:\n  aws dynamodb list-tables --endpoint-url ${server.url}\n\n` +
      'Press Ctrl+C to stop.\n',
  );
  if (!isLoopback(options.host)) {
    io.stderr(`Warning: listening on ${options.host}; anyone who can reach this port can read and change the tables.\n`);
  }
  const stopTriggers = triggers?.startTriggers(engine, options, io) ?? (async () => {});
  return {
    url: server.url,
    async stop() {
      await stopTriggers();
      stopSweeper();
      await server.close();
      engine.close();
    },
  };
}

/** The command: parses, starts, waits for `stopped` (a stop signal by default), stops. */
export async function runEngine(args: string[], io: Output, stopped: () => Promise<void> = untilStopSignal): Promise<number> {
  const options = parseEngineArgs(args);
  if (options.help) {
    io.stdout(ENGINE_HELP);
    return EXIT_OK;
  }
  // Listening for Ctrl-C before the address is printed: a script that stops the engine as soon as it reads it gets a clean stop.
  const stop = stopped();
  let running: RunningEngine;
  try {
    running = await startEngineCommand(options, io);
  } catch (error) {
    // Thrown, so main prints them as every command's errors are (as JSON under --json).
    if (error instanceof DataDirectoryInUseError || error instanceof StorageFormatError) throw new CommandFailure(error.message);
    const code = (error as { code?: unknown }).code;
    if (options.dataDir !== undefined && typeof code === 'string' && DATA_DIRECTORY_ERRORS.has(code)) {
      throw new CommandFailure(`cannot use '${options.dataDir}' as the data directory: ${(error as Error).message}`);
    }
    if (code === 'EADDRINUSE') throw new CommandFailure(`port ${options.port} on ${options.host} is already in use; choose another with --port.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CommandFailure(`cannot listen on host '${options.host}' (${String(code)}).`);
    throw error;
  }
  await stop;
  await running.stop();
  io.stdout(options.json ? `${JSON.stringify({ event: 'stopped' })}\n` : 'DynoTable engine stopped.\n');
  return EXIT_OK;
}
