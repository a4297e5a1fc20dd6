/**
 * The day-window trap in a key condition: found for BETWEEN and `<=` upper
 * bounds that keys go on after, with the fixed conditions — the bound
 * followed by U+10FFFF, begins_with on the day — and the condition of what
 * the bound leaves out, checked by evaluating them on keys as DynamoDB
 * orders them.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluateCondition, findPrefixBoundTrap, parseFriendly, printFriendly, type Condition, type Item } from '@dynotable/core';

const DAY_WINDOW = 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"';
const EVENTS = 'EVT#{at:iso}#{eventId}';
const keySchema = { partitionKey: 'PK', sortKey: 'SK' };

const key = (condition: string) => parseFriendly('key', condition);
const item = (sk: string): Item => ({ PK: { S: 'ACTOR#u_8814' }, SK: { S: sk } });
const matches = (condition: Condition, sk: string) => evaluateCondition(condition, item(sk));

describe('findPrefixBoundTrap', () => {
  it("finds the seed's day window: certain with the event template, every fix and its sentence", () => {
    const trap = findPrefixBoundTrap(key(DAY_WINDOW), { keySchema, sortKeyTemplates: [EVENTS] })!;
    expect(trap).toMatchObject({
      sortKey: 'SK',
      operator: 'BETWEEN',
      lower: 'EVT#2026-06-23T00:00:00Z',
      bound: 'EVT#2026-06-23T23:59:59Z',
      certainty: 'certain',
      template: EVENTS,
      widenedBound: 'EVT#2026-06-23T23:59:59Z\u{10ffff}',
      day: 'EVT#2026-06-23',
    });
    expect(printFriendly('key', trap.widened)).toBe('PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z\u{10ffff}"');
    expect(printFriendly('key', trap.beginsWith!)).toBe('PK = "ACTOR#u_8814" AND begins_with(SK, "EVT#2026-06-23")');
    expect(printFriendly('key', trap.leftOut)).toBe('PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T23:59:59Z\\u0000" AND "EVT#2026-06-23T23:59:59Z\u{10ffff}"');
    expect(trap.explanation).toBe(
      'Keys written as EVT#{at:iso}#{eventId} go on after "EVT#2026-06-23T23:59:59Z", so they sort after it (SK is compared byte by byte, and a longer key sorts after its prefix), and BETWEEN leaves them out: end the range at the bound followed by U+10FFFF, the highest character, or ask for begins_with(SK, "EVT#2026-06-23").',
    );
  });

  it('finds the day written as the bound, and `<=` (also written the other way round), without a template', () => {
    const wholeMonth = findPrefixBoundTrap(key('PK = "A" AND SK BETWEEN "EVT#2026-06-01" AND "EVT#2026-06-23"'), { keySchema })!;
    expect(wholeMonth).toMatchObject({ bound: 'EVT#2026-06-23', certainty: 'possible' });
    expect(wholeMonth.day).toBeUndefined();
    expect(wholeMonth.beginsWith).toBeUndefined();
    expect(wholeMonth.explanation).toBe(
      'Keys that start with "EVT#2026-06-23" and go on sort after it (SK is compared byte by byte, and a longer key sorts after its prefix), and BETWEEN leaves them out: end the range at the bound followed by U+10FFFF, the highest character.',
    );
    for (const condition of ['PK = "A" AND SK <= "EVT#2026-06-23"', 'PK = "A" AND "EVT#2026-06-23" >= SK']) {
      const upTo = findPrefixBoundTrap(key(condition), { keySchema })!;
      expect(upTo).toMatchObject({ operator: '<=', bound: 'EVT#2026-06-23' });
      expect(upTo.lower).toBeUndefined();
      expect(printFriendly('key', upTo.widened)).toBe('PK = "A" AND SK <= "EVT#2026-06-23\u{10ffff}"');
    }
  });

  it('finds the key names by itself when none are given (the expression builder)', () => {
    for (const condition of [DAY_WINDOW, 'SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z" AND PK = "ACTOR#u_8814"']) {
      const trap = findPrefixBoundTrap(key(condition))!;
      expect(trap).toMatchObject({ sortKey: 'SK', bound: 'EVT#2026-06-23T23:59:59Z', day: 'EVT#2026-06-23', certainty: 'possible' });
      expect(printFriendly('key', trap.beginsWith!)).toBe('PK = "ACTOR#u_8814" AND begins_with(SK, "EVT#2026-06-23")');
    }
  });

  it('finds no trap where there is none', () => {
    const none = [
      'PK = "A"',
      'PK = "A" AND SK < "EVT#2026-06-24"',
      'PK = "A" AND SK >= "EVT#2026-06-23"',
      'PK = "A" AND begins_with(SK, "EVT#2026-06-23")',
      'PK = "A" AND SK = "EVT#2026-06-23"',
      'PK = "A" AND SK BETWEEN 1 AND 5',
      'PK = "A" AND SK BETWEEN "EVT#2026-06-23" AND "EVT#2026-06-23\u{10ffff}"',
      'PK = "A" OR SK <= "x"',
    ];
    for (const condition of none) expect(findPrefixBoundTrap(key(condition), { keySchema }), condition).toBeUndefined();
    // The templates say no key goes on after the bound.
    expect(findPrefixBoundTrap(key('PK = "A" AND SK <= "RATING#01842"'), { keySchema, sortKeyTemplates: ['RATING#{rating:05}'] })).toBeUndefined();
    expect(findPrefixBoundTrap(key('PK = "A" AND SK <= "RATING#01842"'), { keySchema, sortKeyTemplates: ['RATING#{rating:05}', 'PROFILE'] })).toBeUndefined();
    // A key condition that does not fit the key schema is not one.
    expect(findPrefixBoundTrap(key('PK = "A" AND other <= "x"'), { keySchema })).toBeUndefined();
  });

  it('is possible, not certain, when a template lets the bound be a whole key', () => {
    const trap = findPrefixBoundTrap(key('PK = "A" AND SK <= "EVT#2026-06-23T23:59:59Z#k7q2m4"'), { keySchema, sortKeyTemplates: [EVENTS, 'PROFILE'] })!;
    expect(trap.certainty).toBe('possible');
    expect(trap.template).toBeUndefined();
  });

  it('the fixes select, on any keys, what the bound kept plus exactly the keys that start with it and go on', () => {
    const stem = fc.constantFrom('EVT#2026-06-23T23:59:59Z', 'EVT#2026-06-23', 'EVT#2026-06-22T10:00:00Z', 'EVT#2026-06-24', 'EVT#');
    const sortKey = fc.tuple(stem, fc.string({ maxLength: 4 })).map(([start, rest]) => start + rest);
    fc.assert(
      fc.property(fc.array(sortKey, { maxLength: 30 }), (keys) => {
        const trap = findPrefixBoundTrap(key(DAY_WINDOW), { keySchema })!;
        const original = key(DAY_WINDOW);
        for (const sk of keys) {
          const goesOn = sk.startsWith(trap.bound) && sk !== trap.bound;
          expect(matches(trap.leftOut, sk), sk).toBe(goesOn && !sk.startsWith(`${trap.bound}\u{10ffff}`));
          expect(matches(trap.leftOut, sk) && matches(original, sk)).toBe(false);
          expect(matches(trap.widened, sk)).toBe(matches(original, sk) || matches(trap.leftOut, sk));
          expect(matches(trap.beginsWith!, sk)).toBe(sk.startsWith('EVT#2026-06-23'));
        }
      }),
    );
  });
});
