import type { BatchWriteItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { itemToWire, type Item } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/data/backoff.js';
import { deleteKeys } from '../../src/data/batch-delete-keys.js';

type Request = { DeleteRequest: { Key: Item } };

/** A client whose BatchWriteItem leaves some requests unprocessed, as a throttled table does. */
function throttlingClient(leaveUnprocessed: (call: number, requests: Request[]) => Request[]) {
  const calls: Request[][] = [];
  const client = {
    async send(command: BatchWriteItemCommand) {
      const requests = command.input.RequestItems!['t'] as unknown as Request[];
      calls.push(requests);
      const unprocessed = leaveUnprocessed(calls.length, requests);
      return {
        UnprocessedItems: unprocessed.length > 0 ? { t: unprocessed } : {},
        ConsumedCapacity: [{ TableName: 't', CapacityUnits: requests.length - unprocessed.length }],
      };
    },
  } as unknown as DynamoDBClient;
  return { client, calls };
}

const keys = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: { N: String(i) } }));
const noWait = { sleep: async () => {} };

describe('batch deletes with unprocessed items', () => {
  it('retries unprocessed items until they are done', async () => {
    const waits: number[] = [];
    const { client, calls } = throttlingClient((call, requests) => (call <= 2 ? requests.slice(0, 10) : []));
    const result = await deleteKeys(client, 't', keys(30), { sleep: async (ms) => void waits.push(ms), random: () => 1 });
    expect(result.deleted).toBe(30);
    expect(result.notDeleted).toEqual([]);
    expect(calls.map((c) => c.length)).toEqual([25, 10, 10, 5]);
    expect(waits).toEqual([50, 100]);
    expect(result.consumed.writeUnits).toBe(30);
  });

  it('names exactly the keys it could not delete after the last attempt', async () => {
    const stubborn = new Set(['3', '27']);
    const { client } = throttlingClient((_call, requests) => requests.filter((r) => stubborn.has((r.DeleteRequest.Key['id'] as { N: string }).N)));
    const progress: number[] = [];
    const result = await deleteKeys(client, 't', keys(30), { ...noWait, maxAttempts: 4, onProgress: (n) => progress.push(n) });
    expect(result.deleted).toBe(28);
    expect(result.notDeleted.map((n) => n.key)).toEqual([itemToWire({ id: { N: '3' } }), itemToWire({ id: { N: '27' } })]);
    expect(result.notDeleted[0]!.reason).toContain('after 4 attempts');
    expect(progress).toEqual([24, 28]);
  });

  it('stops at an error mid-way and lists every key not reached', async () => {
    let call = 0;
    const client = {
      async send() {
        if (++call === 2) throw Object.assign(new Error('Requested resource not found'), { name: 'ResourceNotFoundException' });
        return { ConsumedCapacity: [{ TableName: 't', CapacityUnits: 25 }] };
      },
    } as unknown as DynamoDBClient;
    const result = await deleteKeys(client, 't', keys(60), noWait);
    expect(result.deleted).toBe(25);
    expect(result.notDeleted).toHaveLength(35);
    expect(result.notDeleted[0]!.key).toEqual(itemToWire({ id: { N: '25' } }));
    expect(result.error).toEqual({ type: 'ResourceNotFoundException', message: 'Requested resource not found' });
  });

  it('doubles the backoff ceiling each attempt up to the cap', () => {
    const ceilings = [1, 2, 3, 4, 8, 20].map((attempt) => backoffDelay(attempt, { random: () => 0.999999, baseDelayMs: 100, maxDelayMs: 1000 }));
    expect(ceilings).toEqual([99, 199, 399, 799, 999, 999]);
  });
});
