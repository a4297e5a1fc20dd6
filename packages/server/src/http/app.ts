/**
 * The server's Hono app: the security checks on every request, the API under
 * /api, the web UI's pages and files for everything else, and one error
 * handler that turns what a request threw into the API's JSON errors.
 */
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ServerContext } from '../api/context.js';
import { registerApi } from './api-dispatch.js';
import type { ApiEntry } from './api-dispatch.js';
import type { AppEnv } from './app-env.js';
import { describeForLog, mapError } from './error-mapping.js';
import type { RouteSummary } from './pages.js';
import { notBuiltPage } from './pages.js';
import { errorResponse, htmlResponse, jsonResponse } from './respond.js';
import { hostCheck, originCheck, securityHeaders, tokenCheck } from './security-checks.js';
import { webFiles } from './static-files.js';
import { readJsonBody } from './request-input.js';
import { MCP_PATH, type McpEndpoint } from '../mcp/endpoint.js';
import { answerMcp } from '../mcp/http-handler.js';

export interface AppOptions {
  readonly context: ServerContext;
  readonly entries: readonly ApiEntry[];
  readonly summaries: () => RouteSummary[];
  readonly bodyLimit: number;
  readonly token: string;
  /** The server's address is known once it listens. */
  readonly hosts: () => ReadonlySet<string>;
  readonly port: () => number;
  /** The web UI's build, or undefined when it is not built. */
  readonly staticDir: string | undefined;
  readonly log: (line: string) => void;
  /** The MCP endpoint for agents (docs/mcp.md); none: /mcp is not served. */
  readonly mcp?: McpEndpoint;
}

const notFound = (c: Context<AppEnv>) => errorResponse(c, 404, 'NotFound', 'No such file');

export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const logError = (c: Context<AppEnv>, error: unknown) =>
    options.log(`${c.req.method} ${new URL(c.req.url).pathname}: ${describeForLog(error, [options.token])}`);

  const mcp = options.mcp;
  const mcpToken = mcp === undefined ? undefined : { path: MCP_PATH, token: () => mcp.token };
  app.use(securityHeaders, hostCheck(options.hosts), tokenCheck(options.token, options.port, mcpToken), originCheck);
  if (mcp !== undefined) {
    const context = { ...options.context, log: options.log };
    app.all(MCP_PATH, async (c) => answerMcp(c.req.raw, c.req.method === 'POST' ? await readJsonBody(c.env.incoming, options.bodyLimit) : undefined, context));
  }
  registerApi(app, {
    context: options.context,
    entries: options.entries,
    bodyLimit: options.bodyLimit,
    failed: (c, error) => {
      if (!c.get('signal').aborted && mapError(error).unexpected) logError(c, error);
    },
  });

  app.all('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      c.header('Allow', 'GET, HEAD');
      return errorResponse(c, 405, 'MethodNotAllowed', 'Pages accept GET and HEAD only');
    }
    await next();
  });
  const { staticDir } = options;
  if (staticDir !== undefined) {
    for (const handler of webFiles(staticDir, notFound)) app.get('*', handler);
  } else {
    app.get('*', (c) => {
      const path = new URL(c.req.url).pathname;
      if (path === '/' || path === '/index.html' || !/\.[a-z0-9]+$/i.test(path)) return htmlResponse(c, 200, notBuiltPage(options.summaries()));
      return notFound(c);
    });
  }

  app.onError((error, c) => {
    const response = c.env.outgoing;
    const signal = c.get('signal') as AbortSignal | undefined;
    // The client went away mid-answer: nobody to tell, nothing to log.
    if (signal?.aborted === true && response.headersSent) {
      response.end();
      return RESPONSE_ALREADY_SENT;
    }
    const mapped = mapError(error);
    if (mapped.unexpected) logError(c, error);
    if (response.headersSent) {
      // Mid-answer: the status is gone; end what was sent.
      response.end();
      return RESPONSE_ALREADY_SENT;
    }
    if (signal?.aborted === true || response.destroyed) return RESPONSE_ALREADY_SENT;
    return jsonResponse(c, mapped.status, mapped.body);
  });
  return app;
}
