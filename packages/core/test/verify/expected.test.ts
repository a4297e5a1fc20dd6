import { describe, expect, it } from 'vitest';
import { compareAnswer, expectedAnswer, type EntitySpec, type PatternMeaning, type SampleRecord } from '@dynotable/core';

const entity: EntitySpec = {
  name: 'Player',
  plural: 'players',
  table: 'T',
  attributes: [
    { name: 'playerId', type: 'string', mutable: false, unique: true, required: true },
    { name: 'season', type: 'string', mutable: false, unique: false, required: true },
    { name: 'rating', type: 'number', format: 'string', mutable: true, unique: false, required: true },
    { name: 'at', type: 'timestamp', format: 'M/D/YYYY', mutable: false, unique: false, required: true },
  ],
  keys: {},
  keysWhen: {},
};
const record = (playerId: string, season: string, rating: string, at = '1/1/2026'): SampleRecord => ({ entity: 'Player', values: { playerId, season, rating, at } });
const identity = (r: SampleRecord) => JSON.stringify([String(r.values['playerId'])]);
const top: PatternMeaning = { kind: 'list', entity: 'Player', equals: ['season'], where: [], orderBy: 'rating', direction: 'descending', limit: 3, reading: '' };

describe('expectedAnswer', () => {
  const records = [record('a', 'S1', '9'), record('b', 'S1', '1000'), record('c', 'S1', '10'), record('d', 'S2', '5000'), record('e', 'S1', '99')];

  it('orders by meaning: numbers stored as text still sort as numbers', () => {
    const answer = expectedAnswer(entity, top, records, { equals: { season: 'S1' } });
    expect(answer.records.slice(0, answer.count).map((r) => r.values['playerId'])).toEqual(['b', 'e', 'c']);
  });

  it('orders times by instant whatever their text format', () => {
    const byTime: PatternMeaning = { ...top, orderBy: 'at', direction: 'ascending', limit: undefined };
    const timed = [record('a', 'S1', '1', '10/2/2026'), record('b', 'S1', '1', '9/30/2026'), record('c', 'S1', '1', '1/15/2026')];
    const answer = expectedAnswer(entity, byTime, timed, { equals: { season: 'S1' } });
    expect(answer.records.map((r) => r.values['playerId'])).toEqual(['c', 'b', 'a']);
  });

  it('bounds a range inclusively', () => {
    const window: PatternMeaning = { ...top, orderBy: undefined, between: 'at', direction: 'ascending', limit: undefined };
    const timed = [record('a', 'S1', '1', '1/1/2026'), record('b', 'S1', '1', '1/2/2026'), record('c', 'S1', '1', '1/3/2026'), record('d', 'S1', '1', '1/4/2026')];
    const answer = expectedAnswer(entity, window, timed, { equals: { season: 'S1' }, range: { from: '1/2/2026', to: '1/3/2026' } });
    expect(answer.records.map((r) => r.values['playerId'])).toEqual(['b', 'c']);
  });
});

describe('compareAnswer', () => {
  const actual = (...ids: string[]) => ids.map((id) => ({ identity: JSON.stringify([id]), item: { playerId: id } }));

  it('accepts the expected order and reports the first misplaced item with both items', () => {
    const records = [record('a', 'S1', '9'), record('b', 'S1', '1000'), record('c', 'S1', '10')];
    const answer = expectedAnswer(entity, top, records, { equals: { season: 'S1' } });
    expect(compareAnswer(answer, actual('b', 'c', 'a'), identity)).toBeUndefined();
    // The unpadded text order: "9" > "10" > "1000".
    const mismatch = compareAnswer(answer, actual('a', 'c', 'b'), identity)!;
    expect(mismatch.position).toBe(0);
    expect(mismatch.expected!.values['playerId']).toBe('b');
    expect(mismatch.actual!.item['playerId']).toBe('a');
    expect(mismatch.reason).toBe('an item expected at position 3');
  });

  it('lets ties come in any order, and a limit cut a group of ties anywhere', () => {
    const records = [record('a', 'S1', '5'), record('b', 'S1', '5'), record('c', 'S1', '5'), record('d', 'S1', '7')];
    const answer = expectedAnswer(entity, { ...top, limit: 2 }, records, { equals: { season: 'S1' } });
    expect(compareAnswer(answer, actual('d', 'c'), identity)).toBeUndefined();
    expect(compareAnswer(answer, actual('d', 'a'), identity)).toBeUndefined();
    expect(compareAnswer(answer, actual('c', 'd'), identity)?.position).toBe(0);
  });

  it('reports missing and extra items', () => {
    const records = [record('a', 'S1', '1'), record('b', 'S1', '2')];
    const answer = expectedAnswer(entity, { ...top, limit: undefined }, records, { equals: { season: 'S1' } });
    expect(compareAnswer(answer, actual('b'), identity)).toMatchObject({ position: 1, reason: 'returned 1 items, expected 2' });
    expect(compareAnswer(answer, actual('b', 'a', 'z'), identity)).toMatchObject({ position: 2 });
    const unordered = expectedAnswer(entity, { ...top, orderBy: undefined, limit: undefined }, records, { equals: { season: 'S1' } });
    expect(compareAnswer(unordered, actual('b', 'a'), identity)).toBeUndefined();
    expect(compareAnswer(unordered, actual('b', 'b'), identity)?.reason).toBe('the same item twice');
  });
});
