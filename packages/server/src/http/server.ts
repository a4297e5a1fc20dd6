/**
 * The local HTTP server behind `dynotable`: the API under /api, the web UI for
 * everything else, all behind the per-launch token, the Host and Origin checks
 * and the write guard. See docs/server.md for the security model.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerContext } from '../api/context.js';
import type { JobRegistry } from '../api/job-types.js';
import { createJobRegistry } from '../api/jobs.js';
import { jobStreamRoutes } from '../api/jobs-routes.js';
import type { Route } from '../api/route.js';
import { API_ROUTES } from '../api/routes.js';
import { downloadRoutes } from '../api/transfer-routes.js';
import type { FileRoute } from '../transfer/file-route.js';
import type { WriteJournal } from '../journal/journal.js';
import { packageVersion } from '../version.js';
import type { ConnectionRegistry } from '../connections/registry-types.js';
import { createApiDispatcher } from './api-dispatch.js';
import type { ApiEntry } from './api-dispatch.js';
import { builtinRoutes } from './builtin-routes.js';
import { describeForLog } from './error-mapping.js';
import type { RouteSummary } from './pages.js';
import { notBuiltPage, unauthorizedPage } from './pages.js';
import { DEFAULT_BODY_LIMIT } from './request-input.js';
import { sendError, sendHtml } from './respond.js';
import { allowedHosts, authenticate, checkHost, checkOrigin, createToken, isLoopbackHost, setSecurityHeaders, tokenCookie, tokenMatches } from './security.js';
import { defaultStaticDir, hasIndex, serveStatic } from './static-files.js';
import type { StreamRoute } from './stream-route.js';

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
  if (options.context !== undefined) return { ...options.context, readOnly };
  if (options.connections === undefined) throw new Error('startServer needs a context or a connection registry');
  const journal = options.journal !== undefined ? { journal: options.journal } : {};
  return { connections: options.connections, jobs: options.jobs ?? createJobRegistry({ log: options.log }), readOnly, ...journal };
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

function isApi(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
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
  for (const route of options.streamRoutes ?? jobStreamRoutes) entries.push({ method: route.method, path: route.path, kind: 'stream', route });
  for (const route of options.fileRoutes ?? downloadRoutes) entries.push({ method: route.method, path: route.path, kind: 'file', route });
  const api = createApiDispatcher({ context, entries, bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, log, secrets: [token] });

  let hosts = new Set<string>();
  let port = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    setSecurityHeaders(response);
    const requestHost = checkHost(request, hosts);
    const path = (request.url ?? '/').split('?')[0]!;
    if (requestHost === undefined) {
      // DNS rebinding: a page of another site that resolved its name to us.
      sendError(response, 421, 'MisdirectedRequest', 'This server answers only to its own address (the Host header names another)');
      return;
    }
    let url: URL;
    try {
      url = new URL(request.url ?? '/', `http://${requestHost}`);
    } catch {
      sendError(response, 400, 'ValidationException', 'The request URL is malformed');
      return;
    }
    const apiPath = isApi(url.pathname);
    const pageLoad = !apiPath && (request.method === 'GET' || request.method === 'HEAD');
    const offered = url.searchParams.get('token');
    if (pageLoad && offered !== null && tokenMatches(offered, token)) {
      // The first load: the token becomes a cookie, and leaves the address bar (and the history).
      url.searchParams.delete('token');
      response.statusCode = 302;
      response.setHeader('Set-Cookie', tokenCookie(port, token));
      // One leading slash: `//host` would send the browser to another site.
      response.setHeader('Location', `/${url.pathname.replace(/^\/+/, '')}${url.search}`);
      response.setHeader('Cache-Control', 'no-store');
      response.end();
      return;
    }
    const credential = authenticate(request, port, token);
    if (credential === 'none') {
      if (apiPath) sendError(response, 401, 'MissingToken', 'This request needs the token that `dynotable` printed when it started: open that URL, or send Authorization: Bearer <token>');
      else sendHtml(response, 401, unauthorizedPage());
      return;
    }
    if (!checkOrigin(request, requestHost, credential)) {
      sendError(response, 403, 'CrossOriginRequest', `Requests to this server must come from its own pages (http://${requestHost})`);
      return;
    }
    if (apiPath) {
      // A first start writes the examples while the page loads; the API answers once they are in.
      await context.connections.ready();
      await api.handle(request, response, url);
      return;
    }
    await page(request, response, path);
  }

  async function page(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      sendError(response, 405, 'MethodNotAllowed', 'Pages accept GET and HEAD only');
      return;
    }
    const head = request.method === 'HEAD';
    if (!uiBuilt) {
      if (path === '/' || path === '/index.html' || !/\.[a-z0-9]+$/i.test(path)) sendHtml(response, 200, notBuiltPage(summaries()));
      else sendError(response, 404, 'NotFound', 'No such file');
      return;
    }
    // Outside the UI's directory or missing: the same answer, so nothing is learned about other files.
    if ((await serveStatic(staticDir, path, response, head)) !== 'served') sendError(response, 404, 'NotFound', 'No such file');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`${request.method ?? '?'} ${(request.url ?? '').split('?')[0]}: ${describeForLog(error, [token])}`);
      if (!response.headersSent) sendError(response, 500, 'InternalError', 'unexpected error; see the server log');
      else response.end();
    });
  });
  await listen(server, options.port ?? 0, host);
  port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(host, port, options.allowRemote === true);
  const origin = `http://${displayHost(host)}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    host,
    port,
    context,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Event streams and keep-alive sockets would hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
