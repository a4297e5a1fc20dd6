/**
 * `dynotable` / `dynotable ui`: the workbench. Opens the embedded engine (and
 * the endpoint or AWS account given by flags), starts the local server, prints
 * its URL with the launch token, opens the browser, and runs until SIGINT or
 * SIGTERM.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DATABASE_FILE, DataDirectoryInUseError, StorageFormatError } from '@dynotable/engine';
import { createJobRegistry } from '../api/jobs.js';
import { DataError } from '../data/errors.js';
import { createConnectionRegistry } from '../connections/registry.js';
import { journalForUi } from '../journal/location.js';
import { linkStoreForUi } from '../links/links-location.js';
import { queryStoreForUi } from '../queries/queries-location.js';
import { TableQueries } from '../queries/table-queries.js';
import { ConnectionTriggers } from '../triggers/connection-triggers.js';
import { ModelLinks, type ModelLinksOptions } from '../links/model-links.js';
import { exampleLink } from '../seed/example-links.js';
import { readModelFile, readTextFile } from './model-file.js';
import { downloadsOf } from '../transfer/downloads.js';
import type { ConnectionInfo, ConnectionRegistry, ConnectionRequest } from '../connections/registry-types.js';
import { startServer } from '../http/server.js';
import type { RunningServer, ServerOptions } from '../http/server.js';
import { untilStopSignal } from './engine.js';
import { UI_HELP } from './help.js';
import { CommandFailure, EXIT_OK } from './io.js';
import type { Output } from './io.js';
import { parseUiArgs } from './ui-args.js';
import type { UiOptions } from './ui-args.js';
import { SessionAgentExposure } from '../agents/agent-exposure.js';
import { agentsFolderOf, type AgentsFolder } from '../agents/agents-folder.js';
import { mcpLines } from './mcp-lines.js';

export interface UiDependencies {
  /** An empty registry; the command adds the connections its flags ask for. */
  createRegistry?: (options: UiOptions) => Promise<ConnectionRegistry>;
  openBrowser?: (url: string) => Promise<void>;
  /** Resolves when the server should stop (the first SIGINT or SIGTERM by default). */
  stopped?: () => Promise<void>;
  env?: NodeJS.ProcessEnv;
  /** The web UI's build (tests point it elsewhere). */
  staticDir?: string;
}

/** The connections the flags ask for: the embedded engine always, plus an endpoint or an AWS account. */
export function connectionRequests(options: UiOptions): ConnectionRequest[] {
  const requests: ConnectionRequest[] =
    options.dataDir === undefined ? [{ kind: 'embedded', inMemory: true }] : [{ kind: 'embedded', dataDir: options.dataDir }];
  if (options.endpoint !== undefined) {
    requests.push(options.region === undefined ? { kind: 'endpoint', endpoint: options.endpoint } : { kind: 'endpoint', endpoint: options.endpoint, region: options.region });
  } else if (options.region !== undefined) {
    requests.push(options.profile === undefined ? { kind: 'aws', region: options.region } : { kind: 'aws', profile: options.profile, region: options.region });
  }
  return requests;
}

async function defaultRegistry(options: UiOptions): Promise<ConnectionRegistry> {
  // The server listens while a first start writes the examples (docs/server.md).
  return createConnectionRegistry({ readOnly: options.readOnly, prepareInBackground: true });
}

async function defaultOpenBrowser(url: string): Promise<void> {
  const { default: open } = await import('open');
  await open(url);
}

const SAFETY_WORDS = { 'read-only': 'read-only', 'confirm-writes': 'asks before every write', full: 'writes allowed' } as const;

function describeConnection(info: ConnectionInfo): string {
  const where =
    info.kind === 'embedded'
      ? info.dataDir === undefined
        ? 'its tables are lost when DynoTable stops'
        : `tables kept in ${info.dataDir}`
      : [info.endpoint, info.profile && `profile ${info.profile}`, info.region].filter(Boolean).join(', ');
  return `  ${info.name}: ${SAFETY_WORDS[info.safety]}; ${where}\n`;
}

async function addConnections(registry: ConnectionRegistry, options: UiOptions, io: Output): Promise<void> {
  for (const request of connectionRequests(options)) {
    const folder = request.kind === 'embedded' && !options.readOnly ? request.dataDir : undefined;
    const fresh = folder !== undefined && !existsSync(join(folder, DATABASE_FILE));
    try {
      await registry.add(request);
      if (fresh) io.stderr(`New data folder ${folder}: made a DynoTable database there, with the example tables.\n`);
    } catch (error) {
      // --read-only creates nothing, not even the data folder's database: this session's embedded engine is in memory instead.
      if (error instanceof DataError && error.type === 'NoDatabase' && request.kind === 'embedded') {
        io.stderr(`There is no DynoTable database in ${options.dataDir ?? ''}; with --read-only nothing is created there, so the embedded engine is in memory for this session.\n`);
        await registry.add({ kind: 'embedded', inMemory: true });
        continue;
      }
      if (error instanceof DataDirectoryInUseError || error instanceof StorageFormatError) {
        throw new CommandFailure(`${error.message}\nStart with --in-memory, or choose another directory with --data.`);
      }
      throw error;
    }
  }
}

/** `--model FILE`, read and checked before anything starts: a broken model stops the command with its problems. */
function commandLineModel(options: UiOptions): Pick<ModelLinksOptions, 'commandLine'> {
  if (options.model === undefined) return {};
  const model = readModelFile(options.model);
  return { commandLine: { name: basename(options.model), model: readTextFile(options.model, 'model file'), tables: model.tables.map((table) => table.name) } };
}

/** `--expose ID`: the connections agents may use; an unknown id stops the command. */
function exposureOf(registry: ConnectionRegistry, options: UiOptions, folder: AgentsFolder | undefined): SessionAgentExposure {
  const ids = registry.list().map((info) => info.id);
  const unknown = options.expose.find((id) => !ids.includes(id));
  if (unknown !== undefined) throw new CommandFailure(`--expose ${unknown}: there is no such connection; the connections are ${ids.join(', ')}`);
  const exposure = new SessionAgentExposure(registry, folder);
  for (const id of options.expose) exposure.exposeForLaunch(id);
  return exposure;
}

/** Listens on the requested port; the default one, when taken, gives way to a free port. */
async function startOnPort(options: UiOptions, serverOptions: ServerOptions, io: Output): Promise<RunningServer> {
  try {
    return await startServer({ ...serverOptions, port: options.port });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE' && !options.portGiven) {
      const server = await startServer({ ...serverOptions, port: 0 });
      io.stderr(`Port ${options.port} is in use; using port ${server.port} instead.\n`);
      return server;
    }
    if (code === 'EADDRINUSE') throw new CommandFailure(`port ${options.port} on ${options.host} is already in use; choose another with --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CommandFailure(`cannot listen on host '${options.host}' (${String(code)})`);
    throw error;
  }
}

export async function runUi(args: string[], io: Output, dependencies: UiDependencies = {}): Promise<number> {
  const env = dependencies.env ?? process.env;
  const options = parseUiArgs(args, env);
  if (options.help) {
    io.stdout(UI_HELP);
    return EXIT_OK;
  }
  const commandLine = commandLineModel(options);
  // Listening for Ctrl-C before the address is printed: a stop right after it is a clean one.
  const stop = (dependencies.stopped ?? untilStopSignal)();
  const registry = await (dependencies.createRegistry ?? defaultRegistry)(options);
  const log = (line: string) => io.stderr(`dynotable: ${line}\n`);
  let server: RunningServer;
  const jobs = createJobRegistry({ log });
  try {
    await addConnections(registry, options, io);
    // Agents' proposals and exposure are kept in the data folder (read, never written, under --read-only).
    const agentsFolder = options.dataDir === undefined ? undefined : agentsFolderOf(options.dataDir, !options.readOnly);
    const agents = exposureOf(registry, options, agentsFolder);
    server = await startOnPort(
      options,
      {
        host: options.host,
        allowRemote: options.allowRemote,
        readOnly: options.readOnly,
        connections: registry,
        jobs,
        journal: journalForUi(options, env),
        links: new ModelLinks({ store: linkStoreForUi(options, env), example: exampleLink, ...commandLine }),
        queries: new TableQueries(queryStoreForUi(options, env)),
        // Triggers added in the workbench are kept with the data folder and started again (not under --read-only, which writes nothing).
        triggers: new ConnectionTriggers({ keep: !options.readOnly }),
        log,
        staticDir: dependencies.staticDir,
        mcp: options.mcp,
        agents,
        ...(agentsFolder !== undefined ? { agentsFolder } : {}),
      },
      io,
    );
  } catch (error) {
    await registry.closeAll();
    throw error;
  }

  server.context.triggers?.restore(registry);
  if (options.json) {
    const connections = registry.list().map((info) => ({ name: info.name, kind: info.kind, safety: info.safety }));
    io.stdout(`${JSON.stringify({ event: 'listening', url: server.url, host: options.host, port: server.port, readOnly: options.readOnly, connections })}\n`);
  } else io.stdout(
    `DynoTable is running at:\n\n  ${server.url}\n\n` +
      'Open that address in a browser (the token in it is new at every start).\n' +
      `Connections${options.readOnly ? ' (all read-only: --read-only)' : ''}:\n` +
      registry.list().map(describeConnection).join('') +
      mcpLines(server.context.mcp?.view(), server.context.agents?.exposedIds() ?? []) +
      '\nPress Ctrl+C to stop.\n',
  );
  if (options.allowRemote && options.host !== '127.0.0.1') {
    io.stderr(`Warning: listening on ${options.host}; other machines can reach DynoTable (the token is still required).\n`);
  }
  if (options.open) {
    try {
      await (dependencies.openBrowser ?? defaultOpenBrowser)(server.url);
    } catch {
      io.stderr('Could not open a browser; open the address above yourself.\n');
    }
  }

  await stop;
  jobs.cancelAll();
  await server.close();
  await registry.closeAll();
  // Exports not downloaded (or cut short) leave nothing in the temporary folder.
  await downloadsOf(jobs).clear();
  io.stdout(options.json ? `${JSON.stringify({ event: 'stopped' })}\n` : 'DynoTable stopped.\n');
  return EXIT_OK;
}
