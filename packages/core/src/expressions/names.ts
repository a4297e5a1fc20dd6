/**
 * Which attribute names may be written bare in an expression and which must be
 * aliased through ExpressionAttributeNames.
 */
import { RESERVED_WORDS } from './reserved-words.js';

const reserved = new Set(RESERVED_WORDS);

/** True if DynamoDB rejects `name` as a bare attribute name (the list is case-insensitive). */
export function isReservedWord(name: string): boolean {
  return reserved.has(name.toUpperCase());
}

/**
 * Would DynamoDB reject this bare name in an expression? Every reserved word
 * except SIZE: DynamoDB Local reads `size` as a name wherever it is not a call
 * (`attribute_exists(size)`, `SET size = :v`). The printer still aliases it.
 */
export function isRejectedBareName(name: string): boolean {
  return isReservedWord(name) && name.toUpperCase() !== 'SIZE';
}

/** `[A-Za-z][A-Za-z0-9_]*`: what DynamoDB's tokenizer reads as one bare name (a leading `_` is not accepted). */
export function isBareIdentifier(name: string): boolean {
  if (name.length === 0 || !isLetter(name.charCodeAt(0))) return false;
  for (let i = 1; i < name.length; i++) {
    if (!isIdentifierPart(name.charCodeAt(i))) return false;
  }
  return true;
}

/** The grammar's own words; DynamoDB never reads them as names (REMOVE is not even a reserved word). */
const GRAMMAR_KEYWORDS = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'SET', 'REMOVE', 'ADD', 'DELETE']);

/** True if `name` cannot be written bare: a reserved word, a keyword, or anything but a plain identifier. */
export function nameNeedsAlias(name: string): boolean {
  return !isBareIdentifier(name) || isReservedWord(name) || GRAMMAR_KEYWORDS.has(name.toUpperCase());
}

export function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isIdentifierPart(code: number): boolean {
  return isLetter(code) || isDigit(code) || code === 95;
}
