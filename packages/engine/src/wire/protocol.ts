/**
 * The DynamoDB JSON 1.0 protocol, independent of sockets: one request in, one
 * response out. The HTTP server and the in-process SDK transport both call
 * `handleWireRequest`, so they answer with the same bytes, headers and errors.
 *
 * The order of the checks follows DynamoDB's front end: method and content
 * type (404), the body's content coding, JSON syntax, the target, the
 * credentials (and the signature, when the transport checked one), then the
 * operation.
 */
import { decodeUtf8Strict } from '@dynotable/core';
import type { Engine } from '../engine.js';
import { decodeRequestBody, encodeResponseBody, responseCoding } from './content-encoding.js';
import { crc32, crc32OfText } from './crc32.js';
import { errorToWire, wireError } from './errors.js';
import { nestsDeeperThan } from './json-depth.js';
import type { WireError } from './errors.js';
import { nextRequestId } from './request-id.js';
import { signingRegion } from './signing-region.js';
import { targetOperation } from './targets.js';

const AMZ_JSON = 'application/x-amz-json-1.0';
const PLAIN_JSON = 'application/json';

/** DynamoDB's largest request body (BatchWriteItem's 16 MB). */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

const HEALTH_BODY = 'healthy: dynotable engine';
const NOT_FOUND_BODY = '<UnknownOperationException/>\n';

export interface WireRequest {
  method: string;
  /** The request target: path and query, e.g. `/` or `/?X-Amz-Algorithm=…`. */
  path: string;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as text, or as the bytes received (decoded here, strictly: invalid UTF-8 is refused); empty when there is none. */
  body: string | Uint8Array;
}

export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  /** The bytes of the body; for a text body, made when first read. */
  body: Uint8Array;
  /**
   * The same body as text, when it was made from text and goes out
   * uncompressed: node:http writes a text body together with the head, one
   * chunk less per answer.
   */
  text?: string;
}

export interface WireOptions {
  /** Receives unexpected exceptions (answered as a generic 500). Defaults to console.error. */
  log?: (error: unknown) => void;
  /** Largest accepted request body, compressed or decompressed; DynamoDB's 16 MB by default. */
  maxRequestBytes?: number;
}

/**
 * The outcome of a signature check made before the request reached the
 * protocol (checking is asynchronous; the protocol is not): a refusal, given
 * at the point where DynamoDB checks credentials, or undefined when the
 * signature holds or is not checked.
 */
export type SignatureVerdict = WireError | undefined;

/** DynamoDB's front end names itself so on every response. */
const SERVER_NAME = 'Server';

function header(request: WireRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function mediaType(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/** The checksum of most write responses' body, computed once. */
const EMPTY_OBJECT = '{}';
const EMPTY_OBJECT_CRC = String(crc32OfText(EMPTY_OBJECT));

/**
 * A response whose body is text: its checksum and length come from the text
 * (node:zlib and Buffer.byteLength read it where it is), and the bytes are
 * made only for a caller that asks for `body` (the HTTP server writes the text).
 */
class TextResponse implements WireResponse {
  #bytes: Uint8Array | undefined;

  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly text: string,
  ) {}

  /** A fresh Buffer for each response: the SDK takes ownership of the bytes it gets. */
  get body(): Uint8Array {
    return (this.#bytes ??= Buffer.from(this.text, 'utf8'));
  }
}

function respond(status: number, contentType: string | undefined, text: string | Uint8Array, request: WireRequest): WireResponse {
  const empty = text.length === 0;
  const coding = empty ? undefined : responseCoding(header(request, 'accept-encoding'));
  const asText = coding === undefined && typeof text === 'string';
  const body = asText ? undefined : encodedBody(coding, text);
  // The checksum covers the bytes on the wire: compressed ones when the body is compressed.
  const checksum = body !== undefined ? String(crc32(body)) : text === EMPTY_OBJECT ? EMPTY_OBJECT_CRC : String(crc32OfText(text as string));
  const headers: Record<string, string> = {
    Server: SERVER_NAME,
    'x-amzn-RequestId': nextRequestId(),
    'x-amz-crc32': checksum,
    'Content-Length': String(body !== undefined ? body.length : Buffer.byteLength(text as string, 'utf8')),
  };
  if (contentType !== undefined) headers['Content-Type'] = contentType;
  if (coding !== undefined) headers['Content-Encoding'] = coding;
  if (header(request, 'origin') !== undefined) {
    // Lets browser SDKs call the engine directly.
    headers['Access-Control-Allow-Origin'] = '*';
    headers['Access-Control-Expose-Headers'] = 'x-amzn-RequestId, x-amz-crc32';
  }
  return body === undefined ? new TextResponse(status, headers, text as string) : { status, headers, body };
}

/** The body's bytes as sent: compressed with `coding` when there is one. */
function encodedBody(coding: ReturnType<typeof responseCoding>, text: string | Uint8Array): Uint8Array {
  const plain = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return coding === undefined ? plain : encodeResponseBody(coding, plain);
}

function respondJson(status: number, contentType: string, value: unknown, request: WireRequest): WireResponse {
  return respond(status, contentType, JSON.stringify(value), request);
}

function respondError(error: WireError, contentType: string, request: WireRequest): WireResponse {
  return respondJson(error.status, contentType, error.body, request);
}

function preflight(request: WireRequest): WireResponse {
  const response = respond(200, undefined, '', request);
  const headers = header(request, 'access-control-request-headers');
  const method = header(request, 'access-control-request-method');
  if (headers !== undefined) response.headers['Access-Control-Allow-Headers'] = headers;
  if (method !== undefined) response.headers['Access-Control-Allow-Methods'] = method;
  response.headers['Access-Control-Max-Age'] = '172800';
  return response;
}

/** Any SigV4 credentials are accepted; only their presence is checked, as DynamoDB does first. */
function hasCredentials(request: WireRequest): boolean {
  const authorization = header(request, 'authorization');
  if (authorization !== undefined) return authorization.trim().startsWith('AWS4-');
  const query = request.path.indexOf('?');
  return query !== -1 && new URLSearchParams(request.path.slice(query + 1)).has('X-Amz-Algorithm');
}

function logUnexpected(error: unknown): void {
  console.error('dynotable engine: unexpected error', error);
}

/** The answer to a body over MAX_REQUEST_BYTES: 413 with an empty body. */
export function requestTooLarge(request: WireRequest): WireResponse {
  return respond(413, undefined, '', request);
}

function pathOf(target: string): string {
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

/** A refused coding is named in the answer, cut short: it is whatever the client sent. */
const MAX_CODING_SHOWN = 64;

/** The body's bytes with its Content-Encoding undone, or the answer refusing it. */
function decodedBody(request: WireRequest, contentType: string, limit: number): Uint8Array | string | WireResponse {
  const encoding = header(request, 'content-encoding');
  if (encoding === undefined || typeof request.body === 'string') return request.body;
  const decoded = decodeRequestBody(encoding, request.body, limit);
  if (decoded.ok) return decoded.bytes;
  if (decoded.problem === 'too-large') return requestTooLarge(request);
  const message =
    decoded.problem === 'unsupported'
      ? `Unsupported Content-Encoding: ${decoded.coding.slice(0, MAX_CODING_SHOWN)}`
      : `The request body could not be decoded as ${decoded.coding}`;
  return respondError(wireError('SerializationException', message), contentType, request);
}

export function handleWireRequest(
  engine: Engine,
  request: WireRequest,
  options: WireOptions = {},
  signature: SignatureVerdict = undefined,
): WireResponse {
  const log = options.log ?? logUnexpected;
  if (request.method === 'OPTIONS' && header(request, 'origin') !== undefined) return preflight(request);
  // The health check lives at the root only; any other path is not found.
  if (request.method === 'GET' && pathOf(request.path) === '/') return respond(200, 'text/plain', HEALTH_BODY, request);

  const requestType = mediaType(header(request, 'content-type'));
  if (request.method !== 'POST' || (request.body.length !== 0 && requestType !== AMZ_JSON && requestType !== PLAIN_JSON)) {
    return respond(404, undefined, NOT_FOUND_BODY, request);
  }
  const contentType = requestType === AMZ_JSON ? AMZ_JSON : PLAIN_JSON;

  const body = decodedBody(request, contentType, options.maxRequestBytes ?? MAX_REQUEST_BYTES);
  if (!(typeof body === 'string' || body instanceof Uint8Array)) return body;
  const hasBody = body.length !== 0;
  let input: unknown;
  if (hasBody) {
    try {
      const text = typeof body === 'string' ? body : decodeUtf8Strict(body);
      if (nestsDeeperThan(text)) throw new SyntaxError('JSON nested too deeply');
      input = JSON.parse(text);
    } catch {
      // Malformed JSON, invalid UTF-8 or absurd nesting: the deserializer cannot read the request.
      return respondError(wireError('SerializationException', ''), contentType, request);
    }
  }

  const target = header(request, 'x-amz-target') ?? '';
  const operation = targetOperation(target);
  if (!engine.supports(operation)) {
    return respondError(wireError('UnknownOperationException', ''), contentType, request);
  }
  if (!hasCredentials(request)) {
    const error = wireError('MissingAuthenticationTokenException', 'Request is missing Authentication Token');
    return respondError(error, contentType, request);
  }
  if (signature !== undefined) return respondError(signature, contentType, request);
  if (!hasBody) return respondError(wireError('SerializationException', ''), contentType, request);

  let text: string | Uint8Array;
  const call = { signingRegion: signingRegion(header(request, 'authorization'), request.path) };
  try {
    text = engine.executeToWire
      ? engine.executeToWire(operation, input, call)
      : engine.executeToJson ? engine.executeToJson(operation, input, call) : JSON.stringify(engine.execute(operation, input, call));
  } catch (error) {
    return respondError(errorToWire(error, log), contentType, request);
  }
  return respond(200, contentType, text, request);
}
