/**
 * Where `dynotable data` reads and writes: the embedded engine (the default:
 * its per-user data folder, or `--data DIR`, or `--in-memory`), an endpoint
 * (`--endpoint URL`), or AWS (`--profile NAME`, `--region R`). `copy` has the
 * same flags twice, as `--from-…` and `--to-…`. The embedded engine is called
 * directly, without the SDK in between; a data folder used for the first time
 * gets the example tables, as it would from `dynotable`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createEngine, DATABASE_FILE, DataDirectoryInUseError, openEngine, type Engine } from '@dynotable/engine';
import { createDynamoClient, isAwsTarget } from '../connections/client.js';
import { reportCredentialErrors } from '../connections/credential-errors.js';
import { defaultDataDir } from '../connections/data-dir.js';
import type { ConnectionInfo } from '../connections/registry-types.js';
import { targetOf } from '../journal/target.js';
import type { JournalTarget } from '../journal/types.js';
import { seedEmbeddedEngine } from '../seed/seed.js';
import type { TextSend } from '../transfer/page-text.js';
import { clientSend, type WireSend } from '../transfer/wire-send.js';
import { endpointProblem, environmentNamesTarget, remoteLabel, resolveRemote } from './aws-target.js';
import { CommandFailure, UsageError } from './io.js';

export type ConnectionPrefix = '' | 'from-' | 'to-';

export interface ConnectionFlags {
  readonly dataDir?: string;
  readonly inMemory: boolean;
  readonly endpoint?: string;
  readonly profile?: string;
  readonly region?: string;
  /** false: no flag means the embedded engine, whatever the environment says (the other side of a copy given flags of its own). */
  readonly environment?: boolean;
}

export interface DataConnection {
  readonly send: WireSend;
  /** The embedded engine answers reads as JSON text too, which an export of DynamoDB JSON copies as it is. */
  readonly textSend?: TextSend;
  /** How messages name it: "the embedded engine (DIR)", "http://…", "AWS eu-west-1 (profile p)". */
  readonly label: string;
  /** Writes cost money or touch real data: a question first. */
  readonly aws: boolean;
  /** The same embedded data folder opened twice is one connection. */
  readonly key: string;
  /** Where its writes are journaled as going (docs/journal.md); none for an in-memory engine, which goes with the command. */
  readonly journalTarget?: JournalTarget;
  close(): Promise<void>;
}

function checkEndpoint(text: string, flag: string, hint: string): string {
  const problem = endpointProblem(text);
  if (problem !== undefined) throw new UsageError(`${flag} ${problem}`, hint);
  return text;
}

/** Reads one set of connection flags from parsed values, refusing mixes that mean two places at once. */
export function readConnectionFlags(values: Record<string, unknown>, prefix: ConnectionPrefix, hint: string): ConnectionFlags {
  const text = (name: string): string | undefined => {
    const value = values[`${prefix}${name}`];
    return typeof value === 'string' ? value : undefined;
  };
  const dataDir = text('data');
  const inMemory = values[`${prefix}in-memory`] === true;
  const endpoint = text('endpoint');
  const profile = text('profile');
  const region = text('region');
  const flag = (name: string) => `--${prefix}${name}`;
  if (dataDir !== undefined && inMemory) throw new UsageError(`give ${flag('data')} or ${flag('in-memory')}, not both`, hint);
  const embedded = dataDir !== undefined || inMemory;
  if (embedded && (endpoint !== undefined || profile !== undefined || region !== undefined)) {
    throw new UsageError(`${flag(dataDir !== undefined ? 'data' : 'in-memory')} is the embedded engine; it does not take ${flag('endpoint')}, ${flag('profile')} or ${flag('region')}`, hint);
  }
  return {
    inMemory,
    ...(dataDir !== undefined ? { dataDir } : {}),
    ...(endpoint !== undefined ? { endpoint: checkEndpoint(endpoint, flag('endpoint'), hint) } : {}),
    ...(profile !== undefined ? { profile } : {}),
    ...(region !== undefined ? { region } : {}),
  };
}

/** The embedded engine: named by --data or --in-memory, or no flag and nothing in the environment (aws-target.ts). */
function isEmbedded(flags: ConnectionFlags, env: NodeJS.ProcessEnv): boolean {
  if (flags.endpoint !== undefined || flags.profile !== undefined || flags.region !== undefined) return false;
  if (flags.dataDir !== undefined || flags.inMemory || flags.environment === false) return true;
  return !environmentNamesTarget(env);
}

/** Which store the flags name: equal keys are the same table space. */
export function connectionKey(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env): string {
  if (flags.inMemory) return 'in-memory';
  if (isEmbedded(flags, env)) return `embedded:${resolve(flags.dataDir ?? defaultDataDir(env))}`;
  const target = resolveRemote(flags, env);
  return `remote:${target.endpoint ?? ''}|${target.profile ?? ''}|${target.region ?? ''}`;
}

/**
 * Whether the data folder is new (an empty folder: its database is made). A
 * folder that is not there is a mistyped --data far more often than a wish:
 * only the workbench and `dynotable engine` make one, and a folder that holds
 * other files is not taken over.
 */
function checkDataFolder(folder: string, given: boolean): boolean {
  if (existsSync(join(folder, DATABASE_FILE))) return false;
  if (!existsSync(folder)) {
    const start = `start the workbench (\`dynotable --data ${folder}\`) or the engine (\`dynotable engine --data ${folder}\`) once to make it`;
    throw new CommandFailure(
      given
        ? `the data folder ${folder} does not exist (nothing was read or written): check the --data path, or ${start}`
        : `the embedded engine has no data folder yet (${folder}; nothing was read or written): ${start}, or give --data DIR, --endpoint URL or --profile NAME`,
    );
  }
  if (!statSync(folder).isDirectory()) throw new CommandFailure(`${folder} is a file, not a data folder (nothing was read or written)`);
  if (readdirSync(folder).length > 0) {
    throw new CommandFailure(`the folder ${folder} holds no DynoTable database but other files, so it is not used as a data folder (nothing was read or written): check the --data path, or give an empty folder`);
  }
  return true;
}

function engineSends(engine: Engine): { send: WireSend; textSend?: TextSend } {
  const send: WireSend = async (operation, input) => engine.execute(operation, input);
  const toJson = engine.executeToJson?.bind(engine);
  return toJson === undefined ? { send } : { send, textSend: async (operation, input) => toJson(operation, input) };
}

async function openEmbedded(flags: ConnectionFlags, env: NodeJS.ProcessEnv, notes: ((text: string) => void) | undefined): Promise<DataConnection> {
  const key = connectionKey(flags, env);
  if (flags.inMemory) {
    const engine = createEngine();
    return { ...engineSends(engine), label: 'the embedded engine (in memory)', aws: false, key, close: async () => engine.close() };
  }
  const folder = resolve(flags.dataDir ?? defaultDataDir(env));
  const fresh = checkDataFolder(folder, flags.dataDir !== undefined);
  let engine: Engine;
  try {
    engine = openEngine({ dataDir: folder });
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      throw new CommandFailure(`the embedded engine's data folder ${folder} is in use by another dynotable (the workbench, or \`dynotable engine\`); stop it first, or reach its engine with --endpoint`);
    }
    throw error;
  }
  if (fresh) {
    await seedEmbeddedEngine(engine);
    notes?.(`New data folder ${folder}: made a DynoTable database there, with the example tables.\n`);
  }
  const journalTarget: JournalTarget = { connectionId: 'embedded', kind: 'embedded', dataDir: folder };
  return { ...engineSends(engine), label: `the embedded engine (${folder})`, aws: false, key, journalTarget, close: async () => engine.close() };
}

function openRemote(flags: ConnectionFlags, env: NodeJS.ProcessEnv): DataConnection {
  const target = resolveRemote(flags, env);
  const { endpoint, profile, region } = target;
  if (endpoint !== undefined && flags.endpoint === undefined) {
    const problem = endpointProblem(endpoint);
    if (problem !== undefined) throw new CommandFailure(`${target.fromEnvironment[0] ?? 'the endpoint'} ${problem}`);
  }
  if (endpoint === undefined && region === undefined) {
    const where = profile !== undefined ? `, or set region under [profile ${profile}] in ~/.aws/config` : '';
    throw new CommandFailure(`AWS needs a region: give --region or set AWS_REGION${where}`);
  }
  const client = createDynamoClient({ endpoint, profile, region }, env);
  const aws = isAwsTarget({ endpoint });
  const label = remoteLabel(target, aws);
  // The connection's name is what a credentials message quotes: the target, never an internal id.
  const info: ConnectionInfo = {
    id: 'data',
    name: label,
    kind: aws ? 'aws' : 'endpoint',
    safety: 'full',
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(region !== undefined ? { region } : {}),
    ...(profile !== undefined ? { profile } : {}),
  };
  reportCredentialErrors(client, () => info, env);
  return { send: clientSend(client), label, aws, key: connectionKey(flags, env), journalTarget: targetOf(info, ''), close: async () => client.destroy() };
}

/** `notes` hears what the command should say on standard error (a data folder made new). */
export async function openDataConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env, notes?: (text: string) => void): Promise<DataConnection> {
  return isEmbedded(flags, env) ? openEmbedded(flags, env, notes) : openRemote(flags, env);
}
