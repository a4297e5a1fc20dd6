import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { designRequestFor, tableNameFor } from '../../src/designer/design-request.js';
import type { EntityDraft } from '../../src/designer/entity-drafts.js';
import { entityDraftsOf } from '../../src/designer/entity-drafts.js';
import { patternNameOf, patternNames } from '../../src/designer/questions.js';
import { modelFromQuestions } from '@dynotable/core';

describe('pattern names', () => {
  it('are the words of the question in camel case', () => {
    expect(patternNameOf('list matches by player, newest first')).toBe('listMatchesByPlayerNewestFirst');
    expect(patternNameOf('top 10 players by rating in a season')).toBe('top10PlayersByRatingInASeason');
    expect(patternNameOf('10 newest events')).toBe('pattern10NewestEvents');
  });

  it('are unique identifiers for any questions', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 12 }), (questions) => {
        const names = patternNames(questions);
        expect(new Set(names).size).toBe(questions.length);
        for (const name of names) expect(name).toMatch(/^\p{L}[\p{L}\p{N}]*$/u);
      }),
    );
  });
});

describe('the design request', () => {
  it('is the questions alone while no entity is declared, and nothing without questions', () => {
    expect(designRequestFor('leaderboard', ['get player by id'], [])).toEqual({ questions: ['get player by id'], name: 'leaderboard' });
    expect(designRequestFor('leaderboard', [], [])).toBeUndefined();
    const unnamed: EntityDraft[] = [{ id: 1, name: ' ', attributes: [] }];
    expect(designRequestFor('', ['get player by id'], unnamed)).toEqual({ questions: ['get player by id'], name: 'app' });
  });

  it('is a model of the declared entities and the questions once entities are declared', () => {
    const entities: EntityDraft[] = [
      {
        id: 1,
        name: 'Player',
        attributes: [
          { id: 2, name: 'playerId', type: 'string' },
          { id: 3, name: 'rating', type: 'number' },
          { id: 4, name: '', type: 'string' },
        ],
      },
    ];
    const request = designRequestFor('leaderboard', ['get player by id', 'get player by id'], entities);
    expect(request).toEqual({
      model: {
        name: 'leaderboard',
        tables: { Leaderboard: { partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } } },
        entities: { Player: { attributes: { playerId: 'string', rating: 'number' } } },
        accessPatterns: [
          { name: 'getPlayerById', question: 'get player by id' },
          { name: 'getPlayerById2', question: 'get player by id' },
        ],
      },
    });
  });

  it('keeps what the proposal said of an attribute while its type stands', () => {
    const model = modelFromQuestions(['top 10 players by rating in a season'], 'leaderboard');
    const drafts = entityDraftsOf(model);
    const request = designRequestFor('leaderboard', [], drafts) as { model: { entities: Record<string, { attributes: Record<string, unknown> }> } };
    expect(request.model.entities['Player']!.attributes['rating']).toEqual({ type: 'number', mutable: true, unique: false, required: true, integer: true });
    const retyped = drafts.map((entity) => ({ ...entity, attributes: entity.attributes.map((a) => (a.name === 'rating' ? { ...a, type: 'string' as const } : a)) }));
    const again = designRequestFor('leaderboard', [], retyped) as typeof request;
    expect(again.model.entities['Player']!.attributes['rating']).toBe('string');
  });

  it('names the table as the server names it', () => {
    expect(tableNameFor('ticket desk')).toBe('TicketDesk');
    expect(tableNameFor('io')).toBe('IoTable');
    expect(tableNameFor('')).toBe('App');
  });
});
