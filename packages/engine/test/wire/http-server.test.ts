/**
 * The HTTP server on a real socket: limits, connection reuse, concurrent and
 * slow clients, shutdown.
 */
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { MAX_REQUEST_BYTES, startEngineServer } from '@dynotable/engine';
import type { EngineServer } from '@dynotable/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { crc32Table } from '../../src/wire/crc32.js';
import { stubEngine } from './stub-engine.js';

const HEADERS = {
  'content-type': 'application/x-amz-json-1.0',
  'x-amz-target': 'DynamoDB_20120810.ListTables',
  authorization: 'AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, Signature=0',
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The client-side port of the connection that carried the request. */
  localPort: number | undefined;
}

function post(url: string, body: string | Buffer, options: { agent?: Agent; chunked?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...HEADERS };
    if (!options.chunked) headers['content-length'] = Buffer.byteLength(body);
    const req = httpRequest(url, { method: 'POST', headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), localPort: req.socket?.localPort }),
      );
    });
    req.on('error', reject);
    if (options.chunked) {
      // Several writes, so the server sees the size grow past its limit mid-stream.
      const step = 1024;
      for (let at = 0; at < body.length; at += step) req.write(body.slice(at, at + step));
      req.end();
    } else req.end(body);
  });
}

const listing = () => stubEngine({ ListTables: (input) => ({ TableNames: [], Echo: input }) });

let server: EngineServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('startEngineServer', () => {
  it('binds 127.0.0.1 on a free port by default and answers over it', async () => {
    server = await startEngineServer({ engine: listing() });
    expect(server.host).toBe('127.0.0.1');
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const answer = await post(server.url, '{"Limit":1}');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ TableNames: [], Echo: { Limit: 1 } });
    expect(answer.headers['x-amz-crc32']).toBe(String(crc32Table(answer.body)));
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(answer.headers['x-amzn-requestid']).toMatch(/^[A-Z0-9]{52}$/);
  });

  it('answers GET with a health line and a content type that is not JSON', async () => {
    server = await startEngineServer({ engine: listing() });
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^healthy/);
  });

  it('answers 404 to a body of another content type, and keeps serving', async () => {
    server = await startEngineServer({ engine: listing() });
    const wrong = await fetch(server.url, { method: 'POST', headers: { ...HEADERS, 'content-type': 'text/plain' }, body: '{}' });
    expect(wrong.status).toBe(404);
    expect((await post(server.url, '{}')).status).toBe(200);
  });

  it('reuses one connection for many requests (keep-alive)', async () => {
    server = await startEngineServer({ engine: listing() });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ports = new Set<number | undefined>();
    for (let i = 0; i < 5; i++) ports.add((await post(server.url, '{}', { agent })).localPort);
    agent.destroy();
    expect(ports.size).toBe(1);
  });

  it('closes while a keep-alive connection is idle', async () => {
    server = await startEngineServer({ engine: listing() });
    const agent = new Agent({ keepAlive: true });
    await post(server.url, '{}', { agent });
    await server.close();
    server = undefined;
    agent.destroy();
  });
});

describe('the request body limit', () => {
  it('is 16 MB by default: one byte more is refused with 413, and the connection keeps serving', async () => {
    server = await startEngineServer({ engine: listing() });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const tooLarge = await post(server.url, Buffer.alloc(MAX_REQUEST_BYTES + 1, 0x20), { agent });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.length).toBe(0);
    const next = await post(server.url, '{}', { agent });
    expect(next.status).toBe(200);
    expect(next.localPort).toBe(tooLarge.localPort);
    agent.destroy();
    expect(MAX_REQUEST_BYTES).toBe(16 * 1024 * 1024);
  });

  it('accepts a body of exactly the limit', async () => {
    const engine = listing();
    server = await startEngineServer({ engine, maxRequestBytes: 100 });
    const body = `{"Limit":1${' '.repeat(100 - 11)}}`;
    expect(body.length).toBe(100);
    expect((await post(server.url, body)).status).toBe(200);
  });

  it('refuses a chunked body that grows past the limit, and keeps serving', async () => {
    const engine = listing();
    server = await startEngineServer({ engine, maxRequestBytes: 4096 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const answer = await post(server.url, `{"x":"${'a'.repeat(10_000)}"}`, { agent, chunked: true });
    expect(answer.status).toBe(413);
    expect(engine.calls).toEqual([]);
    const next = await post(server.url, '{}', { agent });
    expect(next.status).toBe(200);
    expect(next.localPort).toBe(answer.localPort);
    agent.destroy();
  });
});

describe('many clients', () => {
  it('serves others while a slow client is still sending its body', async () => {
    server = await startEngineServer({ engine: listing() });
    const body = '{"Limit":5}';
    const slow = connect(server.port, '127.0.0.1');
    const slowAnswer = new Promise<string>((resolve) => {
      let text = '';
      slow.on('data', (chunk: Buffer) => (text += chunk.toString()));
      slow.on('end', () => resolve(text));
    });
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    const head = Object.entries({ ...HEADERS, host: 'localhost', 'content-length': body.length, connection: 'close' })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    slow.write(`POST / HTTP/1.1\r\n${head}\r\n\r\n${body.slice(0, 4)}`);

    // The slow request is half sent; others are answered meanwhile.
    const others = await Promise.all(Array.from({ length: 8 }, () => post(server!.url, '{}')));
    expect(others.map((answer) => answer.status)).toEqual(Array(8).fill(200));

    slow.end(body.slice(4));
    const raw = await slowAnswer;
    expect(raw.startsWith('HTTP/1.1 200')).toBe(true);
    expect(raw.endsWith('{"TableNames":[],"Echo":{"Limit":5}}')).toBe(true);
  });

  it('survives a client that disconnects mid-request', async () => {
    server = await startEngineServer({ engine: listing() });
    const rude = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => rude.once('connect', () => resolve()));
    rude.write(`POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n{"Lim`);
    rude.destroy();
    expect((await post(server.url, '{}')).status).toBe(200);
  });

  it('answers malformed JSON with SerializationException and keeps the connection', async () => {
    server = await startEngineServer({ engine: listing() });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const bad = await post(server.url, '{"Limit":', { agent });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toEqual({ __type: 'com.amazon.coral.service#SerializationException' });
    const good = await post(server.url, '{}', { agent });
    expect(good.status).toBe(200);
    expect(good.localPort).toBe(bad.localPort);
    agent.destroy();
  });
});
