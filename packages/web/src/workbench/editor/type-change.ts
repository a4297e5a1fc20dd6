/**
 * A value given another type, converted where DynamoDB's rules allow (S "12"
 * → N 12, S "true" → BOOL, one value → a set of one), or the reason it
 * cannot be, so that nothing typed is silently dropped. The checks are the
 * editor's value checks (core's rules).
 */
import type { WireAttributeValue } from '@dynotable/core';
import { isContainer, memberTypeOf, typeOf, type SetType, type ValueType } from './item-tree.js';
import { checkedBase64, checkedNumber, checkedSet } from './value-checks.js';
import { ItemEditError } from './edit-error.js';

export type TypeChange = { readonly ok: true; readonly value: WireAttributeValue } | { readonly ok: false; readonly reason: string };

const EMPTY_SET = 'DynamoDB does not allow an empty set: a set holds at least one member';

/** A value that holds nothing a conversion could lose. */
function holdsNothing(value: WireAttributeValue): boolean {
  return 'NULL' in value || ('L' in value && value.L.length === 0) || ('M' in value && Object.keys(value.M).length === 0);
}

/** What an empty value of the type starts as. */
function startingValue(type: ValueType): TypeChange {
  switch (type) {
    case 'S':
      return { ok: true, value: { S: '' } };
    case 'N':
      return { ok: true, value: { N: '0' } };
    case 'B':
      return { ok: true, value: { B: '' } };
    case 'BOOL':
      return { ok: true, value: { BOOL: false } };
    case 'NULL':
      return { ok: true, value: { NULL: true } };
    case 'L':
      return { ok: true, value: { L: [] } };
    case 'M':
      return { ok: true, value: { M: {} } };
    default:
      return { ok: false, reason: `${EMPTY_SET}; add a member to an L first, or write the set in the text` };
  }
}

const quoted = (text: string) => `"${text.length > 24 ? `${text.slice(0, 24)}…` : text}"`;

function failure(error: unknown): string {
  if (error instanceof ItemEditError) return error.message;
  throw error;
}

/** One scalar's text as another scalar type. */
function scalarAs(value: WireAttributeValue, to: 'S' | 'N' | 'B' | 'BOOL'): TypeChange {
  const text = 'S' in value ? value.S : 'N' in value ? value.N : 'B' in value ? value.B : 'BOOL' in value ? String(value.BOOL) : undefined;
  if (text === undefined) return { ok: false, reason: `a ${typeOf(value)} is not one value` };
  try {
    switch (to) {
      case 'S':
        return { ok: true, value: { S: text } };
      case 'N':
        if ('BOOL' in value) return { ok: false, reason: 'a BOOL is not a number' };
        return { ok: true, value: { N: checkedNumber(text, []) } };
      case 'B':
        if ('BOOL' in value) return { ok: false, reason: 'a BOOL is not binary' };
        return { ok: true, value: { B: checkedBase64(text, []) } };
      case 'BOOL':
        if (text === 'true' || text === 'false') return { ok: true, value: { BOOL: text === 'true' } };
        return { ok: false, reason: `${quoted(text)} is neither true nor false` };
    }
  } catch (error) {
    return { ok: false, reason: failure(error) };
  }
}

/** The elements a value holds when it becomes a list or a set: a set's members, a list's elements, or the value alone. */
function elementsOf(value: WireAttributeValue): WireAttributeValue[] {
  if ('L' in value) return value.L;
  if ('SS' in value) return value.SS.map((S) => ({ S }));
  if ('NS' in value) return value.NS.map((N) => ({ N }));
  if ('BS' in value) return value.BS.map((B) => ({ B }));
  return [value];
}

function asSet(value: WireAttributeValue, to: SetType): TypeChange {
  if ('M' in value) return { ok: false, reason: 'a map’s members have names, which a set cannot keep' };
  if ('NULL' in value) return startingValue(to);
  const elements = elementsOf(value);
  if (elements.length === 0) return { ok: false, reason: EMPTY_SET };
  const member = memberTypeOf(to);
  const texts: string[] = [];
  for (const [index, element] of elements.entries()) {
    if (isContainer(typeOf(element))) return { ok: false, reason: `element ${index} is a ${typeOf(element)}, and a set holds only ${member} values` };
    const converted = scalarAs(element, member);
    if (!converted.ok) return { ok: false, reason: `element ${index}: ${converted.reason}` };
    texts.push((converted.value as Record<string, string>)[member]!);
  }
  const set = (to === 'SS' ? { SS: texts } : to === 'NS' ? { NS: texts } : { BS: texts }) as WireAttributeValue;
  try {
    return { ok: true, value: checkedSet(set, []) };
  } catch (error) {
    return { ok: false, reason: failure(error) };
  }
}

/** `value` as a value of type `to`, or why it cannot be. */
export function changeType(value: WireAttributeValue, to: ValueType): TypeChange {
  const from = typeOf(value);
  if (from === to) return { ok: true, value };
  if (holdsNothing(value)) return startingValue(to);
  if (to === 'NULL') return { ok: false, reason: `NULL holds no value, so the ${from} value would be lost; remove the attribute, or empty it first` };
  if (to === 'SS' || to === 'NS' || to === 'BS') return asSet(value, to);
  if (to === 'L') {
    if ('M' in value) return { ok: false, reason: 'a map’s member names would be lost in a list' };
    return { ok: true, value: { L: elementsOf(value) } };
  }
  if (to === 'M') return { ok: false, reason: `a map needs a name for each member, which a ${from} does not have; add an M attribute and move the values into it` };
  // To one scalar: from a scalar, or from a container of exactly one element.
  if (isContainer(from)) {
    if ('M' in value) return { ok: false, reason: 'a map is not one value' };
    const elements = elementsOf(value);
    if (elements.length !== 1) return { ok: false, reason: `the ${from} holds ${elements.length} values, and a ${to} holds one` };
    const only = elements[0]!;
    if (isContainer(typeOf(only)) || 'NULL' in only) return { ok: false, reason: `its one element is a ${typeOf(only)}, not a ${to}` };
    return scalarAs(only, to);
  }
  return scalarAs(value, to);
}
