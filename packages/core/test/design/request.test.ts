import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { entityKeyValues, fromNative, planMeaning, requestForPlan } from '@dynotable/core';
import type { Item, Model, NativeItem } from '@dynotable/core';
import { loadExample, meaning } from './fixtures.js';
import { runRequest } from './simulate.js';

const leaderboard = loadExample('leaderboard');
const auditLog = loadExample('audit-log');
const ticketDesk = loadExample('ticket-desk');

function stored(model: Model, entity: string, attributes: NativeItem): Item {
  return fromNative({ ...attributes, ...entityKeyValues(model, entity, attributes) });
}

describe('entityKeyValues', () => {
  it('builds every key of the item with the entity\'s templates', () => {
    const keys = entityKeyValues(leaderboard, 'Player', { playerId: 'u8231', handle: 'nighthawk', season: '2026-Q2', rating: 1842 });
    expect(keys).toEqual({
      PK: 'PLAYER#u8231',
      SK: 'PROFILE',
      GSI1PK: 'SEASON#2026-Q2',
      GSI1SK: 'RATING#01842',
      GSI2PK: 'HANDLE#nighthawk',
      GSI2SK: 'PLAYER#u8231',
    });
  });

  it('leaves out sparse keys while their condition does not hold', () => {
    const ticket = { ticketId: '8842', teamId: '7', createdAt: '2026-06-27T10:00:00Z' };
    expect(Object.keys(entityKeyValues(ticketDesk, 'Ticket', { ...ticket, status: 'open' }))).toContain('GSI2PK');
    const closed = entityKeyValues(ticketDesk, 'Ticket', { ...ticket, status: 'closed' });
    expect(closed).not.toHaveProperty('GSI2PK');
    expect(closed).not.toHaveProperty('GSI2SK');
    expect(closed['GSI1SK']).toBe('STATUS#closed#TICKET#8842');
  });
});

describe('requestForPlan', () => {
  it('builds a GetItem whose Key is the item\'s key', () => {
    const plan = planMeaning(leaderboard, 'getPlayer', meaning({ kind: 'get', entity: 'Player', equals: ['playerId'] }));
    const request = requestForPlan(leaderboard, plan, { playerId: 'u8231' });
    expect(request).toEqual({ operation: 'GetItem', params: { TableName: 'Leaderboard', Key: { PK: { S: 'PLAYER#u8231' }, SK: { S: 'PROFILE' } } } });
  });

  it('returns a season\'s players in rating order over ratings that cross digit counts', () => {
    const ratings = [100, 9, 1000, 99, 10];
    const items = ratings.map((rating, i) =>
      stored(leaderboard, 'Player', { playerId: `p${i}000`, handle: `h${i}xx`, season: '2026-Q2', rating }),
    );
    items.push(stored(leaderboard, 'Player', { playerId: 'other1', handle: 'other', season: '2026-Q1', rating: 5000 }));
    items.push(stored(leaderboard, 'Match', { playerId: 'p0000', matchId: 'm0000001', playedAt: '2026-06-23T14:00:00Z' }));
    const plan = planMeaning(
      leaderboard,
      'top',
      meaning({ kind: 'list', entity: 'Player', equals: ['season'], orderBy: 'rating', direction: 'descending', limit: 10 }),
    );
    const request = requestForPlan(leaderboard, plan, { season: '2026-Q2' });
    expect(request.params).toMatchObject({ IndexName: 'GSI1', ScanIndexForward: false, Limit: 10 });
    const result = runRequest(leaderboard.tables[0]!, items, request);
    expect(result.map((item) => Number((item['rating'] as { N: string }).N))).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('lists a player\'s matches newest first, and never the profile', () => {
    const items = [
      stored(leaderboard, 'Player', { playerId: 'u8231', handle: 'nighthawk', season: '2026-Q2', rating: 1 }),
      stored(leaderboard, 'Match', { playerId: 'u8231', matchId: 'aaaaaaaa', playedAt: '2026-06-23T11:00:00Z' }),
      stored(leaderboard, 'Match', { playerId: 'u8231', matchId: 'bbbbbbbb', playedAt: '2026-06-23T14:00:00Z' }),
      stored(leaderboard, 'Match', { playerId: 'u9999', matchId: 'cccccccc', playedAt: '2026-06-23T15:00:00Z' }),
    ];
    const plan = planMeaning(
      leaderboard,
      'recent',
      meaning({ kind: 'list', entity: 'Match', equals: ['playerId'], orderBy: 'playedAt', direction: 'descending' }),
    );
    const request = requestForPlan(leaderboard, plan, { playerId: 'u8231' });
    expect(request.params.KeyConditionExpression).toBe('PK = :v0 AND begins_with(SK, :v1)');
    expect(request.params.ExpressionAttributeValues).toEqual({ ':v0': { S: 'PLAYER#u8231' }, ':v1': { S: 'MATCH#' } });
    expect(runRequest(leaderboard.tables[0]!, items, request).map((item) => item['matchId'])).toEqual([{ S: 'bbbbbbbb' }, { S: 'aaaaaaaa' }]);
  });

  it('returns exactly the events inside a time window, the end second included', () => {
    const plan = planMeaning(auditLog, 'window', meaning({ kind: 'list', entity: 'Event', equals: ['actorId'], between: 'at', orderBy: 'at' }));
    const second = fc.integer({ min: 0, max: 40 });
    const iso = (s: number) => new Date(Date.UTC(2026, 5, 23, 0, 0, s)).toISOString().replace('.000Z', 'Z');
    fc.assert(
      fc.property(
        fc.array(fc.record({ s: second, id: fc.stringMatching(/^[a-z0-9]{6}$/), actor: fc.constantFrom('u_1', 'u_2') }), { maxLength: 30 }),
        second,
        second,
        (events, a, b) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const unique = [...new Map(events.map((e) => [`${e.actor}|${e.s}|${e.id}`, e])).values()];
          const items = unique.map((e) => stored(auditLog, 'Event', { actorId: e.actor, at: iso(e.s), eventId: e.id }));
          const request = requestForPlan(auditLog, plan, { actorId: 'u_1', atFrom: iso(from), atTo: iso(to) });
          const actual = runRequest(auditLog.tables[0]!, items, request).map((item) => (item['SK'] as { S: string }).S);
          const expected = unique
            .filter((e) => e.actor === 'u_1' && e.s >= from && e.s <= to)
            .sort((x, y) => x.s - y.s || (x.id < y.id ? -1 : 1))
            .map((e) => `EVT#${iso(e.s)}#${e.id}`);
          expect(actual).toEqual(expected);
        },
      ),
    );
  });

  it('reads only open tickets from the sparse index, oldest first', () => {
    const tickets = [
      { ticketId: '1', teamId: '7', status: 'open', createdAt: '2026-06-27T12:00:00Z' },
      { ticketId: '2', teamId: '7', status: 'closed', createdAt: '2026-06-27T09:00:00Z' },
      { ticketId: '3', teamId: '7', status: 'open', createdAt: '2026-06-27T10:00:00Z' },
      { ticketId: '4', teamId: '8', status: 'open', createdAt: '2026-06-27T08:00:00Z' },
    ];
    const items = tickets.map((t) => stored(ticketDesk, 'Ticket', t));
    const plan = planMeaning(
      ticketDesk,
      'open',
      meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [{ attribute: 'status', value: 'open' }], orderBy: 'createdAt' }),
    );
    const request = requestForPlan(ticketDesk, plan, { teamId: '7' });
    expect(request.params.FilterExpression).toBeUndefined();
    expect(runRequest(ticketDesk.tables[0]!, items, request).map((item) => item['ticketId'])).toEqual([{ S: '3' }, { S: '1' }]);
  });

  it('writes a constant carried by a key field into the key condition', () => {
    const plan = planMeaning(
      ticketDesk,
      'pending',
      meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [{ attribute: 'status', value: 'pending' }] }),
    );
    const request = requestForPlan(ticketDesk, plan, { teamId: '7' });
    expect(request.params.ExpressionAttributeValues).toEqual({ ':v0': { S: 'TEAM#7' }, ':v1': { S: 'STATUS#pending#TICKET#' } });
  });

  it('escapes a reserved word in a filter and types its value', () => {
    const plan = planMeaning(
      auditLog,
      'logins',
      meaning({ kind: 'list', entity: 'Event', equals: ['actorId'], where: [{ attribute: 'action', value: 'login' }] }),
    );
    const request = requestForPlan(auditLog, plan, { actorId: 'u_1' });
    expect(request.params.FilterExpression).toBe('#action = :v2');
    expect(request.params.ExpressionAttributeNames).toEqual({ '#action': 'action' });
    expect(request.params.ExpressionAttributeValues![':v2']).toEqual({ S: 'login' });
  });

  it('builds a filtered Scan when no key answers', () => {
    const plan = planMeaning(auditLog, 'byAction', meaning({ kind: 'list', entity: 'Event', equals: ['target'] }));
    const request = requestForPlan(auditLog, plan, { target: 'doc-1' });
    expect(request).toEqual({
      operation: 'Scan',
      params: { TableName: 'AuditLog', FilterExpression: 'target = :v0', ExpressionAttributeValues: { ':v0': { S: 'doc-1' } } },
    });
  });
});
