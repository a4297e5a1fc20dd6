/** Reads `dynotable engine` arguments into a plain options object, or a UsageError. */
import { parseCommandArgs } from './command-args.js';
import { UsageError } from './io.js';

export interface EngineCommandOptions {
  help: boolean;
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** The data directory of an on-disk engine; undefined keeps the tables in memory. */
  dataDir: string | undefined;
}

const DEFAULT_PORT = 8000;
const DEFAULT_HOST = '127.0.0.1';
const ENGINE_HINT = 'Run `dynotable engine --help` for usage.';

const ENGINE_OPTIONS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  'in-memory': { type: 'boolean' },
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseEngineArgs(args: string[]): EngineCommandOptions {
  const { values, positionals } = parseCommandArgs(args, ENGINE_OPTIONS, ENGINE_HINT);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`, ENGINE_HINT);
  if (values['in-memory'] === true && values.data !== undefined) {
    throw new UsageError('--in-memory and --data cannot be given together', ENGINE_HINT);
  }
  return {
    help: values.help === true,
    port: values.port === undefined ? DEFAULT_PORT : parsePort(values.port),
    host: values.host ?? DEFAULT_HOST,
    dataDir: values.data,
  };
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535 (got '${text}')`, ENGINE_HINT);
  }
  return port;
}
