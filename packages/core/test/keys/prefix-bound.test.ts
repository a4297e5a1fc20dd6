/**
 * Upper bounds that are prefixes of sort keys: U+10FFFF after the bound,
 * ordered as DynamoDB orders (UTF-8 bytes, a lone surrogate as `?`); what a
 * template says about keys going on after a bound; the day of a whole-day window.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareStrings, dynamoDbStringBytes, HIGHEST_CHARACTER, keysContinueAfter, prefixUpperBound, sharedDayPrefix } from '@dynotable/core';

/** Text dense in what makes UTF-8 and UTF-16 order differ, lone surrogates included. */
const unit = fc.oneof(
  fc.constantFrom('#', 'a', 'Z', '0', '9', '\u0000', '\u007f', '\u0080', '\u07ff', '\ud7ff', '\ue000', '\uffff', '\ud800', '\udc00', '😀', '\u{10fffe}'),
  fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);
const text = (maxLength: number) => fc.string({ unit, maxLength });

/** Whether DynamoDB's bytes of `key` start with those of `prefix`: what begins_with tests. */
function startsWithBytes(key: string, prefix: string): boolean {
  const keyBytes = dynamoDbStringBytes(key);
  const prefixBytes = dynamoDbStringBytes(prefix);
  return prefixBytes.length <= keyBytes.length && prefixBytes.every((byte, i) => keyBytes[i] === byte);
}

describe('prefixUpperBound', () => {
  it('appends U+10FFFF, the highest character', () => {
    expect(prefixUpperBound('EVT#2026-06-23T23:59:59Z')).toBe('EVT#2026-06-23T23:59:59Z\u{10ffff}');
    expect(HIGHEST_CHARACTER.codePointAt(0)).toBe(0x10ffff);
  });

  it('every key that starts with the bound sorts at or below the widened bound, and after the bound when longer', () => {
    fc.assert(
      fc.property(text(8), text(8), (bound, rest) => {
        const key = bound + rest;
        fc.pre(startsWithBytes(key, bound) && !rest.startsWith(HIGHEST_CHARACTER));
        expect(compareStrings(key, prefixUpperBound(bound))).toBeLessThan(0);
        if (dynamoDbStringBytes(key).length > dynamoDbStringBytes(bound).length) expect(compareStrings(key, bound)).toBeGreaterThan(0);
        else expect(compareStrings(key, bound)).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes in nothing else: every key above the bound and at most the widened bound starts with the bound', () => {
    fc.assert(
      fc.property(text(8), fc.nat(8), text(4), (bound, keep, tail) => {
        const key = bound.slice(0, keep) + tail;
        fc.pre(compareStrings(key, bound) > 0 && compareStrings(key, prefixUpperBound(bound)) <= 0);
        expect(startsWithBytes(key, bound)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('the one key it misses goes on with U+10FFFF itself, a noncharacter', () => {
    const bound = 'EVT#2026-06-23T23:59:59Z';
    expect(compareStrings(`${bound}${HIGHEST_CHARACTER}x`, prefixUpperBound(bound))).toBeGreaterThan(0);
  });
});

describe('keysContinueAfter', () => {
  const events = 'EVT#{at:iso}#{eventId}';

  it("knows that an event's key goes on after its timestamp, its day, or any start of them", () => {
    for (const bound of ['EVT#2026-06-23T23:59:59Z', 'EVT#2026-06-23T23:59:59Z#', 'EVT#2026-06-23', 'EVT#2026-06-23T', 'EVT#', 'EVT', 'E']) {
      expect(keysContinueAfter(bound, events), bound).toBe('always');
    }
  });

  it('a whole key ending in a free field may be followed by a longer one', () => {
    expect(keysContinueAfter('EVT#2026-06-23T23:59:59Z#k7q2m4', events)).toBe('sometimes');
    expect(keysContinueAfter('PROFILE#nighthawk', 'PROFILE#{handle}')).toBe('sometimes');
  });

  it('says never when no key of the template starts with the bound', () => {
    expect(keysContinueAfter('ORDER#2026', events)).toBe('never');
    expect(keysContinueAfter('EVT#2026-13', events)).toBe('always'); // shape, not the calendar, decides a partial field
    expect(keysContinueAfter('EVT#2026-06-23X', events)).toBe('never');
    expect(keysContinueAfter('EVT#2026-06-23T23:59:59Z!', events)).toBe('never');
    expect(keysContinueAfter('EVT##k7', events)).toBe('never');
    // A whole key of fixed width: nothing longer starts with it.
    expect(keysContinueAfter('PROFILE', 'PROFILE')).toBe('never');
    expect(keysContinueAfter('RATING#01842', 'RATING#{rating:05}')).toBe('never');
    expect(keysContinueAfter('EVT#2026-06-23T23:59:59Z', 'EVT#{at:iso}')).toBe('never');
  });

  it('follows fixed-width numbers (a minus sign included), decimals and free fields between literals', () => {
    expect(keysContinueAfter('RATING#018', 'RATING#{rating:05}')).toBe('always');
    expect(keysContinueAfter('RATING#-9', 'RATING#{rating:05}')).toBe('always');
    expect(keysContinueAfter('RATING#01842', 'RATING#{rating:05}#{playerId}')).toBe('always');
    expect(keysContinueAfter('PRICE#0012.5', 'PRICE#{price:d4.2}')).toBe('always');
    expect(keysContinueAfter('PRICE#0012.50', 'PRICE#{price:d4.2}')).toBe('never');
    expect(keysContinueAfter('STATUS#open', 'STATUS#{status}#TICKET#{ticketId}')).toBe('always');
    expect(keysContinueAfter('STATUS#open#TICKET#88', 'STATUS#{status}#TICKET#{ticketId}')).toBe('sometimes');
    expect(keysContinueAfter('EVT#2026-06-23T23:59:59.123Z', 'EVT#{at:iso-ms}#{eventId}')).toBe('always');
    expect(keysContinueAfter('EVT#2026-06-23T23:59:59Z', 'EVT#{at:iso-ms}#{eventId}')).toBe('never');
  });

  it('agrees with keys the template writes: every start of a key up to the event id is one that keys go on after', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.stringMatching(/^[a-z0-9]{1,8}$/),
        fc.nat(60),
        (at, eventId, cut) => {
          const key = `EVT#${at.toISOString().replace(/\.\d{3}Z$/, 'Z')}#${eventId}`;
          const bound = key.slice(0, Math.min(cut, key.length - 1) + 1);
          // Up to the event id, keys always go on; inside it, the bound may be a whole key.
          expect(keysContinueAfter(bound, events)).toBe(bound.length > key.lastIndexOf('#') + 1 ? 'sometimes' : 'always');
        },
      ),
    );
  });
});

describe('sharedDayPrefix', () => {
  it('finds the day of a whole-day window however its bounds are written', () => {
    expect(sharedDayPrefix('EVT#2026-06-23T00:00:00Z', 'EVT#2026-06-23T23:59:59Z')).toBe('EVT#2026-06-23');
    expect(sharedDayPrefix('EVT#2026-06-23T00:00:00.000Z', 'EVT#2026-06-23T23:59:59.999Z')).toBe('EVT#2026-06-23');
    expect(sharedDayPrefix('EVT#2026-06-23', 'EVT#2026-06-23')).toBe('EVT#2026-06-23');
    expect(sharedDayPrefix('EVT#2026-06-23', 'EVT#2026-06-23T23:59:59Z')).toBe('EVT#2026-06-23');
    expect(sharedDayPrefix('2026-06-23T00:00', '2026-06-23T23:59')).toBe('2026-06-23');
  });

  it('offers no day when the window is part of a day or spans several', () => {
    expect(sharedDayPrefix('EVT#2026-06-23T08:00:00Z', 'EVT#2026-06-23T17:00:00Z')).toBeUndefined();
    expect(sharedDayPrefix('EVT#2026-06-20', 'EVT#2026-06-23')).toBeUndefined();
    expect(sharedDayPrefix('EVT#2026-06-01T00:00:00Z', 'EVT#2026-06-30T23:59:59Z')).toBeUndefined();
    expect(sharedDayPrefix('ORDER#001', 'ORDER#005')).toBeUndefined();
  });
});
