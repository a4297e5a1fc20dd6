/**
 * Upper bounds that are prefixes of sort keys. DynamoDB compares string keys
 * byte by byte, and a string sorts after every proper prefix of itself: with
 * keys `EVT#<time>#<eventId>`, the bound `EVT#2026-06-23T23:59:59Z` sorts
 * before every event at 23:59:59, and `EVT#2026-06-23` before the whole day.
 * The bound followed by U+10FFFF takes them in.
 */
import { compileKeyTemplate, type TemplatePart } from './template.js';

/**
 * The highest Unicode code point. Its UTF-8 bytes (F4 8F BF BF) sort after
 * every other character's, so `bound + HIGHEST_CHARACTER` sorts after every
 * key that starts with `bound`, unless the key goes on with U+10FFFF itself
 * (a noncharacter, never in text people write).
 */
export const HIGHEST_CHARACTER = String.fromCodePoint(0x10ffff);

/** The bound followed by U+10FFFF: an upper bound that keeps every key starting with `bound`. */
export function prefixUpperBound(bound: string): string {
  return bound + HIGHEST_CHARACTER;
}

/**
 * Whether keys written with a template go on after `bound`:
 * - `always`: some keys start with the bound and every such key is longer
 *   (`EVT#{at:iso}#{eventId}` after `EVT#2026-06-23T23:59:59Z` or `EVT#2026-06-23`);
 * - `sometimes`: the bound can be a whole key, and a longer key can start with
 *   it (a free field at the end: `…#{eventId}` after `…#k7q2m4`);
 * - `never`: no key of the template starts with the bound and goes on.
 */
export type KeyContinuation = 'always' | 'sometimes' | 'never';

export function keysContinueAfter(bound: string, templateText: string): KeyContinuation {
  const parts = compileKeyTemplate(templateText).parts;
  let rest = bound;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (rest === '') return 'always'; // the bound stops between two parts, and every part writes something
    if (part.kind === 'literal') {
      if (rest.startsWith(part.text)) rest = rest.slice(part.text.length);
      else return part.text.startsWith(rest) ? 'always' : 'never';
      continue;
    }
    const consumed = part.format === undefined ? freeFieldLength(rest, parts[i + 1]) : codecFieldLength(rest, part);
    if (consumed === 'ends-inside') return 'always';
    if (consumed === 'open-end') return 'sometimes';
    if (consumed === undefined) return 'never';
    rest = rest.slice(consumed);
  }
  return 'never'; // the bound is a whole key of fixed width, or longer than any key
}

type FieldMatch = number | 'ends-inside' | 'open-end' | undefined;

/**
 * A field written as it is: non-empty, and never holding the literal that
 * follows it (the template refuses such values; a field without a format is
 * always followed by a literal or ends the key). As the last part it can be
 * any length, so the bound may end it or be followed by more of it.
 */
function freeFieldLength(rest: string, next: TemplatePart | undefined): FieldMatch {
  if (next === undefined || next.kind !== 'literal') return 'open-end';
  const at = rest.indexOf(next.text);
  if (at === 0) return undefined;
  return at < 0 ? 'ends-inside' : at;
}

/** A field with a fixed shape (`iso`, `05`, `d8.2`): its whole text, or a start of it. */
function codecFieldLength(rest: string, part: Extract<TemplatePart, { kind: 'field' }>): FieldMatch {
  const field = compileKeyTemplate(`{${part.name}:${part.format}}`);
  const { shape, signed } = shapeOf(part.format!);
  // Fixed width: the shape's length, one more with a minus sign.
  for (const length of signed ? [shape.length + 1, shape.length] : [shape.length]) {
    if (length <= rest.length && field.parse(rest.slice(0, length)) !== undefined) return length;
  }
  return startsShape(rest, shape, signed) ? 'ends-inside' : undefined;
}

/**
 * The characters a format writes, one class per position (d: a digit): iso
 * is `dddd-dd-ddTdd:dd:ddZ`, `05` is `ddddd`, `d4.2` is `dddd.dd`; numbers
 * may start with `-`.
 */
function shapeOf(format: string): { shape: string; signed: boolean } {
  if (format.startsWith('iso')) {
    const fraction = format === 'iso-ms' ? '.ddd' : format === 'iso-us' ? '.dddddd' : '';
    return { shape: `dddd-dd-ddTdd:dd:dd${fraction}Z`, signed: false };
  }
  const decimal = /^d(\d+)\.(\d+)$/.exec(format);
  if (decimal) {
    const scale = Number(decimal[2]);
    return { shape: 'd'.repeat(Number(decimal[1])) + (scale > 0 ? `.${'d'.repeat(scale)}` : ''), signed: true };
  }
  return { shape: 'd'.repeat(Number(format.slice(1))), signed: true };
}

/** Whether `text`, shorter than a value of the shape, can start one. */
function startsShape(text: string, shape: string, signed: boolean): boolean {
  const body = signed && text.startsWith('-') ? text.slice(1) : text;
  if (body.length >= shape.length) return false;
  return [...body].every((char, i) => (shape[i] === 'd' ? char >= '0' && char <= '9' : char === shape[i]));
}

const START_OF_DAY = /^(T(00(:00(:00(\.0*)?)?)?)?Z?)?$/;
const END_OF_DAY = /^(T(23(:59(:59(\.9*)?)?)?)?Z?)?$/;

/**
 * The day both bounds of a whole-day window share, as the key text up to the
 * date: `EVT#2026-06-23` for `EVT#2026-06-23T00:00:00Z` … `EVT#2026-06-23T23:59:59Z`
 * (or either bound written as the day itself). Undefined when the window is
 * not one whole day: begins_with on the day would ask another question.
 */
export function sharedDayPrefix(lower: string, upper: string): string | undefined {
  let common = 0;
  while (common < lower.length && common < upper.length && lower[common] === upper[common]) common++;
  const day = /^[^]*\d{4}-\d{2}-\d{2}/.exec(lower.slice(0, common))?.[0];
  if (day === undefined) return undefined;
  return START_OF_DAY.test(lower.slice(day.length)) && END_OF_DAY.test(upper.slice(day.length)) ? day : undefined;
}
