/**
 * The same SDK workload for every server: load the table, then time single
 * item calls (sequential and 16 in flight), Query of 100 items on the table
 * and the GSI, BatchWriteItem of 25, TransactWriteItems, and a paginated Scan.
 * Each measurement runs `rounds` times; the median round counts.
 */
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DescribeTableCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import type { AttributeValue, DynamoDBClient, WriteRequest } from '@aws-sdk/client-dynamodb';
import { benchItem, keyOf, PER_PARTITION, TABLE_INPUT, type BenchItem } from './items.js';

export interface WorkloadSizes {
  items: number;
  singleCalls: number;
  queries: number;
  batches: number;
  transactions: number;
  scans: number;
  rounds: number;
}

export type Measurement =
  | 'put-seq'
  | 'get-seq'
  | 'put-16'
  | 'get-16'
  | 'query-table'
  | 'query-gsi'
  | 'batch-write'
  | 'transact-write'
  | 'scan';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `count` calls with at most `inFlight` at once; returns calls per second. */
async function rate(count: number, inFlight: number, call: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < count) await call(next++);
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return (count / (performance.now() - start)) * 1000;
}

/** Creates the table and writes `items` items with BatchWriteItem, 8 requests in flight. */
export async function load(client: DynamoDBClient, items: number): Promise<void> {
  await client.send(new CreateTableCommand(TABLE_INPUT as ConstructorParameters<typeof CreateTableCommand>[0]));
  // dynalite (and DynamoDB) create tables asynchronously: wait until ACTIVE.
  for (let tries = 0; ; tries++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'bench' }));
    const indexes = Table?.GlobalSecondaryIndexes ?? [];
    if (Table?.TableStatus === 'ACTIVE' && indexes.every((i) => i.IndexStatus === 'ACTIVE')) break;
    if (tries > 500) throw new Error(`table still ${Table?.TableStatus ?? 'unknown'} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const batches = Math.ceil(items / 25);
  await rate(batches, 8, async (b) => {
    let requests: WriteRequest[] = Array.from({ length: Math.min(25, items - b * 25) }, (_, k) => ({ PutRequest: { Item: { ...benchItem(b * 25 + k, items) } } }));
    while (requests.length > 0) {
      const answer = await client.send(new BatchWriteItemCommand({ RequestItems: { bench: requests } }));
      requests = answer.UnprocessedItems?.bench ?? [];
    }
  });
}

/** One round of each measurement, in calls per second; the caller interleaves rounds across servers. */
export function measurements(client: DynamoDBClient, sizes: WorkloadSizes, options: { scan: boolean }): Partial<Record<Measurement, () => Promise<number>>> {
  const { items } = sizes;
  const pick = (i: number) => benchItem((i * 7919) % items, items);
  // Writes go to the same keys again, so the table keeps its size during the run, but
  // every write changes the item (a server may skip rewriting an identical item).
  let writes = 0;
  const written = (i: number): BenchItem => {
    const item = pick(i);
    const tag = (writes++).toString(36).padStart(7, '0');
    return { ...item, data: { S: item.data.S.slice(0, -tag.length) + tag } };
  };
  const put = (i: number) => client.send(new PutItemCommand({ TableName: 'bench', Item: { ...written(i) } }));
  const get = (i: number) => client.send(new GetItemCommand({ TableName: 'bench', Key: keyOf(pick(i)) }));
  const partitions = Math.max(1, Math.floor(items / PER_PARTITION));
  const queryOf = (i: number, index: boolean) =>
    new QueryCommand({
      TableName: 'bench',
      ...(index ? { IndexName: 'gsi' } : {}),
      KeyConditionExpression: index ? 'gpk = :p' : 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: `${index ? 'g' : 'p'}#${String((i * 31) % partitions).padStart(5, '0')}` } },
    });
  const batchOf = (b: number) =>
    new BatchWriteItemCommand({ RequestItems: { bench: Array.from({ length: 25 }, (_, k) => ({ PutRequest: { Item: { ...written(b * 25 + k) } } })) } });
  const transactionOf = (t: number) =>
    new TransactWriteItemsCommand({ TransactItems: Array.from({ length: 4 }, (_, k) => ({ Put: { TableName: 'bench', Item: { ...written(t * 4 + k) } } })) });
  const scanAll = async () => {
    let start: Record<string, AttributeValue> | undefined;
    let seen = 0;
    do {
      const page = await client.send(new ScanCommand({ TableName: 'bench', ExclusiveStartKey: start }));
      seen += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    if (seen !== items) throw new Error(`Scan saw ${seen} items, expected ${items}`);
  };
  return {
    'put-seq': () => rate(sizes.singleCalls, 1, put),
    'get-seq': () => rate(sizes.singleCalls, 1, get),
    'put-16': () => rate(sizes.singleCalls, 16, put),
    'get-16': () => rate(sizes.singleCalls, 16, get),
    'query-table': () => rate(sizes.queries, 1, (i) => client.send(queryOf(i, false))),
    'query-gsi': () => rate(sizes.queries, 1, (i) => client.send(queryOf(i, true))),
    'batch-write': () => rate(sizes.batches, 1, (b) => client.send(batchOf(b))),
    'transact-write': () => rate(sizes.transactions, 1, (t) => client.send(transactionOf(t))),
    ...(options.scan ? { scan: () => rate(1, 1, scanAll) } : {}),
  };
}

export const MEASUREMENTS: Measurement[] = ['put-seq', 'get-seq', 'put-16', 'get-16', 'query-table', 'query-gsi', 'batch-write', 'transact-write', 'scan'];
