/**
 * What one key attribute of an entity's item must hold, given the item's
 * source values: a text, absence (a sparse condition fails), unknown (a value
 * the template needs is missing), or nothing buildable (a value does not fit
 * the template's format).
 */
import { KeyTemplateError } from '../keys/template.js';
import { normalizeNumber } from '../values/number.js';
import type { KeyPlan } from './plan.js';
import { isNumberValue, scalarText } from './values.js';

/** A source value by attribute name: the item's own attribute, else a field parsed from its base key. */
export type SourceLookup = (name: string) => unknown;

export type Expected =
  | { readonly kind: 'present'; readonly text: string }
  /** `reason` completes "the model says it is absent …": "while status is not open". */
  | { readonly kind: 'absent'; readonly reason: string }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'unfit'; readonly problem: string };

const UNKNOWN: Expected = { kind: 'unknown' };

export function expectedValue(key: KeyPlan, source: SourceLookup): Expected {
  for (const [name, value] of key.conditions) {
    if (scalarText(source(name)) !== value) return key.absent;
  }
  const values: Record<string, unknown> = {};
  for (const field of key.fields) {
    const value = source(field.name);
    const text = scalarText(value);
    if (text === undefined) return UNKNOWN;
    // A number in a timestamp field is epoch milliseconds, as when the key was first built from plain values.
    values[field.name] = field.timestamp && isNumberValue(value) ? Number(text) : text;
  }
  let text: string;
  try {
    text = key.template.format(values);
  } catch (error) {
    if (error instanceof KeyTemplateError) return { kind: 'unfit', problem: `${key.attribute} cannot be built from ${key.template.text}: ${error.message}` };
    throw error;
  }
  if (key.type === 'N') {
    try {
      text = normalizeNumber(text);
    } catch {
      return { kind: 'unfit', problem: `${key.attribute} is a number key, but ${key.template.text} gives "${text}", which is not a number` };
    }
  }
  return { kind: 'present', text };
}

/** The item's own scalar attribute wins over a field parsed from its base key. */
export function sourceLookup(item: Readonly<Record<string, unknown>>, fields: Readonly<Record<string, string>>): SourceLookup {
  return (name) => {
    const own = Object.hasOwn(item, name) ? item[name] : undefined;
    if (own !== undefined && scalarText(own) !== undefined) return own;
    return Object.hasOwn(fields, name) ? fields[name] : undefined;
  };
}
