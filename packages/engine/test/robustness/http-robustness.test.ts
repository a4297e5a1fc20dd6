/**
 * The HTTP server against bad and abusive clients, over real sockets: each
 * gets DynamoDB's answer (or is cut off when it stalls), and a well-behaved
 * client calling at the same time keeps being served.
 *
 * Invalid UTF-8 in the body: DynamoDB's JSON deserializer cannot read such a
 * request, so the engine answers 400 SerializationException, like malformed
 * JSON. (DynamoDB Local answers a 500 InternalFailure, which we do not copy.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine.js';
import { MAX_REQUEST_BYTES } from '../../src/wire/protocol.js';
import { startEngineServer, type EngineServer } from '../../src/wire/http-server.js';
import { head, healthyClient, open, parseResponse, pause, post, readAll, sendRaw } from './abuse.js';

const TABLE = 'robust';
// The dribbling clients below are cut off after this long. It is also how long a healthy request
// may wait for the server process to run: with 400 ms, a busy two-core machine once held the
// server back long enough that the healthy client's GetItem was answered 408.
const SLOW_LIMIT_MS = 2_000;

let server: EngineServer;
const logged: unknown[] = [];

beforeAll(async () => {
  const engine = createEngine();
  engine.execute('CreateTable', {
    TableName: TABLE,
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  engine.execute('PutItem', { TableName: TABLE, Item: { pk: { S: 'healthy' } } });
  for (let i = 0; i < 200; i++) engine.execute('PutItem', { TableName: TABLE, Item: { pk: { S: `big${i}` }, blob: { S: 'x'.repeat(20_000) } } });
  server = await startEngineServer({ engine, headersTimeoutMs: SLOW_LIMIT_MS, requestTimeoutMs: SLOW_LIMIT_MS, log: (error) => logged.push(error) });
});

afterAll(async () => {
  await server.close();
  // No abuse reached the engine as an unexpected exception.
  expect(logged).toEqual([]);
});

/** Runs `abuse` while a healthy client calls; the healthy calls all succeed. */
async function whileServingOthers<T>(abuse: () => Promise<T>): Promise<T> {
  const client = healthyClient(server.port, TABLE);
  const result = await abuse();
  await pause(20);
  const { ok, failed } = await client.stop();
  expect(failed).toEqual([]);
  expect(ok).toBeGreaterThan(0);
  return result;
}

function errorOf(answer: { status: number; body: string }) {
  return { status: answer.status, ...(JSON.parse(answer.body) as Record<string, unknown>) };
}

describe('bad requests get DynamoDB answers', () => {
  it('malformed JSON: SerializationException', async () => {
    const answer = await whileServingOthers(() => post(server.port, 'GetItem', '{"TableName": "robust", "Key": {'));
    expect(errorOf(answer)).toEqual({ status: 400, __type: 'com.amazon.coral.service#SerializationException' });
  });

  it('invalid UTF-8 in the body: SerializationException', async () => {
    const body = Buffer.concat([Buffer.from('{"TableName":"robust","Item":{"pk":{"S":"a'), Buffer.from([0xff, 0xc3]), Buffer.from('"}}}')]);
    const answer = await whileServingOthers(() => post(server.port, 'PutItem', body));
    expect(errorOf(answer)).toEqual({ status: 400, __type: 'com.amazon.coral.service#SerializationException' });
    // Nothing was written, not even with the bytes replaced by U+FFFD.
    const get = await post(server.port, 'GetItem', JSON.stringify({ TableName: TABLE, Key: { pk: { S: 'a\ufffd\ufffd' } } }));
    expect(JSON.parse(get.body)).toEqual({});
  });

  it('a wrong content type: 404 UnknownOperationException', async () => {
    const body = '{"TableName":"robust"}';
    const answer = await whileServingOthers(() => sendRaw(server.port, head('DescribeTable', body.length, 'text/plain') + body));
    expect(answer).toEqual({ status: 404, body: '<UnknownOperationException/>\n' });
  });

  it('an unknown target: UnknownOperationException', async () => {
    const answer = await whileServingOthers(() => post(server.port, 'DropEverything', '{}'));
    expect(errorOf(answer)).toEqual({ status: 400, __type: 'com.amazon.coral.service#UnknownOperationException' });
  });

  it('a body over 16 MB: 413 without reading it all', async () => {
    const answer = await whileServingOthers(async () => {
      const socket = await open(server.port);
      const all = readAll(socket);
      socket.write(head('BatchWriteItem', MAX_REQUEST_BYTES + 1));
      socket.write('{"RequestItems":');
      socket.end();
      return parseResponse(await all);
    });
    expect(answer.status).toBe(413);
  });

  it('attribute values nested beyond 32 levels: DynamoDB\'s nesting message', async () => {
    let value: unknown = { S: 'bottom' };
    for (let i = 0; i < 40; i++) value = { M: { n: value } };
    const answer = await whileServingOthers(() => post(server.port, 'PutItem', JSON.stringify({ TableName: TABLE, Item: { pk: { S: 'deep' }, v: value } })));
    expect(errorOf(answer)).toMatchObject({
      status: 400,
      __type: 'com.amazon.coral.validate#ValidationException',
      message: expect.stringContaining('Nesting Levels have exceeded supported limits'),
    });
  });

  it('JSON nested a million levels deep: an error answer, not a crash', async () => {
    const body = `{"TableName":"robust","Item":{"pk":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}}`;
    const answer = await whileServingOthers(() => post(server.port, 'PutItem', body));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).__type).toMatch(/^com\.amazon/);
  });

  it('missing and wrongly typed members', async () => {
    const missing = await whileServingOthers(() => post(server.port, 'PutItem', JSON.stringify({ Item: { pk: { S: 'x' } } })));
    expect(errorOf(missing)).toMatchObject({ status: 400, __type: 'com.amazon.coral.validate#ValidationException' });
    const wrong = await post(server.port, 'Query', JSON.stringify({ TableName: TABLE, KeyConditionExpression: 7 }));
    expect(errorOf(wrong)).toMatchObject({ status: 400, __type: 'com.amazon.coral.service#SerializationException' });
    const transact = await post(server.port, 'TransactWriteItems', JSON.stringify({ TransactItems: { Put: {} } }));
    expect(errorOf(transact)).toMatchObject({ status: 400, __type: 'com.amazon.coral.service#SerializationException' });
  });
});

describe('slow and broken connections', () => {
  it('a client dribbling its headers is answered 408 and cut off', async () => {
    const raw = await whileServingOthers(async () => {
      const socket = await open(server.port);
      const all = readAll(socket);
      let ended = false;
      socket.on('end', () => (ended = true));
      socket.on('close', () => (ended = true));
      const text = head('ListTables', 2);
      for (let i = 0; i < text.length - 4 && !ended; i++) {
        socket.write(text[i]!);
        await pause(20);
      }
      const raw = await all;
      socket.destroy();
      return raw;
    });
    expect(parseResponse(raw).status).toBe(408);
  });

  it('a client dribbling its body is answered 408 and cut off', async () => {
    const raw = await whileServingOthers(async () => {
      const socket = await open(server.port);
      const all = readAll(socket);
      const body = JSON.stringify({ TableName: TABLE, Key: { pk: { S: 'healthy' } }, Padding: 'p'.repeat(200) });
      socket.write(head('GetItem', body.length));
      let closed = false;
      socket.on('end', () => (closed = true));
      socket.on('close', () => (closed = true));
      for (let i = 0; i < body.length && !closed; i++) {
        socket.write(body[i]!);
        await pause(20);
      }
      const raw = await all;
      socket.destroy();
      return raw;
    });
    expect(parseResponse(raw).status).toBe(408);
  });

  it('a client that half-closes after its request still gets the answer', async () => {
    const body = JSON.stringify({ TableName: TABLE, Key: { pk: { S: 'healthy' } } });
    const answer = await whileServingOthers(() => sendRaw(server.port, head('GetItem', body.length) + body));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).Item).toEqual({ pk: { S: 'healthy' } });
  });

  it('a client that half-closes before its body is complete is not answered, and nothing breaks', async () => {
    const raw = await whileServingOthers(async () => {
      const socket = await open(server.port);
      const all = readAll(socket);
      socket.end(head('PutItem', 500) + '{"TableName":"robust","Item":{"pk":{"S":"half"}}}');
      return all;
    });
    // An incomplete request is never executed.
    expect(parseResponse(raw).status === 0 || parseResponse(raw).status === 400).toBe(true);
    const get = await post(server.port, 'GetItem', JSON.stringify({ TableName: TABLE, Key: { pk: { S: 'half' } } }));
    expect(JSON.parse(get.body)).toEqual({});
  });

  it('a client that disconnects in the middle of a large response', async () => {
    await whileServingOthers(async () => {
      for (let round = 0; round < 5; round++) {
        const socket = await open(server.port);
        const body = JSON.stringify({ TableName: TABLE });
        const first = new Promise<void>((resolve) => socket.once('data', () => resolve()));
        socket.write(head('Scan', body.length) + body);
        await first;
        socket.destroy();
      }
    });
  });

  it('many idle connections do not stop others from being served', async () => {
    const sockets = await whileServingOthers(async () => {
      const opened = await Promise.all(Array.from({ length: 50 }, () => open(server.port)));
      for (const socket of opened) socket.write('POST / HTTP/1.1\r\n');
      await pause(50);
      return opened;
    });
    for (const socket of sockets) socket.destroy();
  });
});
