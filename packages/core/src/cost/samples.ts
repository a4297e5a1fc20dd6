/**
 * Representative values for declared attributes: a concrete stored value whose
 * size core's size functions measure, and the plain text a key template puts
 * in a key. Strings are ASCII (one byte per character).
 */
import { attributeTimeFormat } from '../model/index.js';
import type { AttributeSpec } from '../model/types.js';
import { numberSize } from '../size/item-size.js';
import type { AttributeValue } from '../values/types.js';

export type SizeBasis = 'average' | 'max';

export interface AttributeSample {
  /** What a key template receives for this attribute. */
  readonly plain: string | number;
  /** The stored value. */
  readonly value: AttributeValue;
}

/** A string with no declared length and no examples is taken as 1 to 32 characters. */
export const DEFAULT_STRING_MAX_LENGTH = 32;
/** A list, map or set with no declared averageBytes counts this many bytes. */
export const DEFAULT_COLLECTION_BYTES = 64;
/** A number with no declared range: six digits on average, 38 negative digits at most. */
const DEFAULT_NUMBER = '123456';
const LARGEST_NUMBER = `-${'9'.repeat(38)}`;

const ISO_SAMPLE = '2026-06-23T12:34:56Z';
const EPOCH_SECONDS_SAMPLE = 1782218096;
const UUID_SAMPLE = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const DATE_SAMPLE = '2026-06-23';

/** Characters of a string (or bytes of a binary) for the basis. */
function declaredLength(spec: AttributeSpec, which: SizeBasis): number {
  const exampleLengths = (spec.examples ?? []).map((example) => [...example].length);
  const min = spec.minLength ?? (exampleLengths.length > 0 ? Math.min(...exampleLengths) : 1);
  const declaredMax = spec.maxLength ?? (exampleLengths.length > 0 ? Math.max(...exampleLengths) : DEFAULT_STRING_MAX_LENGTH);
  const max = Math.max(min, declaredMax);
  return which === 'max' ? max : Math.ceil((min + max) / 2);
}

/** Zeros after the first digit read as ones, so a round midpoint (50000) does not understate a typical value's size. */
function typicalDigits(text: string): string {
  const match = /^(-?)(\d)(\d*)$/.exec(text);
  if (!match || match[2] === '0') return text;
  return `${match[1]}${match[2]}${match[3]!.replace(/0/g, '1')}`;
}

/** The decimal text of a representative number. */
function representativeNumber(spec: AttributeSpec, which: SizeBasis): string {
  const low = spec.min ?? spec.max;
  const high = spec.max ?? spec.min;
  if (low === undefined || high === undefined) return which === 'max' ? LARGEST_NUMBER : DEFAULT_NUMBER;
  const integer = spec.integer === true || (Number.isInteger(low) && Number.isInteger(high));
  const shape = (value: number) => (integer ? typicalDigits(String(Math.round(value))) : String(value));
  if (which === 'average') return shape((low + high) / 2);
  const ends = [shape(low), shape(high)];
  return numberSize(ends[0]!) >= numberSize(ends[1]!) ? ends[0]! : ends[1]!;
}

/** The value nearest the mean length (average) or the longest (max). */
function enumValue(values: readonly string[], which: SizeBasis): string {
  if (values.length === 0) return 'x';
  const lengths = values.map((value) => [...value].length);
  if (which === 'max') return values[lengths.indexOf(Math.max(...lengths))]!;
  const mean = lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
  let best = 0;
  for (let i = 1; i < values.length; i++) if (Math.abs(lengths[i]! - mean) < Math.abs(lengths[best]! - mean)) best = i;
  return values[best]!;
}

/** A stand-in whose size is `bytes`: only its size is read. */
function opaque(bytes: number): AttributeSample {
  return { plain: 'x'.repeat(Math.max(1, bytes)), value: { B: new Uint8Array(Math.max(0, bytes)) } };
}

function text(plain: string): AttributeSample {
  return { plain, value: { S: plain } };
}

function timestampSample(spec: AttributeSpec): AttributeSample {
  const format = attributeTimeFormat(spec);
  if (format === 'iso8601') return text(ISO_SAMPLE);
  if (format === 'epoch-seconds') return { plain: EPOCH_SECONDS_SAMPLE, value: { N: String(EPOCH_SECONDS_SAMPLE) } };
  if (format === 'epoch-millis') {
    const millis = EPOCH_SECONDS_SAMPLE * 1000 + 789;
    return { plain: millis, value: { N: String(millis) } };
  }
  return text(format.replace(/[A-Za-z]/g, '1')); // a pattern such as M/D/YYYY: as long as the pattern
}

function dateSample(format: string): AttributeSample {
  return text(format === 'YYYY-MM-DD' ? DATE_SAMPLE : format.replace(/[A-Za-z]/g, '1'));
}

/** The representative value of one declared attribute. */
export function sampleAttribute(spec: AttributeSpec, which: SizeBasis): AttributeSample {
  switch (spec.type) {
    case 'string':
      return text('x'.repeat(declaredLength(spec, which)));
    case 'binary': {
      const bytes = declaredLength(spec, which);
      return { plain: 'x'.repeat(bytes), value: { B: new Uint8Array(bytes) } };
    }
    case 'number': {
      const digits = representativeNumber(spec, which);
      return { plain: digits, value: spec.format === 'string' ? { S: digits } : { N: digits } };
    }
    case 'boolean':
      return { plain: 'true', value: { BOOL: true } };
    case 'timestamp':
      return timestampSample(spec);
    case 'date':
      return dateSample(attributeTimeFormat(spec));
    case 'uuid':
      return text(UUID_SAMPLE);
    case 'enum':
      return text(enumValue(spec.values ?? [], which));
    case 'list':
    case 'map':
    case 'stringSet':
    case 'numberSet':
    case 'binarySet':
      return opaque(spec.averageBytes ?? DEFAULT_COLLECTION_BYTES);
  }
}

/** The attribute holding a given text (a keysWhen condition or an enum value). */
export function sampleFromText(spec: AttributeSpec | undefined, value: string): AttributeSample {
  if (spec?.type === 'boolean') return { plain: value, value: { BOOL: value === 'true' } };
  if (spec?.type === 'number' && spec.format !== 'string' && /^-?\d+(\.\d+)?$/.test(value)) return { plain: value, value: { N: value } };
  return text(value);
}

/**
 * Another value of about the same size, for an update: the next enum value,
 * or the sample with its last character or digit changed.
 */
export function changedSample(spec: AttributeSpec | undefined, sample: AttributeSample): AttributeSample {
  if (spec?.type === 'enum' && (spec.values?.length ?? 0) > 1) {
    const values = spec.values!;
    return text(values[(values.indexOf(String(sample.plain)) + 1) % values.length]!);
  }
  const value = sample.value;
  if ('BOOL' in value) return { plain: String(!value.BOOL), value: { BOOL: !value.BOOL } };
  if ('B' in value) return { plain: sample.plain, value: { B: value.B.map((byte) => byte ^ 1) } };
  const current = String(sample.plain);
  const last = current.slice(-1);
  const replacement = /\d/.test(last) ? (last === '9' ? '8' : String(Number(last) + 1)) : last === 'y' ? 'z' : 'y';
  const next = current.slice(0, -1) + replacement;
  if ('N' in value) return { plain: typeof sample.plain === 'number' ? Number(next) : next, value: { N: next } };
  return { plain: typeof sample.plain === 'number' ? Number(next) : next, value: { S: next } };
}
