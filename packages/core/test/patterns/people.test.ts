/**
 * The grammar on the words people use: counts the caller chooses (top N),
 * words that name the entity itself (profile, details), possessives,
 * participles, time windows and date orders; and what it refuses to guess.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PatternError, designFromQuestions, inferModelFromQuestions, modelFromQuestions, readQuestion } from '@dynotable/core';
import { exampleModel } from './models.js';

const reading = (question: string) => readQuestion(question).reading;

function failure(question: string): PatternError {
  try {
    readQuestion(question);
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  throw new Error(`"${question}" read without a complaint`);
}

const BRIEF = ['get player profile by id', "list a player's recent matches newest first", 'top N players of a season by rating', 'find player by handle'];

describe('the leaderboard brief, as worded', () => {
  it('reads one Player, a limit and a time order', () => {
    expect(BRIEF.map(reading)).toEqual([
      'get Player where playerId = ?',
      'list Match where player = ?, ordered by createdAt descending',
      'list Player where season = ?, ordered by rating descending',
      'get Player where handle = ?',
    ]);
  });

  it('designs one Player with its matches in its partition and the season ranking on a GSI with a padded rating', () => {
    const design = designFromQuestions(BRIEF, 'leaderboard');
    expect(design.warnings).toEqual([]);
    expect(design.problems).toEqual([]);
    expect(design.model.entities.map((entity) => entity.name)).toEqual(['Player', 'Match']);
    const [player, match] = design.model.entities;
    expect(player!.keys).toMatchObject({ PK: 'PLAYER#{playerId}', SK: 'PLAYER' });
    expect(match!.keys).toEqual({ PK: 'PLAYER#{playerId}', SK: 'MATCH#{createdAt:iso}#{matchId}' });
    const [get, matches, ranking, byHandle] = design.plans;
    expect(get).toMatchObject({ operation: 'GetItem', parameters: ['playerId'] });
    expect(matches).toMatchObject({ operation: 'Query', scanIndexForward: false, parameters: ['playerId'] });
    expect(matches!.index).toBeUndefined();
    expect(ranking).toMatchObject({ operation: 'Query', scanIndexForward: false, parameters: ['season'] });
    const index = ranking!.index!;
    expect(player!.keys[`${index}PK`]).toBe('SEASON#{season}');
    expect(player!.keys[`${index}SK`]).toMatch(/^RATING#\{rating:0\d+\}#PLAYER#\{playerId\}$/);
    expect(byHandle).toMatchObject({ operation: 'Query', limit: 1, parameters: ['handle'] });
    expect(byHandle!.index).not.toBe(index);
  });
});

describe('limits', () => {
  it('top N, first K, latest N: a count the caller chooses, never an entity', () => {
    expect(readQuestion('top N players of a season by rating')).toMatchObject({ entity: 'Player', direction: 'descending' });
    expect(readQuestion('top N players of a season by rating').limit).toBeUndefined();
    expect(reading('first K matches of a player')).toBe('list Match where player = ?');
    expect(reading('latest N matches of a player')).toBe('list Match where player = ?, ordered by createdAt descending');
    expect(reading('players of a season, top N by rating')).toBe('list Player where season = ?, ordered by rating descending');
  });

  it('top 10, first 10, latest 20, most recent 10, last 5', () => {
    expect(readQuestion('top 10 players of a season by rating')).toMatchObject({ limit: 10, orderBy: 'rating', direction: 'descending' });
    expect(readQuestion('first 10 matches of a player')).toMatchObject({ limit: 10, direction: 'ascending' });
    expect(readQuestion('latest 20 matches for a player')).toMatchObject({ limit: 20, orderBy: 'createdAt', direction: 'descending' });
    expect(readQuestion('most recent 10 events for an actor')).toMatchObject({ limit: 10, orderBy: 'createdAt', direction: 'descending' });
    expect(readQuestion('get the last 5 messages in a thread')).toMatchObject({ kind: 'list', limit: 5, orderBy: 'createdAt', direction: 'descending' });
  });

  it('the latest one: a singular with a time word is the newest item', () => {
    expect(readQuestion('latest reading of a device')).toMatchObject({ kind: 'list', limit: 1, orderBy: 'createdAt', direction: 'descending' });
    expect(readQuestion("get a customer's most recent order")).toMatchObject({ entity: 'Order', equals: ['customer'], limit: 1 });
  });
});

describe('words that name the entity itself', () => {
  it('profile, details, info, record', () => {
    for (const question of ['get player profile by id', 'get player details by id', 'player info by id', 'get player record by id', 'get the profile of a player by id']) {
      expect(reading(question), question).toBe('get Player where playerId = ?');
    }
    expect(reading('list player profiles by season')).toBe('list Player where season = ?');
  });

  it("a possessive before them names the entity, and the caller identifies it: a player's profile", () => {
    expect(reading("get a player's profile by id")).toBe('get Player where playerId = ?');
    expect(reading("get an employee's profile")).toBe('get Employee where employeeId = ?');
    expect(readQuestion("get a player's profile", exampleModel('leaderboard')).equals).toEqual(['playerId']);
  });

  it('stream, feed, history name a list of it', () => {
    expect(reading('activity stream for an actor, newest event first')).toBe('list Activity where actor = ?, ordered by createdAt descending');
    expect(reading('order history of a customer')).toBe('list Order where customer = ?');
  });

  it('compound names stay: line items, audit events, leave requests', () => {
    expect(readQuestion('list the line items of an order').entity).toBe('LineItem');
    expect(readQuestion('list audit events for a resource').entity).toBe('AuditEvent');
    expect(readQuestion('pending leave requests of a department')).toMatchObject({ entity: 'LeaveRequest', where: [{ attribute: 'status', value: 'pending' }] });
  });
});

describe('more ways people say it', () => {
  it('participles: assigned to, sent by, placed by, hired between', () => {
    expect(reading('list tickets assigned to an agent, newest first')).toBe('list Ticket where agent = ?, ordered by createdAt descending');
    expect(reading('show messages sent by a user, newest first')).toBe('list Message where user = ?, ordered by createdAt descending');
    expect(reading('employees hired between two dates')).toBe('list Employee where hiredAt between ? and ?');
    expect(reading('list students enrolled in a course')).toBe('list Student where course = ?');
  });

  it('a state before the entity: confirmed, unread, offline', () => {
    expect(readQuestion('list confirmed bookings of a guest').where).toEqual([{ attribute: 'status', value: 'confirmed' }]);
    expect(readQuestion("list a user's unread messages").where).toEqual([{ attribute: 'status', value: 'unread' }]);
    expect(readQuestion('list offline devices in a building').where).toEqual([{ attribute: 'status', value: 'offline' }]);
  });

  it('time windows and time orders', () => {
    expect(reading('readings of a sensor in the last 24 hours')).toBe('list Reading where sensor = ? and createdAt between ? and ?');
    expect(reading('events of an actor over the past week')).toBe('list Event where actor = ? and createdAt between ? and ?');
    expect(reading("an actor's events in date order")).toBe('list Event where actor = ?, ordered by createdAt ascending');
    expect(reading('events of an actor in reverse chronological order')).toBe('list Event where actor = ?, ordered by createdAt descending');
    expect(reading('messages of a conversation in the order they were sent')).toBe('list Message where conversation = ?, ordered by createdAt ascending');
    expect(reading('list students of a teacher in alphabetical order')).toBe('list Student where teacher = ?, ordered by name ascending');
    expect(reading('list bookings for a venue, upcoming first')).toBe('list Booking where venue = ?, ordered by createdAt ascending');
  });

  it('a hyphenated word is one word: check-in date', () => {
    expect(reading('first 20 bookings of a venue by check-in date')).toBe('list Booking where venue = ?, ordered by checkInDate ascending, limit 20');
  });

  it('with a model, the same words resolve to its names', () => {
    const leaderboard = exampleModel('leaderboard');
    expect(readQuestion('top N players of a season by rating', leaderboard)).toMatchObject({ entity: 'Player', equals: ['season'], orderBy: 'rating' });
    expect(readQuestion('get player profile by id', leaderboard)).toMatchObject({ kind: 'get', entity: 'Player', equals: ['playerId'] });
    expect(readQuestion('latest 20 matches for a player', leaderboard)).toMatchObject({ equals: ['playerId'], orderBy: 'playedAt', limit: 20 });
  });
});

describe('what it does not guess', () => {
  it('a describing word is reported with what to write instead, and the entity stays the noun', () => {
    const error = failure('top 10 best-selling products in a category');
    expect(error.understood).toBe('list Product where category = ?, descending, limit 10');
    expect(error.notUnderstood).toEqual(['best-selling']);
    expect(error.suggestions).toEqual({ 'best-selling': 'by <attribute>, highest first' });
    expect(error.message).toContain('could not place "best-selling" (did you mean "by <attribute>, highest first"?)');
    expect(failure('top 5 most liked posts of a month').notUnderstood).toEqual(['most liked']);
  });

  it('a stray count is not an entity: did you mean top N', () => {
    const error = failure('list N players of a season');
    expect(error.notUnderstood).toEqual(['N']);
    expect(error.suggestions).toEqual({ N: 'top N' });
  });

  it('a typo of a grammar word or a declared attribute: did you mean', () => {
    expect(failure('list matches by player, newst first').suggestions).toEqual({ newst: 'newest' });
    try {
      readQuestion('list players in a season, by ratng', exampleModel('leaderboard'));
      expect.unreachable();
    } catch (error) {
      expect((error as PatternError).suggestions).toEqual({ ratng: 'rating' });
    }
  });

  it('no describing word is ever glued into an entity name', () => {
    const describing = ['best', 'popular', 'current', 'new', 'old', 'top-rated', 'best-selling', 'most', 'N', 'K'];
    fc.assert(
      fc.property(fc.constantFrom(...describing), fc.constantFrom('tickets', 'players', 'orders'), fc.constantFrom('list ', 'show ', ''), (word, noun, verb) => {
        try {
          const meaning = readQuestion(`${verb}${word} ${noun} of a team`);
          expect(meaning.entity.toLowerCase()).not.toContain(word.split('-')[0]!.toLowerCase());
        } catch (error) {
          if (!(error instanceof PatternError)) throw error;
          expect(error.notUnderstood.join(' ').toLowerCase()).toContain(word.toLowerCase());
        }
      }),
    );
  });
});

describe('questions that do not read are warnings, not a failed design', () => {
  it('inferModelFromQuestions leaves them out and says why', () => {
    const { model, warnings } = inferModelFromQuestions(['get ticket by id', 'list tickets by team, newst first', 'top 10 best-selling products']);
    expect(model.accessPatterns.map((pattern) => pattern.question)).toEqual(['get ticket by id']);
    expect(model.entities.map((entity) => entity.name)).toEqual(['Ticket']);
    expect(warnings.map((warning) => [warning.question, warning.notUnderstood, warning.suggestions])).toEqual([
      ['list tickets by team, newst first', ['newst', 'first'], { newst: 'newest' }],
      ['top 10 best-selling products', ['best-selling'], { 'best-selling': 'by <attribute>, highest first' }],
    ]);
    expect(warnings[0]!.understood).toBe('list Ticket where team = ?');
  });

  it('modelFromQuestions still refuses the list, with the first warning and its suggestions', () => {
    expect(() => modelFromQuestions(['get ticket by id', 'list tickets by team, newst first'])).toThrow(/did you mean "newest"/);
  });

  it('designFromQuestions designs what reads', () => {
    const design = designFromQuestions(['get ticket by id', 'list N tickets']);
    expect(design.plans.map((plan) => plan.operation)).toEqual(['GetItem']);
    expect(design.warnings).toHaveLength(1);
  });
});
