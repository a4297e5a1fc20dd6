/**
 * ISO-8601 UTC timestamps at a fixed precision, `2026-06-23T00:00:00Z`,
 * `…00.000Z` (millis) or `…00.000000Z` (micros). Fixed width and UTC only, so
 * text order is time order. Years 0000–9999. Input finer than the precision is
 * refused unless the extra digits are zeros; other time zones are refused.
 */
import { KeyCodecError } from './codec.js';
import type { KeyCodec } from './codec.js';

export type TimestampPrecision = 'seconds' | 'millis' | 'micros';
/** A Date, epoch milliseconds, or ISO-8601 text. */
export type TimestampInput = Date | number | string;

const FRACTION_DIGITS: Record<TimestampPrecision, number> = { seconds: 0, millis: 3, micros: 6 };
const ISO_TEXT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;
const MAX_EPOCH_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function minEpochMs(): number {
  const date = new Date(0);
  date.setUTCFullYear(0, 0, 1);
  return date.getTime();
}

export function isoTimestamp(precision: TimestampPrecision): KeyCodec<TimestampInput, string> {
  const digits = FRACTION_DIGITS[precision];
  const name = `iso-${precision}`;
  const fractionPattern = digits > 0 ? `\\.\\d{${digits}}` : '';
  const pattern = `\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}${fractionPattern}Z`;
  // Compiled once: decoding runs for every key an item check parses.
  const encoded = new RegExp(`^${pattern}$`);

  function fromIsoText(text: string): string {
    const match = ISO_TEXT.exec(text);
    if (!match) throw new KeyCodecError(`"${text}" is not an ISO-8601 timestamp`);
    const [, year, month, day, hour, minute, second, fraction = '', zone] = match;
    if (zone !== 'Z' && zone !== '+00:00') throw new KeyCodecError(`"${text}" is not in UTC; convert it to UTC (suffix Z) first`);
    checkCalendar(text, Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second));
    if (/[1-9]/.test(fraction.slice(digits))) {
      throw new KeyCodecError(`"${text}" is more precise than the ${name} key format allows`);
    }
    const kept = fraction.slice(0, digits).padEnd(digits, '0');
    return `${year}-${month}-${day}T${hour}:${minute}:${second}${digits > 0 ? `.${kept}` : ''}Z`;
  }

  function fromEpochMs(ms: number): string {
    if (!Number.isInteger(ms)) throw new KeyCodecError(`${ms} is not a whole number of epoch milliseconds`);
    if (ms < minEpochMs() || ms > MAX_EPOCH_MS) throw new KeyCodecError(`${ms} is outside the years 0000–9999`);
    const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ for years 0–9999
    return fromIsoText(iso);
  }

  return {
    name,
    pattern,
    encode(value) {
      if (value instanceof Date) {
        const ms = value.getTime();
        if (Number.isNaN(ms)) throw new KeyCodecError('Invalid Date cannot be used in a key');
        return fromEpochMs(ms);
      }
      if (typeof value === 'number') return fromEpochMs(value);
      return fromIsoText(value);
    },
    decode(text) {
      if (!encoded.test(text)) throw new KeyCodecError(`"${text}" is not an ${name} timestamp`);
      // The fixed format is already canonical: only the calendar is left to check.
      checkCalendar(text, digitsAt(text, 0, 4), digitsAt(text, 5, 7), digitsAt(text, 8, 10), digitsAt(text, 11, 13), digitsAt(text, 14, 16), digitsAt(text, 17, 19));
      return text;
    },
  };
}

function digitsAt(text: string, start: number, end: number): number {
  return Number(text.slice(start, end));
}

/** Days per month of a common year; February gains one in leap years (proleptic Gregorian, as Date counts). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!;
}

// Arithmetic rather than a Date: every key an item check parses comes through here.
function checkCalendar(text: string, year: number, month: number, day: number, hour: number, minute: number, second: number): void {
  const valid =
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour <= 23 && minute <= 59 && second <= 59;
  if (!valid) throw new KeyCodecError(`"${text}" is not a valid date and time`);
}
