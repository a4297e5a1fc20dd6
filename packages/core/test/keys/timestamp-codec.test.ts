import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KeyCodecError, compareStrings, isoTimestamp } from '@dynotable/core';

const seconds = isoTimestamp('seconds');
const millis = isoTimestamp('millis');
const micros = isoTimestamp('micros');
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const MIN_MS = -62167219200000; // 0000-01-01T00:00:00Z

describe('isoTimestamp', () => {
  it('encodes a Date, epoch milliseconds or ISO text', () => {
    expect(seconds.encode(new Date(Date.UTC(2026, 5, 23)))).toBe('2026-06-23T00:00:00Z');
    expect(millis.encode(1782172800123)).toBe('2026-06-23T00:00:00.123Z');
    expect(micros.encode('2026-06-23T00:00:00.123456Z')).toBe('2026-06-23T00:00:00.123456Z');
    expect(micros.encode('2026-06-23T00:00:00Z')).toBe('2026-06-23T00:00:00.000000Z');
    expect(seconds.encode('2026-06-23T00:00:00.000+00:00')).toBe('2026-06-23T00:00:00Z');
    expect(seconds.encode(MIN_MS)).toBe('0000-01-01T00:00:00Z');
  });

  it('refuses other time zones, lost precision and impossible dates', () => {
    expect(() => seconds.encode('2026-06-23T02:00:00+02:00')).toThrow('not in UTC');
    expect(() => seconds.encode('2026-06-23T00:00:00')).toThrow(KeyCodecError);
    expect(() => seconds.encode(new Date(Date.UTC(2026, 5, 23, 0, 0, 0, 5)))).toThrow('more precise');
    expect(() => millis.encode('2026-06-23T00:00:00.1234Z')).toThrow('more precise');
    expect(() => seconds.encode('2026-02-30T00:00:00Z')).toThrow('not a valid date');
    expect(() => seconds.encode('2026-06-23T24:00:00Z')).toThrow(KeyCodecError);
    expect(() => seconds.encode(new Date(Number.NaN))).toThrow('Invalid Date');
    expect(() => seconds.encode(MAX_MS + 1)).toThrow('outside the years');
    expect(() => seconds.encode(MIN_MS - 1000)).toThrow('outside the years');
    expect(() => millis.encode(1.5)).toThrow(KeyCodecError);
  });

  it('accepts a date and time exactly when the calendar has it (leap years, month lengths, 00:00:00 to 23:59:59)', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (year, month, day, hour, minute, second) => {
          const text = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}Z`;
          // The calendar's own answer: a Date built from the parts gives the same parts back.
          const date = new Date(0);
          date.setUTCFullYear(year, month - 1, day);
          date.setUTCHours(hour, minute, second, 0);
          const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
          let accepted = true;
          try {
            seconds.decode(text);
          } catch {
            accepted = false;
          }
          expect(accepted).toBe(real);
        },
      ),
      { numRuns: 2000 },
    );
    expect(seconds.decode('2024-02-29T00:00:00Z')).toBe('2024-02-29T00:00:00Z');
    expect(() => seconds.decode('1900-02-29T00:00:00Z')).toThrow('not a valid date');
    expect(seconds.decode('2000-02-29T00:00:00Z')).toBe('2000-02-29T00:00:00Z');
  });

  it('decodes only its own fixed format', () => {
    expect(seconds.decode('2026-06-23T00:00:00Z')).toBe('2026-06-23T00:00:00Z');
    expect(() => seconds.decode('2026-06-23T00:00:00.000Z')).toThrow(KeyCodecError);
    expect(() => millis.decode('2026-06-23T00:00:00Z')).toThrow(KeyCodecError);
    expect(() => seconds.decode('2026-13-01T00:00:00Z')).toThrow(KeyCodecError);
  });

  it('orders like time and decodes back, at every precision', () => {
    const instant = fc.integer({ min: MIN_MS, max: MAX_MS });
    fc.assert(
      fc.property(instant, instant, fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), (a, b, ua, ub) => {
        const ea = millis.encode(a);
        const eb = millis.encode(b);
        expect(Math.sign(compareStrings(ea, eb))).toBe(Math.sign(a - b));
        expect(millis.decode(ea)).toBe(ea);
        expect(new Date(ea).getTime()).toBe(a);
        const sa = seconds.encode(a - (((a % 1000) + 1000) % 1000));
        expect(seconds.decode(sa)).toBe(sa);
        const ma = `${ea.slice(0, -1)}${String(ua).padStart(3, '0')}Z`;
        const mb = `${eb.slice(0, -1)}${String(ub).padStart(3, '0')}Z`;
        expect(Math.sign(compareStrings(micros.encode(ma), micros.encode(mb)))).toBe(Math.sign(a - b || ua - ub));
        expect(micros.decode(micros.encode(ma))).toBe(ma);
      }),
    );
  });
});
