import { describe, expect, it } from 'vitest';
import { PatternError, readQuestion } from '@dynotable/core';
import { exampleModel, shopModel } from './models.js';

const ticketDesk = exampleModel('ticket-desk');
const auditLog = exampleModel('audit-log');

function failure(run: () => unknown): PatternError {
  try {
    run();
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  throw new Error('expected a PatternError');
}

describe('PatternError: what was understood and what was not', () => {
  it('a word it cannot place', () => {
    const error = failure(() => readQuestion('list fluffy tickets by team', ticketDesk));
    expect(error.message).toBe('could not place "fluffy" in "list fluffy tickets by team": understood "list Ticket where teamId = ?"');
    expect(error.understood).toBe('list Ticket where teamId = ?');
    expect(error.notUnderstood).toEqual(['fluffy']);
  });

  it('several words, as written', () => {
    const error = failure(() => readQuestion('list tickets by team, by priority by Title, pretty please %', ticketDesk));
    expect(error.notUnderstood).toEqual(['pretty', '%', 'by Title']);
    expect(error.message).toBe(
      'could not place "pretty", "%", "by Title" in "list tickets by team, by priority by Title, pretty please %": understood "list Ticket where teamId = ?, ordered by priority ascending"',
    );
  });

  it('an unknown entity, with did you mean', () => {
    const error = failure(() => readQuestion('list tikets by team', ticketDesk));
    expect(error.message).toBe('unknown entity "tikets" in "list tikets by team" (did you mean "Ticket"?); the model declares Ticket');
    expect(error.notUnderstood).toEqual(['tikets']);
    expect(failure(() => readQuestion('list invoices by team', ticketDesk)).message).toBe(
      'unknown entity "invoices" in "list invoices by team"; the model declares Ticket',
    );
  });

  it('an attribute the entity does not declare', () => {
    const error = failure(() => readQuestion('list tickets by team, by priorty', ticketDesk));
    expect(error.message).toBe(
      'Ticket declares no attribute "priorty" (did you mean "priority"?) in "list tickets by team, by priorty": understood "list Ticket where teamId = ?". Ticket declares ticketId, teamId, status, priority, title, body, createdAt',
    );
    expect(error.notUnderstood).toEqual(['priorty']);
  });

  it('a value the enum does not allow', () => {
    expect(failure(() => readQuestion('list tickets by team where status is purple', ticketDesk)).message).toBe(
      '"purple" is not a value of Ticket.status (open, pending, closed) in "list tickets by team where status is purple": understood "list Ticket where teamId = ?"',
    );
  });

  it('an empty question', () => {
    for (const question of ['', '   ', '\n\t']) {
      expect(failure(() => readQuestion(question)).message).toBe('the question is empty: write what it reads, e.g. "list tickets by team, newest first"');
    }
  });

  it('no entity at all', () => {
    expect(failure(() => readQuestion('by team, newest first')).message).toBe(
      'could not tell what "by team, newest first" reads: name the items first, e.g. "list tickets by team"',
    );
  });

  it('an ambiguous time attribute lists the candidates', () => {
    const shop = shopModel();
    expect(failure(() => readQuestion('list orders of a customer, newest first', shop)).message).toBe(
      `"newest" could mean any of Order's time attributes (placedAt, shippedAt): name one, e.g. "ordered by placedAt descending"`,
    );
    expect(readQuestion('list orders of a customer, sorted by placedAt descending', shop).orderBy).toBe('placedAt');
    // One date attribute is no choice at all.
    expect(readQuestion('list people, newest first', shop).orderBy).toBe('bornOn');
  });

  it('an entity without a time attribute', () => {
    const noTime = { ...auditLog, entities: auditLog.entities.map((entity) => ({ ...entity, attributes: entity.attributes.filter((attribute) => attribute.type !== 'timestamp') })) };
    expect(failure(() => readQuestion('events of an actor, newest first', noTime)).message).toBe('"newest" needs a timestamp or date attribute, and Event declares none');
  });

  it('an adjective that is a value of two enums', () => {
    expect(failure(() => readQuestion('list open orders of a customer', shopModel())).message).toBe(
      '"open" is a value of several Order attributes (status, payment): write "where <attribute> is open"',
    );
  });

  it('a limit that is not a positive whole number', () => {
    expect(failure(() => readQuestion('top 0 players', exampleModel('leaderboard'))).message).toBe(
      'a limit is a whole number from 1 to 2147483647, not 0 in "top 0 players": understood "list Player, descending"',
    );
    expect(failure(() => readQuestion('top 2.5 players')).notUnderstood).toEqual(['top 2.5']);
  });

  it('words the order text cannot place', () => {
    expect(failure(() => readQuestion('list tickets by team', ticketDesk, 'by priority, fluffy')).message).toBe(
      'Ticket declares no attribute "fluffy" (in the order "by priority, fluffy") in "list tickets by team": understood "list Ticket where teamId = ?, ordered by priority ascending". Ticket declares ticketId, teamId, status, priority, title, body, createdAt',
    );
    expect(failure(() => readQuestion('list tickets by team', ticketDesk, 'where status is open')).message).toBe(
      'could not place "status open (in the order "where status is open")" in "list tickets by team": understood "list Ticket where teamId = ?"',
    );
  });
});
