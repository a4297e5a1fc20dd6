/**
 * Literal values of PartiQL text, with DynamoDB's checks: numbers in
 * canonical form within 38 digits and DynamoDB's range, sets of strings or
 * numbers only, without duplicates.
 */
import { MAX_SIGNIFICANT_DIGITS, formatNumber, parseNumber } from '../values/number.js';
import type { AttributeValue } from '../values/types.js';
import { partiqlError, partiqlMessages } from './messages.js';

/** A number as written (sign included) -> its canonical N text. */
export function numberLiteral(text: string): string {
  const digits = text.replace(/^[+-]/, '').replace(/[eE].*$/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  if (digits.length > MAX_SIGNIFICANT_DIGITS) throw partiqlError(partiqlMessages.tooManyDigits);
  // `5.` and `.5` are PartiQL numbers; core's parser wants digits on both sides of the point.
  const plain = text.replace(/^([+-]?)\./, '$10.').replace(/\.(?=$|[eE])/, '');
  return formatNumber(parseNumber(plain));
}

/**
 * The members of a set literal, all bound: SS or NS. Throws DynamoDB's
 * messages for a mixed or duplicated set (an empty one is refused by the parser).
 */
export function setValue(members: readonly AttributeValue[]): AttributeValue {
  const strings = members.every((m) => 'S' in m);
  const numbers = members.every((m) => 'N' in m);
  if (!strings && !numbers) throw partiqlError(partiqlMessages.mixedBag);
  const seen = new Set<string>();
  for (const member of members) {
    // Numbers are canonical already, so equal values have equal text.
    const key = JSON.stringify(member);
    if (seen.has(key)) throw partiqlError(partiqlMessages.duplicatesInCollection);
    seen.add(key);
  }
  if (strings) return { SS: members.map((m) => (m as { S: string }).S) };
  return { NS: members.map((m) => (m as { N: string }).N) };
}
