/**
 * A value typed in a field → its friendly literal: strings quoted and escaped,
 * numbers exactly as typed (checked with DynamoDB's rules), binary as
 * b64"…". A literal typed by hand must be one value, nothing more.
 */
import { DynamoError, decodeBase64, parseFriendly, parseNumber } from '@dynotable/core';
import type { ValueType } from './query-state.js';

export type Built = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

export const ok = (text: string): Built => ({ ok: true, text });
export const fail = (message: string): Built => ({ ok: false, message });

/** The friendly number grammar: digits, an optional fraction and exponent. */
const FRIENDLY_NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

export function numberLiteral(typed: string): Built {
  const text = typed.trim();
  if (text === '') return fail('Enter a number');
  if (!FRIENDLY_NUMBER.test(text)) return fail('A value provided cannot be converted into a number');
  try {
    parseNumber(text);
  } catch (error) {
    if (error instanceof DynamoError) return fail(error.message);
    throw error;
  }
  return ok(text);
}

function binaryLiteral(typed: string): Built {
  const text = typed.trim();
  if (decodeBase64(text) === undefined) return fail('Binary is written in base64 (A–Z, a–z, 0–9, +, /, padded with =)');
  return ok(`b64"${text}"`);
}

/** A hand-written literal is accepted only if it parses as exactly one value. */
export function rawLiteral(typed: string): Built {
  const text = typed.trim();
  if (text === '') return fail('Enter a value');
  try {
    const condition = parseFriendly('filter', `x = ${text}`);
    if (condition.kind === 'compare' && condition.right.kind === 'value') return ok(text);
  } catch (error) {
    if (error instanceof DynamoError) return fail(error.message);
    throw error;
  }
  return fail('Enter a single value, such as "text", 12, [1, 2], {"k": "v"} or <<"a", "b">>');
}

export function friendlyLiteral(type: ValueType, typed: string): Built {
  switch (type) {
    case 'S':
      return ok(JSON.stringify(typed));
    case 'N':
      return numberLiteral(typed);
    case 'B':
      return binaryLiteral(typed);
    case 'BOOL': {
      const word = typed.trim().toLowerCase();
      return word === 'true' || word === 'false' ? ok(word) : fail('A boolean is true or false');
    }
    case 'NULL':
      return ok('null');
    case 'literal':
      return rawLiteral(typed);
  }
}

/** IN's values: comma-separated and trimmed, each of the row's type (strings with commas or edge spaces: use the literal type). */
export function literalList(type: ValueType, typed: string): Built {
  if (type === 'literal') {
    const text = typed.trim();
    try {
      const condition = parseFriendly('filter', `x IN (${text})`);
      if (condition.kind === 'in' && condition.list.every((operand) => operand.kind === 'value')) return ok(text);
    } catch (error) {
      if (error instanceof DynamoError) return fail(error.message);
      throw error;
    }
    return fail('Enter values separated by commas');
  }
  const built: string[] = [];
  for (const part of typed.split(',').map((piece) => piece.trim())) {
    const literal = friendlyLiteral(type, part);
    if (!literal.ok) return literal;
    built.push(literal.text);
  }
  return ok(built.join(', '));
}
