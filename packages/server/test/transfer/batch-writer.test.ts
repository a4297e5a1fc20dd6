import { describe, expect, it } from 'vitest';
import type { Item } from '@dynotable/core';
import { writeAll } from '../../src/transfer/batch-writer.js';
import { ConsumedTally } from '../../src/data/consumed.js';
import type { WireSend } from '../../src/transfer/wire-send.js';

const keys = { partition: { name: 'pk', type: 'S' as const }, partitionKeys: [{ name: 'pk', type: 'S' as const }], sortKeys: [] };

async function* items(count: number, key = (i: number) => `k${i}`): AsyncIterable<Item> {
  for (let i = 0; i < count; i++) yield { pk: { S: key(i) }, v: { N: String(i) } };
}

type Request = { PutRequest: { Item: Record<string, { S?: string }> } };

/** A BatchWriteItem that leaves the last `left(call)` requests of each call unprocessed. */
function fakeSend(left: (call: number) => number, calls: Request[][]): WireSend {
  return async (operation, input) => {
    expect(operation).toBe('BatchWriteItem');
    const requests = (input['RequestItems'] as Record<string, Request[]>)['T']!;
    calls.push(requests);
    const keep = Math.min(left(calls.length), requests.length);
    const unprocessed = requests.slice(requests.length - keep);
    return { UnprocessedItems: keep > 0 ? { T: unprocessed } : {}, ConsumedCapacity: [{ TableName: 'T', CapacityUnits: requests.length - keep }] };
  };
}

/** One batch at a time, so the order of the calls is known. */
const options = (send: WireSend, signal = new AbortController().signal) => ({ send, table: 'T', keys, signal, consumed: new ConsumedTally(), baseDelayMs: 0, concurrency: 1 });

describe('writeAll', () => {
  it('sends 25 at a time and sends unprocessed items again until all are written', async () => {
    const calls: Request[][] = [];
    const send = fakeSend((call) => (call === 1 ? 10 : call === 2 ? 3 : 0), calls);
    const result = await writeAll(items(60), options(send));
    expect(result).toEqual({ written: 60, stopped: false });
    expect(calls.map((requests) => requests.length)).toEqual([25, 10, 3, 25, 10]);
    const sent = calls.flat().map((request) => request.PutRequest.Item['pk']!.S);
    expect(new Set(sent).size).toBe(60);
  });

  it('gives up after the last attempt, saying exactly how many were written', async () => {
    const calls: Request[][] = [];
    const send = fakeSend((call) => (call === 1 ? 0 : 5), calls);
    const failure = writeAll(items(30), { ...options(send), maxAttempts: 3 });
    await expect(failure).rejects.toMatchObject({
      type: 'ProvisionedThroughputExceededException',
      message: 'DynamoDB left 5 items unprocessed after 3 attempts (25 items were written; the rest were not.)',
    });
  });

  it('starts a new batch when a key comes again, so the later item is written last', async () => {
    const calls: Request[][] = [];
    const result = await writeAll(items(6, (i) => (i === 4 ? 'k1' : `k${i}`)), options(fakeSend(() => 0, calls)));
    expect(result.written).toBe(6);
    expect(calls.map((requests) => requests.map((request) => request.PutRequest.Item['pk']!.S))).toEqual([
      ['k0', 'k1', 'k2', 'k3'],
      ['k1', 'k5'],
    ]);
  });

  it('passes DynamoDB’s error on with what was written', async () => {
    let call = 0;
    const send: WireSend = async () => {
      if (++call === 2) throw Object.assign(new Error('Requested resource not found'), { name: 'ResourceNotFoundException' });
      return { UnprocessedItems: {} };
    };
    await expect(writeAll(items(40), options(send))).rejects.toMatchObject({
      type: 'ResourceNotFoundException',
      message: 'Requested resource not found (25 items were written; the rest were not.)',
    });
  });

  it('stops before the next batch once aborted', async () => {
    const controller = new AbortController();
    const calls: Request[][] = [];
    const send: WireSend = async (operation, input) => {
      const result = await fakeSend(() => 0, calls)(operation, input);
      if (calls.length === 2) controller.abort();
      return result;
    };
    expect(await writeAll(items(100), options(send, controller.signal))).toEqual({ written: 50, stopped: true });
    expect(calls.length).toBe(2);
  });
});

/** A BatchWriteItem that answers after a delay, keeping the table's items in a map, and counts the batches in flight. */
function slowTable(delay: (call: number) => number) {
  const stored = new Map<string, string>();
  const state = { inFlight: 0, most: 0, calls: 0 };
  const send: WireSend = async (_operation, input) => {
    const requests = (input['RequestItems'] as Record<string, Request[]>)['T']!;
    const call = ++state.calls;
    state.inFlight++;
    state.most = Math.max(state.most, state.inFlight);
    await new Promise((resolve) => setTimeout(resolve, delay(call)));
    for (const request of requests) stored.set(request.PutRequest.Item['pk']!.S!, (request.PutRequest.Item['v'] as { N: string }).N);
    state.inFlight--;
    return { UnprocessedItems: {} };
  };
  return { send, stored, state };
}

describe('writeAll with batches in flight side by side', () => {
  const parallel = (send: WireSend, signal = new AbortController().signal) => ({ ...options(send, signal), concurrency: 4 });

  it('keeps four batches in flight and writes every item', async () => {
    const table = slowTable(() => 5);
    expect(await writeAll(items(500), parallel(table.send))).toEqual({ written: 500, stopped: false });
    expect(table.state.most).toBe(4);
    expect(table.stored.size).toBe(500);
  });

  it('writes a key met again after the batch that holds it has landed, so the later item wins', async () => {
    // The first batches are slow and the later ones fast: without the wait, an older value would land last.
    const table = slowTable((call) => (call <= 2 ? 30 : 1));
    const key = (i: number) => `k${i % 40}`;
    const result = await writeAll(items(200, key), parallel(table.send));
    expect(result).toEqual({ written: 200, stopped: false });
    for (let k = 0; k < 40; k++) expect(table.stored.get(`k${k}`)).toBe(String(160 + k));
  });

  it('on an error, lets the batches in flight land and counts them', async () => {
    let call = 0;
    const landed: number[] = [];
    const send: WireSend = async (_operation, input) => {
      const mine = ++call;
      const requests = (input['RequestItems'] as Record<string, Request[]>)['T']!;
      await new Promise((resolve) => setTimeout(resolve, mine === 2 ? 1 : 20));
      if (mine === 2) throw Object.assign(new Error('Requested resource not found'), { name: 'ResourceNotFoundException' });
      landed.push(requests.length);
      return { UnprocessedItems: {} };
    };
    const failure = await writeAll(items(1000), parallel(send)).catch((error: unknown) => error);
    const written = landed.reduce((sum, n) => sum + n, 0);
    expect(written).toBeGreaterThan(0);
    expect(failure).toMatchObject({ type: 'ResourceNotFoundException', message: `Requested resource not found (${written} items were written; the rest were not.)` });
    // Nothing was sent after the failure was known beyond what was in flight then.
    expect(call).toBeLessThanOrEqual(5);
  });

  it('once aborted sends no new batch, and the count is what landed', async () => {
    const controller = new AbortController();
    const table = slowTable(() => 5);
    const send: WireSend = async (operation, input) => {
      const output = await table.send(operation, input);
      if (table.state.calls === 6) controller.abort();
      return output;
    };
    const result = await writeAll(items(1000), parallel(send, controller.signal));
    expect(result.stopped).toBe(true);
    expect(result.written).toBe(table.stored.size);
    expect(table.state.calls).toBeLessThan(12);
  });

  it('waits for the batches in flight when the items cannot be read on, and passes the error', async () => {
    const table = slowTable(() => 10);
    async function* broken(): AsyncIterable<Item> {
      yield* items(60);
      throw new Error('line 61 is not JSON');
    }
    await expect(writeAll(broken(), parallel(table.send))).rejects.toThrow('line 61 is not JSON');
    expect(table.state.inFlight).toBe(0);
    expect(table.stored.size).toBe(50);
  });
});
