/**
 * An AWS SDK v3 request handler that answers from an engine in the same
 * process: no socket, but the same protocol code as the HTTP server (same
 * headers, errors and checksum). Structural types stand in for @smithy's, so
 * the engine does not depend on the SDK.
 *
 *   new DynamoDBClient({ endpoint: 'http://engine.local', region: 'us-east-1',
 *     credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
 *     requestHandler: engineRequestHandler(engine) })
 */
import { Readable } from 'node:stream';
import type { Engine } from '../engine.js';
import { handleWireRequest, MAX_REQUEST_BYTES, requestTooLarge } from './protocol.js';
import type { WireOptions, WireRequest } from './protocol.js';

/** The parts of @smithy's HttpRequest the handler reads. */
export interface SdkHttpRequest {
  method: string;
  path?: string;
  query?: Record<string, string | Array<string> | null>;
  headers: Record<string, string>;
  body?: unknown;
}

/** Shaped like @smithy's HttpResponse. */
export interface SdkHttpResponse {
  statusCode: number;
  reason?: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Shaped like @smithy's HttpHandler (RequestHandler plus its config hooks). */
export interface EngineRequestHandler {
  metadata: { handlerProtocol: string };
  handle(request: SdkHttpRequest, options?: { abortSignal?: { aborted: boolean } }): Promise<{ response: SdkHttpResponse }>;
  updateHttpClientConfig(key: never, value: never): void;
  httpHandlerConfigs(): Record<string, never>;
  destroy(): void;
}

function abortError(): Error {
  const error = new Error('Request aborted');
  error.name = 'AbortError';
  return error;
}

/** A UTF-16 string of this many units cannot exceed the limit in UTF-8 (3 bytes per unit at most). */
const SURELY_SMALL = Math.floor(MAX_REQUEST_BYTES / 3);

async function bodyText(body: unknown): Promise<{ text: string | Uint8Array; tooLarge: boolean }> {
  if (body === undefined || body === null) return { text: '', tooLarge: false };
  if (typeof body === 'string') {
    return { text: body, tooLarge: body.length > SURELY_SMALL && Buffer.byteLength(body, 'utf8') > MAX_REQUEST_BYTES };
  }
  let bytes: Uint8Array;
  if (body instanceof Uint8Array) bytes = body;
  else if (body instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    bytes = Buffer.concat(chunks);
  } else throw new TypeError(`The engine's request handler cannot read a body of type ${typeof body}`);
  // Bytes are decoded by the protocol, which refuses invalid UTF-8.
  return { text: bytes, tooLarge: bytes.byteLength > MAX_REQUEST_BYTES };
}

function queryString(query: SdkHttpRequest['query']): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === null) params.append(name, '');
    else if (Array.isArray(value)) for (const item of value) params.append(name, item);
    else params.append(name, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}

export function engineRequestHandler(engine: Engine, options: WireOptions = {}): EngineRequestHandler {
  return {
    metadata: { handlerProtocol: 'in-process' },
    async handle(request, handlerOptions) {
      if (handlerOptions?.abortSignal?.aborted) throw abortError();
      const { text, tooLarge } = await bodyText(request.body);
      const wireRequest: WireRequest = {
        method: request.method,
        path: (request.path ?? '/') + queryString(request.query),
        headers: lowerCaseHeaders(request.headers),
        body: text,
      };
      const answer =
        tooLarge ? requestTooLarge(wireRequest) : handleWireRequest(engine, wireRequest, options);
      // The SDK reads header names in lower case, as node:http delivers them.
      return { response: { statusCode: answer.status, headers: lowerCaseHeaders(answer.headers), body: answer.body } };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs() {
      return {};
    },
    destroy() {},
  };
}

/**
 * Everything a DynamoDBClient needs to talk to `engine` in process:
 * `new DynamoDBClient(inProcessClientConfig(engine))`. The endpoint is never
 * dialled; any credentials would do.
 */
export function inProcessClientConfig(engine: Engine, options: WireOptions = {}) {
  return {
    endpoint: 'http://engine.local',
    region: engine.context.region === 'local' ? 'us-east-1' : engine.context.region,
    credentials: { accessKeyId: 'dynotable', secretAccessKey: 'dynotable' },
    requestHandler: engineRequestHandler(engine, options),
  };
}
