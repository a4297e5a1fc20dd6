/**
 * Expression throughput: parse + validate (parseRequestExpressions), print
 * (printExpressions) and friendly compile (compileFriendly) for a typical key
 * condition, update and filter. Run with `npm run bench`; set BENCH_MS to change
 * the measured duration per case (default 1000 ms after 300 ms of warm-up).
 */
import {
  compileFriendly,
  parseRequestExpressions,
  printExpressions,
  type ExpressionRequest,
  type FriendlyKind,
} from '../src/index.js';
import { bench, environment, formatTable, type BenchOptions, type BenchResult } from './harness.js';

interface Case {
  name: string;
  request: ExpressionRequest;
  friendly: Partial<Record<FriendlyKind, string>>;
}

const CASES: Case[] = [
  {
    name: 'key condition',
    request: {
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
      ExpressionAttributeNames: { '#pk': 'PK', '#sk': 'SK' },
      ExpressionAttributeValues: {
        ':pk': { S: 'ACTOR#u_8814' },
        ':lo': { S: 'EVT#2026-06-23T00:00:00Z' },
        ':hi': { S: 'EVT#2026-06-23T23:59:59Z' },
      },
    },
    friendly: { key: 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"' },
  },
  {
    name: 'update',
    request: {
      UpdateExpression: 'SET #status = :status, #gsi1sk = :gsi1sk, #count = #count + :one REMOVE #draft',
      ExpressionAttributeNames: { '#status': 'status', '#gsi1sk': 'GSI1SK', '#count': 'count', '#draft': 'draft' },
      ExpressionAttributeValues: {
        ':status': { S: 'closed' },
        ':gsi1sk': { S: 'STATUS#closed#TICKET#8842' },
        ':one': { N: '1' },
      },
    },
    friendly: { update: 'SET status = "closed", GSI1SK = "STATUS#closed#TICKET#8842", count = count + 1 REMOVE draft' },
  },
  {
    name: 'filter',
    request: {
      FilterExpression: '#status IN (:open, :pending) AND size(#tags) > :n AND attribute_exists(#owner.#name)',
      ExpressionAttributeNames: { '#status': 'status', '#tags': 'tags', '#owner': 'owner', '#name': 'name' },
      ExpressionAttributeValues: { ':open': { S: 'open' }, ':pending': { S: 'pending' }, ':n': { N: '2' } },
    },
    friendly: { filter: 'status IN ("open", "pending") AND size(tags) > 2 AND attribute_exists(owner.name)' },
  },
];

const duration = Number(process.env.BENCH_MS ?? 1000);
const options: BenchOptions = { warmupMs: 300, durationMs: Number.isFinite(duration) && duration > 0 ? duration : 1000 };

const results: BenchResult[] = [];
for (const { name, request, friendly } of CASES) {
  const parsed = parseRequestExpressions(request);
  results.push(bench(`${name}: parse + validate`, () => parseRequestExpressions(request), options));
  results.push(bench(`${name}: print`, () => printExpressions(parsed), options));
  results.push(bench(`${name}: compileFriendly`, () => compileFriendly(friendly), options));
}

console.log(environment());
console.log(`${options.durationMs} ms per case after ${options.warmupMs} ms warm-up\n`);
console.log(formatTable(results));
