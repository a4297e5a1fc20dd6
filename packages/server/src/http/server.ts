/**
 * The local HTTP server behind `dynotable`: the API under /api, the web UI for
 * everything else, all behind the per-launch token, the Host and Origin checks
 * and the write guard. See docs/server.md for the security model.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestError, getRequestListener } from '@hono/node-server';
import type { ServerContext } from '../api/context.js';
import type { JobRegistry } from '../data/job-types.js';
import { createJobRegistry } from '../api/jobs.js';
import { jobStreamRoutes } from '../api/jobs-routes.js';
import { streamEventRoutes } from '../api/streams-routes.js';
import { triggerStreamRoutes } from '../api/triggers-routes.js';
import { ConnectionTriggers } from '../triggers/connection-triggers.js';
import { SessionAgentExposure } from '../agents/agent-exposure.js';
import { ReviewQueue } from '../agents/proposal-queue.js';
import { FolderProposalStore } from '../agents/proposal-store.js';
import type { AgentsFolder } from '../agents/agents-folder.js';
import type { Route } from '../api/route.js';
import { API_ROUTES } from '../api/routes.js';
import { downloadRoutes } from '../api/transfer-routes.js';
import type { FileRoute } from './file-route.js';
import type { WriteJournal } from '../journal/journal.js';
import { packageVersion } from '../version.js';
import type { ConnectionRegistry } from '../connections/registry-types.js';
import type { ApiEntry } from './api-dispatch.js';
import { createApp } from './app.js';
import { builtinRoutes } from './builtin-routes.js';
import type { ErrorBody } from './error-mapping.js';
import type { RouteSummary } from './pages.js';
import { readAsBrowsersDo } from './request-target.js';
import { DEFAULT_BODY_LIMIT } from './request-input.js';
import { isLoopbackHost } from '../loopback.js';
import { SECURITY_HEADERS, allowedHosts, createToken } from './security.js';
import { defaultStaticDir, hasIndex } from './static-files.js';
import type { StreamRoute } from './stream-route.js';
import { ModelLinks } from '../links/model-links.js';
import { TableQueries } from '../queries/table-queries.js';
import { exampleLink } from '../seed/example-links.js';
import type { AgentExposure } from '../agents/proposal-types.js';
import { McpEndpoint } from '../mcp/endpoint.js';

const DEFAULT_HOST = '127.0.0.1';

export interface ServerOptions {
  /** Default 127.0.0.1. Anything but a loopback address needs `allowRemote`. */
  readonly host?: string;
  /** Default 0 (a free port). */
  readonly port?: number;
  readonly allowRemote?: boolean;
  /** Every connection read-only, whatever its own mode (also `context.readOnly`). */
  readonly readOnly?: boolean;
  /** The whole context, or its parts (jobs default to a new in-memory registry). */
  readonly context?: ServerContext;
  readonly connections?: ConnectionRegistry;
  readonly jobs?: JobRegistry;
  /** The write journal (docs/journal.md); none: writes are not recorded and undo is off. */
  readonly journal?: WriteJournal;
  /** The links of tables to models; default: in memory, with the example tables linked to their examples. */
  readonly links?: ModelLinks;
  /** The tables' query history and saved queries; default: in memory. */
  readonly queries?: TableQueries;
  /** The workbench's triggers; default: kept in memory only. */
  readonly triggers?: ConnectionTriggers;
  /** The web UI's build; default the web package's dist. */
  readonly staticDir?: string;
  /** One line per unexpected error; default none. */
  readonly log?: (line: string) => void;
  /** Default: every route of the API (api/routes.ts) and the job event stream. */
  readonly routes?: readonly Route[];
  readonly streamRoutes?: readonly StreamRoute[];
  /** Default: the export downloads (api/transfer-routes.ts). */
  readonly fileRoutes?: readonly FileRoute[];
  readonly bodyLimit?: number;
  /** Default: a new random token. */
  readonly token?: string;
  /** Serve the MCP endpoint for agents at /mcp from the start (`--mcp`); it can be switched on later through the API (docs/mcp.md). */
  readonly mcp?: boolean;
  /** Which connections agents may use (`--expose`); default: the context's, else none. */
  readonly agents?: AgentExposure;
  /** Where the data folder keeps agents' proposals and exposure (agents/agents-folder.ts); none: in memory. */
  readonly agentsFolder?: AgentsFolder;
}

export interface RunningServer {
  /** Where to open the UI: includes `?token=`. */
  readonly url: string;
  /** The origin without the token (for scripts: send `Authorization: Bearer <token>`). */
  readonly origin: string;
  readonly token: string;
  readonly host: string;
  readonly port: number;
  readonly context: ServerContext;
  close(): Promise<void>;
}

function buildContext(options: ServerOptions): ServerContext {
  const readOnly = options.readOnly === true || options.context?.readOnly === true;
  const agents = options.agents ?? options.context?.agents;
  const mcp = { mcp: options.context?.mcp ?? new McpEndpoint(options.mcp === true), ...(agents !== undefined ? { agents } : {}) };
  if (options.context !== undefined) return { ...options.context, readOnly, ...mcp };
  if (options.connections === undefined) throw new Error('startServer needs a context or a connection registry');
  const journal = options.journal !== undefined ? { journal: options.journal } : {};
  const links = options.links ?? new ModelLinks({ example: exampleLink });
  const queries = options.queries ?? new TableQueries();
  // `--expose` ids, else the workbench's own switch per connection (none exposed at start).
  const exposure = agents ?? new SessionAgentExposure(options.connections, options.agentsFolder);
  const store = options.agentsFolder !== undefined ? new FolderProposalStore(options.agentsFolder.proposalsDir, options.agentsFolder.writable) : undefined;
  // The queue runs its proposals through the routes, which take the whole context.
  const context: ServerContext = {
    connections: options.connections,
    jobs: options.jobs ?? createJobRegistry({ log: options.log }),
    readOnly,
    links,
    queries,
    triggers: options.triggers ?? new ConnectionTriggers(),
    ...journal,
    mcp: mcp.mcp,
    agents: exposure,
    proposals: new ReviewQueue(() => context, store),
  };
  return context;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** The host to print: loopback stays as given, every-interface binds print 127.0.0.1. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The answer when the Node adapter cannot make a request of what arrived, before
 * the app runs: an absolute URL it cannot read is a 400; otherwise the Host
 * header is missing or unreadable, so not one of ours (421, as the Host check answers).
 */
function unreadableRequest(error: unknown): Response {
  const [status, body]: [number, ErrorBody] =
    error instanceof RequestError && error.message === 'Invalid absolute URL'
      ? [400, { __type: 'ValidationException', message: 'The request URL is malformed' }]
      : [421, { __type: 'MisdirectedRequest', message: 'This server answers only to its own address (the Host header names another)' }];
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  if (!isLoopbackHost(host) && options.allowRemote !== true) {
    throw new Error(`refusing to listen on ${host} without allowRemote: only this machine should reach the server`);
  }
  const token = options.token ?? createToken();
  const log = options.log ?? (() => {});
  const context = buildContext(options);
  const staticDir = options.staticDir ?? defaultStaticDir();
  const uiBuilt = await hasIndex(staticDir);

  const entries: ApiEntry[] = [];
  const summaries = (): RouteSummary[] =>
    entries.map((e) => ({
      method: e.method,
      path: e.path,
      summary: e.route.summary,
      ...(e.kind === 'json' && e.route.write ? { write: true } : {}),
      ...(e.kind === 'stream' ? { stream: true } : {}),
      ...(e.kind === 'file' ? { download: true } : {}),
    }));
  const jsonRoutes = [...builtinRoutes(summaries, packageVersion()), ...(options.routes ?? API_ROUTES)];
  for (const route of jsonRoutes) entries.push({ method: route.method, path: route.path, kind: 'json', route });
  for (const route of options.streamRoutes ?? [...jobStreamRoutes, ...streamEventRoutes, ...triggerStreamRoutes]) entries.push({ method: route.method, path: route.path, kind: 'stream', route });
  for (const route of options.fileRoutes ?? downloadRoutes) entries.push({ method: route.method, path: route.path, kind: 'file', route });

  let hosts = new Set<string>();
  let port = 0;
  const app = createApp({
    context,
    entries,
    summaries,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    token,
    hosts: () => hosts,
    port: () => port,
    staticDir: uiBuilt ? staticDir : undefined,
    log,
    ...(context.mcp !== undefined ? { mcp: context.mcp } : {}),
  });
  // The adapter leaves the global Request and Response alone (it would replace them with its own).
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false, errorHandler: unreadableRequest });
  const server = createServer((request, response) => {
    request.url = readAsBrowsersDo(request.url);
    void listener(request, response);
  });
  await listen(server, options.port ?? 0, host);
  port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(host, port, options.allowRemote === true);
  const origin = `http://${displayHost(host)}:${port}`;
  context.mcp?.setOrigin(origin);

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    host,
    port,
    context,
    close() {
      closing ??= Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Event streams and keep-alive sockets would hold close() open.
          server.closeAllConnections();
        }),
        // Triggers stop before the connections they read close.
        context.triggers?.closeAll(),
      ]).then(() => {});
      return closing;
    },
  };
}
