/**
 * The engine's share of a request's CPU without sockets: handleWireRequest on
 * the exact bytes and headers an SDK sends, for PutItem, GetItem and Query of
 * 100 items (table and GSI) and a 1 MB Scan page, in microseconds of this process's CPU time per
 * call (median of rounds): CPU time, not wall time, so a busy machine that
 * takes the CPU away now and then does not count.
 * `wire-micro <milliseconds per round> <rounds> [put,get,query-table,query-gsi,scan]`
 */
import { handleWireRequest } from '../../src/index.js';
import type { WireRequest } from '../../src/index.js';
import { engineWithItems } from '../engine-with-items.js';
import { benchItem, keyOf, PER_PARTITION } from '../items.js';

const roundMs = Number(process.argv[2] ?? 300);
const rounds = Number(process.argv[3] ?? 7);
const items = 5_000;
const engine = engineWithItems(items);

const headers = (operation: string) => ({
  host: '127.0.0.1:8000',
  'content-type': 'application/x-amz-json-1.0',
  'x-amz-target': `DynamoDB_20120810.${operation}`,
  'x-amz-user-agent': 'aws-sdk-js/3.0.0',
  'user-agent': 'aws-sdk-js/3.0.0 ua/2.1 os/linux lang/js md/nodejs#20',
  'amz-sdk-invocation-id': '8c6e4d4e-6b8e-4c47-9f3b-1f0d0c0d0e0f',
  'amz-sdk-request': 'attempt=1; max=1',
  'x-amz-date': '20261130T040000Z',
  'x-amz-content-sha256': '0'.repeat(64),
  authorization: 'AWS4-HMAC-SHA256 Credential=bench/20261130/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=' + '0'.repeat(64),
  'content-length': '100',
  connection: 'keep-alive',
});
const request = (operation: string, body: unknown): WireRequest => ({ method: 'POST', path: '/', headers: headers(operation), body: Buffer.from(JSON.stringify(body)) });
const partitions = items / PER_PARTITION;
const workloads: Record<string, (i: number) => WireRequest> = {
  put: (i) => request('PutItem', { TableName: 'bench', Item: benchItem((i * 7919) % items, items) }),
  get: (i) => request('GetItem', { TableName: 'bench', Key: keyOf(benchItem((i * 7919) % items, items)) }),
  'query-table': (i) => request('Query', { TableName: 'bench', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: `p#${String((i * 31) % partitions).padStart(5, '0')}` } } }),
  'query-gsi': (i) => request('Query', { TableName: 'bench', IndexName: 'gsi', KeyConditionExpression: 'gpk = :p', ExpressionAttributeValues: { ':p': { S: `g#${String((i * 31) % partitions).padStart(5, '0')}` } } }),
  // One page of about 1 MB: the whole table.
  scan: () => request('Scan', { TableName: 'bench' }),
};
// Requests are built beforehand: only the engine's work is timed.
const chosen = process.argv[4]?.split(',');
const prepared = Object.fromEntries(Object.entries(workloads).filter(([name]) => chosen === undefined || chosen.includes(name)).map(([name, make]) => [name, Array.from({ length: 997 }, (_, i) => make(i))]));
const results: Record<string, number[]> = {};
for (let round = 0; round < rounds; round++) {
  for (const [name, requests] of Object.entries(prepared)) {
    let n = 0;
    const cpu = process.cpuUsage();
    const start = performance.now();
    let now = start;
    while (now - start < roundMs) {
      for (let k = 0; k < 50; k++) {
        const answer = handleWireRequest(engine, requests[n++ % requests.length]!);
        if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${Buffer.from(answer.body).toString()}`);
      }
      now = performance.now();
    }
    const used = process.cpuUsage(cpu);
    (results[name] ??= []).push((used.user + used.system) / n);
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
process.stdout.write(`${JSON.stringify(Object.fromEntries(Object.entries(results).map(([k, v]) => [k, Number(median(v).toFixed(2))])))}\n`);
