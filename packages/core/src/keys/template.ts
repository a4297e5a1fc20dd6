/**
 * Key templates: how a composite key string is built from an item's attributes.
 *
 * Syntax: literal text with fields in braces.
 *   {name}          the attribute's text as is (string, or a number's decimal text)
 *   {name:05}       integer, zero-padded to width 5, sortable (see sortableInteger)
 *   {name:d8.2}     decimal with 8 integer and 2 fractional digits (sortableDecimal)
 *   {name:iso}      UTC timestamp to the second: 2026-06-23T00:00:00Z
 *   {name:iso-ms}   ... to the millisecond; {name:iso-us} to the microsecond
 * Literal text may not contain `{` or `}`. Examples: `EVT#{at:iso}`,
 * `RATING#{rating:05}`, `STATUS#{status}#TICKET#{ticketId}`.
 */
import type { KeyCodec } from './codec.js';
import { KeyCodecError } from './codec.js';
import { sortableDecimal } from './decimal-codec.js';
import { sortableInteger } from './integer-codec.js';
import { isoTimestamp } from './timestamp-codec.js';

export type TemplatePart = { kind: 'literal'; text: string } | { kind: 'field'; name: string; format: string | undefined };

/** Values by attribute name: plain JS values, or S/N attribute values. */
export type KeyTemplateValues = Record<string, unknown>;

export interface KeyTemplate {
  readonly text: string;
  readonly parts: readonly TemplatePart[];
  /** Names of the fields in order. */
  readonly fields: readonly string[];
  /** Builds the key; throws KeyTemplateError naming a missing or unfit attribute. */
  format(values: KeyTemplateValues): string;
  /** Splits a key into its fields (decoded text), or undefined when it does not match. */
  parse(key: string): Record<string, string> | undefined;
  /**
   * The key text up to the first field without a value, for begins_with:
   * `STATUS#{status}#TICKET#{ticketId}` with only status gives `STATUS#open#TICKET#`.
   */
  prefix(values: KeyTemplateValues): string;
}

export class KeyTemplateError extends Error {
  override readonly name = 'KeyTemplateError';
}

type AnyCodec = KeyCodec<never, unknown>;

const FIELD_NAME = /^[^{}:]+$/;

function codecFor(format: string | undefined): AnyCodec | undefined {
  if (format === undefined) return undefined;
  if (/^0\d+$/.test(format)) return sortableInteger(Number(format.slice(1))) as AnyCodec;
  const decimal = /^d(\d+)\.(\d+)$/.exec(format);
  if (decimal) return sortableDecimal(Number(decimal[1]), Number(decimal[2])) as AnyCodec;
  if (format === 'iso') return isoTimestamp('seconds') as AnyCodec;
  if (format === 'iso-ms') return isoTimestamp('millis') as AnyCodec;
  if (format === 'iso-us') return isoTimestamp('micros') as AnyCodec;
  throw new KeyTemplateError(`unknown key format "${format}"; use 0<width>, d<int>.<scale>, iso, iso-ms or iso-us`);
}

export function parseTemplateParts(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  const pattern = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
  for (const match of text.matchAll(pattern)) {
    if (match[3] !== undefined) throw new KeyTemplateError(`unbalanced "${match[3]}" in key template "${text}"`);
    if (match[2] !== undefined) {
      parts.push({ kind: 'literal', text: match[2] });
      continue;
    }
    const [name = '', format] = match[1]!.split(/:(.*)/s, 2);
    if (!FIELD_NAME.test(name)) throw new KeyTemplateError(`bad field "{${match[1]}}" in key template "${text}"`);
    const last = parts[parts.length - 1];
    if (last?.kind === 'field' && last.format === undefined) {
      throw new KeyTemplateError(`fields {${last.name}} and {${name}} in "${text}" need literal text between them`);
    }
    parts.push({ kind: 'field', name, format });
  }
  return parts;
}

/** Reads a plain value or a DynamoDB S/N attribute value. */
function plainValue(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const record = value as Record<string, unknown>;
    if (typeof record['S'] === 'string') return record['S'];
    if (typeof record['N'] === 'string') return record['N'];
    if (typeof record['value'] === 'string') return record['value']; // NumberValue
  }
  return value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiled templates by text: models reuse a handful of templates for every item. */
const compiled = new Map<string, KeyTemplate>();
const CACHE_LIMIT = 1000;

export function compileKeyTemplate(text: string): KeyTemplate {
  let template = compiled.get(text);
  if (template === undefined) {
    template = compileUncached(text);
    if (compiled.size >= CACHE_LIMIT) compiled.clear();
    compiled.set(text, template);
  }
  return template;
}

function compileUncached(text: string): KeyTemplate {
  const parts = parseTemplateParts(text);
  const codecs = parts.map((part) => (part.kind === 'field' ? codecFor(part.format) : undefined));
  const fields = parts.flatMap((part) => (part.kind === 'field' ? [part.name] : []));
  const regex = new RegExp(
    `^${parts
      .map((part, i) => {
        if (part.kind === 'literal') return escapeRegExp(part.text);
        const codec = codecs[i];
        return codec ? `(${codec.pattern})` : '([^]+?)';
      })
      .join('')}$`,
  );

  function formatField(index: number, value: unknown): string {
    const part = parts[index] as Extract<TemplatePart, { kind: 'field' }>;
    const plain = plainValue(value);
    const codec = codecs[index];
    if (codec) {
      try {
        return codec.encode(plain as never);
      } catch (error) {
        if (error instanceof KeyCodecError) throw new KeyTemplateError(`attribute ${part.name}: ${error.message}`);
        throw error;
      }
    }
    if (typeof plain !== 'string' && typeof plain !== 'number' && typeof plain !== 'bigint') {
      throw new KeyTemplateError(`attribute ${part.name} must be a string or a number to appear in key "${text}"`);
    }
    const raw = String(plain);
    if (raw === '') throw new KeyTemplateError(`attribute ${part.name} is empty; key "${text}" needs a value`);
    const next = parts[index + 1];
    if (next?.kind === 'literal' && raw.includes(next.text)) {
      throw new KeyTemplateError(`attribute ${part.name} ("${raw}") contains "${next.text}", which separates the parts of key "${text}"`);
    }
    return raw;
  }

  function build(values: KeyTemplateValues, stopAtMissing: boolean): string {
    let out = '';
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (part.kind === 'literal') {
        out += part.text;
        continue;
      }
      const value = values[part.name];
      if (value === undefined || value === null) {
        if (stopAtMissing) return out;
        throw new KeyTemplateError(`attribute ${part.name} is missing; key "${text}" needs it`);
      }
      out += formatField(i, value);
    }
    return out;
  }

  return {
    text,
    parts,
    fields,
    format: (values) => build(values, false),
    prefix: (values) => build(values, true),
    parse(key) {
      const match = regex.exec(key);
      if (!match) return undefined;
      const result: Record<string, string> = {};
      let group = 1;
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i]!;
        if (part.kind !== 'field') continue;
        const captured = match[group++]!;
        const codec = codecs[i];
        try {
          result[part.name] = codec ? String(codec.decode(captured)) : captured;
        } catch (error) {
          if (error instanceof KeyCodecError) return undefined;
          throw error;
        }
      }
      return result;
    },
  };
}
