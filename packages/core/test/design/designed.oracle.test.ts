/**
 * The designs the designer derives from the examples' questions, on DynamoDB
 * Local: items written with the designed keys, each question run as its plan's
 * request (every page), compared with the answer computed from the items alone.
 */
import { describe, expect, it } from 'vitest';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient, QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { designModel, entityKeyValues, fromNative, requestForPlan } from '@dynotable/core';
import type { DesignResult, Item, Model, NativeItem, TableSpec } from '@dynotable/core';
import { oracleUnavailable } from '../support/dynamodb-local.js';
import { createModelTable, oracleSession, putAll, queryAll, uniqueTableName } from '../oracle/tables.js';
import { loadExample, stripKeys } from './fixtures.js';

/** The designed table, every GSI projecting ALL so each question's picks are there whatever the designer projects. */
async function createDesignedTable(client: DynamoDBClient, table: TableSpec, name: string): Promise<void> {
  const projectingAll = table.globalSecondaryIndexes.map((index) => ({ ...index, projection: { type: 'ALL' as const } }));
  await createModelTable(client, { ...table, globalSecondaryIndexes: projectingAll }, name);
}

interface Scenario {
  example: 'leaderboard' | 'audit-log' | 'ticket-desk';
  items: { entity: string; values: NativeItem }[];
  calls: { pattern: string; args: Record<string, unknown>; expected: (items: NativeItem[]) => unknown[]; pick: (item: Item) => unknown }[];
}

const s = (item: Item, name: string) => (item[name] as { S: string }).S;
const n = (item: Item, name: string) => Number((item[name] as { N: string }).N);
const at = (second: number) => new Date(Date.UTC(2026, 5, 23, 23, 59, second)).toISOString().replace('.000Z', 'Z');

const SCENARIOS: Scenario[] = [
  {
    example: 'leaderboard',
    items: [
      ...[100, 9, 1000, 99, 10, 0].map((rating, i) => ({ entity: 'Player', values: { playerId: `p${i}0000`, handle: `h${i}xx`, season: '2026-Q2', rating } })),
      { entity: 'Player', values: { playerId: 'q00000', handle: 'other', season: '2026-Q1', rating: 5000 } },
      { entity: 'Match', values: { playerId: 'p00000', matchId: 'm0000002', playedAt: at(10), result: 'win' } },
      { entity: 'Match', values: { playerId: 'p00000', matchId: 'm0000001', playedAt: at(10), result: 'loss' } },
      { entity: 'Match', values: { playerId: 'p00000', matchId: 'm0000003', playedAt: at(11), result: 'draw' } },
    ],
    calls: [
      {
        pattern: 'topPlayersOfSeason',
        args: { season: '2026-Q2' },
        expected: (items) => items.filter((i) => i['season'] === '2026-Q2').map((i) => i['rating'] as number).sort((a, b) => b - a),
        pick: (item) => n(item, 'rating'),
      },
      {
        pattern: 'listRecentMatches',
        args: { playerId: 'p00000' },
        expected: () => ['m0000003', 'm0000002', 'm0000001'],
        pick: (item) => s(item, 'matchId'),
      },
      { pattern: 'findPlayerByHandle', args: { handle: 'h3xx' }, expected: () => ['p30000'], pick: (item) => s(item, 'playerId') },
      { pattern: 'getPlayer', args: { playerId: 'p20000' }, expected: () => [1000], pick: (item) => n(item, 'rating') },
    ],
  },
  {
    example: 'audit-log',
    items: [58, 59, 59, 0, 30].map((second, i) => ({
      entity: 'Event',
      values: { actorId: 'u_8814', at: at(second), eventId: `e0000${i}`, action: 'login', target: 't', expiresAt: 1 },
    })),
    calls: [
      {
        pattern: 'actorEventsInWindow',
        args: { actorId: 'u_8814', atFrom: at(30), atTo: at(59) },
        expected: () => ['e00004', 'e00000', 'e00001', 'e00002'],
        pick: (item) => s(item, 'eventId'),
      },
    ],
  },
  {
    example: 'ticket-desk',
    items: [
      ['1', 'open', 12],
      ['2', 'closed', 9],
      ['3', 'open', 10],
      ['4', 'pending', 11],
    ].map(([ticketId, status, hour]) => ({
      entity: 'Ticket',
      values: { ticketId, teamId: '7', status, priority: 2, title: 't', body: 'b', createdAt: `2026-06-27T${String(hour)}:00:00Z` } as NativeItem,
    })),
    calls: [
      { pattern: 'listOpenTickets', args: { teamId: '7' }, expected: () => ['3', '1'], pick: (item) => s(item, 'ticketId') },
      { pattern: 'listTeamTicketsByStatus', args: { teamId: '7' }, expected: () => ['2', '1', '3', '4'], pick: (item) => s(item, 'ticketId') },
    ],
  },
];

describe.skipIf(oracleUnavailable())('designed keys answer the examples\' questions on DynamoDB Local', () => {
  const oracle = oracleSession();

  for (const scenario of SCENARIOS) {
    it(`${scenario.example}: every question returns exactly the expected items, in order`, async () => {
      const result: DesignResult = designModel(stripKeys(loadExample(scenario.example)));
      const name = uniqueTableName(`design-${scenario.example}`);
      oracle.tables.push(name);
      const spec = result.model.tables[0]!;
      const model: Model = { ...result.model, tables: [{ ...spec, name }], entities: result.model.entities.map((e) => ({ ...e, table: name })) };
      await createDesignedTable(oracle.client, spec, name);
      const items = scenario.items.map(({ entity, values }) => fromNative({ ...values, ...entityKeyValues(model, entity, values) }));
      await putAll(oracle.client, name, items);
      for (const call of scenario.calls) {
        const plan = result.plans.find((p) => p.pattern === call.pattern)!;
        const request = requestForPlan(model, { ...plan, table: name }, call.args);
        let actual: Item[];
        if (request.operation === 'GetItem') {
          const got = await oracle.client.send(new GetItemCommand({ TableName: name, Key: request.params.Key! }));
          actual = got.Item ? [got.Item as Item] : [];
        } else {
          // Limit is per page; the question's "top N" is the first page.
          const input = request.params as QueryCommandInput;
          actual = (await queryAll(oracle.client, { ...input, Limit: undefined })).slice(0, request.params.Limit);
        }
        expect(actual.map(call.pick), call.pattern).toEqual(call.expected(scenario.items.map((i) => i.values)));
      }
    });
  }
});
