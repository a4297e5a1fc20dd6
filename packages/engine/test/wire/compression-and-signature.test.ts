/**
 * HTTP as AWS speaks it, on a real socket: compressed request and response
 * bodies, refused encodings, the health check's path, the Server header,
 * oversized headers, and the optional Signature Version 4 check.
 */
import { request as httpRequest } from 'node:http';
import { deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { SignatureV4 } from '@smithy/signature-v4';
import { createEngine, inProcessClientConfig, startEngineServer } from '@dynotable/engine';
import type { EngineServer, EngineServerOptions } from '@dynotable/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { crc32Table } from '../../src/wire/crc32.js';
import { gzipSomeRequests } from '../differential/send.js';
import { Sha256 } from './sha256.js';

const SIGNED = 'AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(url: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? '';
    const headers: Record<string, string | number> = { 'content-length': Buffer.byteLength(body), ...options.headers };
    const req = httpRequest(`${url}${options.path ?? '/'}`, { method: options.method ?? 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A ListTables call, unsigned apart from a token signature header. */
function listTables(url: string, extra: Record<string, string> = {}, body: string | Buffer = '{}'): Promise<Answer> {
  const headers = {
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-target': 'DynamoDB_20120810.ListTables',
    authorization: SIGNED,
    ...extra,
  };
  return raw(url, { headers, body });
}

const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;

let server: EngineServer | undefined;
const clients: DynamoDBClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await server?.close();
  server = undefined;
});

async function start(options: Omit<EngineServerOptions, 'engine'> = {}): Promise<string> {
  const engine = createEngine({ region: 'us-east-1' });
  server = await startEngineServer({ engine, ...options });
  const close = server.close.bind(server);
  server.close = async () => {
    await close();
    engine.close();
  };
  return server.url;
}

function client(url: string, accessKeyId: string, secretAccessKey: string): DynamoDBClient {
  const made = new DynamoDBClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1 });
  clients.push(made);
  return made;
}

/** The Content-Encoding of each request the client sends, as it leaves (after signing). */
function recordContentEncoding(sdk: DynamoDBClient): Array<string | undefined> {
  const seen: Array<string | undefined> = [];
  sdk.middlewareStack.add(
    (next) => async (args) => {
      seen.push((args.request as { headers: Record<string, string> }).headers['content-encoding']);
      return next(args);
    },
    { step: 'finalizeRequest', priority: 'low', name: 'recordContentEncoding' },
  );
  return seen;
}

describe('compressed request bodies', () => {
  it('reads gzip and deflate bodies as the JSON they hold', async () => {
    const url = await start();
    const gzipped = await listTables(url, { 'content-encoding': 'gzip' }, gzipSync('{"Limit":5}'));
    expect(gzipped.status).toBe(200);
    expect(json(gzipped)).toEqual({ TableNames: [] });
    const deflated = await listTables(url, { 'content-encoding': 'deflate' }, deflateSync('{"Limit":5}'));
    expect(deflated.status).toBe(200);
    // The decoded body is validated as usual: a bad Limit inside a compressed body is still refused.
    const invalid = await listTables(url, { 'content-encoding': 'gzip' }, gzipSync('{"Limit":0}'));
    expect(invalid.status).toBe(400);
    expect(json(invalid).__type).toBe('com.amazon.coral.validate#ValidationException');
  });

  it('refuses a body that decompresses past the size limit without expanding it (a zip bomb)', async () => {
    const url = await start({ maxRequestBytes: 64 * 1024 });
    const bomb = gzipSync(Buffer.alloc(1024 * 1024, 0x20)); // 1 MB of spaces in about 1 KB
    expect(bomb.length).toBeLessThan(64 * 1024);
    const answer = await listTables(url, { 'content-encoding': 'gzip' }, bomb);
    expect(answer.status).toBe(413);
    // Under the limit once decompressed: accepted.
    const fine = await listTables(url, { 'content-encoding': 'gzip' }, gzipSync(`{"Limit":5}${' '.repeat(60 * 1024)}`));
    expect(fine.status).toBe(200);
  });

  it('refuses unknown and broken encodings with a 400 SerializationException naming the encoding', async () => {
    const url = await start();
    for (const coding of ['br', 'foo']) {
      const answer = await listTables(url, { 'content-encoding': coding });
      expect(answer.status).toBe(400);
      expect(json(answer)).toEqual({ __type: 'com.amazon.coral.service#SerializationException', Message: `Unsupported Content-Encoding: ${coding}` });
    }
    const broken = await listTables(url, { 'content-encoding': 'gzip' }, 'this is not gzip');
    expect(broken.status).toBe(400);
    expect(json(broken)).toEqual({ __type: 'com.amazon.coral.service#SerializationException', Message: 'The request body could not be decoded as gzip' });
    const identity = await listTables(url, { 'content-encoding': 'identity' });
    expect(identity.status).toBe(200);
  });

  it('takes gzip bodies from the AWS SDK (signed after compression)', async () => {
    const url = await start({ credentials: [{ accessKeyId: 'AKIDGZIP', secretAccessKey: 'gzip-secret' }] });
    const sdk = gzipSomeRequests(client(url, 'AKIDGZIP', 'gzip-secret'), 1);
    const sent = recordContentEncoding(sdk);
    await sdk.send(new CreateTableCommand({
      TableName: 'zipped',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }));
    await sdk.send(new PutItemCommand({ TableName: 'zipped', Item: { pk: { S: 'a' }, text: { S: 'b'.repeat(5000) } } }));
    expect((await sdk.send(new ListTablesCommand({}))).TableNames).toEqual(['zipped']);
    expect(sent).toEqual(['gzip', 'gzip', 'gzip']);
  });

  it('reads gzip bodies in process too, through the same protocol code', async () => {
    const engine = createEngine({ region: 'us-east-1' });
    const sdk = gzipSomeRequests(new DynamoDBClient({ ...inProcessClientConfig(engine), maxAttempts: 1 }), 1);
    clients.push(sdk);
    const sent = recordContentEncoding(sdk);
    try {
      expect((await sdk.send(new ListTablesCommand({ Limit: 3 }))).TableNames).toEqual([]);
      await expect(sdk.send(new ListTablesCommand({ Limit: 0 }))).rejects.toMatchObject({ name: 'ValidationException' });
      expect(sent).toEqual(['gzip', 'gzip']);
    } finally {
      engine.close();
    }
  });
});

describe('compressed responses', () => {
  it('compresses with gzip or deflate when asked, the checksum covering the bytes on the wire', async () => {
    const url = await start();
    const gzipped = await listTables(url, { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-length']).toBe(String(gzipped.body.length));
    expect(gzipped.headers['x-amz-crc32']).toBe(String(crc32Table(gzipped.body)));
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual({ TableNames: [] });

    const deflated = await listTables(url, { 'accept-encoding': 'gzip;q=0, deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(deflated.headers['x-amz-crc32']).toBe(String(crc32Table(deflated.body)));
    expect(JSON.parse(inflateSync(deflated.body).toString())).toEqual({ TableNames: [] });

    // Errors are compressed too.
    const error = await listTables(url, { 'accept-encoding': 'gzip' }, '{"Limit":0}');
    expect(error.status).toBe(400);
    expect(JSON.parse(gunzipSync(error.body).toString()).__type).toBe('com.amazon.coral.validate#ValidationException');
  });

  it('sends plain bytes without Accept-Encoding, or when only other codings are accepted', async () => {
    const url = await start();
    for (const accept of [undefined, 'identity', 'br']) {
      const answer = await listTables(url, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(json(answer)).toEqual({ TableNames: [] });
      expect(answer.headers['x-amz-crc32']).toBe(String(crc32Table(answer.body)));
    }
  });
});

describe('HTTP details', () => {
  it('answers the health check on / only, and names itself Server on every response', async () => {
    const url = await start({ maxRequestBytes: 1024 });
    const health = await raw(url, { method: 'GET' });
    expect(health.status).toBe(200);
    expect(health.body.toString()).toMatch(/^healthy: /);
    expect((await raw(url, { method: 'GET', path: '/?probe=1' })).status).toBe(200);
    const elsewhere = await raw(url, { method: 'GET', path: '/shell' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.toString()).not.toMatch(/healthy/);

    const answers = [
      health,
      elsewhere,
      await listTables(url),
      await listTables(url, {}, '{"Limit":0}'),
      await listTables(url, {}, 'x'.repeat(2048)), // 413
      await listTables(url, { 'x-big': 'a'.repeat(20_000) }), // headers too large
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 200, 400, 413, 400]);
    for (const answer of answers) expect(answer.headers.server).toBe('Server');
  });

  it('answers 400, not 431, to headers over the limit, and keeps serving', async () => {
    const url = await start({ maxHeaderBytes: 4096 });
    const answer = await listTables(url, { 'x-big': 'a'.repeat(8000) });
    expect(answer.status).toBe(400);
    expect((await listTables(url, { 'x-small': 'a'.repeat(1000) })).status).toBe(200);
  });

  it('answers TagResource without a body with a SerializationException, not a 500', async () => {
    const url = await start();
    const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.TagResource', authorization: SIGNED };
    const answer = await raw(url, { headers });
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual({ __type: 'com.amazon.coral.service#SerializationException' });
    const empty = await raw(url, { headers, body: '{}' });
    expect(empty.status).toBe(400);
    expect(json(empty).__type).toBe('com.amazon.coral.validate#ValidationException');
  });
});

describe('signature checking (--credentials)', () => {
  const KEY = 'AKIDENGINETEST';
  const SECRET = 'the-secret-never-shown';
  const signerFor = (secret: string) =>
    new SignatureV4({ credentials: { accessKeyId: KEY, secretAccessKey: secret }, region: 'us-east-1', service: 'dynamodb', sha256: Sha256 });

  it('lets in the right key and secret, and refuses an unknown key or a wrong secret as DynamoDB does', async () => {
    const url = await start({ credentials: [{ accessKeyId: KEY, secretAccessKey: SECRET }, { accessKeyId: 'AKIDSECOND', secretAccessKey: 'second' }] });
    expect((await client(url, KEY, SECRET).send(new ListTablesCommand({}))).TableNames).toEqual([]);
    expect((await client(url, 'AKIDSECOND', 'second').send(new ListTablesCommand({}))).TableNames).toEqual([]);
    // Session credentials of a known key are signed the same way.
    const session = new DynamoDBClient({ endpoint: url, region: 'eu-west-1', credentials: { accessKeyId: KEY, secretAccessKey: SECRET, sessionToken: 'token' }, maxAttempts: 1 });
    clients.push(session);
    expect((await session.send(new ListTablesCommand({}))).TableNames).toEqual([]);

    await expect(client(url, 'AKIDUNKNOWN', SECRET).send(new ListTablesCommand({}))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
      $metadata: { httpStatusCode: 400 },
    });
    const wrong = client(url, KEY, 'not-the-secret').send(new ListTablesCommand({}));
    await expect(wrong).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      $metadata: { httpStatusCode: 400 },
    });
    const error = await wrong.catch((caught: unknown) => caught);
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });

  /** A request signed by the SDK's signer at `date`, over `body`, sent raw. */
  async function signedRaw(url: string, secret: string, date: Date, body: string, extra: Record<string, string> = {}): Promise<Answer> {
    const { host, pathname } = new URL(url);
    const real = signerFor(secret);
    const request = {
      method: 'POST',
      protocol: 'http:',
      hostname: host,
      path: pathname,
      headers: { host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables', ...extra },
      body,
    };
    const signed = await real.sign(request, { signingDate: date });
    return raw(url, { headers: signed.headers as Record<string, string>, body });
  }

  it('refuses a request dated more than 15 minutes away, in AWS words', async () => {
    const url = await start({ credentials: [{ accessKeyId: KEY, secretAccessKey: SECRET }] });
    expect((await signedRaw(url, SECRET, new Date(), '{}')).status).toBe(200);
    expect((await signedRaw(url, SECRET, new Date(Date.now() - 10 * 60_000), '{}')).status).toBe(200);

    const old = await signedRaw(url, SECRET, new Date('2020-01-02T03:04:05Z'), '{}');
    expect(old.status).toBe(400);
    expect(json(old).__type).toBe('com.amazon.coral.service#InvalidSignatureException');
    expect(json(old).message).toMatch(/^Signature expired: 20200102T030405Z is now earlier than \d{8}T\d{6}Z \(\d{8}T\d{6}Z - 15 min\.\)$/);

    const future = await signedRaw(url, SECRET, new Date(Date.now() + 60 * 60_000), '{}');
    expect(future.status).toBe(400);
    expect(json(future).message).toMatch(/^Signature not yet current: \d{8}T\d{6}Z is still later than \d{8}T\d{6}Z \(\d{8}T\d{6}Z \+ 15 min\.\)$/);
  });

  it('checks presigned requests (signed in the query string) too, within their X-Amz-Expires', async () => {
    const url = await start({ credentials: [{ accessKeyId: KEY, secretAccessKey: SECRET }] });
    const { host } = new URL(url);
    const presigned = async (secret: string, signingDate: Date) => {
      const signed = await signerFor(secret).presign(
        {
          method: 'POST',
          protocol: 'http:',
          hostname: host,
          path: '/',
          headers: { host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' },
          body: '{}',
        },
        { signingDate, expiresIn: 3600, unhoistableHeaders: new Set(['x-amz-target']) },
      );
      const query = new URLSearchParams(signed.query as Record<string, string>).toString();
      return raw(url, { path: `/?${query}`, headers: signed.headers as Record<string, string>, body: '{}' });
    };
    expect((await presigned(SECRET, new Date())).status).toBe(200);
    expect((await presigned(SECRET, new Date(Date.now() - 30 * 60_000))).status).toBe(200);
    const wrong = await presigned('not-the-secret', new Date());
    expect(json(wrong).__type).toBe('com.amazon.coral.service#InvalidSignatureException');
    const expired = await presigned(SECRET, new Date(Date.now() - 2 * 3600_000));
    expect(json(expired).message).toMatch(/^Signature expired: /);
  });

  it('refuses a body changed after signing, and requests without a signature', async () => {
    const url = await start({ credentials: [{ accessKeyId: KEY, secretAccessKey: SECRET }] });
    const { host } = new URL(url);
    const signer = signerFor(SECRET);
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'http:',
      hostname: host,
      path: '/',
      headers: { host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' },
      body: '{"Limit":5}',
    });
    const headers = signed.headers as Record<string, string>;
    expect((await raw(url, { headers, body: '{"Limit":5}' })).status).toBe(200);
    const tampered = await raw(url, { headers, body: '{"Limit":6}' });
    expect(json(tampered).__type).toBe('com.amazon.coral.service#InvalidSignatureException');
    // The fake signature every test above uses is no longer enough.
    const unsigned = await listTables(url);
    expect(unsigned.status).toBe(400);
    expect(json(unsigned).__type).toBe('com.amazon.coral.service#UnrecognizedClientException');
    const missing = await raw(url, { headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' }, body: '{}' });
    expect(json(missing).__type).toBe('com.amazon.coral.service#MissingAuthenticationTokenException');
    // The health check needs no signature.
    expect((await raw(url, { method: 'GET' })).status).toBe(200);
  });
});
