import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KeyTemplateError, NumberValue, compileKeyTemplate, compareStrings } from '@dynotable/core';

describe('compileKeyTemplate: the seed examples', () => {
  it('ACTOR#{actorId} and EVT#{at:iso}', () => {
    const actor = compileKeyTemplate('ACTOR#{actorId}');
    expect(actor.format({ actorId: 'u_8814' })).toBe('ACTOR#u_8814');
    expect(actor.parse('ACTOR#u_8814')).toEqual({ actorId: 'u_8814' });
    const event = compileKeyTemplate('EVT#{at:iso}');
    expect(event.format({ at: new Date(Date.UTC(2026, 5, 23)) })).toBe('EVT#2026-06-23T00:00:00Z');
    expect(event.format({ at: { S: '2026-06-23T00:00:00Z' } })).toBe('EVT#2026-06-23T00:00:00Z');
    expect(event.parse('EVT#2026-06-23T00:00:00Z')).toEqual({ at: '2026-06-23T00:00:00Z' });
    expect(event.parse('EVT#2026-06-23')).toBeUndefined();
  });

  it('RATING#{rating:05}', () => {
    const rating = compileKeyTemplate('RATING#{rating:05}');
    expect(rating.format({ rating: 1842 })).toBe('RATING#01842');
    expect(rating.format({ rating: { N: '1842' } })).toBe('RATING#01842');
    expect(rating.format({ rating: new NumberValue('7') })).toBe('RATING#00007');
    expect(rating.parse('RATING#01842')).toEqual({ rating: '1842' });
    expect(rating.parse('RATING#1842')).toBeUndefined();
    expect(() => rating.format({ rating: 123456 })).toThrow('attribute rating: 123456 does not fit in 5 digits');
  });

  it('STATUS#{status}#TICKET#{ticketId}', () => {
    const byStatus = compileKeyTemplate('STATUS#{status}#TICKET#{ticketId}');
    expect(byStatus.fields).toEqual(['status', 'ticketId']);
    expect(byStatus.format({ status: 'open', ticketId: 8842 })).toBe('STATUS#open#TICKET#8842');
    expect(byStatus.parse('STATUS#open#TICKET#8842')).toEqual({ status: 'open', ticketId: '8842' });
    expect(byStatus.prefix({ status: 'open' })).toBe('STATUS#open#TICKET#');
    expect(byStatus.prefix({})).toBe('STATUS#');
    expect(byStatus.parse('STATUS#open')).toBeUndefined();
  });

  it('SEASON#{year}-Q{quarter} and {at:iso-ms}', () => {
    const season = compileKeyTemplate('SEASON#{year}-Q{quarter}');
    expect(season.format({ year: 2026, quarter: 2 })).toBe('SEASON#2026-Q2');
    expect(season.parse('SEASON#2026-Q2')).toEqual({ year: '2026', quarter: '2' });
    expect(compileKeyTemplate('{at:iso-ms}').format({ at: 1782172800000 })).toBe('2026-06-23T00:00:00.000Z');
  });
});

describe('errors name the attribute', () => {
  const byStatus = compileKeyTemplate('STATUS#{status}#TICKET#{ticketId}');

  it('for a missing or empty attribute', () => {
    expect(() => byStatus.format({ status: 'open' })).toThrow('attribute ticketId is missing');
    expect(() => byStatus.format({ status: '', ticketId: 1 })).toThrow('attribute status is empty');
  });

  it('for a value that would make the key ambiguous', () => {
    expect(() => byStatus.format({ status: 'a#TICKET#b', ticketId: 1 })).toThrow('attribute status ("a#TICKET#b") contains "#TICKET#"');
    expect(() => byStatus.format({ status: { nested: true }, ticketId: 1 })).toThrow(KeyTemplateError);
  });

  it('for bad templates', () => {
    expect(() => compileKeyTemplate('A#{a')).toThrow(KeyTemplateError);
    expect(() => compileKeyTemplate('A#{a}{b}')).toThrow('need literal text between them');
    expect(() => compileKeyTemplate('A#{a:weird}')).toThrow('unknown key format "weird"');
    expect(() => compileKeyTemplate('A#{}')).toThrow(KeyTemplateError);
  });
});

describe('format / parse round trip', () => {
  const segment = fc.string({ unit: fc.constantFrom('a', 'b', '_', '-', 'é', '😀', '\ue000', '1'), minLength: 1, maxLength: 8 });

  it('for raw text fields, numbers and timestamps', () => {
    const template = compileKeyTemplate('T#{tenant}#N#{n:06}#AT#{at:iso-ms}#{rest}');
    const instant = fc.integer({ min: 0, max: Date.UTC(9999, 0, 1) });
    fc.assert(
      fc.property(segment, fc.integer({ min: -999_999, max: 999_999 }), instant, segment, (tenant, n, at, rest) => {
        const values = { tenant, n, at, rest };
        const key = template.format(values);
        expect(template.parse(key)).toEqual({ tenant, n: String(n), at: new Date(at).toISOString(), rest });
        expect(key.startsWith(template.prefix({ tenant, n }))).toBe(true);
      }),
    );
  });

  it('keeps numeric order within one prefix', () => {
    const template = compileKeyTemplate('RATING#{rating:05}');
    fc.assert(
      fc.property(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: -99_999, max: 99_999 }), (a, b) => {
        expect(Math.sign(compareStrings(template.format({ rating: a }), template.format({ rating: b })))).toBe(Math.sign(a - b));
      }),
    );
  });
});
