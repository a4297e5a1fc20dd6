/**
 * The API on the Hono app: each route registered with its method and path;
 * one request reads and validates its input, passes the write guard, runs the
 * handler with a signal tied to the request, and answers with JSON, a stream
 * of events or a file. Unknown paths are 404, known paths with another method
 * 405 with Allow. Errors become JSON in the app's error handler (http/app.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { z } from 'zod';
import type { ServerContext } from '../api/context.js';
import { ApiError } from '../api/route.js';
import type { HttpMethod, Route } from '../api/route.js';
import { sendDownload } from './file-route.js';
import type { FileRoute } from './file-route.js';
import type { AppEnv } from './app-env.js';
import { queryInput, readJsonBody } from './request-input.js';
import { jsonResponse } from './respond.js';
import { SECURITY_HEADERS } from './security.js';
import { eventStreamResponse } from './stream-route.js';
import type { StreamRoute } from './stream-route.js';
import { readConfirmation, refuseReadOnly, requireConfirmation } from './write-safety.js';

/** A JSON route, a stream of server-sent events, or a file to download (an export's). */
export type ApiEntry =
  | { readonly method: HttpMethod; readonly path: string; readonly kind: 'json'; readonly route: Route }
  | { readonly method: HttpMethod; readonly path: string; readonly kind: 'stream'; readonly route: StreamRoute }
  | { readonly method: HttpMethod; readonly path: string; readonly kind: 'file'; readonly route: FileRoute };

export interface ApiOptions {
  readonly context: ServerContext;
  readonly entries: readonly ApiEntry[];
  readonly bodyLimit: number;
  /** Logs an unexpected error of a stream already under way. */
  readonly failed: (c: Context<AppEnv>, error: unknown) => void;
}

/** Zod's issues as one message naming each field and its problem. */
export function validationMessage(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length === 0 ? 'the input' : issue.path.map(String).join('.');
      if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return `${field}: missing (expected ${issue.expected})`;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

function usesQuery(request: IncomingMessage): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  // A DELETE usually says everything in its path and query, but may send a JSON body.
  if (request.method !== 'DELETE') return false;
  const length = request.headers['content-length'];
  return (length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined;
}

/** Aborted when the client goes away before the answer is complete. */
function requestSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Hono runs the first route that matches, in the order they were added:
 * literal segments first, so `/tables/_search` beats `/tables/:table`.
 */
function literalsFirst(entries: readonly ApiEntry[]): ApiEntry[] {
  const literals = (path: string) => path.split('/').map((s) => (s.startsWith(':') ? '0' : '1')).join('');
  return [...entries].sort((a, b) => {
    const [x, y] = [literals(a.path), literals(b.path)];
    return x === y ? 0 : x > y ? -1 : 1;
  });
}

function isPercentDecodable(pathname: string): boolean {
  try {
    for (const segment of pathname.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

export function registerApi(app: Hono<AppEnv>, options: ApiOptions): void {
  const { context } = options;
  // Which methods a path has, for 405's Allow: every route's method, found by path alone.
  const methodsByPath = new TrieRouter<HttpMethod>();
  for (const entry of options.entries) methodsByPath.add('ALL', entry.path, entry.method);

  async function answer(c: Context<AppEnv>, entry: ApiEntry): Promise<Response> {
    const { incoming, outgoing } = c.env;
    const signal = c.get('signal');
    const head = c.req.method === 'HEAD';
    const params = c.req.param() as Record<string, string>;
    const fromQuery = usesQuery(incoming);
    const raw = fromQuery ? queryInput(new URL(c.req.url).searchParams) : await readJsonBody(incoming, options.bodyLimit);
    const target = entry.kind === 'json' ? refuseReadOnly(entry.route, context, params, raw) : undefined;
    const confirmed = entry.kind === 'json' && entry.route.write === true ? readConfirmation(raw, fromQuery) : false;
    const parsed = entry.route.input.safeParse(raw);
    if (!parsed.success) throw new ApiError(400, 'ValidationException', validationMessage(parsed.error));
    const routeRequest = { params, input: parsed.data, signal };
    if (entry.kind === 'stream') {
      const events = await entry.route.open(context, routeRequest);
      // The stream exists; a HEAD request does not follow it.
      if (head) return c.body(null, 200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      return eventStreamResponse(c, events, signal, (error) => options.failed(c, error));
    }
    if (entry.kind === 'file') {
      const download = await entry.route.open(context, routeRequest);
      if (head) {
        download.release();
        return c.body(null, 200, { 'Content-Type': download.info.contentType, 'Content-Length': String(download.info.size) });
      }
      // http/file-route.ts sends the file on Node's response itself (and keeps it for another try if that fails).
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) outgoing.setHeader(name, value);
      await sendDownload(outgoing, download);
      return RESPONSE_ALREADY_SENT;
    }
    requireConfirmation(target, confirmed);
    const result = await entry.route.handler(context, routeRequest);
    return result === undefined ? c.body(null, 204) : jsonResponse(c, 200, result);
  }

  app.use('/api/*', async (c, next) => {
    if (!isPercentDecodable(new URL(c.req.url).pathname)) throw new ApiError(400, 'ValidationException', 'The request path is not valid percent-encoded UTF-8');
    c.set('signal', requestSignal(c.env.outgoing));
    // A first start writes the examples while the page loads; the API answers once they are in.
    await context.connections.ready();
    await next();
  });
  for (const entry of literalsFirst(options.entries)) app.on(entry.method, entry.path, (c) => answer(c, entry));
  app.all('/api/*', (c) => {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const allow = [...new Set(methodsByPath.match(method, c.req.path)[0].map(([m]) => m))];
    const pathname = new URL(c.req.url).pathname;
    if (allow.length === 0) throw new ApiError(404, 'UnknownRoute', `No API route ${pathname}; GET /api/routes lists them`);
    c.header('Allow', allow.join(', '));
    throw new ApiError(405, 'MethodNotAllowed', `${pathname} accepts ${allow.join(', ')}, not ${method}`);
  });
}
