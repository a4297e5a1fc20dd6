/**
 * The engine over HTTP: DynamoDB JSON 1.0 on node:http, for any SDK, the AWS
 * CLI or boto3 pointed at `--endpoint-url`. Bodies are collected without
 * blocking other connections; the protocol itself lives in protocol.ts.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Engine } from '../engine.js';
import { handleWireRequest, MAX_REQUEST_BYTES, requestTooLarge } from './protocol.js';
import type { WireOptions, WireRequest, WireResponse } from './protocol.js';

export interface EngineServerOptions extends WireOptions {
  engine: Engine;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1: the engine accepts any credentials, so keep it local unless asked. */
  host?: string;
  /** Largest accepted request body; DynamoDB's 16 MB by default. */
  maxRequestBytes?: number;
  /** A client has this long to send its headers (slowloris guard); 20 s by default. */
  headersTimeoutMs?: number;
  /** …and this long to send its whole request (dribbled bodies); 60 s by default. */
  requestTimeoutMs?: number;
}

const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 60_000;

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
  res.end(response.body);
}

function toWireRequest(req: IncomingMessage, body: string | Uint8Array): WireRequest {
  return { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
}

function handler(options: EngineServerOptions) {
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
      send(res, handleWireRequest(options.engine, toWireRequest(req, bytes), options));
    });
    req.on('error', () => res.destroy());
  };
}

export async function startEngineServer(options: EngineServerOptions): Promise<EngineServer> {
  const host = options.host ?? '127.0.0.1';
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, headersTimeout);
  // Slow clients get 408 and are disconnected; node checks the deadlines on this interval.
  const server = createServer({
    headersTimeout,
    requestTimeout,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
  }, handler(options));
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
