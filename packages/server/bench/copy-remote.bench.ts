/**
 * `npm run bench:copy`: a copy onto a table across a connection (DynamoDB
 * Local, started here), one BatchWriteItem at a time against the batches in
 * flight side by side that imports, copies and sample loads use. The source is
 * the embedded engine in process, so what is timed is the writing. Rounds
 * alternate between the two, each into a table it creates; the figure is the
 * median of each. `--items=N` (default 5,000) and `--rounds=N` (default 3);
 * `--latency=MS` adds a delay to every call, as a table in another region has.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createEngine } from '@dynotable/engine';
import { DYNAMODB_LOCAL_CREDENTIALS, DYNAMODB_LOCAL_REGION, startDynamoDbLocal } from '../src/connections/dynamodb-local.js';
import { runCopy } from '../src/transfer/copy-job.js';
import { clientSend, type WireSend } from '../src/transfer/wire-send.js';

const option = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const ITEMS = option('items', 5000);
const ROUNDS = option('rounds', 3);
const LATENCY_MS = option('latency', 0);
const WAYS = [1, 4] as const;

const engine = createEngine();
engine.execute('CreateTable', {
  TableName: 'Source',
  AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'GSI1',
      KeySchema: [
        { AttributeName: 'gsi1pk', KeyType: 'HASH' },
        { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
  BillingMode: 'PAY_PER_REQUEST',
});
for (let start = 0; start < ITEMS; start += 25) {
  const requests = [];
  for (let i = start; i < Math.min(ITEMS, start + 25); i++) {
    const id = String(i).padStart(6, '0');
    requests.push({
      PutRequest: {
        Item: { pk: { S: `USER#${i % 500}` }, sk: { S: `ORDER#${id}` }, gsi1pk: { S: `STATUS#${i % 7}` }, gsi1sk: { S: id }, total: { N: String(i % 997) }, note: { S: 'x'.repeat(120) } },
      },
    });
  }
  engine.execute('BatchWriteItem', { RequestItems: { Source: requests } });
}
const source: WireSend = async (operation, input) => engine.execute(operation, input);

const local = await startDynamoDbLocal();
const client = new DynamoDBClient({ endpoint: local.endpoint, region: DYNAMODB_LOCAL_REGION, credentials: DYNAMODB_LOCAL_CREDENTIALS });
const plain = clientSend(client);
const target: WireSend = LATENCY_MS === 0 ? plain : async (operation, input) => {
  await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
  return plain(operation, input);
};
const never = new AbortController().signal;
const times = new Map<number, number[]>(WAYS.map((ways) => [ways, []]));
try {
  console.log(`copy onto DynamoDB Local: ${ITEMS.toLocaleString('en-US')} items with a GSI, ${ROUNDS} rounds each${LATENCY_MS > 0 ? `, ${LATENCY_MS} ms added to every call` : ''}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const ways of round % 2 === 0 ? WAYS : [...WAYS].reverse()) {
      const table = `Copy_${ways}_${round}`;
      const started = performance.now();
      const result = await runCopy({ source: { send: source, table: 'Source' }, target: { send: target, table, create: true }, concurrency: ways }, () => {}, never);
      const ms = performance.now() - started;
      if (result.written !== ITEMS) throw new Error(`round ${round}: ${result.written} of ${ITEMS} items written`);
      times.get(ways)!.push(ms);
      console.log(`  round ${round + 1}, ${ways} in flight: ${(ms / 1000).toFixed(2)} s`);
      await plain('DeleteTable', { TableName: table });
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const ways of WAYS) {
    const ms = median(times.get(ways)!);
    console.log(`${ways} batch${ways === 1 ? '' : 'es'} in flight: median ${(ms / 1000).toFixed(2)} s, ${Math.round((ITEMS * 1000) / ms).toLocaleString('en-US')} items/s`);
  }
  console.log(`speed-up: ${(median(times.get(1)!) / median(times.get(4)!)).toFixed(2)}×`);
} finally {
  client.destroy();
  await local.stop();
}
