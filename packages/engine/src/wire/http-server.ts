/**
 * The engine over HTTP: DynamoDB JSON 1.0 on node:http, for any SDK, the AWS
 * CLI or boto3 pointed at `--endpoint-url`. Bodies are collected without
 * blocking other connections; signatures are checked here when asked (the
 * check is asynchronous); the protocol itself lives in protocol.ts.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Engine } from '../engine.js';
import { handleWireRequest, MAX_REQUEST_BYTES, requestTooLarge } from './protocol.js';
import type { SignatureVerdict, WireOptions, WireRequest, WireResponse } from './protocol.js';
import type { EngineCredentials, SignatureChecker } from './signature.js';

export interface EngineServerOptions extends WireOptions {
  engine: Engine;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1: by default the engine accepts any credentials, so keep it local unless asked. */
  host?: string;
  /**
   * When given, every request must carry an AWS Signature Version 4 made with
   * one of these keys; by default any credentials are accepted.
   */
  credentials?: readonly EngineCredentials[];
  /** Largest accepted request head (request line and headers); 16 KB by default. Larger: 400. */
  maxHeaderBytes?: number;
  /** A client has this long to send its headers (slowloris guard); 20 s by default. */
  headersTimeoutMs?: number;
  /** …and this long to send its whole request (dribbled bodies); 60 s by default. */
  requestTimeoutMs?: number;
}

const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 60_000;
const MAX_HEADER_BYTES = 16 * 1024;

export interface EngineServer {
  /** e.g. `http://127.0.0.1:8000` */
  url: string;
  port: number;
  host: string;
  /** Stops listening and closes every connection (idle or not). */
  close(): Promise<void>;
}

function send(res: ServerResponse, response: WireResponse): void {
  res.writeHead(response.status, response.headers);
  // Text goes out in one write with the head; Content-Length counts its UTF-8 bytes already.
  res.end(response.text ?? response.body);
}

/** A request the protocol could not answer (a bug): logged, and the connection dropped. */
function fail(options: EngineServerOptions, res: ServerResponse, error: unknown): void {
  (options.log ?? console.error)(error);
  res.destroy();
}

function toWireRequest(req: IncomingMessage, body: string | Uint8Array): WireRequest {
  return { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
}

async function signatureVerdict(checker: SignatureChecker, req: IncomingMessage, body: Uint8Array): Promise<SignatureVerdict> {
  return checker.check({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body });
}

function handler(options: EngineServerOptions, checker: SignatureChecker | undefined) {
  const limit = options.maxRequestBytes ?? MAX_REQUEST_BYTES;
  return (req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      // Answer at once and discard the rest, so the connection stays usable.
      send(res, requestTooLarge(toWireRequest(req, '')));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        send(res, requestTooLarge(toWireRequest(req, '')));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) return;
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      // Without signature checks the answer needs no promise: one less hop per request.
      if (checker === undefined) {
        try {
          send(res, handleWireRequest(options.engine, toWireRequest(req, bytes), options));
        } catch (error) {
          fail(options, res, error);
        }
        return;
      }
      signatureVerdict(checker, req, bytes).then(
        (verdict) => send(res, handleWireRequest(options.engine, toWireRequest(req, bytes), options, verdict)),
        (error: unknown) => fail(options, res, error),
      );
    });
    req.on('error', () => res.destroy());
  };
}

/**
 * The answer to a request node could not parse. Node's own would be 431 for
 * headers over the limit; DynamoDB answers 400. Timeouts stay 408.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nServer: Server\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}

export async function startEngineServer(options: EngineServerOptions): Promise<EngineServer> {
  // Loaded only when signatures are checked: the signer and node:crypto are a good part of a start.
  const checker = options.credentials === undefined ? undefined : (await import('./signature.js')).createSignatureChecker(options.credentials);
  const host = options.host ?? '127.0.0.1';
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, headersTimeout);
  // Slow clients get 408 and are disconnected; node checks the deadlines on this interval.
  const server = createServer({
    headersTimeout,
    requestTimeout,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
    maxHeaderSize: options.maxHeaderBytes ?? MAX_HEADER_BYTES,
  }, handler(options, checker));
  server.on('clientError', answerClientError);
  // SDK clients keep connections open between calls; keep them longer than Node's 5 s default.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
