/** Reads `dynotable` / `dynotable ui` arguments into plain options, or a UsageError. */
import { resolve } from 'node:path';
import { defaultDataDir } from '../connections/data-dir.js';
import { isLoopbackHost } from '../loopback.js';
import { parseCommandArgs } from './command-args.js';
import { HELP_FLAG, UI_FLAGS } from './command-table.js';
import { profileRegion } from './aws-target.js';
import { UsageError } from './io.js';

export const UI_DEFAULT_PORT = 8600;
const UI_HINT = 'Run `dynotable ui --help` for usage.';

export interface UiOptions {
  help: boolean;
  port: number;
  /** A port given with --port is used or the command fails; the default one falls back to a free port. */
  portGiven: boolean;
  host: string;
  allowRemote: boolean;
  readOnly: boolean;
  /** The embedded engine: on disk in this directory, or in memory when undefined. */
  dataDir: string | undefined;
  endpoint: string | undefined;
  profile: string | undefined;
  region: string | undefined;
  /** Open the browser. */
  open: boolean;
  /** `--journal FILE`: where the write journal goes (docs/journal.md). */
  journal: string | undefined;
  /** `--model FILE`: a model whose tables are linked to it for this session (docs/model-links.md). */
  model: string | undefined;
  /** `--mcp`: serve the MCP endpoint for agents at /mcp; `--expose ID`: the connections agents may use (docs/mcp.md). */
  mcp: boolean;
  expose: string[];
  /** --json: the address as one JSON line once listening. */
  json: boolean;
}

/** Not with --no-open, BROWSER=none, or on CI. */
export function shouldOpenBrowser(noOpen: boolean, env: NodeJS.ProcessEnv): boolean {
  if (noOpen) return false;
  if (env['BROWSER']?.toLowerCase() === 'none') return false;
  const ci = env['CI']?.toLowerCase();
  return ci === undefined || ci === '' || ci === 'false' || ci === '0';
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535 (got '${text}')`, UI_HINT);
  return port;
}

function parseEndpoint(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--endpoint must be a URL such as http://localhost:8000 (got '${text}')`, UI_HINT);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--endpoint must be an http:// or https:// URL (got '${text}')`, UI_HINT);
  return text;
}

const UI_OPTIONS = { ...UI_FLAGS, ...HELP_FLAG } as const;

/** Whether `arg` is one of this command's flags (`--port`, `--port=1`, `-p`): `dynotable <flags>` means `dynotable ui <flags>`. */
export function isUiFlag(arg: string): boolean {
  const name = arg.startsWith('--') ? arg.slice(2).split('=')[0]! : undefined;
  if (name !== undefined) return Object.hasOwn(UI_FLAGS, name);
  return Object.values(UI_FLAGS).some((flag) => 'short' in flag && arg.startsWith(`-${flag.short}`));
}

export function parseUiArgs(args: string[], env: NodeJS.ProcessEnv = process.env): UiOptions {
  const { values, positionals } = parseCommandArgs(args, UI_OPTIONS, UI_HINT);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`, UI_HINT);
  const host = values.host ?? '127.0.0.1';
  const allowRemote = values['allow-remote'] === true;
  if (!isLoopbackHost(host) && !allowRemote) {
    throw new UsageError(
      `--host ${host} would let other machines reach DynoTable; add --allow-remote if that is what you want (the token is still required)`,
      UI_HINT,
    );
  }
  if (values['in-memory'] === true && values.data !== undefined) throw new UsageError('--in-memory and --data cannot be given together', UI_HINT);
  if (values.endpoint !== undefined && values.profile !== undefined) {
    throw new UsageError('--endpoint and --profile cannot be given together: --endpoint connects to a local or compatible endpoint, --profile to AWS', UI_HINT);
  }
  const region = values.region ?? (values.profile !== undefined ? (env['AWS_REGION'] ?? env['AWS_DEFAULT_REGION'] ?? profileRegion(values.profile, env)) : undefined);
  if (values.profile !== undefined && region === undefined) {
    throw new UsageError(`--profile needs a region: add --region (for example --region us-east-1), set AWS_REGION, or set region under [profile ${values.profile}] in ~/.aws/config`, UI_HINT);
  }
  return {
    help: values.help === true,
    port: values.port === undefined ? UI_DEFAULT_PORT : parsePort(values.port),
    portGiven: values.port !== undefined,
    host,
    allowRemote,
    readOnly: values['read-only'] === true,
    dataDir: values['in-memory'] === true ? undefined : resolve(values.data ?? defaultDataDir(env)),
    endpoint: values.endpoint === undefined ? undefined : parseEndpoint(values.endpoint),
    profile: values.profile,
    region,
    open: shouldOpenBrowser(values['no-open'] === true, env),
    journal: values.journal,
    model: values.model === undefined ? undefined : resolve(values.model),
    mcp: values.mcp === true,
    expose: values.expose ?? [],
    json: values.json === true,
  };
}
