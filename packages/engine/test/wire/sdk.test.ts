/**
 * The AWS SDK v3 against the engine, in process and over HTTP: same answers,
 * same errors, and the SDK reads them as it reads DynamoDB's.
 */
import {
  ConditionalCheckFailedException,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DynamoError } from '@dynotable/core';
import { engineRequestHandler, inProcessClientConfig, MAX_REQUEST_BYTES, startEngineServer } from '@dynotable/engine';
import type { EngineServer } from '@dynotable/engine';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConditionalCheckFailedError, TransactionCanceledError } from '../../src/items/errors.js';
import { crc32Table } from '../../src/wire/crc32.js';
import { stubEngine } from './stub-engine.js';

const credentials = { accessKeyId: 'any', secretAccessKey: 'thing' };
const reasons = [{ Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }, { Code: 'None' }];
const cancelled =
  'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]';

const engine = stubEngine({
  ListTables: (input) => ({ TableNames: [`limit ${String(input.Limit)}`] }),
  TransactWriteItems: () => {
    throw new TransactionCanceledError(reasons);
  },
  PutItem: () => {
    throw new ConditionalCheckFailedError({ pk: { S: 'old' }, n: { N: '12.50' } });
  },
  DescribeTable: () => {
    throw new DynamoError('ResourceNotFoundException', 'Requested resource not found');
  },
  DeleteTable: () => {
    throw new Error('a bug');
  },
});

let server: EngineServer;
const clients: Record<string, DynamoDBClient> = {};

beforeAll(async () => {
  server = await startEngineServer({ engine, log: () => {} });
  clients['in process'] = new DynamoDBClient({
    endpoint: 'http://engine.local',
    region: 'us-east-1',
    credentials,
    maxAttempts: 1,
    requestHandler: engineRequestHandler(engine, { log: () => {} }),
  });
  clients['over HTTP'] = new DynamoDBClient({ endpoint: server.url, region: 'us-east-1', credentials, maxAttempts: 1 });
});

afterAll(async () => {
  for (const client of Object.values(clients)) client.destroy();
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<Error & { $metadata: { httpStatusCode?: number; requestId?: string } }> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error & { $metadata: { httpStatusCode?: number; requestId?: string } },
  );
}

describe.each(['in process', 'over HTTP'])('the SDK %s', (via) => {
  const client = () => clients[via]!;

  it('sends the operation and reads its output and request id', async () => {
    const output = await client().send(new ListTablesCommand({ Limit: 7 }));
    expect(output.TableNames).toEqual(['limit 7']);
    expect(output.$metadata.httpStatusCode).toBe(200);
    expect(output.$metadata.requestId).toMatch(/^[A-Z0-9]{52}$/);
  });

  it('reads a DynamoDB error with its name, message and status', async () => {
    const notFound = await failure(client().send(new DescribeTableCommand({ TableName: 'nope' })));
    expect(notFound.name).toBe('ResourceNotFoundException');
    expect(notFound.message).toBe('Requested resource not found');
    expect(notFound.$metadata.httpStatusCode).toBe(400);
  });

  it('reads TransactionCanceledException with its capitalised Message and CancellationReasons', async () => {
    const error = await failure(client().send(new TransactWriteItemsCommand({ TransactItems: [] })));
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect(error.message).toBe(cancelled);
    expect((error as TransactionCanceledException).CancellationReasons).toEqual(reasons);
  });

  it('reads ConditionalCheckFailedException with the old item', async () => {
    const error = await failure(client().send(new PutItemCommand({ TableName: 'tbl', Item: {} })));
    expect(error).toBeInstanceOf(ConditionalCheckFailedException);
    expect(error.message).toBe('The conditional request failed');
    expect((error as ConditionalCheckFailedException).Item).toEqual({ pk: { S: 'old' }, n: { N: '12.50' } });
  });

  it('reads an unexpected engine failure as InternalServerError 500', async () => {
    const error = await failure(client().send(new DeleteTableCommand({ TableName: 'x' })));
    expect(error.name).toBe('InternalServerError');
    expect(error.$metadata.httpStatusCode).toBe(500);
  });
});

describe('the in-process transport', () => {
  it('answers with the same status, headers and bytes as the HTTP server', async () => {
    const handler = engineRequestHandler(engine);
    const request = {
      method: 'POST',
      path: '/',
      headers: {
        'Content-Type': 'application/x-amz-json-1.0',
        'X-Amz-Target': 'DynamoDB_20120810.ListTables',
        Authorization: 'AWS4-HMAC-SHA256 Credential=a/b/c/d/e, Signature=0',
        // fetch asks for gzip by default; the SDK does not, and the bytes are compared as sent.
        'Accept-Encoding': 'identity',
      },
      body: '{"Limit":3}',
    };
    const { response } = await handler.handle(request);
    const overHttp = await fetch(server.url, { method: 'POST', headers: request.headers, body: request.body });
    const httpBody = new Uint8Array(await overHttp.arrayBuffer());
    expect(response.statusCode).toBe(overHttp.status);
    expect(new Uint8Array(response.body)).toEqual(httpBody);
    for (const name of ['content-type', 'content-length', 'x-amz-crc32']) {
      expect(response.headers[name]).toBe(overHttp.headers.get(name));
    }
    expect(response.headers['x-amz-crc32']).toBe(String(crc32Table(response.body)));
  });

  it('reads bodies given as bytes', async () => {
    const { response } = await engineRequestHandler(engine).handle({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-amz-target': 'DynamoDB_20120810.ListTables', authorization: 'AWS4-x' },
      body: new TextEncoder().encode('{"Limit":2}'),
    });
    expect(JSON.parse(new TextDecoder().decode(response.body))).toEqual({ TableNames: ['limit 2'] });
  });

  it('reads bodies given as streams', async () => {
    const { response } = await engineRequestHandler(engine).handle({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-amz-target': 'DynamoDB_20120810.ListTables', authorization: 'AWS4-x' },
      body: Readable.from([Buffer.from('{"Li'), Buffer.from('mit":4}')]),
    });
    expect(JSON.parse(new TextDecoder().decode(response.body))).toEqual({ TableNames: ['limit 4'] });
  });

  it('refuses bodies over 16 MB with 413, counting UTF-8 bytes', async () => {
    const handler = engineRequestHandler(engine);
    const headers = { 'content-type': 'application/json', 'x-amz-target': 'DynamoDB_20120810.ListTables', authorization: 'AWS4-x' };
    // 'é' is two bytes in UTF-8: half as many characters reach the limit.
    const padding = (bytes: number) => `{"Limit":1,"x":"${'é'.repeat((bytes - 18) / 2)}"}`;
    expect(Buffer.byteLength(padding(MAX_REQUEST_BYTES))).toBe(MAX_REQUEST_BYTES);
    const atLimit = await handler.handle({ method: 'POST', headers, body: padding(MAX_REQUEST_BYTES) });
    expect(atLimit.response.statusCode).toBe(200);
    const over = await handler.handle({ method: 'POST', headers, body: padding(MAX_REQUEST_BYTES + 2) });
    expect(over.response.statusCode).toBe(413);
    const overAsBytes = await handler.handle({ method: 'POST', headers, body: Buffer.from(padding(MAX_REQUEST_BYTES + 2)) });
    expect(overAsBytes.response.statusCode).toBe(413);
  });

  it('refuses an already aborted request', async () => {
    const handle = engineRequestHandler(engine).handle({ method: 'POST', headers: {} }, { abortSignal: { aborted: true } });
    await expect(handle).rejects.toThrow(/aborted/);
  });

  it('builds a whole client configuration', async () => {
    const client = new DynamoDBClient({ ...inProcessClientConfig(engine), maxAttempts: 1 });
    expect((await client.send(new ListTablesCommand({ Limit: 1 }))).TableNames).toEqual(['limit 1']);
    client.destroy();
  });
});
