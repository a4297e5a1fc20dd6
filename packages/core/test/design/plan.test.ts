import { describe, expect, it } from 'vitest';
import { analyzeMeaning, planAccessPattern, planMeaning } from '@dynotable/core';
import type { Model } from '@dynotable/core';
import { EXAMPLE_MEANINGS, loadExample, meaning } from './fixtures.js';

const leaderboard = loadExample('leaderboard');
const auditLog = loadExample('audit-log');
const ticketDesk = loadExample('ticket-desk');

function withKeys(model: Model, entity: string, keys: Record<string, string>): Model {
  return { ...model, entities: model.entities.map((e) => (e.name === entity ? { ...e, keys: { ...e.keys, ...keys } } : e)) };
}

describe('planMeaning on the leaderboard', () => {
  it('gets a player by id with GetItem on the table', () => {
    const plan = planMeaning(leaderboard, 'getPlayer', meaning({ kind: 'get', entity: 'Player', equals: ['playerId'] }));
    expect(plan).toMatchObject({
      operation: 'GetItem',
      table: 'Leaderboard',
      partition: { attribute: 'PK', template: 'PLAYER#{playerId}' },
      sort: { attribute: 'SK', template: 'PROFILE', operator: 'equals' },
      parameters: ['playerId'],
    });
    expect(plan.index).toBeUndefined();
    expect(plan.scanIndexForward).toBeUndefined();
  });

  it('lists a player\'s matches newest first with begins_with MATCH#, which keeps the profile out', () => {
    const plan = planMeaning(
      leaderboard,
      'listRecentMatches',
      meaning({ kind: 'list', entity: 'Match', equals: ['playerId'], orderBy: 'playedAt', direction: 'descending' }),
    );
    expect(plan).toMatchObject({
      operation: 'Query',
      partition: { attribute: 'PK', template: 'PLAYER#{playerId}' },
      sort: { attribute: 'SK', operator: 'beginsWith', template: 'MATCH#{playedAt:iso}#{matchId}' },
      scanIndexForward: false,
    });
    expect(plan.index).toBeUndefined();
    expect(plan.why).toContain('"MATCH#"');
  });

  it('answers the top of a season from GSI1 with a Limit', () => {
    const analysis = analyzeMeaning(
      leaderboard,
      { name: 'top' },
      meaning({ kind: 'list', entity: 'Player', equals: ['season'], orderBy: 'rating', direction: 'descending', limit: 10 }),
    );
    expect(analysis.problems).toEqual([]);
    expect(analysis.plan).toMatchObject({ operation: 'Query', index: 'GSI1', limit: 10, scanIndexForward: false, parameters: ['season'] });
    expect(analysis.plan.sort).toMatchObject({ attribute: 'GSI1SK', operator: 'beginsWith' });
  });

  it('finds a player by a unique handle with a Limit 1 Query on GSI2, and says why', () => {
    const plan = planMeaning(leaderboard, 'byHandle', meaning({ kind: 'get', entity: 'Player', equals: ['handle'] }));
    expect(plan).toMatchObject({ operation: 'Query', index: 'GSI2', limit: 1, parameters: ['handle'] });
    expect(plan.why).toContain('no GetItem');
    expect(plan.why).toContain('unique');
  });

  it('keeps the plan for an unpadded rating but names the problem', () => {
    const broken = withKeys(leaderboard, 'Player', { GSI1SK: 'RATING#{rating}' });
    const analysis = analyzeMeaning(
      broken,
      { name: 'top' },
      meaning({ kind: 'list', entity: 'Player', equals: ['season'], orderBy: 'rating', direction: 'descending', limit: 10 }),
    );
    expect(analysis.plan.index).toBe('GSI1');
    expect(analysis.problems.join(' ')).toMatch(/rating.*pad/);
    expect(analysis.plan.why).toMatch(/but rating is a number written as plain text/);
  });

  it('refuses ConsistentRead on a GSI and says so', () => {
    const analysis = analyzeMeaning(
      leaderboard,
      { name: 'top', consistentRead: true },
      meaning({ kind: 'list', entity: 'Player', equals: ['season'], orderBy: 'rating', direction: 'descending' }),
    );
    expect(analysis.plan.index).toBe('GSI1');
    expect(analysis.plan.consistentRead).toBeUndefined();
    expect(analysis.problems.join(' ')).toContain('ConsistentRead');
    expect(analysis.plan.why).toContain('ConsistentRead');
  });

  it('keeps ConsistentRead on the base table', () => {
    const plan = planMeaning(leaderboard, 'getPlayer', meaning({ kind: 'get', entity: 'Player', equals: ['playerId'] }), true);
    expect(plan.consistentRead).toBe(true);
  });

  it('names a partition shared with other entities when no sort prefix keeps them out', () => {
    const broken = withKeys(leaderboard, 'Match', { SK: '{playedAt:iso}#{matchId}' });
    const analysis = analyzeMeaning(
      broken,
      { name: 'recent' },
      meaning({ kind: 'list', entity: 'Match', equals: ['playerId'], orderBy: 'playedAt', direction: 'descending' }),
    );
    expect(analysis.plan.sort).toBeUndefined();
    expect(analysis.problems.join(' ')).toContain('other entities share');
    expect(analysis.plan.why).toContain('come back too');
  });
});

describe('planMeaning on the audit log', () => {
  it('bounds a time window with BETWEEN on the same partition', () => {
    const plan = planMeaning(auditLog, 'window', meaning({ kind: 'list', entity: 'Event', equals: ['actorId'], between: 'at', orderBy: 'at' }));
    expect(plan).toMatchObject({
      operation: 'Query',
      partition: { attribute: 'PK', template: 'ACTOR#{actorId}' },
      sort: { attribute: 'SK', operator: 'between', rangeAttribute: 'at' },
      parameters: ['actorId', 'atFrom', 'atTo'],
      scanIndexForward: true,
    });
  });

  it('falls back to a Scan with why when no key is built from the supplied attributes', () => {
    const analysis = analyzeMeaning(auditLog, { name: 'byAction' }, meaning({ kind: 'list', entity: 'Event', equals: ['action'] }));
    expect(analysis.plan.operation).toBe('Scan');
    expect(analysis.plan.why).toContain('needs actorId');
    expect(analysis.problems[0]).toMatch(/Scan/);
  });

  it('refuses a range on a field that is not next in the sort key', () => {
    const analysis = analyzeMeaning(auditLog, { name: 'x' }, meaning({ kind: 'list', entity: 'Event', equals: ['actorId'], between: 'eventId' }));
    expect(analysis.plan.operation).toBe('Scan');
    expect(analysis.plan.why).toContain('cannot bound eventId');
  });
});

describe('planMeaning on the ticket desk', () => {
  it('gets a ticket by id with GetItem', () => {
    expect(planMeaning(ticketDesk, 'get', meaning({ kind: 'get', entity: 'Ticket', equals: ['ticketId'] })).operation).toBe('GetItem');
  });

  it('lists a team\'s tickets by status on GSI1, not the sparse GSI2 that holds only open tickets', () => {
    const analysis = analyzeMeaning(ticketDesk, { name: 'x' }, meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], orderBy: 'status' }));
    expect(analysis.plan).toMatchObject({ index: 'GSI1', sort: { operator: 'beginsWith', template: 'STATUS#{status}#TICKET#{ticketId}' } });
    expect(analysis.problems).toEqual([]);
  });

  it('puts a supplied status into the GSI1 prefix', () => {
    const plan = planMeaning(ticketDesk, 'x', meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId', 'status'] }));
    expect(plan).toMatchObject({ index: 'GSI1', parameters: ['teamId', 'status'] });
    expect(plan.why).toContain('"STATUS#{status}#TICKET#"');
  });

  it('answers open tickets from the sparse GSI2, oldest first, with no filter', () => {
    const analysis = analyzeMeaning(
      ticketDesk,
      { name: 'open' },
      meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [{ attribute: 'status', value: 'open' }], orderBy: 'createdAt' }),
    );
    expect(analysis.plan).toMatchObject({ index: 'GSI2', scanIndexForward: true });
    expect(analysis.plan.filter).toBeUndefined();
    expect(analysis.problems).toEqual([]);
  });

  it('writes a constant into the plan\'s template when a key field carries it', () => {
    const plan = planMeaning(
      ticketDesk,
      'pending',
      meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [{ attribute: 'status', value: 'pending' }] }),
    );
    expect(plan).toMatchObject({ index: 'GSI1', sort: { template: 'STATUS#pending#TICKET#{ticketId}', operator: 'beginsWith' } });
    expect(plan.filter).toBeUndefined();
  });

  it('leaves a condition no key carries to a filter, and drops the Limit it would distort', () => {
    const analysis = analyzeMeaning(
      ticketDesk,
      { name: 'urgent' },
      meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [{ attribute: 'priority', value: '1' }], limit: 5 }),
    );
    expect(analysis.plan.filter).toEqual([{ attribute: 'priority', value: '1' }]);
    expect(analysis.plan.limit).toBeUndefined();
    expect(analysis.problems.join(' ')).toContain('filter');
  });

  it('names an order the keys cannot give', () => {
    const analysis = analyzeMeaning(ticketDesk, { name: 'x' }, meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], orderBy: 'priority' }));
    expect(analysis.plan.operation).toBe('Query');
    expect(analysis.problems.join(' ')).toContain('not by priority');
    expect(analysis.plan.why).toContain('not by priority');
  });

  it('takes a constant written as literal key text as answered', () => {
    const model = withKeys(ticketDesk, 'Ticket', { GSI2PK: 'OPEN#TEAM#{teamId}' });
    const plan = planMeaning(
      model,
      'open',
      meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [{ attribute: 'status', value: 'open' }], orderBy: 'createdAt' }),
    );
    expect(plan).toMatchObject({ index: 'GSI2', partition: { template: 'OPEN#TEAM#{teamId}' } });
    expect(plan.filter).toBeUndefined();
  });

  it('prefers an LSI to a GSI when both answer', () => {
    const table = ticketDesk.tables[0]!;
    const model: Model = {
      ...withKeys(ticketDesk, 'Ticket', { PK: 'TEAM#{teamId}', SK: 'TICKET#{ticketId}', LSI1SK: 'STATUS#{status}#TICKET#{ticketId}' }),
      tables: [{ ...table, localSecondaryIndexes: [{ name: 'LSI1', sortKey: { name: 'LSI1SK', type: 'S' }, projection: { type: 'ALL' } }] }],
    };
    const plan = planMeaning(model, 'x', meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], orderBy: 'status' }));
    expect(plan.index).toBe('LSI1');
  });
});

describe('planAccessPattern', () => {
  it('reads each example question with the grammar and plans it as its meaning', () => {
    for (const [name, model] of [['leaderboard', leaderboard], ['audit-log', auditLog], ['ticket-desk', ticketDesk]] as const) {
      for (const pattern of model.accessPatterns) {
        const expected = planMeaning(model, pattern.name, EXAMPLE_MEANINGS[name]![pattern.name]!, pattern.consistentRead);
        expect(planAccessPattern(model, pattern)).toEqual(expected);
      }
    }
  });
});
