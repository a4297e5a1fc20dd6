import { describe, expect, it } from 'vitest';
import { readAccessPattern, readQuestion } from '@dynotable/core';
import type { PatternMeaning } from '@dynotable/core';
import { exampleModel, shopModel } from './models.js';

const leaderboard = exampleModel('leaderboard');
const auditLog = exampleModel('audit-log');
const ticketDesk = exampleModel('ticket-desk');
const shop = shopModel();

/** The meaning without its reading, for toEqual. */
function meaning(question: string, model?: Parameters<typeof readQuestion>[1], order?: string): Omit<PatternMeaning, 'reading'> {
  const { reading: _reading, ...rest } = readQuestion(question, model, order);
  return rest;
}

describe('readQuestion: the questions of the seed models', () => {
  it('get player by id', () => {
    expect(meaning('get player by id', leaderboard)).toEqual({ kind: 'get', entity: 'Player', equals: ['playerId'], where: [], direction: 'ascending' });
  });

  it('list matches by player, newest first: the time attribute, descending', () => {
    expect(meaning('list matches by player, newest first', leaderboard)).toEqual({
      kind: 'list', entity: 'Match', equals: ['playerId'], where: [], orderBy: 'playedAt', direction: 'descending',
    });
  });

  it('top 10 players by rating in a season: by rating is the ranking, in a season the scope', () => {
    expect(meaning('top 10 players by rating in a season', leaderboard)).toEqual({
      kind: 'list', entity: 'Player', equals: ['season'], where: [], orderBy: 'rating', direction: 'descending', limit: 10,
    });
  });

  it('find player by handle: a unique attribute gives one item', () => {
    expect(meaning('find player by handle', leaderboard)).toEqual({ kind: 'get', entity: 'Player', equals: ['handle'], where: [], direction: 'ascending' });
  });

  it('list tickets by team, by priority: the first by is the scope, the second the order', () => {
    const read = readQuestion('list tickets by team, by priority', ticketDesk);
    expect(read).toEqual({
      kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [], orderBy: 'priority', direction: 'ascending',
      reading: 'list Ticket where teamId = ?, ordered by priority ascending',
    });
  });

  it('list open tickets by team by status: an enum value as an adjective', () => {
    expect(meaning('list open tickets by team by status', ticketDesk)).toEqual({
      kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [{ attribute: 'status', value: 'open' }], orderBy: 'status', direction: 'ascending',
    });
  });

  it('list tickets by team, by status', () => {
    expect(meaning('list tickets by team, by status', ticketDesk)).toEqual({
      kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [], orderBy: 'status', direction: 'ascending',
    });
  });

  it('list open tickets by team, oldest first', () => {
    expect(meaning('list open tickets by team, oldest first', ticketDesk)).toEqual({
      kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [{ attribute: 'status', value: 'open' }], orderBy: 'createdAt', direction: 'ascending',
    });
  });

  it('events of an actor between two times: no verb, a range on the time attribute in the key', () => {
    expect(meaning('events of an actor between two times', auditLog)).toEqual({
      kind: 'list', entity: 'Event', equals: ['actorId'], where: [], between: 'at', direction: 'ascending',
    });
  });

  it('list events of an actor, newest first: at, not expiresAt, because at is in the sort key', () => {
    expect(meaning('list events of an actor, newest first', auditLog)).toEqual({
      kind: 'list', entity: 'Event', equals: ['actorId'], where: [], orderBy: 'at', direction: 'descending',
    });
  });

  it('reads every access pattern of the examples', () => {
    const readings = [leaderboard, auditLog, ticketDesk].flatMap((model) =>
      model.accessPatterns.map((pattern) => `${pattern.name}: ${readAccessPattern(model, pattern).reading}`),
    );
    expect(readings).toEqual([
      'getPlayer: get Player where playerId = ?',
      'listRecentMatches: list Match where playerId = ?, ordered by playedAt descending',
      'topPlayersOfSeason: list Player where season = ?, ordered by rating descending, limit 10',
      'findPlayerByHandle: get Player where handle = ?',
      'listActorEvents: list Event where actorId = ?, ordered by at descending',
      'actorEventsInWindow: list Event where actorId = ? and at between ? and ?',
      'getTicket: get Ticket where ticketId = ?',
      'listTeamTicketsByStatus: list Ticket where teamId = ?, ordered by status ascending',
      'listOpenTickets: list Ticket where teamId = ? and status = open, ordered by createdAt ascending',
    ]);
  });
});

describe('readQuestion: the words', () => {
  it('plural entities by the English rules: categories, statuses of orders', () => {
    expect(meaning('list categories by parent', shop)).toMatchObject({ entity: 'Category', equals: ['parentId'] });
    expect(meaning('list people', shop)).toMatchObject({ entity: 'Person', kind: 'list' });
    expect(meaning('list audit events of an actor', shop)).toMatchObject({ entity: 'AuditEvent', equals: ['actorId'] });
  });

  it('per, for, of, in, within, from and a possessive name the scope', () => {
    for (const question of ['orders per customer', 'orders for a customer', 'orders of each customer', 'orders in a customer', 'orders within the customer', 'orders from a given customer', "a customer's orders"]) {
      expect(meaning(question, shop), question).toMatchObject({ kind: 'list', entity: 'Order', equals: ['customerId'] });
    }
  });

  it('newest, latest, most recent, recent first are descending; oldest and earliest first ascending', () => {
    for (const words of ['newest first', 'latest first', 'most recent first', 'recent first', 'newest to oldest']) {
      expect(meaning(`list matches by player, ${words}`, leaderboard), words).toMatchObject({ orderBy: 'playedAt', direction: 'descending' });
    }
    for (const words of ['oldest first', 'earliest first', 'oldest to newest']) {
      expect(meaning(`list matches by player, ${words}`, leaderboard), words).toMatchObject({ orderBy: 'playedAt', direction: 'ascending' });
    }
    expect(meaning('list recent matches of a player', leaderboard)).toMatchObject({ orderBy: 'playedAt', direction: 'descending' });
  });

  it('top N, first N and last N', () => {
    expect(meaning('top 3 players in a season', leaderboard)).toMatchObject({ limit: 3, direction: 'descending' });
    expect(meaning('first 5 matches of a player', leaderboard)).toMatchObject({ limit: 5, direction: 'ascending' });
    expect(meaning('last 20 matches of a player', leaderboard)).toMatchObject({ limit: 20, direction: 'descending' });
    expect(meaning('show the 5 newest matches of a player', leaderboard)).toMatchObject({ limit: 5, orderBy: 'playedAt', direction: 'descending' });
    expect(meaning('top ten players by rating in a season', leaderboard)).toMatchObject({ limit: 10, orderBy: 'rating' });
    expect(meaning('matches of a player, limit 50', leaderboard)).toMatchObject({ limit: 50 });
  });

  it('ascending, descending, highest and lowest first, sorted by', () => {
    expect(meaning('list players in a season by rating descending', leaderboard)).toMatchObject({ orderBy: 'rating', direction: 'descending' });
    expect(meaning('list players in a season, highest rating first', leaderboard)).toMatchObject({ orderBy: 'rating', direction: 'descending' });
    expect(meaning('list players by season, lowest rating first', leaderboard)).toMatchObject({ equals: ['season'], orderBy: 'rating', direction: 'ascending' });
    expect(meaning('list tickets for a team sorted by priority', ticketDesk)).toMatchObject({ equals: ['teamId'], orderBy: 'priority', direction: 'ascending' });
    expect(meaning('list tickets for a team ordered by priority, descending', ticketDesk)).toMatchObject({ orderBy: 'priority', direction: 'descending' });
    expect(meaning('list tickets by team in descending order', ticketDesk)).toMatchObject({ equals: ['teamId'], direction: 'descending' });
    expect(meaning('list tickets by priority for a team', ticketDesk)).toMatchObject({ equals: ['teamId'], orderBy: 'priority' });
  });

  it('between two times, dates or values; in a time range', () => {
    expect(meaning('matches of a player between two dates', leaderboard)).toMatchObject({ between: 'playedAt' });
    expect(meaning('list matches by player in a time range', leaderboard)).toMatchObject({ equals: ['playerId'], between: 'playedAt' });
    expect(meaning('players in a season between two ratings', leaderboard)).toMatchObject({ equals: ['season'], between: 'rating' });
    expect(meaning('players in a season with rating between two values', leaderboard)).toMatchObject({ between: 'rating' });
    expect(meaning('list players in a season where rating is between 2 values', leaderboard)).toMatchObject({ between: 'rating' });
  });

  it('where X is V, with X = V, whose X is V, that are V', () => {
    const closed = { where: [{ attribute: 'status', value: 'closed' }], equals: ['teamId'] };
    for (const question of [
      'list tickets by team where status is closed',
      'list tickets by team with status = closed',
      'list tickets by team whose status is "closed"',
      'list tickets by team with status closed',
      'list tickets that are closed by team',
      'list closed tickets by team',
      'list tickets where status equals closed for a team',
    ]) {
      expect(meaning(question, ticketDesk), question).toMatchObject(closed);
    }
    expect(meaning('list tickets by team where status is open and priority is 1', ticketDesk)).toMatchObject({
      where: [{ attribute: 'status', value: 'open' }, { attribute: 'priority', value: '1' }],
    });
    expect(meaning('list tickets with a given status', ticketDesk)).toMatchObject({ equals: ['status'], where: [] });
  });

  it('an adjective naming a boolean attribute means true; enum values keep the declared spelling', () => {
    expect(meaning('list gift orders of a customer', shop)).toMatchObject({ where: [{ attribute: 'gift', value: 'true' }] });
    expect(meaning('list OPEN tickets by team', ticketDesk)).toMatchObject({ where: [{ attribute: 'status', value: 'open' }] });
  });

  it('get/find/fetch/look up: one item only when the attribute identifies one', () => {
    expect(meaning('fetch person by email', shop)).toMatchObject({ kind: 'get', equals: ['email'] });
    expect(meaning('look up a person by id', shop)).toMatchObject({ kind: 'get', equals: ['id'] });
    expect(meaning('get order by id', shop)).toMatchObject({ kind: 'get', equals: ['orderId'] });
    expect(meaning('get order by customer', shop)).toMatchObject({ kind: 'list', equals: ['customerId'] });
    expect(meaning('find players by handle', leaderboard)).toMatchObject({ kind: 'list' });
    expect(meaning('player by handle', leaderboard)).toMatchObject({ kind: 'get' });
    expect(meaning('get match by player and id', leaderboard)).toMatchObject({ kind: 'get', equals: ['playerId', 'matchId'] });
  });

  it('names: exact, camelCase in words, <name>Id, plurals; case-insensitive', () => {
    expect(meaning('list people by first name', shop)).toMatchObject({ equals: ['firstName'] });
    expect(meaning('LIST Matches BY Player ID, Newest First', leaderboard)).toMatchObject({ entity: 'Match', equals: ['playerId'], orderBy: 'playedAt' });
    expect(meaning('list matches by playerId', leaderboard)).toMatchObject({ equals: ['playerId'] });
    expect(meaning('list people by date', shop)).toMatchObject({ orderBy: 'bornOn' });
  });

  it('the time attribute: the one in a key template, then createdAt/at/playedAt/timestamp', () => {
    expect(meaning('audit events of an actor, newest first', shop)).toMatchObject({ orderBy: 'createdAt' });
    expect(meaning('categories by parent, newest first', shop)).toMatchObject({ orderBy: 'updatedAt' });
  });

  it('the order argument is read with the same rules and overrides the question', () => {
    expect(meaning('list matches by player', leaderboard, 'newest first')).toMatchObject({ orderBy: 'playedAt', direction: 'descending' });
    expect(meaning('top players in a season', leaderboard, 'rating descending')).toMatchObject({ orderBy: 'rating', direction: 'descending' });
    expect(meaning('list tickets by team, by priority', ticketDesk, 'descending')).toMatchObject({ orderBy: 'priority', direction: 'descending' });
    expect(meaning('list tickets by team, newest first', ticketDesk, 'by priority')).toMatchObject({ orderBy: 'priority', direction: 'descending' });
    expect(readAccessPattern(leaderboard, { name: 'recent', question: 'matches of a player', order: 'most recent first' })).toMatchObject({
      orderBy: 'playedAt', direction: 'descending',
    });
  });
});

describe('readQuestion without a model: names are the words', () => {
  it('the entity singular and capitalised, attributes in camelCase, id and time words by rule', () => {
    expect(readQuestion('list tickets by team, by priority').reading).toBe('list Ticket where team = ?, ordered by priority ascending');
    expect(readQuestion('get player by id').reading).toBe('get Player where playerId = ?');
    expect(readQuestion('find player by handle').reading).toBe('get Player where handle = ?');
    expect(readQuestion('list matches by player, newest first').reading).toBe('list Match where player = ?, ordered by createdAt descending');
    expect(readQuestion('events of an actor between two times').reading).toBe('list Event where actor = ? and createdAt between ? and ?');
    expect(readQuestion('top 10 players by rating in a season').reading).toBe('list Player where season = ?, ordered by rating descending, limit 10');
    expect(readQuestion('list open tickets by team by status').reading).toBe('list Ticket where team = ? and status = open, ordered by status ascending');
    expect(readQuestion('list categories by parent category, by display order').reading).toBe(
      'list Category where parentCategory = ?, ordered by displayOrder ascending',
    );
    expect(readQuestion('list audit events by actor').entity).toBe('AuditEvent');
    expect(readQuestion('list order statuses by order id').reading).toBe('list OrderStatus where orderId = ?');
    expect(readQuestion('list players between two ratings').between).toBe('rating');
    expect(readQuestion('players in a range of ratings').between).toBe('rating');
    expect(readQuestion('list matches by player in a time range').reading).toBe('list Match where player = ? and createdAt between ? and ?');
  });
});

describe('readQuestion: more ways to say it', () => {
  const ticketDesk = exampleModel('ticket-desk');

  it('by X and Y: two equalities', () => {
    expect(meaning('list tickets by team and status', ticketDesk)).toMatchObject({ equals: ['teamId', 'status'], where: [] });
  });

  it('created between two dates: a participle names the time attribute', () => {
    expect(meaning('list tickets for a team created between two dates', ticketDesk)).toMatchObject({ equals: ['teamId'], between: 'createdAt' });
    expect(meaning('list tickets for a team created between two dates')).toMatchObject({ equals: ['team'], between: 'createdAt' });
  });

  it('the rest of the documented forms', () => {
    const leaderboard = exampleModel('leaderboard');
    expect(meaning('players in a range of ratings', leaderboard)).toMatchObject({ between: 'rating', equals: [] });
    expect(meaning('list tickets of a team in reverse order', ticketDesk)).toMatchObject({ direction: 'descending' });
    expect(meaning('list tickets of a team in order of priority', ticketDesk)).toMatchObject({ orderBy: 'priority' });
    expect(meaning('list tickets on a team, by priority', ticketDesk)).toMatchObject({ equals: ['teamId'], orderBy: 'priority' });
    expect(meaning('matches of a player within a date window', leaderboard)).toMatchObject({ between: 'playedAt' });
    expect(meaning('list tickets for a team, priority descending', ticketDesk)).toMatchObject({ orderBy: 'priority', direction: 'descending' });
    expect(meaning('list tickets for a team, largest priority first', ticketDesk)).toMatchObject({ orderBy: 'priority', direction: 'descending' });
    expect(meaning('list tickets by team, by date', ticketDesk)).toMatchObject({ orderBy: 'createdAt' });
  });

  it('limit to N; quoted values keep their spelling', () => {
    expect(meaning('tickets of a team, limit to 20', ticketDesk)).toMatchObject({ limit: 20 });
    expect(readQuestion('list tickets where title is "Hello World"', ticketDesk).reading).toBe('list Ticket where title = "Hello World"');
  });
});
