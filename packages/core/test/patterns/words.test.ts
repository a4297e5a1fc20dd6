import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { camelCase, pluralize, singularize } from '@dynotable/core';

const SINGULARS = [
  'match', 'category', 'status', 'ticket', 'person', 'child', 'box', 'address', 'bus', 'quiz', 'index', 'day', 'key',
  'hero', 'house', 'case', 'alias', 'series', 'data', 'shelf', 'knife', 'leaf', 'movie', 'analysis', 'wish', 'entry',
  'Match', 'TicketCategory', 'AuditEvent', 'OrderStatus', 'UserAddress',
];

describe('singularize', () => {
  it('undoes the English plurals', () => {
    expect(['matches', 'categories', 'statuses', 'people', 'children', 'boxes', 'addresses', 'entries', 'Tickets', 'TicketCategories', 'knives', 'movies'].map(singularize)).toEqual([
      'match', 'category', 'status', 'person', 'child', 'box', 'address', 'entry', 'Ticket', 'TicketCategory', 'knife', 'movie',
    ]);
  });

  it('leaves singular words alone', () => {
    expect(['status', 'address', 'analysis', 'series', 'news', 'ticket', 'bus', 'alias', 'at', 'id'].map(singularize)).toEqual([
      'status', 'address', 'analysis', 'series', 'news', 'ticket', 'bus', 'alias', 'at', 'id',
    ]);
  });

  it("is the inverse of the model's pluralize", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SINGULARS), (word) => {
        expect(singularize(pluralize(word))).toBe(word);
        expect(singularize(word)).toBe(word);
      }),
    );
  });
});

describe('camelCase', () => {
  it('joins words into a name', () => {
    expect(camelCase(['created', 'at'])).toBe('createdAt');
    expect(camelCase(['Team', 'ID'])).toBe('teamId');
    expect(camelCase(['teamId'])).toBe('teamId');
    expect(camelCase(['list', 'tickets', 'by', 'team'])).toBe('listTicketsByTeam');
    expect(camelCase([])).toBe('');
  });
});
