/** What the rules need to know about declared attributes: order, mutability, identity, sizes. */
import { utf8ByteLength } from '../size/item-size.js';
import type { AttributeSpec, EntitySpec, Model, WritePathSpec } from '../model/types.js';
import type { EntityView } from './context.js';

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value DynamoDB stores as a Number (N) by default: numbers, and epoch timestamps. */
export function isEpochTimestamp(attribute: AttributeSpec): boolean {
  return attribute.type === 'timestamp' && (attribute.format ?? '').startsWith('epoch');
}

export function isNumberAttribute(attribute: AttributeSpec): boolean {
  return attribute.type === 'number' && attribute.format !== 'string';
}

/** A number whose digits are stored as a string (format: string), so its text, not its value, orders it. */
export function isNumberStoredAsString(attribute: AttributeSpec): boolean {
  if (attribute.type === 'number' && attribute.format === 'string') return true;
  const examples = attribute.examples ?? [];
  return attribute.type === 'string' && examples.length > 0 && examples.every((example) => /^-?\d+(\.\d+)?$/.test(example));
}

/** Why an attribute's values have no useful order, or undefined when they do. */
export function unorderedReason(attribute: AttributeSpec): string | undefined {
  if (attribute.type === 'uuid') return `${attribute.name} is a UUID: random, so its byte order has no meaning`;
  const examples = attribute.examples ?? [];
  if (examples.length > 0 && examples.every((example) => UUID_TEXT.test(example))) {
    return `${attribute.name}'s examples are UUIDs: random, so their byte order has no meaning`;
  }
  return undefined;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Attributes that tell the entity's items apart: declared unique, or named `id` / `<entity>Id`. */
export function identityAttributes(entity: EntitySpec): Set<string> {
  const own = `${lowerFirst(entity.name)}id`;
  return new Set(
    entity.attributes
      .filter((attribute) => attribute.unique || attribute.type === 'uuid' || attribute.name.toLowerCase() === 'id' || attribute.name.toLowerCase() === own)
      .map((attribute) => attribute.name),
  );
}

/**
 * Distinct values of an attribute across the entity's items: declared
 * cardinality, the item count for an identity, the enum's size, or the count
 * of another entity whose identity carries the same name (Match.playerId).
 */
export function cardinalityOf(model: Model, entity: EntitySpec, name: string): number | undefined {
  const attribute = entity.attributes.find((candidate) => candidate.name === name);
  if (attribute?.cardinality !== undefined) return attribute.cardinality;
  if (identityAttributes(entity).has(name) && entity.count !== undefined) return entity.count;
  if (attribute?.type === 'enum' && attribute.values) return attribute.values.length;
  for (const other of model.entities) {
    if (other !== entity && identityAttributes(other).has(name) && other.count !== undefined) return other.count;
  }
  return undefined;
}

/** Write paths that update the attribute. */
export function updatesOf(view: EntityView, name: string): WritePathSpec[] {
  return view.writePaths.filter((path) => path.kind === 'update' && path.attributes.includes(name));
}

/** Declared mutable, or updated by a write path. */
export function isMutable(view: EntityView, name: string): boolean {
  return view.attribute(name)?.mutable === true || updatesOf(view, name).length > 0;
}

const DATE_TOKENS = /YYYY|YY|MM|M|DD|D|HH|H|hh|h|mm|m|ss|s|S+|A|a|Z/g;
const TOKEN_RANK: Record<string, number> = { YYYY: 0, YY: 0, MM: 1, M: 1, DD: 2, D: 2, HH: 3, H: 3, hh: 3, h: 3, mm: 4, m: 4, ss: 5, s: 5 };
const UNPADDED = new Set(['M', 'D', 'H', 'h', 'm', 's']);
const SLASHED_DATE = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/;

/** Why a date pattern such as 'M/D/YYYY' does not sort as text, or undefined when it does. */
export function datePatternProblem(format: string): string | undefined {
  const tokens: string[] = format.match(DATE_TOKENS) ?? [];
  if (tokens.length === 0) return undefined;
  const unpadded = tokens.find((token) => UNPADDED.has(token));
  if (unpadded) return `'${format}' writes ${unpadded} without a leading zero, so 10 sorts before 9`;
  if (tokens.includes('YY')) return `'${format}' has a two-digit year, which sorts 1999 after 2026`;
  if (tokens.some((token) => token === 'hh' || token === 'h' || token === 'A' || token === 'a')) {
    return `'${format}' uses a 12-hour clock, so 1 PM sorts before 2 AM`;
  }
  const ranks = tokens.filter((token) => token in TOKEN_RANK).map((token) => TOKEN_RANK[token]!);
  for (let i = 1; i < ranks.length; i++) {
    if (ranks[i]! <= ranks[i - 1]!) return `'${format}' does not run from year to second, so the text sorts by ${tokens[0]} before the year`;
  }
  return undefined;
}

/** Why a date or timestamp attribute's text does not sort in time order, or undefined. */
export function dateOrderProblem(attribute: AttributeSpec, fieldFormat: string | undefined): string | undefined {
  const format = attribute.format;
  const examples = attribute.examples ?? [];
  const slashed = examples.find((example) => SLASHED_DATE.test(example));
  if (attribute.type === 'timestamp' || attribute.type === 'date') {
    if (isEpochTimestamp(attribute)) {
      if (fieldFormat === undefined) return `${attribute.name} is an epoch number written into the key without a fixed width, so 999 sorts after 1000`;
      return undefined;
    }
    if (format !== undefined && format !== 'iso8601') {
      const problem = datePatternProblem(format);
      if (problem) return `${attribute.name}: ${problem}`;
    }
  }
  if (slashed !== undefined && (attribute.type === 'timestamp' || attribute.type === 'date' || attribute.type === 'string')) {
    return `${attribute.name}'s example ${slashed} sorts by month or day before the year`;
  }
  return undefined;
}

/** Digits needed for an integer in the declared range (without the sign). */
export function digitsForRange(attribute: AttributeSpec): number | undefined {
  if (attribute.min === undefined && attribute.max === undefined) return undefined;
  const largest = Math.max(Math.abs(attribute.min ?? 0), Math.abs(attribute.max ?? 0));
  return String(Math.trunc(largest)).length;
}

export interface ByteBound {
  readonly bytes: number;
  /** How the bound was reached, for the message. */
  readonly basis: string;
}

function isAscii(text: string): boolean {
  return utf8ByteLength(text) === text.length;
}

const ISO_BYTES: Record<string, number> = { iso: 20, 'iso-ms': 24, 'iso-us': 27 };

/**
 * The most bytes a key field can take, from the template's format and the
 * declared attribute. Strings count 4 bytes per character (UTF-8's maximum)
 * unless every example is ASCII. Undefined when nothing bounds it.
 */
export function maxFieldBytes(attribute: AttributeSpec | undefined, fieldFormat: string | undefined): ByteBound | undefined {
  if (fieldFormat !== undefined) {
    if (fieldFormat in ISO_BYTES) return { bytes: ISO_BYTES[fieldFormat]!, basis: `the ${fieldFormat} format` };
    const width = /^0(\d+)$/.exec(fieldFormat);
    if (width) return { bytes: Number(width[1]) + 1, basis: `width ${width[1]} and a sign` };
    const decimal = /^d(\d+)\.(\d+)$/.exec(fieldFormat);
    if (decimal) return { bytes: Number(decimal[1]) + Number(decimal[2]) + 2, basis: `the d${decimal[1]}.${decimal[2]} format` };
  }
  if (!attribute) return undefined;
  switch (attribute.type) {
    case 'enum': {
      const values = attribute.values ?? [];
      if (values.length === 0) return undefined;
      return { bytes: Math.max(...values.map(utf8ByteLength)), basis: 'the longest enum value' };
    }
    case 'uuid':
      return { bytes: 36, basis: 'a UUID' };
    case 'boolean':
      return { bytes: 5, basis: 'true/false' };
    case 'number': {
      const digits = attribute.integer ? digitsForRange(attribute) : undefined;
      return digits !== undefined ? { bytes: digits + 1, basis: 'the declared range' } : { bytes: 46, basis: '38 digits, sign, point and exponent' };
    }
    case 'timestamp':
      return isEpochTimestamp(attribute) ? { bytes: 20, basis: 'an epoch number' } : { bytes: 35, basis: 'the longest ISO-8601 text' };
    case 'date':
      return { bytes: Math.max(10, attribute.format?.length ?? 0), basis: 'the date format' };
    case 'string': {
      if (attribute.maxLength === undefined) return undefined;
      const examples = attribute.examples ?? [];
      const ascii = examples.length > 0 && examples.every(isAscii);
      return ascii
        ? { bytes: attribute.maxLength, basis: `maxLength ${attribute.maxLength}, ASCII as the examples show` }
        : { bytes: attribute.maxLength * 4, basis: `maxLength ${attribute.maxLength} at up to 4 UTF-8 bytes per character` };
    }
    default:
      return undefined;
  }
}
