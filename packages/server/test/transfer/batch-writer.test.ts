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

const options = (send: WireSend, signal = new AbortController().signal) => ({ send, table: 'T', keys, signal, consumed: new ConsumedTally(), baseDelayMs: 0 });

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
      message: 'DynamoDB left 5 items unprocessed after 3 attempts (25 items were written before this; the rest were not.)',
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
      message: 'Requested resource not found (25 items were written before this; the rest were not.)',
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
