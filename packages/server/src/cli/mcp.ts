/**
 * `dynotable mcp`: the MCP server over stdio, for an agent that launches it.
 * Opens the connections the flags ask for (an in-memory embedded engine by
 * default, exposed to the agent; anything else only with --expose), and
 * serves the tools of src/mcp/ until the agent closes standard input. Only
 * MCP goes to standard output; what a person should read goes to standard error.
 *
 * Its proposed writes are staged in a data folder (`--data`, else the default
 * one; none with `--in-memory`), where a workbench on that folder shows them
 * for review (docs/agent-writes.md). The folder's embedded engine is opened
 * only for each burst of calls, so a workbench started later gets the folder;
 * while it holds it, calls on that engine say so (connections/embedded-on-demand.ts).
 */
import { basename, resolve } from 'node:path';
import { StorageFormatError } from '@dynotable/engine';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createJobRegistry } from '../api/jobs.js';
import { createConnectionRegistry } from '../connections/registry.js';
import type { ConnectionInfo, ConnectionRegistry, ConnectionRequest } from '../connections/registry-types.js';
import { ModelLinks } from '../links/model-links.js';
import { createMcpServer } from '../mcp/create-server.js';
import { SessionAgentExposure } from '../agents/agent-exposure.js';
import { agentsFolderOf, type AgentsFolder } from '../agents/agents-folder.js';
import { ReviewQueue } from '../agents/proposal-queue.js';
import { FolderProposalStore } from '../agents/proposal-store.js';
import { defaultDataDir } from '../connections/data-dir.js';
import type { McpContext } from '../mcp/mcp-context.js';
import { TableQueries } from '../queries/table-queries.js';
import { exampleLink } from '../seed/example-links.js';
import { readCommand } from './command-args.js';
import { untilStopSignal } from './engine.js';
import { CommandFailure, EXIT_OK, UsageError, type Output } from './io.js';
import { MCP_HELP } from './mcp-help.js';
import { MCP_FLAGS } from './command-table.js';
import { readModelFile, readTextFile } from './model-file.js';


export interface McpDependencies {
  readonly input?: NodeJS.ReadableStream;
  readonly output?: NodeJS.WritableStream;
  readonly env?: NodeJS.ProcessEnv;
}

function connectionRequests(values: { data?: string; endpoint?: string; profile?: string; region?: string }, env: NodeJS.ProcessEnv, hint: string): ConnectionRequest[] {
  const requests: ConnectionRequest[] = [values.data === undefined ? { kind: 'embedded', inMemory: true } : { kind: 'embedded', dataDir: resolve(values.data) }];
  if (values.endpoint !== undefined && values.profile !== undefined) throw new UsageError('--endpoint and --profile cannot be given together', hint);
  if (values.endpoint !== undefined) {
    requests.push(values.region === undefined ? { kind: 'endpoint', endpoint: values.endpoint } : { kind: 'endpoint', endpoint: values.endpoint, region: values.region });
  } else if (values.profile !== undefined || values.region !== undefined) {
    const region = values.region ?? env['AWS_REGION'] ?? env['AWS_DEFAULT_REGION'];
    if (region === undefined) throw new UsageError('--profile needs a region: add --region (for example --region us-east-1) or set AWS_REGION', hint);
    requests.push(values.profile === undefined ? { kind: 'aws', region } : { kind: 'aws', profile: values.profile, region });
  }
  return requests;
}

/** Adds one connection; a data folder that is not a DynoTable one stops the command with what to do. */
async function addConnection(connections: ConnectionRegistry, request: ConnectionRequest): Promise<ConnectionInfo> {
  try {
    return await connections.add(request);
  } catch (error) {
    if (error instanceof StorageFormatError) throw new CommandFailure(`${error.message}\nLeave out --data for an engine in memory.`);
    throw error;
  }
}

/** The folder's engine is opened for each burst of calls and let go after this long without one, so a workbench can take the folder. */
const ENGINE_IDLE_MS = 200;

/** Resolves when the agent closes the stream (or a stop signal comes first). */
function closed(stream: NodeJS.ReadableStream): Promise<void> {
  return Promise.race([new Promise<void>((done) => stream.once('end', done).once('close', done)), untilStopSignal()]);
}

export async function runMcp(args: string[], io: Output, dependencies: McpDependencies = {}): Promise<number> {
  const command = readCommand(args, 'mcp', MCP_HELP, MCP_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`, hint);
  if (values['in-memory'] === true && values.data !== undefined) throw new UsageError('--in-memory and --data cannot be given together', hint);
  const env = dependencies.env ?? process.env;
  const requests = connectionRequests(values, env, hint);
  const modelFiles = (values.model ?? []).map((path) => {
    readModelFile(path);
    return { name: basename(path), text: readTextFile(path, 'model file') };
  });

  const readOnly = values['read-only'] === true;
  const onHeldElsewhere = (message: string) =>
    io.stderr(`dynotable mcp: ${message}\nGoing on: calls on that engine say so until the folder is free; proposed writes still wait in the folder for the workbench.\n`);
  const connections = createConnectionRegistry({ readOnly, embeddedOnDemand: { idleMs: ENGINE_IDLE_MS, onHeldElsewhere } });
  const dataDir = values.data !== undefined ? resolve(values.data) : values['in-memory'] === true ? undefined : defaultDataDir(env);
  // This command reads what the workbench exposed there and never changes it.
  const folder: AgentsFolder | undefined = dataDir === undefined ? undefined : agentsFolderOf(dataDir, !readOnly);
  const exposure = new SessionAgentExposure(connections, folder && { exposureFile: folder.exposureFile, writable: false });
  try {
    for (const request of requests) {
      const info = await addConnection(connections, request);
      // The in-memory engine is this session's scratch space: nothing of the person's is in it.
      if (request.kind === 'embedded' && request.inMemory === true) exposure.exposeForLaunch(info.id);
    }
    await connections.ready();
    const ids = connections.list().map((info) => info.id);
    for (const id of values.expose ?? []) {
      if (!ids.includes(id)) throw new UsageError(`--expose ${id}: there is no such connection; the connections are ${ids.join(', ') || 'none'}`, hint);
      exposure.exposeForLaunch(id);
    }
  } catch (error) {
    await connections.closeAll();
    throw error;
  }

  const log = (line: string) => io.stderr(`dynotable mcp: ${line}\n`);
  const jobs = createJobRegistry({ log });
  const context: McpContext = {
    connections,
    jobs,
    readOnly,
    links: new ModelLinks({ example: exampleLink }),
    queries: new TableQueries(),
    agents: exposure,
    log,
    modelFiles,
    // A person reviews these in the workbench on the same folder; this command only stages them and reads their status.
    ...(folder !== undefined ? { proposals: new ReviewQueue(() => context, new FolderProposalStore(folder.proposalsDir, folder.writable), false) } : {}),
  };
  const server = createMcpServer(context);
  const input = dependencies.input ?? process.stdin;
  const transport = new StdioServerTransport(input as never, (dependencies.output ?? process.stdout) as never);
  await server.connect(transport);
  io.stderr(
    `dynotable mcp: serving MCP on stdio. Exposed to the agent: ${exposure.exposedIds().join(', ') || 'none'}; ` +
      `other connections: ${connections.list().filter((info) => !exposure.isExposed(info.id)).map((info) => info.id).join(', ') || 'none'}. ` +
      (folder !== undefined
        ? `Proposed writes wait in ${folder.proposalsDir} for a person to review them in a workbench on ${dataDir ?? ''}.\n`
        : 'With --in-memory there is no review queue: proposed writes are refused.\n'),
  );
  await closed(input);
  await server.close();
  jobs.cancelAll();
  await connections.closeAll();
  return EXIT_OK;
}
