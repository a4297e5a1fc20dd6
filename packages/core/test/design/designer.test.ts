import { describe, expect, it } from 'vitest';
import { designModel } from '@dynotable/core';
import type { DesignResult } from '@dynotable/core';
import { EXAMPLE_MEANINGS, loadExample, stripKeys } from './fixtures.js';

const EXAMPLES = ['leaderboard', 'audit-log', 'ticket-desk'] as const;

function shape(result: DesignResult) {
  return {
    gsis: result.model.tables.reduce((n, table) => n + table.globalSecondaryIndexes.length, 0),
    lsis: result.model.tables.reduce((n, table) => n + table.localSecondaryIndexes.length, 0),
    plans: result.plans.map((plan) => ({ pattern: plan.pattern, operation: plan.operation, on: plan.index === undefined ? 'table' : 'gsi' })),
  };
}

describe('designModel from the examples\' entities and questions alone', () => {
  for (const name of EXAMPLES) {
    it(`arrives at a design equivalent to ${name}'s, reading the questions itself`, () => {
      const example = loadExample(name);
      // The access-pattern grammar reads the questions.
      const designed = designModel(stripKeys(example));
      const checked = designModel(example);
      expect(designed.mode).toBe('designed');
      expect(checked.mode).toBe('checked');
      expect(designed.problems).toEqual([]);
      expect(checked.problems).toEqual([]);
      expect(shape(designed)).toEqual(shape(checked));
      expect(designed.plans.every((plan) => plan.operation !== 'Scan' && plan.filter === undefined)).toBe(true);
      for (const decision of designed.decisions) expect(decision.why).toMatch(/\.$/);
    });
  }

  it('co-locates matches with their player and pads the rating to the declared width', () => {
    const result = designModel(stripKeys(loadExample('leaderboard')), { meanings: EXAMPLE_MEANINGS['leaderboard']! });
    const player = result.model.entities.find((e) => e.name === 'Player')!;
    const match = result.model.entities.find((e) => e.name === 'Match')!;
    expect(match.keys['PK']).toBe(player.keys['PK']);
    expect(player.keys['PK']).toBe('PLAYER#{playerId}');
    expect(match.keys['SK']).toBe('MATCH#{playedAt:iso}#{matchId}');
    expect(Object.values(player.keys)).toContain('RATING#{rating:05}#PLAYER#{playerId}');
    expect(Object.values(player.keys)).toContain('SEASON#{season}');
    expect(result.decisions.some((d) => d.subject.startsWith('Match PK') && /share Player's partition/.test(d.why))).toBe(true);
  });

  it('keeps the ticket\'s changing status out of the base key and makes the open list sparse', () => {
    const result = designModel(stripKeys(loadExample('ticket-desk')), { meanings: EXAMPLE_MEANINGS['ticket-desk']! });
    const ticket = result.model.entities[0]!;
    expect(ticket.keys['PK']).toBe('TICKET#{ticketId}');
    expect(ticket.keys['SK']).not.toContain('status');
    expect(ticket.keys['GSI1PK']).toBe('TEAM#{teamId}');
    expect(ticket.keys['GSI1SK']).toBe('STATUS#{status}#TICKET#{ticketId}');
    expect(ticket.keys['GSI2SK']).toBe('CREATED#{createdAt:iso}#TICKET#{ticketId}');
    expect(ticket.keysWhen).toEqual({ GSI2PK: { status: 'open' }, GSI2SK: { status: 'open' } });
    expect(result.decisions.some((d) => d.subject === 'Ticket status' && /cannot be updated in place/.test(d.why))).toBe(true);
  });

  it('keeps the audit log on one partition per actor with a unique time-ordered sort key, no GSI', () => {
    const result = designModel(stripKeys(loadExample('audit-log')), { meanings: EXAMPLE_MEANINGS['audit-log']! });
    expect(result.model.entities[0]!.keys).toEqual({ PK: 'ACTOR#{actorId}', SK: 'EVENT#{at:iso}#{eventId}' });
    expect(result.plans.map((plan) => plan.sort?.operator)).toEqual(['beginsWith', 'between']);
  });
});

describe('designModel checking keys a model already has', () => {
  it('names a question no key answers', () => {
    const example = loadExample('leaderboard');
    const broken = {
      ...example,
      tables: example.tables.map((table) => ({ ...table, globalSecondaryIndexes: table.globalSecondaryIndexes.filter((i) => i.name !== 'GSI2') })),
    };
    const result = designModel(broken, { meanings: EXAMPLE_MEANINGS['leaderboard']! });
    expect(result.mode).toBe('checked');
    expect(result.model).toBe(broken);
    const problem = result.problems.find((p) => p.pattern === 'findPlayerByHandle');
    expect(problem?.message).toMatch(/Scan/);
    expect(result.plans.find((p) => p.pattern === 'findPlayerByHandle')?.operation).toBe('Scan');
  });

  it('names an order the keys cannot give and an unpadded number', () => {
    const example = loadExample('leaderboard');
    const broken = {
      ...example,
      entities: example.entities.map((e) => (e.name === 'Player' ? { ...e, keys: { ...e.keys, GSI1SK: 'RATING#{rating}' } } : e)),
    };
    const result = designModel(broken, { meanings: EXAMPLE_MEANINGS['leaderboard']! });
    expect(result.problems.map((p) => p.pattern)).toEqual(['topPlayersOfSeason']);
    expect(result.problems[0]!.message).toMatch(/10 sorts before 9/);
  });

  it('reports a question about an entity the model does not declare', () => {
    const example = loadExample('audit-log');
    const result = designModel(example, {
      meanings: { ...EXAMPLE_MEANINGS['audit-log']!, listActorEvents: { ...EXAMPLE_MEANINGS['audit-log']!['listActorEvents']!, entity: 'Actor' } },
    });
    expect(result.problems).toEqual([{ pattern: 'listActorEvents', message: expect.stringContaining('Actor') }]);
  });
});
