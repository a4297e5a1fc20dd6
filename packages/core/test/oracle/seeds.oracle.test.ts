/**
 * The product's worked examples, run on DynamoDB Local: the actor-scoped audit
 * log (a BETWEEN window over ISO-8601 sort keys, both directions) and the game
 * leaderboard (`result` is a reserved word: the friendly text aliases it, the
 * raw text is rejected with the message core also gives).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GetItemCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { compareStrings } from '@dynotable/core';
import type { Item } from '@dynotable/core';
import { oracleUnavailable } from '../support/dynamodb-local.js';
import { coreApi, missingCore } from './differential/core-api.js';
import { createTable, oracleSession, putAll, queryAll, uniqueTableName } from './tables.js';

const missing = missingCore('compileFriendly', 'parseRequestExpressions');

async function rejection(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'accepted';
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
}

function coreRejection(run: () => unknown): string {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
}

describe.skipIf(oracleUnavailable() || missing !== null)(`seed examples on DynamoDB Local${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const oracle = oracleSession();

  describe('audit log: one actor, events in a time window', () => {
    const actor = 'ACTOR#u_8814';
    const lower = 'EVT#2026-06-23T00:00:00Z';
    const upper = 'EVT#2026-06-23T23:59:59Z';
    const sortKeys = [
      'EVT#2026-06-22T23:59:59Z', // one second before the window
      lower, // the window's first second: inside (BETWEEN is inclusive)
      'EVT#2026-06-23T09:30:00Z#1', // two events in the same second,
      'EVT#2026-06-23T09:30:00Z#2', // made distinct by a suffix
      'EVT#2026-06-23T14:05:12Z',
      upper, // the last second: inside
      'EVT#2026-06-23T23:59:59Z#1', // same second as the bound, but sorts after it: outside
      'EVT#2026-06-24T00:00:00Z', // one second after the window
    ];
    let table: string;
    let request: ReturnType<typeof coreApi.compileFriendly>;

    beforeAll(async () => {
      table = uniqueTableName('audit-log');
      oracle.tables.push(table);
      await createTable(oracle.client, table, { partitionKey: 'PK', partitionType: 'S', sortKey: 'SK', sortType: 'S' });
      const events: Item[] = sortKeys.map((sk, i) => ({ PK: { S: actor }, SK: { S: sk }, action: { S: `action-${i}` } }));
      // Another actor's events in the same window must not come back.
      events.push({ PK: { S: 'ACTOR#u_0001' }, SK: { S: 'EVT#2026-06-23T12:00:00Z' }, action: { S: 'other' } });
      await putAll(oracle.client, table, events);
      request = coreApi.compileFriendly({ key: `PK = "${actor}" AND SK BETWEEN "${lower}" AND "${upper}"` });
    });

    const inWindow = () =>
      sortKeys.filter((sk) => compareStrings(lower, sk) <= 0 && compareStrings(sk, upper) <= 0).sort(compareStrings);

    it('returns exactly the window, oldest first', async () => {
      const items = await queryAll(oracle.client, { TableName: table, ...request });
      const returned = items.map((item) => ('S' in item.SK! ? item.SK.S : ''));
      expect(returned).toEqual(inWindow());
      expect(returned).toContain('EVT#2026-06-23T09:30:00Z#1');
      expect(returned).toContain('EVT#2026-06-23T09:30:00Z#2');
      expect(returned).not.toContain('EVT#2026-06-23T23:59:59Z#1');
      expect(items.every((item) => 'S' in item.PK! && item.PK.S === actor)).toBe(true);
    });

    it('returns the window newest first with ScanIndexForward=false', async () => {
      const items = await queryAll(oracle.client, { TableName: table, ...request, ScanIndexForward: false });
      expect(items.map((item) => ('S' in item.SK! ? item.SK.S : ''))).toEqual(inWindow().reverse());
    });
  });

  describe('leaderboard: the reserved word `result`', () => {
    const player = 'PLAYER#u8231';
    let table: string;

    beforeAll(async () => {
      table = uniqueTableName('leaderboard');
      oracle.tables.push(table);
      await createTable(oracle.client, table, { partitionKey: 'partitionId', partitionType: 'S', sortKey: 'rangeId', sortType: 'S' });
      await putAll(oracle.client, table, [
        { partitionId: { S: player }, rangeId: { S: 'PROFILE' }, handle: { S: 'nighthawk' } },
        { partitionId: { S: player }, rangeId: { S: 'MATCH#2026-06-23T14' }, result: { S: 'win' }, ratingDelta: { N: '18' } },
        { partitionId: { S: player }, rangeId: { S: 'MATCH#2026-06-23T11' }, result: { S: 'loss' }, ratingDelta: { N: '-15' } },
        { partitionId: { S: player }, rangeId: { S: 'MATCH#2026-06-22T09' }, result: { S: 'loss' }, ratingDelta: { N: '-4' } },
      ]);
    });

    it('runs the friendly update `SET result = "win"`', async () => {
      const request = coreApi.compileFriendly({ update: 'SET result = "win"' });
      const key = { partitionId: { S: player }, rangeId: { S: 'MATCH#2026-06-22T09' } };
      await oracle.client.send(new UpdateItemCommand({ TableName: table, Key: key, ...request }));
      const stored = await oracle.client.send(new GetItemCommand({ TableName: table, Key: key, ConsistentRead: true }));
      expect(stored.Item?.result).toEqual({ S: 'win' });
    });

    it('runs the friendly filter `result = "win"`', async () => {
      const request = coreApi.compileFriendly({ key: `partitionId = "${player}"`, filter: 'result = "win"' });
      const filtered = await queryAll(oracle.client, { TableName: table, ...request });
      const all = await queryAll(oracle.client, {
        TableName: table,
        KeyConditionExpression: 'partitionId = :p',
        ExpressionAttributeValues: { ':p': { S: player } },
      });
      const wins = all.filter((item) => item.result !== undefined && 'S' in item.result && item.result.S === 'win');
      expect(wins.length).toBeGreaterThan(0);
      expect(wins.length).toBeLessThan(all.length);
      expect(filtered).toEqual(wins);
    });

    it('rejects the raw `result = :r` with the reserved-keyword message core also gives', async () => {
      const raw = {
        KeyConditionExpression: 'partitionId = :p',
        FilterExpression: 'result = :r',
        ExpressionAttributeValues: { ':p': { S: player }, ':r': { S: 'win' } },
      };
      const dynamo = await rejection(() => oracle.client.send(new QueryCommand({ TableName: table, ...raw })));
      expect(dynamo).toBe('ValidationException: Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: result');
      expect(coreRejection(() => coreApi.parseRequestExpressions(raw))).toBe(dynamo);
    });

    it('rejects the raw update `SET result = :r` the same way on both', async () => {
      const raw = { UpdateExpression: 'SET result = :r', ExpressionAttributeValues: { ':r': { S: 'win' } } };
      const key = { partitionId: { S: player }, rangeId: { S: 'MATCH#2026-06-23T11' } };
      const dynamo = await rejection(() => oracle.client.send(new UpdateItemCommand({ TableName: table, Key: key, ...raw })));
      expect(dynamo).toBe('ValidationException: Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: result');
      expect(coreRejection(() => coreApi.parseRequestExpressions(raw))).toBe(dynamo);
    });
  });
});
