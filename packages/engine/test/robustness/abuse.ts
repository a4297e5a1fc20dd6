/**
 * Tools for abusing a server over raw sockets, and a well-behaved client
 * that keeps calling it meanwhile, to show the abuse does not stall others.
 */
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';

const AUTHORIZATION = 'AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0';

export interface Answer {
  status: number;
  body: string;
}

/** Raw request head for `target` with the given body length. */
export function head(target: string, length: number | undefined, contentType = 'application/x-amz-json-1.0'): string {
  const lines = ['POST / HTTP/1.1', 'Host: engine', `Content-Type: ${contentType}`, `X-Amz-Target: DynamoDB_20120810.${target}`, `Authorization: ${AUTHORIZATION}`];
  if (length !== undefined) lines.push(`Content-Length: ${length}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection. */
export function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server ending its side is enough: a half-open client would otherwise wait forever.
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** The first response in raw HTTP text (status and body; bodies here are never chunked). */
export function parseResponse(raw: string): Answer {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const split = raw.indexOf('\r\n\r\n');
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(raw)?.[1] ?? 0);
  return { status, body: split === -1 ? '' : Buffer.from(raw.slice(split + 4), 'latin1').subarray(0, length).toString('utf8') };
}

/** One request over its own connection, the bytes sent as given. */
export async function sendRaw(port: number, bytes: Buffer | string): Promise<Answer> {
  const socket = await open(port);
  const all = readAll(socket);
  socket.end(bytes);
  return parseResponse(await all);
}

export function post(port: number, target: string, body: string | Buffer, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/',
        agent,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `DynamoDB_20120810.${target}`,
          authorization: AUTHORIZATION,
          'content-length': payload.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A client that calls GetItem back to back on its own keep-alive connection
 * until stopped; it records how many calls succeeded and any that did not.
 */
export function healthyClient(port: number, table: string): { stop(): Promise<{ ok: number; failed: string[] }> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  let ok = 0;
  const failed: string[] = [];
  const loop = (async () => {
    while (running) {
      try {
        const answer = await post(port, 'GetItem', JSON.stringify({ TableName: table, Key: { pk: { S: 'healthy' } } }), agent);
        if (answer.status === 200 && JSON.parse(answer.body).Item?.pk?.S === 'healthy') ok++;
        else failed.push(`${answer.status} ${answer.body}`);
      } catch (error) {
        failed.push(String(error));
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return { ok, failed };
    },
  };
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
