/**
 * Hostile input through the real server: bytes that are not UTF-8, and text
 * nested deep enough to exhaust a recursive reader (3,500 and 100,000
 * parentheses, 10,000 levels of JSON lists and maps, a YAML alias bomb) sent
 * to every API route that takes text. Each answers a clear 400 naming the
 * problem (never a 500, never a stack trace), and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { createHarness, itemsPath, tablesPath, type Harness } from '../data/harness.js';

let harness: Harness;
let server: RunningServer;
const logged: string[] = [];

beforeAll(async () => {
  harness = createHarness();
  await harness.call('POST', tablesPath, { name: 'orders', partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } });
  server = await startServer({ context: harness.context, staticDir: '/nonexistent', log: (line: string) => logged.push(line) });
});

afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  body: { __type?: string; message?: string; [key: string]: unknown };
}

async function send(path: string, body: string | Uint8Array): Promise<Answer> {
  const response = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    // Raw bytes, sent exactly as given (invalid UTF-8 included).
    body: body as unknown as BodyInit,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const post = (path: string, input: unknown) => send(path, JSON.stringify(input));

async function itemCount(): Promise<number> {
  const page = await harness.call<{ count: number }>('POST', `${itemsPath('orders')}/scan`, {});
  return page.count;
}

/** A clear 400: the status, a type, and a message naming the problem (no stack frames). */
function expectClear400(answer: Answer, type: string | RegExp, message: RegExp): void {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
  expect(answer.body.__type).toMatch(type);
  expect(answer.body.message).toMatch(message);
  expect(answer.body.message).not.toMatch(/\n\s+at |Maximum call stack|RangeError/);
}

const parens = (n: number, inner: string) => '('.repeat(n) + inner + ')'.repeat(n);
const nestedList = (n: number) => '{"L":['.repeat(n) + '{"S":"x"}' + ']}'.repeat(n);
const nestedMap = (n: number) => '{"M":{"a":'.repeat(n) + '{"S":"x"}' + '}}'.repeat(n);
const NESTED_TOO_DEEPLY = /nests parentheses, NOT, functions and arithmetic more than 602 levels deep/;

describe('a body that is not UTF-8', () => {
  it('is refused with a 400 naming the bytes, and the write route writes nothing', async () => {
    const before = Buffer.from('{"Item":{"pk":{"S":"caf', 'utf8');
    const after = Buffer.from('"},"sk":{"S":"1"}}}', 'utf8');
    // 0xe9 alone is Latin-1's é: not UTF-8. Decoded loosely it would be stored as U+FFFD.
    const body = Buffer.concat([before, Buffer.from([0xe9]), after]);
    const answer = await send(`${itemsPath('orders')}/put`, body);
    expectClear400(answer, 'SerializationException', /not valid UTF-8: the bytes 0xe9 .* at byte offset 23/);
    expect(await itemCount()).toBe(0);
  });

  it('is refused on every write route, overlong and surrogate encodings too', async () => {
    const cases: Array<[string, number[]]> = [
      ['put', [0xc0, 0xaf]], // an overlong '/'
      ['put', [0xed, 0xa0, 0x80]], // an encoded surrogate
      ['put', [0xff]],
      ['delete', [0xf8, 0x88, 0x80, 0x80, 0x80]],
    ];
    for (const [route, bytes] of cases) {
      const field = route === 'put' ? 'Item' : 'Key';
      const body = Buffer.concat([Buffer.from(`{"${field}":{"pk":{"S":"`), Buffer.from(bytes), Buffer.from('"},"sk":{"S":"1"}}}')]);
      expectClear400(await send(`${itemsPath('orders')}/${route}`, body), 'SerializationException', /not valid UTF-8/);
    }
    expect(await itemCount()).toBe(0);
  });

  it('still accepts valid UTF-8 beyond ASCII', async () => {
    const answer = await post(`${itemsPath('orders')}/put`, { Item: { pk: { S: 'café 日本 😀' }, sk: { S: '1' } } });
    expect(answer.status).toBe(200);
    expect(await itemCount()).toBe(1);
    await post(`${itemsPath('orders')}/delete`, { Key: { pk: { S: 'café 日本 😀' }, sk: { S: '1' } } });
  });
});

describe('JSON nested too deeply in the body', () => {
  it('items put and update: 10,000 levels of lists or maps answer 400 and write nothing', async () => {
    for (const value of [nestedList(10_000), nestedMap(10_000)]) {
      const put = await send(`${itemsPath('orders')}/put`, `{"Item":{"pk":{"S":"a"},"sk":{"S":"1"},"deep":${value}}}`);
      expectClear400(put, 'SerializationException', /nests JSON arrays and objects more than 1000 levels deep; the limit is 1000/);
      const key = '{"pk":{"S":"a"},"sk":{"S":"1"}}';
      const update = await send(`${itemsPath('orders')}/update`, `{"key":${key},"before":${key},"after":{"pk":{"S":"a"},"sk":{"S":"1"},"deep":${value}}}`);
      expectClear400(update, 'SerializationException', /more than 1000 levels deep/);
    }
    expect(await itemCount()).toBe(0);
  });

  it('100,000 bare brackets answer 400', async () => {
    expectClear400(await send(`${itemsPath('orders')}/put`, '['.repeat(100_000)), 'SerializationException', /more than 1000 levels deep/);
  });

  it("nesting within the body's limit but beyond DynamoDB's gets DynamoDB's own message", async () => {
    const answer = await send(`${itemsPath('orders')}/put`, `{"Item":{"pk":{"S":"a"},"sk":{"S":"1"},"deep":${nestedList(400)}}}`);
    expectClear400(answer, 'ValidationException', /Nesting Levels have exceeded supported limits/);
    expect(await itemCount()).toBe(0);
  });
});

describe('friendly expressions nested too deeply', () => {
  for (const depth of [3_500, 100_000]) {
    it(`query, scan, put, delete: ${depth.toLocaleString('en')} nested parentheses answer 400`, async () => {
      const deep = parens(depth, 'status = "open"');
      expectClear400(await post(`${itemsPath('orders')}/query`, { key: 'pk = "a"', filter: deep }), 'ValidationException', NESTED_TOO_DEEPLY);
      expectClear400(await post(`${itemsPath('orders')}/query`, { key: parens(depth, 'pk = "a"') }), 'ValidationException', NESTED_TOO_DEEPLY);
      expectClear400(await post(`${itemsPath('orders')}/scan`, { filter: deep }), 'ValidationException', NESTED_TOO_DEEPLY);
      expectClear400(await post(`${itemsPath('orders')}/scan`, { filter: `${'NOT '.repeat(depth)} a = 1` }), 'ValidationException', NESTED_TOO_DEEPLY);
      const item = { pk: { S: 'a' }, sk: { S: '1' } };
      expectClear400(await post(`${itemsPath('orders')}/put`, { Item: item, condition: deep }), 'ValidationException', NESTED_TOO_DEEPLY);
      expectClear400(await post(`${itemsPath('orders')}/delete`, { Key: item, condition: deep }), 'ValidationException', NESTED_TOO_DEEPLY);
      expect(await itemCount()).toBe(0);
    });
  }

  it('a literal of 10,000 nested lists or maps answers 400', async () => {
    const list = `a = ${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const map = `a = ${'{"k": '.repeat(10_000)}1${'}'.repeat(10_000)}`;
    for (const filter of [list, map]) {
      expectClear400(await post(`${itemsPath('orders')}/scan`, { filter }), 'ValidationException', /nests lists, maps and sets more than 31 levels deep/);
    }
  });

  it('DynamoDB expressions nested deeply get DynamoDB\'s own message', async () => {
    const values = { ':a': { S: 'x' } };
    const redundant = await post(`${itemsPath('orders')}/scan`, { FilterExpression: parens(2_000, 'a = :a'), ExpressionAttributeValues: values });
    expectClear400(redundant, 'ValidationException', /^Invalid FilterExpression: The expression has redundant parentheses;$/);
    const nots = await post(`${itemsPath('orders')}/scan`, { FilterExpression: `${'NOT '.repeat(1_000)}a = :a`, ExpressionAttributeValues: values });
    expectClear400(nots, 'ValidationException', /^Invalid FilterExpression: The expression contains too many operators; operator count: 301$/);
  });
});

describe('model tools', () => {
  const bomb = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...'bcdefghi'.split('').map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
  ].join('\n');

  it('a YAML billion-laughs alias bomb answers 400 InvalidModel', async () => {
    for (const path of ['/api/model/parse', '/api/model/lint', '/api/model/design', '/api/model/export']) {
      const answer = await post(path, { model: bomb, format: 'yaml' });
      expectClear400(answer, 'InvalidModel', /aliases expand to too many copies/);
    }
  });

  it('YAML and JSON nested 10,000 and 100,000 deep answer 400 InvalidModel naming the limit', async () => {
    const texts = [
      '['.repeat(100_000),
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
      Array.from({ length: 500 }, (_, i) => `${' '.repeat(i)}k:`).join('\n'),
    ];
    for (const model of texts) {
      expectClear400(await post('/api/model/parse', { model }), 'InvalidModel', /nest more than 100 levels deep; the limit is 100/);
    }
    expectClear400(await post('/api/model/parse', { model: texts[2], source: 'deep.json' }), 'InvalidModel', /the limit is 100/);
  });

  it('a model object nested 900 deep (within the body limit) answers 400 InvalidModel', async () => {
    const deep = `{"model":{"name":"x","tables":${'['.repeat(900)}${']'.repeat(900)}}}`;
    expectClear400(await send('/api/model/parse', deep), 'InvalidModel', /nest more than 100 levels deep/);
  });

  it('a NoSQL Workbench import nested 10,000 deep answers 400', async () => {
    const text = `{"ModelName":"x","DataModel":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const answer = await post('/api/model/import', { text, format: 'nosql-workbench' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/nests JSON arrays and objects more than 100 levels deep/);
  });

  it('guard: questions in words with 3,500 and 100,000 parentheses answer 200 or 400, never 500', async () => {
    for (const depth of [3_500, 100_000]) {
      const question = `list orders by ${'('.repeat(depth)}customer${')'.repeat(depth)}`;
      const read = await post('/api/model/read-question', { question });
      expect([200, 400]).toContain(read.status);
      const design = await post('/api/model/design', { questions: [question] });
      expect([200, 400]).toContain(design.status);
    }
  });
});

describe('the server log', () => {
  it('recorded no unexpected error for any of these', () => {
    expect(logged.filter((line) => /InternalError|RangeError|Maximum call stack/.test(line))).toEqual([]);
  });
});
