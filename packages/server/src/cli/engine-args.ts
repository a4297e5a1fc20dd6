/** Reads `dynotable engine` arguments into a plain options object, or a UsageError. */
import type { EngineCredentials } from '@dynotable/engine';
import { DataError } from '../data/errors.js';
import { parseTriggerSpec } from '../triggers/trigger-spec.js';
import type { TriggerSettings } from '../triggers/settings.js';
import { parseCommandArgs } from './command-args.js';
import { ENGINE_FLAGS, HELP_FLAG } from './command-table.js';
import { UsageError } from './io.js';

export interface EngineCommandOptions {
  help: boolean;
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** The data directory of an on-disk engine; undefined keeps the tables in memory. */
  dataDir: string | undefined;
  /** The only keys requests may be signed with; undefined accepts any credentials. */
  credentials: EngineCredentials[] | undefined;
  /** `--trigger TABLE=./handler.mjs[,…]`: handlers run on the tables' streams (docs/triggers.md). */
  triggers: TriggerSettings[];
  /** --json: one JSON line once listening, another once stopped. */
  json: boolean;
}

/** Read when --credentials is not given: the same KEY:SECRET list. */
const CREDENTIALS_VARIABLE = 'DYNOTABLE_ENGINE_CREDENTIALS';

const DEFAULT_PORT = 8000;
const DEFAULT_HOST = '127.0.0.1';
const ENGINE_HINT = 'Run `dynotable engine --help` for usage.';

const ENGINE_OPTIONS = { ...ENGINE_FLAGS, ...HELP_FLAG } as const;

export function parseEngineArgs(args: string[], env: NodeJS.ProcessEnv = process.env): EngineCommandOptions {
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
    credentials: parseCredentials(values.credentials ?? (env[CREDENTIALS_VARIABLE] ? [env[CREDENTIALS_VARIABLE]] : [])),
    triggers: (values.trigger ?? []).map(parseTrigger),
    json: values.json === true,
  };
}

function parseTrigger(text: string): TriggerSettings {
  try {
    return parseTriggerSpec(text);
  } catch (error) {
    if (error instanceof DataError) throw new UsageError(`--trigger ${error.message}`, ENGINE_HINT);
    throw error;
  }
}

/** `KEY:SECRET` entries, each possibly a comma-separated list. The secret is never repeated in an error. */
function parseCredentials(entries: readonly string[]): EngineCredentials[] | undefined {
  const credentials: EngineCredentials[] = [];
  for (const entry of entries.flatMap((text) => text.split(','))) {
    const colon = entry.indexOf(':');
    const accessKeyId = colon === -1 ? '' : entry.slice(0, colon).trim();
    const secretAccessKey = colon === -1 ? '' : entry.slice(colon + 1).trim();
    if (accessKeyId === '' || secretAccessKey === '') {
      throw new UsageError('--credentials takes ACCESS_KEY:SECRET (several separated by commas, or the flag repeated)', ENGINE_HINT);
    }
    credentials.push({ accessKeyId, secretAccessKey });
  }
  return credentials.length === 0 ? undefined : credentials;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535 (got '${text}')`, ENGINE_HINT);
  }
  return port;
}
