/**
 * `npm run bench` (third part): the server's own time per Query, over the
 * engine call. A Query returning 100 items is sent (1) straight through the
 * SDK client to the embedded engine in this process — the engine call — and
 * (2) as the web UI sends it, POST .../items/query over HTTP to the server
 * running in this process on the same engine, with and without the generated
 * programs. The overhead is the difference of the medians. Target: under 2 ms.
 * The variants run in turns, and each line also gives the 10th percentile and
 * the CPU time per run: on a busy machine the medians grow with the wait for a
 * CPU, the p10 much less.
 *
 * Also shown, to place the overhead: the route handler called directly (input
 * validation, request building, the engine call, the answer as JSON, without
 * HTTP), and GET /api/health (HTTP and the security checks, no engine call).
 */
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { BatchWriteItemCommand, CreateTableCommand, QueryCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createJobRegistry } from '../src/api/jobs.js';
import { itemRoutes } from '../src/api/items-routes.js';
import type { ServerContext } from '../src/api/context.js';
import { createConnectionRegistry } from '../src/connections/registry.js';
import { startServer } from '../src/http/server.js';

const TABLE = 'Bench';
const ITEMS = 100;
const WARMUP = 300;
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1000);
const TARGET_MS = 2;

function benchItem(index: number): Record<string, AttributeValue> {
  const id = String(index).padStart(4, '0');
  return {
    PK: { S: 'TEAM#7' },
    SK: { S: `TICKET#${id}` },
    ticketId: { S: id },
    status: { S: ['open', 'pending', 'closed'][index % 3]! },
    priority: { N: String((index % 4) + 1) },
    title: { S: `Checkout page times out for EU customers (${id})` },
    body: { S: 'Since the 23rd, about one checkout in ten fails with a gateway timeout. Only customers in the EU region seem affected.' },
    createdAt: { S: `2026-06-${String((index % 28) + 1).padStart(2, '0')}T08:12:44Z` },
    tags: { SS: ['checkout', 'eu', `t${index % 5}`] },
    history: { L: [{ M: { at: { S: '2026-06-23T08:12:44Z' }, status: { S: 'open' } } }, { M: { at: { S: '2026-06-24T10:00:00Z' }, status: { S: 'pending' } } }] },
  };
}

async function fill(client: DynamoDBClient): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: TABLE,
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'SK', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  for (let start = 0; start < ITEMS; start += 25) {
    const batch = Array.from({ length: Math.min(25, ITEMS - start) }, (_, i) => ({ PutRequest: { Item: benchItem(start + i) } }));
    await client.send(new BatchWriteItemCommand({ RequestItems: { [TABLE]: batch } }));
  }
}

/**
 * The variants are run in turns (one of each, then again), so a busy machine
 * slows them alike; each one's median is then taken over its runs.
 */
interface Measure {
  /** Median wall-clock time. */
  readonly wall: number;
  /** The 10th percentile: close to the time on a quiet machine. */
  readonly fast: number;
  /** CPU time per run. */
  readonly cpu: number;
}

async function medians(variants: ReadonlyArray<readonly [string, () => Promise<void>]>): Promise<Measure[]> {
  for (let i = 0; i < WARMUP; i++) for (const [, run] of variants) await run();
  const times = variants.map(() => new Float64Array(RUNS));
  for (let i = 0; i < RUNS; i++) {
    for (const [v, [, run]] of variants.entries()) {
      const start = performance.now();
      await run();
      times[v]![i] = performance.now() - start;
    }
  }
  // CPU time per run (this process: client, server and engine), which other processes on a busy machine barely change.
  const cpu = variants.map(() => 0);
  for (const [v, [, run]] of variants.entries()) {
    const before = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) await run();
    const used = process.cpuUsage(before);
    cpu[v] = (used.user + used.system) / 1000 / RUNS;
  }
  return variants.map(([label], v) => {
    const sorted = times[v]!.sort();
    const result = sorted[Math.floor(RUNS / 2)]!;
    const fast = sorted[Math.floor(RUNS / 10)]!;
    console.log(`  ${label.padEnd(56)} median ${result.toFixed(3)} ms  p10 ${fast.toFixed(3)} ms  p90 ${sorted[Math.floor(RUNS * 0.9)]!.toFixed(3)} ms  CPU ${cpu[v]!.toFixed(3)} ms`);
    return { wall: result, fast, cpu: cpu[v]! };
  });
}

const connections = createConnectionRegistry({ seedExamples: false, env: {} });
await connections.add({ kind: 'embedded', inMemory: true });
const client = connections.get('embedded').client;
await fill(client);
const jobs = createJobRegistry();
const server = await startServer({ connections, jobs, port: 0, staticDir: '/nonexistent' });
const context: ServerContext = server.context;

const queryPath = `/api/connections/embedded/tables/${TABLE}/items/query`;
const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
const friendly = { key: 'PK = "TEAM#7"' };
const expressions = { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': { S: 'TEAM#7' } } };
const queryRoute = itemRoutes.find((route) => route.path.endsWith('/items/query'))!;
const params = { connectionId: 'embedded', table: TABLE };
const signal = new AbortController().signal;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** The answer's bytes, as the server sent them (parsing them is the client's time, not the server's). */
function post(path: string, body: string): Promise<{ status: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path, agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function overHttp(input: unknown): () => Promise<void> {
  const body = JSON.stringify(input);
  let checked = false;
  return async () => {
    const { status, bytes } = await post(queryPath, body);
    if (checked && status === 200) return;
    const page = JSON.parse(bytes.toString('utf8')) as { count?: number };
    if (status !== 200 || page.count !== ITEMS) throw new Error(`the Query answered ${status}: ${bytes.toString('utf8').slice(0, 300)}`);
    checked = true;
  };
}

async function handlerOnly(body: unknown): Promise<void> {
  const input = queryRoute.input.parse(body);
  const page = (await queryRoute.handler(context, { params, input, signal })) as { count: number };
  if (JSON.stringify(page).length === 0 || page.count !== ITEMS) throw new Error('the handler answered no page');
}

console.log(`Query overhead: ${ITEMS} items of about ${JSON.stringify(benchItem(0)).length} bytes of JSON each, ${RUNS} runs of each after ${WARMUP} warm-up`);
const [engine, health, httpNoCode, httpRaw, httpWithCode, handler, handlerWithCode] = (await medians([
  [
    'engine call (SDK client, in process)',
    async () => {
      const output = await client.send(new QueryCommand({ TableName: TABLE, ...expressions, ReturnConsumedCapacity: 'INDEXES' }));
      if (output.Count !== ITEMS) throw new Error('the engine answered no page');
    },
  ],
  [
    'GET /api/health over HTTP (no engine call)',
    async () => {
      const { status } = await new Promise<{ status: number }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: server.port, path: '/api/health', agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        });
        req.on('error', reject);
        req.end();
      });
      if (status !== 200) throw new Error(`health answered ${status}`);
    },
  ],
  ['POST .../items/query, friendly key, code: false', overHttp({ ...friendly, code: false })],
  ['POST .../items/query, expressions, code: false', overHttp({ ...expressions, code: false })],
  ['POST .../items/query, friendly key, with code', overHttp(friendly)],
  ['route handler, friendly key, code: false (no HTTP)', () => handlerOnly({ ...friendly, code: false })],
  ['route handler, friendly key, with code (no HTTP)', () => handlerOnly(friendly)],
])) as [Measure, Measure, Measure, Measure, Measure, Measure, Measure];

agent.destroy();
await server.close();
await connections.closeAll();

const over = (value: Measure) =>
  `${(value.wall - engine.wall).toFixed(3)} ms (p10 ${(value.fast - engine.fast).toFixed(3)} ms, CPU ${(value.cpu - engine.cpu).toFixed(3)} ms)`;
console.log(`  server's own time over the engine call: medians (p10s, CPU time per Query):`);
console.log(`    route handler alone, code: false:  ${over(handler)}; with code: ${over(handlerWithCode)}`);
console.log(`    through HTTP, code: false:         ${over(httpNoCode)}; expressions: ${over(httpRaw)}; with code: ${over(httpWithCode)}`);
console.log(`    of which HTTP alone (GET /api/health): ${health.wall.toFixed(3)} ms (p10 ${health.fast.toFixed(3)} ms, CPU ${health.cpu.toFixed(3)} ms)`);
const overhead = httpNoCode.wall - engine.wall;
const load = loadavg()[0]!;
console.log(
  `Query overhead ${overhead.toFixed(3)} ms (median; p10 ${(httpNoCode.fast - engine.fast).toFixed(3)} ms, CPU ${(httpNoCode.cpu - engine.cpu).toFixed(3)} ms) through HTTP, ` +
    `friendly key, code: false — target under ${TARGET_MS} ms: ${overhead < TARGET_MS ? 'met' : 'NOT met'}` +
    (load > cpus().length ? ` (load average ${load.toFixed(1)} on ${cpus().length} CPUs: the medians are inflated; the p10 is the better guide)` : ''),
);
