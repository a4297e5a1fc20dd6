/**
 * Values for one declared attribute, deliberately adversarial: numbers that
 * cross digit counts (9, 10, 99, 100, 1000) and negatives where the range allows,
 * equal timestamps and day boundaries, non-ASCII text, empty strings where a
 * value may be empty. Plain JS values; sample-items.ts turns them into items.
 */
import { attributeTimeFormat } from '../model/index.js';
import type { AttributeSpec } from '../model/types.js';
import type { SeededRandom } from './random.js';

export type SampleValue = string | number | boolean | Uint8Array | SampleValue[] | { [name: string]: SampleValue } | Set<string> | Set<number>;

const PLAIN = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Two-, three- and four-byte UTF-8 characters: byte order differs from UTF-16 order for the last. */
const NON_ASCII = ['é', 'ü', 'ß', 'ñ', 'Ω', '中', '文', '😀', '𝄞'];
const CROSSING_NUMBERS = [0, 9, 10, 99, 100, 999, 1000, 9999, 10000, -1, -9, -10, -99, -100, -1000];
/** Sample times cluster around this day, so day windows hold many items and some share a second. */
const BASE_TIME_MS = Date.UTC(2026, 5, 23, 0, 0, 0);
const DAY_MS = 86_400_000;
const DEFAULT_MAX_LENGTH = 12;
const SAFE_RANGE = 1_000_000_000;

export interface ValueContext {
  readonly random: SeededRandom;
  /** The value goes into a key: never empty, never containing the template's separators. */
  readonly inKey: boolean;
  /** Times already generated for this attribute, to repeat some exactly. */
  readonly earlierTimes: number[];
  /** The item's position: the first items walk through the numbers that cross digit counts. */
  readonly ordinal: number;
}

export function sampleValue(spec: AttributeSpec, context: ValueContext): SampleValue {
  const { random } = context;
  switch (spec.type) {
    case 'string':
      return sampleText(spec, context);
    case 'uuid':
      return sampleUuid(random);
    case 'enum':
      return random.pick(spec.values ?? ['value']);
    case 'number': {
      const value = sampleNumber(spec, random, context.ordinal);
      return spec.format === 'string' ? String(value) : value;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'binary':
      return Uint8Array.from({ length: random.int(spec.minLength ?? 1, spec.maxLength ?? 16) }, () => random.int(0, 255));
    case 'timestamp':
    case 'date':
      return formatTime(sampleTime(context), spec);
    case 'list':
      return Array.from({ length: random.int(0, 3) }, () => sampleWord(random, 1, 8, false));
    case 'map':
      return { note: sampleWord(random, 0, 20, true), count: random.int(0, 99) };
    case 'stringSet':
      return new Set(Array.from({ length: random.int(1, 3) }, (_, i) => `${sampleWord(random, 1, 6, false)}${i}`));
    case 'numberSet':
      return new Set(Array.from({ length: random.int(1, 3) }, (_, i) => i * 10 + random.int(0, 9)));
    case 'binarySet':
      return new Set([String(random.int(0, 9))]);
  }
}

function sampleText(spec: AttributeSpec, { random, inKey }: ValueContext): string {
  const min = Math.max(spec.minLength ?? 0, inKey ? 1 : 0);
  const max = Math.max(min, spec.maxLength ?? DEFAULT_MAX_LENGTH);
  if (!inKey && min === 0 && random.chance(0.05)) return '';
  return sampleWord(random, Math.max(min, 1), Math.min(max, Math.max(min, 1) + 10), random.chance(0.15));
}

/** A word of `min`..`max` characters (code points), optionally with a non-ASCII character in it. */
function sampleWord(random: SeededRandom, min: number, max: number, nonAscii: boolean): string {
  const length = random.int(min, max);
  const chars = Array.from({ length }, () => PLAIN[random.int(0, PLAIN.length - 1)]!);
  if (nonAscii && length > 0) chars[random.int(0, length - 1)] = random.pick(NON_ASCII);
  return chars.join('');
}

/** A unique id built from the item's index: letters then digits, so distinct indexes never collide. */
export function sampleId(index: number, spec: AttributeSpec, random: SeededRandom): string | number {
  if (spec.type === 'number') return spec.format === 'string' ? String((spec.min ?? 1) + index) : (spec.min ?? 1) + index;
  if (spec.type === 'uuid') return sampleUuid(random);
  const digits = String(index + 1);
  const numeric = spec.examples?.length && spec.examples.every((example) => /^\d+$/.test(example));
  if (numeric) return digits;
  const min = spec.minLength ?? 1;
  const padding = Math.max(1, min - digits.length);
  return Array.from({ length: padding }, () => LETTERS[random.int(0, LETTERS.length - 1)]).join('') + digits;
}

function sampleUuid(random: SeededRandom): string {
  const hex = () => random.int(0, 15).toString(16);
  const group = (n: number) => Array.from({ length: n }, hex).join('');
  return `${group(8)}-${group(4)}-4${group(3)}-${'89ab'[random.int(0, 3)]}${group(3)}-${group(12)}`;
}

function sampleNumber(spec: AttributeSpec, random: SeededRandom, ordinal = Infinity): number {
  const min = Math.max(spec.min ?? (spec.max !== undefined && spec.max < 0 ? spec.max - 1000 : 0), -SAFE_RANGE);
  const max = Math.min(spec.max ?? Math.max(min + 100_000, 100_000), SAFE_RANGE);
  const crossing = [min, max, ...CROSSING_NUMBERS].filter((n) => n >= min && n <= max);
  if (ordinal < crossing.length) return crossing[ordinal]!;
  if (random.chance(0.3)) return random.pick(crossing);
  const whole = random.int(Math.ceil(min), Math.floor(max));
  if (spec.integer !== false && (spec.integer === true || Number.isInteger(min))) return whole;
  return Math.min(max, whole + random.int(0, 99) / 100);
}

function sampleTime({ random, earlierTimes }: ValueContext): number {
  if (earlierTimes.length > 0 && random.chance(0.15)) return random.pick(earlierTimes);
  // Most times fall within a week, so day windows hold many items; the rest span three years, so
  // months and days cross digit counts (9/30 → 10/1) and years turn, which unsortable formats get wrong.
  const day = random.chance(0.7) ? BASE_TIME_MS + random.int(-3, 3) * DAY_MS : Date.UTC(2025, 0, 1) + random.int(0, 3 * 365) * DAY_MS;
  const roll = random.int(0, 19);
  // Day boundaries test inclusive BETWEEN bounds.
  const time = roll === 0 ? day : roll === 1 ? day + DAY_MS - 1000 : day + random.int(0, 86_399) * 1000;
  earlierTimes.push(time);
  return time;
}

/** A time as the attribute's declared format writes it. */
function formatTime(ms: number, spec: AttributeSpec): string | number {
  const format = attributeTimeFormat(spec);
  if (format === 'iso8601') return new Date(ms).toISOString().replace('.000Z', 'Z');
  if (format === 'epoch-seconds') return Math.floor(ms / 1000);
  if (format === 'epoch-millis') return ms;
  const date = new Date(ms);
  const fields: Record<string, string> = {
    YYYY: String(date.getUTCFullYear()),
    MM: String(date.getUTCMonth() + 1).padStart(2, '0'),
    M: String(date.getUTCMonth() + 1),
    DD: String(date.getUTCDate()).padStart(2, '0'),
    D: String(date.getUTCDate()),
    HH: String(date.getUTCHours()).padStart(2, '0'),
    mm: String(date.getUTCMinutes()).padStart(2, '0'),
    ss: String(date.getUTCSeconds()).padStart(2, '0'),
  };
  return format.replace(/YYYY|MM|M|DD|D|HH|mm|ss/g, (token) => fields[token]!);
}

/** The instant a formatted time stands for, for ordering expected answers by meaning rather than by text. */
export function timeValue(value: unknown, spec: AttributeSpec): number | undefined {
  if (typeof value === 'number') return spec.format === 'epoch-seconds' ? value * 1000 : value;
  if (typeof value !== 'string') return undefined;
  const format = attributeTimeFormat(spec);
  if (format === 'iso8601' || format === 'YYYY-MM-DD') return Date.parse(value);
  const tokens = format.match(/YYYY|MM|M|DD|D|HH|mm|ss/g) ?? [];
  const pattern = new RegExp(`^${format.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/YYYY|MM|M|DD|D|HH|mm|ss/g, '(\\d+)')}$`);
  const match = pattern.exec(value);
  if (!match) return undefined;
  const part = (token: string, fallback: number) => {
    const at = tokens.findIndex((t) => t === token || t[0] === token[0]);
    return at === -1 ? fallback : Number(match[at + 1]);
  };
  return Date.UTC(part('YYYY', 1970), part('MM', 1) - 1, part('DD', 1), part('HH', 0), part('mm', 0), part('ss', 0));
}
