/**
 * DynamoDB's limits, met and passed by one step and by far: expression
 * nesting and size, operand and operator counts, document nesting, JSON
 * depth, name and value lengths, key and item sizes, batch and transaction
 * sizes. Each request goes in process (the SDK's handler) and over HTTP, and
 * each answer must arrive and be a 200 or a 400 ValidationException (a
 * SerializationException for JSON too deep to read): never a 500, a crash
 * or a hang. Deterministic and cheap: a fixed list of requests.
 */
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine.js';
import type { Engine } from '../../src/engine.js';
import { startEngineServer, type EngineServer } from '../../src/wire/http-server.js';
import type { WireResponse } from '../../src/wire/protocol.js';
import type { FuzzRequest, Transport } from './runner.js';
import { inProcess, overHttp } from './transports.js';

type Json = Record<string, unknown>;

interface LimitCase {
  name: string;
  operation: string;
  /** The request's JSON, or its text when the text itself is the point (JSON depth). */
  input: Json | string;
  /** The body may nest too deeply to be read: a SerializationException is then right too. */
  deepJson?: boolean;
  /** Another answer that is right for this request (e.g. a table that does not exist). */
  alsoAllowed?: string;
}

/** A value written into the body as text, for nesting deeper than JSON.stringify can write. */
class RawJson {
  constructor(readonly text: string) {}
}

/** Generous: a request that takes this long is a hang, not a slow answer. */
const ANSWER_WITHIN_MS = 30_000;

const S = (value: string) => ({ S: value });
const N = (value: string) => ({ N: value });
const TABLE = 'limits';
const KEY = { pk: S('p'), sk: S('s') };

function nestedList(depth: number): RawJson {
  return new RawJson(`${'{"L":['.repeat(depth)}{"S":"x"}${']}'.repeat(depth)}`);
}

function nestedMap(depth: number): RawJson {
  return new RawJson(`${'{"M":{"a":'.repeat(depth)}{"S":"x"}${'}}'.repeat(depth)}`);
}

const repeat = (text: string, count: number, separator = '') => Array.from({ length: count }, () => text).join(separator);

function scanFilter(name: string, FilterExpression: string, values: Json = { ':v': S('x') }): LimitCase {
  return { name, operation: 'Scan', input: { TableName: TABLE, FilterExpression, ExpressionAttributeValues: values } };
}

function put(name: string, item: Json, table = TABLE): LimitCase {
  return { name, operation: 'PutItem', input: { TableName: table, Item: item } };
}

function update(name: string, UpdateExpression: string, values: Json): LimitCase {
  return { name, operation: 'UpdateItem', input: { TableName: TABLE, Key: KEY, UpdateExpression, ExpressionAttributeValues: values } };
}

/** Each limit at its value, one past it, and far past it. */
function limitCases(): LimitCase[] {
  const cases: LimitCase[] = [];
  // Expression nesting and size (4 KB), operators (300) and IN operands (100).
  for (const depth of [1, 31, 32, 2000, 2045, 2046, 4096, 50_000]) {
    cases.push(scanFilter(`parentheses ${depth}`, `${'('.repeat(depth)}a = :v${')'.repeat(depth)}`));
    cases.push(scanFilter(`NOT chain ${depth}`, `${repeat('NOT ', depth)}a = :v`));
    cases.push(scanFilter(`size() nesting ${depth}`, `${repeat('size(', depth)}a${')'.repeat(depth)} > :n`, { ':n': N('1') }));
    cases.push(update(`if_not_exists nesting ${depth}`, `SET a = ${repeat('if_not_exists(a, ', depth)}:v${')'.repeat(depth)}`, { ':v': S('x') }));
    const nested = `${'('.repeat(depth)}pk = :p${')'.repeat(depth)}`;
    cases.push({ name: `key condition parentheses ${depth}`, operation: 'Query', input: { TableName: TABLE, KeyConditionExpression: nested, ExpressionAttributeValues: { ':p': S('p') } } });
    cases.push({
      name: `condition parentheses ${depth}`,
      operation: 'PutItem',
      input: { TableName: TABLE, Item: KEY, ConditionExpression: `${'('.repeat(depth)}attribute_exists(a)${')'.repeat(depth)}` },
    });
  }
  for (const count of [100, 101, 300, 301, 1000]) {
    const values = Object.fromEntries(Array.from({ length: count }, (_, i) => [`:v${i}`, N(String(i))]));
    cases.push(scanFilter(`IN with ${count} operands`, `a IN (${Object.keys(values).join(', ')})`, values));
    cases.push(scanFilter(`${count} ANDs`, repeat('a = :v', count + 1, ' AND ')));
    cases.push(update(`${count} additions`, `SET a = ${repeat(':n', count + 1, ' + ')}`, { ':n': N('1') }));
  }
  for (const size of [4096, 4097, 100_000]) cases.push(scanFilter(`expression of ${size} bytes`, `a = :v${' '.repeat(size - 6)}`));
  // Document paths: 32 levels, and far more.
  for (const depth of [31, 32, 33, 1500]) {
    cases.push({ name: `projection path depth ${depth}`, operation: 'Scan', input: { TableName: TABLE, ProjectionExpression: `a${repeat('.b', depth - 1)}` } });
    cases.push({ name: `projection index depth ${depth}`, operation: 'Scan', input: { TableName: TABLE, ProjectionExpression: `a${repeat('[0]', depth - 1)}` } });
  }
  // Document nesting of values (31 wrappers accepted, 32 refused), in items, keys and placeholders.
  for (const depth of [31, 32, 33, 200, 20_000]) {
    const deepJson = depth > 1000;
    cases.push({ ...put(`list nested ${depth}`, { ...KEY, d: nestedList(depth) }), deepJson });
    cases.push({ ...put(`map nested ${depth}`, { ...KEY, d: nestedMap(depth) }), deepJson });
    cases.push({ ...update(`update value nested ${depth}`, 'SET d = :v', { ':v': nestedMap(depth) }), deepJson });
    cases.push({ name: `key nested ${depth}`, operation: 'GetItem', input: { TableName: TABLE, Key: { pk: nestedMap(depth), sk: S('s') } }, deepJson });
    cases.push({
      name: `legacy filter value nested ${depth}`,
      operation: 'Scan',
      input: { TableName: TABLE, ScanFilter: { d: { ComparisonOperator: 'EQ', AttributeValueList: [nestedList(depth)] } } },
      deepJson,
    });
  }
  // JSON depth beyond any document: arrays and objects with nothing DynamoDB reads.
  for (const depth of [100, 10_000, 1_000_000]) {
    cases.push({ name: `JSON arrays ${depth} deep`, operation: 'Scan', input: `{"TableName":"${TABLE}","X":${'['.repeat(depth)}${']'.repeat(depth)}}`, deepJson: true });
    cases.push({ name: `JSON objects ${depth} deep`, operation: 'Scan', input: `{"TableName":"${TABLE}","X":${repeat('{"a":', depth)}1${'}'.repeat(depth)}}`, deepJson: true });
  }
  // Names: attributes 1 byte to 64 KB, placeholders 255 bytes, tables and indexes 3 to 255 characters.
  for (const length of [0, 1, 255, 256, 65_535, 65_536, 200_000]) {
    cases.push(put(`attribute name of ${length} bytes`, { ...KEY, ['n'.repeat(length)]: S('x') }));
    cases.push(put(`map key of ${length} bytes`, { ...KEY, m: { M: { ['n'.repeat(length)]: S('x') } } }));
    cases.push({
      name: `placeholder name of ${length} bytes`,
      operation: 'Scan',
      input: { TableName: TABLE, ProjectionExpression: `#${'n'.repeat(length)}`, ExpressionAttributeNames: { [`#${'n'.repeat(length)}`]: 'a' } },
    });
    cases.push(scanFilter(`placeholder value of ${length} bytes`, `a = :${'v'.repeat(length)}`, { [`:${'v'.repeat(length)}`]: S('x') }));
    cases.push({
      name: `table name of ${length} characters`,
      operation: 'GetItem',
      input: { TableName: 't'.repeat(length), Key: KEY },
      alsoAllowed: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException',
    });
    cases.push({ name: `index name of ${length} characters`, operation: 'Scan', input: { TableName: TABLE, IndexName: 'i'.repeat(length) } });
  }
  // Key values: 2048 bytes for a partition key, 1024 for a sort key, on the table and the index.
  for (const [partition, sort] of [
    [2048, 1024],
    [2049, 1],
    [1, 1025],
    [100_000, 100_000],
  ] as const) {
    cases.push(put(`table key ${partition}/${sort} bytes`, { pk: S('p'.repeat(partition)), sk: S('s'.repeat(sort)) }));
    cases.push(put(`index key ${partition}/${sort} bytes`, { ...KEY, g: S('g'.repeat(partition)), h: S('h'.repeat(sort)) }));
    cases.push({ name: `key ${partition}/${sort} bytes read`, operation: 'GetItem', input: { TableName: TABLE, Key: { pk: S('p'.repeat(partition)), sk: S('s'.repeat(sort)) } } });
    cases.push({
      name: `start key ${partition}/${sort} bytes`,
      operation: 'Scan',
      input: { TableName: TABLE, ExclusiveStartKey: { pk: S('p'.repeat(partition)), sk: S('s'.repeat(sort)) } },
    });
  }
  // Items: 400 KB (409,600 bytes), by one value or by many attributes.
  const itemBytes = 2 + 1 + 2 + 1 + 1; // pk p, sk s, d
  for (const size of [409_600, 409_601, 2_000_000]) {
    cases.push(put(`item of ${size} bytes`, { ...KEY, d: S('x'.repeat(size - itemBytes)) }));
    cases.push(update(`update to ${size} bytes`, 'SET d = :v', { ':v': S('x'.repeat(size - itemBytes)) }));
  }
  for (const count of [1000, 40_000]) {
    cases.push(put(`item of ${count} attributes`, { ...KEY, ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`a${i}`, N('1')])) }));
    cases.push(put(`list of ${count} elements`, { ...KEY, l: { L: Array.from({ length: count }, () => N('1')) } }));
    cases.push(put(`string set of ${count} members`, { ...KEY, ss: { SS: Array.from({ length: count }, (_, i) => `m${i}`) } }));
  }
  // Numbers: 38 significant digits, magnitudes 1E-130 to below 1E126.
  for (const number of [`1${'0'.repeat(37)}`, `1${'1'.repeat(38)}`, '9.9999999999999999999999999999999999999E+125', '1E+126', '1E-130', '1E-131', `1${'0'.repeat(100_000)}`]) {
    cases.push(put(`number ${number.slice(0, 20)}… (${number.length} characters)`, { ...KEY, n: N(number) }));
  }
  // Batches and transactions: 100 gets, 25 writes, 100 actions, 4 MB.
  for (const count of [25, 26, 100, 101, 1000]) {
    const keys = Array.from({ length: count }, (_, i) => ({ pk: S(`p${i}`), sk: S('s') }));
    cases.push({ name: `BatchGetItem of ${count} keys`, operation: 'BatchGetItem', input: { RequestItems: { [TABLE]: { Keys: keys } } } });
    cases.push({
      name: `BatchWriteItem of ${count} puts`,
      operation: 'BatchWriteItem',
      input: { RequestItems: { [TABLE]: keys.map((Item) => ({ PutRequest: { Item } })) } },
    });
    cases.push({ name: `TransactGetItems of ${count}`, operation: 'TransactGetItems', input: { TransactItems: keys.map((Key) => ({ Get: { TableName: TABLE, Key } })) } });
    cases.push({ name: `TransactWriteItems of ${count}`, operation: 'TransactWriteItems', input: { TransactItems: keys.map((Item) => ({ Put: { TableName: TABLE, Item } })) } });
  }
  for (const items of [10, 11]) {
    const big = 'x'.repeat(390_000);
    const TransactItems = Array.from({ length: items }, (_, i) => ({ Put: { TableName: TABLE, Item: { pk: S(`big${i}`), sk: S('s'), d: S(big) } } }));
    cases.push({ name: `TransactWriteItems of ${items} items near 400 KB`, operation: 'TransactWriteItems', input: { TransactItems } });
  }
  for (const length of [0, 36, 37, 100_000]) {
    cases.push({
      name: `ClientRequestToken of ${length} characters`,
      operation: 'TransactWriteItems',
      input: { ClientRequestToken: 'c'.repeat(length), TransactItems: [{ Put: { TableName: TABLE, Item: KEY } }] },
    });
  }
  return cases;
}

/** The JSON text of a request, with each RawJson written as its text. */
function bodyOf(input: Json | string): string {
  if (typeof input === 'string') return input;
  const raw: string[] = [];
  const text = JSON.stringify(input, (_key, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    raw.push(value.text);
    return `\u0000raw${raw.length - 1}`;
  });
  return text.replace(/"\\u0000raw(\d+)"/g, (_match, index: string) => raw[Number(index)]!);
}

function fuzzRequest(testCase: LimitCase): FuzzRequest {
  const body = bodyOf(testCase.input);
  return { operation: testCase.operation, target: testCase.operation, body };
}

function newEngine(): Engine {
  const engine = createEngine({ region: 'us-east-1' });
  engine.execute('CreateTable', {
    TableName: TABLE,
    AttributeDefinitions: ['pk', 'sk', 'g', 'h'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'byGH',
        KeySchema: [
          { AttributeName: 'g', KeyType: 'HASH' },
          { AttributeName: 'h', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
  engine.execute('PutItem', { TableName: TABLE, Item: { ...KEY, a: S('x'), g: S('g'), h: S('h') } });
  return engine;
}

/** What is wrong with an answer, if anything. */
function problemOf(testCase: LimitCase, response: WireResponse): string | undefined {
  if (response.status === 200) return undefined;
  const text = typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8');
  if (response.status !== 400) return `status ${response.status}: ${text.slice(0, 300)}`;
  let type: unknown;
  try {
    type = (JSON.parse(text) as Json).__type;
  } catch {
    return `a body that is not JSON: ${text.slice(0, 300)}`;
  }
  const allowed = ['com.amazon.coral.validate#ValidationException'];
  if (testCase.deepJson) allowed.push('com.amazon.coral.service#SerializationException');
  if (testCase.alsoAllowed !== undefined) allowed.push(testCase.alsoAllowed);
  return allowed.includes(String(type)) ? undefined : `${String(type)}: ${text.slice(0, 300)}`;
}

async function answerWithin(transport: Transport, engine: Engine, request: FuzzRequest): Promise<WireResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([transport(engine, request, () => {}), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function sendAll(transport: Transport): Promise<{ problems: string[]; accepted: number; refused: number }> {
  const problems: string[] = [];
  let accepted = 0;
  let refused = 0;
  // A fresh engine per case: an accepted write does not change what the next case meets.
  for (const testCase of limitCases()) {
    const engine = newEngine();
    try {
      const response = await answerWithin(transport, engine, fuzzRequest(testCase));
      const problem = problemOf(testCase, response);
      if (problem !== undefined) problems.push(`${testCase.name}: ${problem}`);
      else if (response.status === 200) accepted++;
      else refused++;
    } catch (error) {
      problems.push(`${testCase.name}: ${String(error)}`);
    } finally {
      engine.close();
    }
  }
  return { problems, accepted, refused };
}

describe('limits, at and past each one', () => {
  let server: EngineServer | undefined;
  let current: Engine | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    // The server's engine is whichever fresh engine the case runs on.
    const follower: Engine = {
      execute: (operation, input) => current!.execute(operation, input),
      supports: (operation) => current!.supports(operation),
      get context() {
        return current!.context;
      },
      close() {},
    };
    server = await startEngineServer({ engine: follower });
  });
  afterAll(async () => {
    agent.destroy();
    await server?.close();
  });

  it('answers every one in process with a 200 or a ValidationException', { timeout: 300_000 }, async () => {
    const { problems, accepted, refused } = await sendAll(inProcess);
    expect(problems).toEqual([]);
    // Both sides of the limits are reached, so neither half of the check is vacuous.
    expect(accepted).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(100);
  });

  it('answers every one over HTTP with a 200 or a ValidationException', { timeout: 300_000 }, async () => {
    const send = overHttp(server!.url, agent);
    const { problems, accepted, refused } = await sendAll((engine, request, log) => {
      current = engine;
      return send(engine, request, log);
    });
    expect(problems).toEqual([]);
    expect(accepted).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(100);
  });
});
