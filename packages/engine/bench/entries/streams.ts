/**
 * What a stream costs: PutItem on a table without a stream and on the same
 * table with a NEW_AND_OLD_IMAGES stream (rounds interleaved, every put
 * changing its item so each makes a record), through `execute` in process
 * (many short paired rounds: compareInProcess) and sequentially over HTTP
 * through the SDK; and the time from a PutItem sent through the SDK's in-process transport to
 * its record read by GetRecords on a DynamoDBStreamsClient on the same
 * transport. Prints one JSON line.
 * `streams <milliseconds per round> <rounds>`
 */
import { readFileSync } from 'node:fs';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { createEngine, inProcessClientConfig, startEngineServer } from '../../src/index.js';
import { benchItem, TABLE_INPUT } from '../items.js';

const roundMs = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 7);
const ITEMS = 50_000;
const engine = createEngine({ region: 'us-east-1' });
engine.execute('CreateTable', { ...TABLE_INPUT, TableName: 'plain' });
engine.execute('CreateTable', {
  ...TABLE_INPUT,
  TableName: 'streamed',
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Table = 'plain' | 'streamed';
const counters = { plain: 0, streamed: 0 };
/** The next put on `table`: each gives its item a new value, so each makes a record. */
function nextItem(table: Table) {
  const i = counters[table]++;
  const item = benchItem(i % ITEMS, ITEMS);
  item.data.S = `${i}${item.data.S.slice(String(i).length)}`;
  return { TableName: table, Item: item };
}

/**
 * Milliseconds the main thread has run (Linux: /proc/thread-self/schedstat),
 * or undefined elsewhere. Time spent waiting for a core while other processes
 * run is not in it, so on a shared machine it is what the wall time of the
 * same work would be on an idle one (the GC's helper threads run beside the
 * main thread, as they would there).
 */
function threadMs(): number | undefined {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** `count` PutItem calls on `table` through `execute`: milliseconds of wall time and of the main thread's time. */
function inProcessTime(table: Table, count: number): { wall: number; thread: number | undefined } {
  const thread = threadMs();
  const start = performance.now();
  for (let k = 0; k < count; k++) engine.execute('PutItem', nextItem(table));
  const wall = performance.now() - start;
  const threadEnd = threadMs();
  return { wall, thread: thread === undefined || threadEnd === undefined ? undefined : threadEnd - thread };
}

/** Paired in-process rounds: how much longer the same puts take with a stream. */
interface PairedResult {
  /** PutItem/s without and with a stream: medians of the rounds, from `basis` time. */
  without: number;
  with: number;
  pairs: number;
  basis: 'thread' | 'wall';
  /** Per pair, the time with a stream over the time without, less one, in percent: the median and the quartiles. */
  slowerPercent: number;
  slowerLow: number;
  slowerHigh: number;
  /** The median from wall time, for comparison (on a busy machine far noisier). */
  wallSlowerPercent: number;
  /** All rounds with a stream over all without (a collection of the stream's garbage may fall in either), in percent. */
  totalSlowerPercent: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const quantile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * share)]!;

/**
 * Many short rounds of the same puts on each table, in pairs whose order
 * alternates: a load swing on a shared machine then hits both halves of a
 * pair alike, and the median of the pairs' ratios shrugs off the pairs it
 * did not. (Long rounds timed separately let one busy second decide.) Timed
 * by the main thread's own run time where the system tells it (threadMs),
 * else by the wall clock. The rounds last about `roundMs` / 10 each,
 * `rounds` × 10 pairs in all.
 */
function compareInProcess(): PairedResult {
  inProcessTime('plain', 5_000);
  inProcessTime('streamed', 5_000);
  // As many puts as last about a tenth of a round, the same for both tables.
  const count = Math.max(200, Math.round((5_000 / inProcessTime('plain', 5_000).wall) * (roundMs / 10)));
  const pairs = rounds * 10;
  const times = { plain: [] as number[], streamed: [] as number[], plainWall: [] as number[], streamedWall: [] as number[] };
  let basis: 'thread' | 'wall' = 'thread';
  for (let pair = 0; pair < pairs; pair++) {
    const order: Table[] = pair % 2 === 0 ? ['plain', 'streamed'] : ['streamed', 'plain'];
    for (const table of order) {
      const { wall, thread } = inProcessTime(table, count);
      if (thread === undefined) basis = 'wall';
      times[table].push(thread ?? wall);
      times[table === 'plain' ? 'plainWall' : 'streamedWall'].push(wall);
    }
  }
  if (basis === 'wall') [times.plain, times.streamed] = [times.plainWall, times.streamedWall];
  const ratios = times.plain.map((without, i) => (times.streamed[i]! / without - 1) * 100);
  const wallRatios = times.plainWall.map((without, i) => (times.streamedWall[i]! / without - 1) * 100);
  const rate = (ms: number[]) => (count / median(ms)) * 1000;
  return {
    without: rate(times.plain),
    with: rate(times.streamed),
    pairs,
    basis,
    slowerPercent: quantile(ratios, 0.5),
    slowerLow: quantile(ratios, 0.25),
    slowerHigh: quantile(ratios, 0.75),
    wallSlowerPercent: quantile(wallRatios, 0.5),
    totalSlowerPercent: (sum(times.streamed) / sum(times.plain) - 1) * 100,
  };
}

const server = await startEngineServer({ engine, port: 0 });
const http = new DynamoDBClient({ endpoint: server.url, region: 'us-east-1', credentials: { accessKeyId: 'b', secretAccessKey: 'b' }, maxAttempts: 1 });
/** Sequential PutItem calls per second on `table` for `ms`, over HTTP. */
async function httpRate(table: Table, ms: number): Promise<number> {
  const start = performance.now();
  let done = 0;
  while (performance.now() - start < ms) {
    await http.send(new PutItemCommand(nextItem(table) as never));
    done++;
  }
  return (done / (performance.now() - start)) * 1000;
}

/** Medians of interleaved rounds on both tables, after a warm-up of each. */
async function compare(rate: (table: Table, ms: number) => Promise<number>): Promise<{ without: number; with: number }> {
  await rate('plain', Math.min(500, roundMs));
  await rate('streamed', Math.min(500, roundMs));
  const plain: number[] = [];
  const streamed: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always runs on a warmer (or fuller) heap.
    const order: Table[] = round % 2 === 0 ? ['plain', 'streamed'] : ['streamed', 'plain'];
    for (const table of order) (table === 'plain' ? plain : streamed).push(await rate(table, roundMs));
  }
  return { without: median(plain), with: median(streamed) };
}

const overHttp = await compare(httpRate);
http.destroy();
await server.close();
const inProcess = compareInProcess();

// Write to record, through the SDK in process.
const latencyEngine = createEngine({ region: 'us-east-1' });
const created = latencyEngine.execute('CreateTable', {
  TableName: 'events',
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
}) as { TableDescription: { LatestStreamArn: string } };
const StreamArn = created.TableDescription.LatestStreamArn;
const config = inProcessClientConfig(latencyEngine);
const db = new DynamoDBClient(config);
const streams = new DynamoDBStreamsClient(config);
const ShardId = (await streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription!.Shards![0]!.ShardId!;
let iterator = (await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId, ShardIteratorType: 'LATEST' }))).ShardIterator!;
const latencies: number[] = [];
for (let i = 0; i < 1200; i++) {
  const began = performance.now();
  await db.send(new PutItemCommand({ TableName: 'events', Item: { pk: { S: `k${i}` }, n: { N: String(i) } } }));
  for (;;) {
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
    iterator = page.NextShardIterator!;
    if (page.Records!.length > 0) break;
  }
  // The first 200 warm the SDK and the engine up.
  if (i >= 200) latencies.push(performance.now() - began);
}
db.destroy();
streams.destroy();
latencies.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    httpPutWithout: overHttp.without,
    httpPutWith: overHttp.with,
    inProcessPutWithout: inProcess.without,
    inProcessPutWith: inProcess.with,
    inProcessPairs: {
      count: inProcess.pairs,
      basis: inProcess.basis,
      slowerPercent: inProcess.slowerPercent,
      slowerLow: inProcess.slowerLow,
      slowerHigh: inProcess.slowerHigh,
      wallSlowerPercent: inProcess.wallSlowerPercent,
      totalSlowerPercent: inProcess.totalSlowerPercent,
    },
    visibleMedianMs: latencies[Math.floor(latencies.length / 2)],
    visibleP99Ms: latencies[Math.floor(latencies.length * 0.99)],
  })}\n`,
);
