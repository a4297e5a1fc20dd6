/**
 * The fuzz loop: builds a valid request for a random operation, mutates it
 * (or not), sends it through a transport and checks the answer and the data.
 * Returns the failures instead of throwing, so one run reports them all.
 */
import { createEngine, type Engine } from '../../src/engine.js';
import type { WireRequest, WireResponse } from '../../src/wire/protocol.js';
import { createFixtures, OPERATIONS, VALID_REQUESTS } from './fixtures.js';
import { invalidUtf8, mutateRequest, mutateText } from './mutate.js';
import { CountingStorage, dataDigest, shapeProblem } from './oracle.js';
import { Random } from './random.js';

export const AUTHORIZATION = 'AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, Signature=0';

/** A request as the fuzzer sends it: a text body, or bytes when they are not valid UTF-8. */
export interface FuzzRequest {
  operation: string;
  target: string;
  body: string | Uint8Array;
}

/** Sends a request; unexpected exceptions the wire layer catches go to `log`. */
export type Transport = (engine: Engine, request: FuzzRequest, log: (error: unknown) => void) => Promise<WireResponse>;

interface Failure {
  seed: number;
  index: number;
  problem: string;
  target: string;
  body: string;
}

export interface FuzzStats {
  sent: number;
  rejected: number;
  accepted: number;
  dumpsCompared: number;
  slowestMs: number;
  failures: Failure[];
}

/** A generous bound that only a hang (or a pathological blow-up) exceeds. */
const HANG_MS = 10_000;
/** A fresh world every so many requests keeps the data small and the run fast. */
const REQUESTS_PER_WORLD = 4000;
const DUMP_EVERY = 500;

function freshWorld(seed: number): { engine: Engine; storage: CountingStorage } {
  const storage = new CountingStorage();
  const engine = createEngine({ storage, region: 'us-east-1', accountId: '123456789012', now: () => Date.UTC(2026, 0, 15) });
  createFixtures(engine, new Random(seed));
  return { engine, storage };
}

/** One request: valid, mutated, or mutated as text, bytes or target. */
function nextRequest(rng: Random): FuzzRequest {
  const operation = rng.pick(OPERATIONS);
  const valid = VALID_REQUESTS[operation]!(rng);
  const roll = rng.next();
  let target = operation;
  let body: string | Uint8Array;
  if (roll < 0.1) body = JSON.stringify(valid);
  else if (roll < 0.85) body = JSON.stringify(mutateRequest(rng, valid));
  else if (roll < 0.93) body = mutateText(rng, JSON.stringify(rng.chance(0.5) ? valid : mutateRequest(rng, valid)));
  else if (roll < 0.97) body = invalidUtf8(rng, JSON.stringify(valid));
  else {
    // The right body sent to another operation, or to an unknown one.
    target = rng.chance(0.8) ? rng.pick(OPERATIONS) : rng.pick(['Nope', '', 'putitem', 'constructor', '__proto__', 'PutItem ']);
    body = JSON.stringify(valid);
  }
  return { operation, target, body };
}

/** Operations sent under the Streams API's target prefix. */
const STREAM_OPERATIONS = new Set(['ListStreams', 'DescribeStream', 'GetShardIterator', 'GetRecords']);

export function wireRequest(request: FuzzRequest, body: string): WireRequest {
  return {
    method: 'POST',
    path: '/',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `${STREAM_OPERATIONS.has(request.target) ? 'DynamoDBStreams_20120810' : 'DynamoDB_20120810'}.${request.target}`,
      authorization: AUTHORIZATION,
    },
    body,
  };
}

function describeBody(body: string | Uint8Array): string {
  const text = typeof body === 'string' ? body : `bytes:${Buffer.from(body).toString('base64')}`;
  return text.length > 2000 ? `${text.slice(0, 2000)}…(${text.length} chars)` : text;
}

const WRITES_TO_COMPARE = new Set(['TransactWriteItems', 'BatchWriteItem']);

export async function fuzz(seed: number, count: number, transport: Transport): Promise<FuzzStats> {
  const rng = new Random(seed);
  const stats: FuzzStats = { sent: 0, rejected: 0, accepted: 0, dumpsCompared: 0, slowestMs: 0, failures: [] };
  let world = freshWorld(seed);
  let digest = '';
  let digestAt = -1;
  const fail = (index: number, request: FuzzRequest, problem: string) => {
    if (stats.failures.length < 200) stats.failures.push({ seed, index, problem, target: request.target, body: describeBody(request.body) });
  };
  for (let index = 0; index < count; index++) {
    if (index > 0 && index % REQUESTS_PER_WORLD === 0) {
      world.engine.close();
      world = freshWorld(seed + index);
      digestAt = -1;
    }
    const request = nextRequest(rng);
    const compareDump = WRITES_TO_COMPARE.has(request.target) || index % DUMP_EVERY === 0;
    // The digest only changes with the storage: reuse it while nothing was written.
    if (compareDump && digestAt !== world.storage.changes) {
      digest = dataDigest(world.engine);
      digestAt = world.storage.changes;
    }
    const before = digest;
    const changesBefore = world.storage.changes;
    const started = performance.now();
    let response: WireResponse;
    let logged: unknown;
    try {
      response = await transport(world.engine, request, (error) => (logged = error));
    } catch (error) {
      fail(index, request, `transport threw: ${String(error)}`);
      continue;
    } finally {
      stats.sent++;
    }
    const elapsed = performance.now() - started;
    stats.slowestMs = Math.max(stats.slowestMs, elapsed);
    if (elapsed > HANG_MS) fail(index, request, `took ${Math.round(elapsed)} ms`);
    const problem = shapeProblem(request.target, response);
    if (problem !== undefined) {
      const cause = logged instanceof Error ? ` — ${logged.stack?.split('\n').slice(0, 6).join(' | ')}` : '';
      fail(index, request, problem + cause);
    }
    if (response.status === 200) {
      stats.accepted++;
      continue;
    }
    stats.rejected++;
    if (world.storage.changes !== changesBefore) fail(index, request, 'a rejected request wrote to storage');
    if (compareDump) {
      stats.dumpsCompared++;
      if (dataDigest(world.engine) !== before) fail(index, request, 'a rejected request changed the data');
    }
  }
  world.engine.close();
  return stats;
}
