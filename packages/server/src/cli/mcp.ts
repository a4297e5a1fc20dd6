/**
 * `dynotable mcp`: the MCP server over stdio, for an agent that launches it.
 * Opens the connections the flags ask for (an in-memory embedded engine by
 * default, exposed to the agent; anything else only with --expose), and
 * serves the tools of src/mcp/ until the agent closes standard input. Only
 * MCP goes to standard output; what a person should read goes to standard error.
 */
import { basename, resolve } from 'node:path';
import { DataDirectoryInUseError, StorageFormatError } from '@dynotable/engine';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createJobRegistry } from '../api/jobs.js';
import { createConnectionRegistry } from '../connections/registry.js';
import type { ConnectionRequest } from '../connections/registry-types.js';
import { ModelLinks } from '../links/model-links.js';
import { createMcpServer } from '../mcp/create-server.js';
import { SessionAgentExposure } from '../agents/agent-exposure.js';
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
  const connections = createConnectionRegistry({ readOnly });
  const exposure = new SessionAgentExposure(connections);
  try {
    for (const request of requests) {
      const info = await connections.add(request);
      // The in-memory engine is this session's scratch space: nothing of the person's is in it.
      if (request.kind === 'embedded' && request.inMemory === true) exposure.setExposed(info.id, true);
    }
    await connections.ready();
    const ids = connections.list().map((info) => info.id);
    for (const id of values.expose ?? []) {
      if (!ids.includes(id)) throw new UsageError(`--expose ${id}: there is no such connection; the connections are ${ids.join(', ')}`, hint);
      exposure.setExposed(id, true);
    }
  } catch (error) {
    await connections.closeAll();
    if (error instanceof DataDirectoryInUseError || error instanceof StorageFormatError) {
      // The usual cause: the workbench holds the folder. Its own /mcp shares it.
      throw new CommandFailure(`${error.message}\nLeave out --data for an engine in memory, or connect the agent to the workbench's MCP endpoint (dynotable --mcp).`);
    }
    throw error;
  }

  const log = (line: string) => io.stderr(`dynotable mcp: ${line}\n`);
  const jobs = createJobRegistry({ log });
  const server = createMcpServer({
    connections,
    jobs,
    readOnly,
    links: new ModelLinks({ example: exampleLink }),
    queries: new TableQueries(),
    agents: exposure,
    log,
    modelFiles,
  });
  const input = dependencies.input ?? process.stdin;
  const transport = new StdioServerTransport(input as never, (dependencies.output ?? process.stdout) as never);
  await server.connect(transport);
  io.stderr(
    `dynotable mcp: serving MCP on stdio. Exposed to the agent: ${exposure.exposedIds().join(', ') || 'none'}; ` +
      `other connections: ${connections.list().filter((info) => !exposure.isExposed(info.id)).map((info) => info.id).join(', ') || 'none'}.\n`,
  );
  await closed(input);
  await server.close();
  jobs.cancelAll();
  await connections.closeAll();
  return EXIT_OK;
}
