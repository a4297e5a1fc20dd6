import { describe, expect, it } from 'vitest';
import { PatternError, modelFromQuestions, readAccessPattern } from '@dynotable/core';
import type { Model } from '@dynotable/core';
import { exampleModel } from './models.js';

function attributes(model: Model, entity: string): string[] {
  const found = model.entities.find((candidate) => candidate.name === entity)!;
  return found.attributes.map((attribute) => {
    const flags = [attribute.unique ? 'unique' : '', attribute.mutable ? 'mutable' : '', attribute.integer ? 'integer' : ''].filter((flag) => flag !== '');
    const values = attribute.values ? `[${attribute.values.join(',')}]` : '';
    return `${attribute.name}: ${attribute.type}${values}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`;
  });
}

describe('modelFromQuestions', () => {
  it('list tickets by team, by priority: one table, one entity, one pattern, no keys', () => {
    const model = modelFromQuestions(['list tickets by team, by priority']);
    expect(model.name).toBe('app');
    expect(model.tables).toEqual([
      { name: 'App', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' }, billingMode: 'PAY_PER_REQUEST', globalSecondaryIndexes: [], localSecondaryIndexes: [] },
    ]);
    expect(model.entities.map((entity) => [entity.name, entity.plural, entity.table, entity.keys, entity.keysWhen])).toEqual([['Ticket', 'Tickets', 'App', {}, {}]]);
    expect(attributes(model, 'Ticket')).toEqual(['ticketId: string (unique)', 'team: string', 'priority: number (mutable, integer)']);
    expect(model.accessPatterns).toEqual([{ name: 'listTicketsByTeamByPriority', question: 'list tickets by team, by priority' }]);
    expect(model.writePaths).toEqual([]);
  });

  it('the leaderboard questions: two entities, a reference becomes an id, a found handle is unique', () => {
    const leaderboard = exampleModel('leaderboard');
    const model = modelFromQuestions(leaderboard.accessPatterns.map((pattern) => pattern.question), 'leaderboard');
    expect(model.tables[0]!.name).toBe('Leaderboard');
    expect(attributes(model, 'Player')).toEqual(['playerId: string (unique)', 'season: string', 'rating: number (mutable, integer)', 'handle: string (unique)']);
    expect(attributes(model, 'Match')).toEqual(['matchId: string (unique)', 'playerId: string', 'createdAt: timestamp']);
    expect(model.accessPatterns.map((pattern) => pattern.name)).toEqual(['getPlayerById', 'listMatchesByPlayerNewestFirst', 'top10PlayersByRatingInSeason', 'findPlayerByHandle']);
  });

  it('the ticket desk questions: open becomes a status enum with the other states', () => {
    const model = modelFromQuestions(exampleModel('ticket-desk').accessPatterns.map((pattern) => pattern.question), 'ticket-desk');
    expect(model.tables[0]!.name).toBe('TicketDesk');
    expect(attributes(model, 'Ticket')).toEqual(['ticketId: string (unique)', 'team: string', 'status: enum[open,pending,closed,resolved] (mutable)', 'createdAt: timestamp']);
  });

  it('every question reads back against the model it produced, to the same reading', () => {
    const questions = [
      ...['leaderboard', 'audit-log', 'ticket-desk'].flatMap((name) => exampleModel(name as 'leaderboard').accessPatterns.map((pattern) => pattern.question)),
      'list orders of a customer where region is eu',
      'list categories by parent, by rank',
      'get order by id',
    ];
    const model = modelFromQuestions(questions);
    for (const pattern of model.accessPatterns) {
      expect(() => readAccessPattern(model, pattern), pattern.question).not.toThrow();
    }
    expect(readAccessPattern(model, model.accessPatterns[1]!).reading).toBe('list Match where playerId = ?, ordered by createdAt descending');
    expect(attributes(model, 'Order')).toEqual(['orderId: string (unique)', 'customer: string', 'region: string']);
    expect(model.entities.find((entity) => entity.name === 'Order')!.attributes[2]!.examples).toEqual(['eu']);
  });

  it('pattern names stay distinct', () => {
    const model = modelFromQuestions(['list tickets by team', 'list the tickets by team', '10 newest tickets of a team']);
    expect(model.accessPatterns.map((pattern) => pattern.name)).toEqual(['listTicketsByTeam', 'listTicketsByTeam2', 'list10NewestTicketsOfTeam']);
  });

  it('rejects no questions and unreadable ones', () => {
    expect(() => modelFromQuestions([])).toThrow(PatternError);
    expect(() => modelFromQuestions(['list tickets by team', 'by team'])).toThrow('could not tell what "by team" reads');
  });
});
