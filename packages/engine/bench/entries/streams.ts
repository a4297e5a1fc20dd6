/**
 * What a stream costs: PutItem on a table without a stream and on the same
 * table with a NEW_AND_OLD_IMAGES stream (rounds interleaved, every put
 * changing its item so each makes a record), through `execute` in process and
 * sequentially over HTTP through the SDK; and the time from a PutItem sent through the SDK's in-process transport to
 * its record read by GetRecords on a DynamoDBStreamsClient on the same
 * transport. Prints one JSON line.
 * `streams <milliseconds per round> <rounds>`
 */
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

/** PutItem calls per second on `table` for `ms`, through `execute`. */
async function inProcessRate(table: Table, ms: number): Promise<number> {
  const start = performance.now();
  let done = 0;
  let now = start;
  while (now - start < ms) {
    for (let k = 0; k < 200; k++) engine.execute('PutItem', nextItem(table));
    done += 200;
    now = performance.now();
  }
  return (done / (now - start)) * 1000;
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
const inProcess = await compare(inProcessRate);

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
    visibleMedianMs: latencies[Math.floor(latencies.length / 2)],
    visibleP99Ms: latencies[Math.floor(latencies.length * 0.99)],
  })}\n`,
);
