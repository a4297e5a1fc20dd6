/**
 * One API request: find the route, read and validate its input, apply the
 * write guard, run the handler with a signal tied to the request, and answer
 * with JSON (or a stream of events) — or with the error mapped for the browser.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { ServerContext } from '../api/context.js';
import { ApiError } from '../api/route.js';
import type { HttpMethod, Route } from '../api/route.js';
import { describeForLog, mapError } from './error-mapping.js';
import { queryInput, readJsonBody } from './request-input.js';
import { sendJson } from './respond.js';
import { Router } from './router.js';
import { sendEventStream } from './stream-route.js';
import { sendDownload } from '../transfer/file-route.js';
import type { FileRoute } from '../transfer/file-route.js';
import type { StreamRoute } from './stream-route.js';
import { readConfirmation, refuseReadOnly, requireConfirmation } from './write-safety.js';

/** A JSON route, a stream of server-sent events, or a file to download (an export's). */
export type ApiEntry =
  | { readonly method: HttpMethod; readonly path: string; readonly kind: 'json'; readonly route: Route }
  | { readonly method: HttpMethod; readonly path: string; readonly kind: 'stream'; readonly route: StreamRoute }
  | { readonly method: HttpMethod; readonly path: string; readonly kind: 'file'; readonly route: FileRoute };

export interface ApiDispatcher {
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void>;
}

export interface ApiOptions {
  readonly context: ServerContext;
  readonly entries: readonly ApiEntry[];
  readonly bodyLimit: number;
  readonly log: (line: string) => void;
  /** Strings never to write to the log (the token). */
  readonly secrets: readonly string[];
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

export function createApiDispatcher(options: ApiOptions): ApiDispatcher {
  const router = new Router(options.entries);
  const { context } = options;

  async function run(request: IncomingMessage, response: ServerResponse, url: URL, signal: AbortSignal): Promise<void> {
    const method = request.method === 'HEAD' ? 'GET' : (request.method ?? '');
    const match = router.match(method, url.pathname);
    if (match.kind === 'bad-path') throw new ApiError(400, 'ValidationException', 'The request path is not valid percent-encoded UTF-8');
    if (match.kind === 'not-found') throw new ApiError(404, 'UnknownRoute', `No API route ${url.pathname}; GET /api/routes lists them`);
    if (match.kind === 'wrong-method') {
      response.setHeader('Allow', match.allow.join(', '));
      throw new ApiError(405, 'MethodNotAllowed', `${url.pathname} accepts ${match.allow.join(', ')}, not ${method}`);
    }
    const { route: entry, params } = match;
    const fromQuery = usesQuery(request);
    const raw = fromQuery ? queryInput(url.searchParams) : await readJsonBody(request, options.bodyLimit);
    const target = entry.kind === 'json' ? refuseReadOnly(entry.route, context, params, raw) : undefined;
    const confirmed = entry.kind === 'json' && entry.route.write === true ? readConfirmation(raw, fromQuery) : false;
    const parsed = entry.route.input.safeParse(raw);
    if (!parsed.success) throw new ApiError(400, 'ValidationException', validationMessage(parsed.error));
    const routeRequest = { params, input: parsed.data, signal };
    if (entry.kind === 'stream') {
      const events = await entry.route.open(context, routeRequest);
      if (request.method === 'HEAD') {
        // The stream exists; a HEAD request does not follow it.
        response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
        response.end();
        return;
      }
      await sendEventStream(response, events, signal);
      return;
    }
    if (entry.kind === 'file') {
      const download = await entry.route.open(context, routeRequest);
      if (request.method === 'HEAD') {
        download.release();
        response.setHeader('Content-Type', download.info.contentType);
        response.setHeader('Content-Length', download.info.size);
        response.end();
        return;
      }
      await sendDownload(response, download);
      return;
    }
    requireConfirmation(target, confirmed);
    const result = await entry.route.handler(context, routeRequest);
    if (result === undefined) {
      response.statusCode = 204;
      response.end();
    } else {
      sendJson(response, 200, result);
    }
  }

  return {
    async handle(request, response, url) {
      const signal = requestSignal(response);
      try {
        await run(request, response, url, signal);
      } catch (error) {
        // The client went away mid-answer: nobody to tell, nothing to log.
        if (signal.aborted && response.headersSent) {
          response.end();
          return;
        }
        const mapped = mapError(error);
        if (mapped.unexpected) options.log(`${request.method ?? '?'} ${url.pathname}: ${describeForLog(error, options.secrets)}`);
        if (response.headersSent) {
          // Mid-stream: the status is gone; end what was sent.
          response.end();
          return;
        }
        if (signal.aborted || response.destroyed) return;
        sendJson(response, mapped.status, mapped.body);
      }
    },
  };
}
