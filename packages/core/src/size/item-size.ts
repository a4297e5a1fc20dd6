/**
 * Exact stored size of attribute values and items, in bytes, as DynamoDB
 * counts it for the 400 KB limit and for capacity units.
 */
import { normalizeNumber } from '../values/number.js';
import { dynamoDbStringByteLength } from '../values/strings.js';
import type { AttributeValue, Item } from '../values/types.js';

/**
 * Byte length of a string (names, S values) as DynamoDB counts it: UTF-8,
 * with a lone surrogate as the one byte `?` (values/strings.ts).
 */
export function utf8ByteLength(text: string): number {
  return dynamoDbStringByteLength(text);
}

/**
 * Size of an N value: 1 byte plus one byte per base-100 digit, plus 1 when
 * negative; zero is 1. Base-100 digits are pairs of decimal digits aligned on
 * the decimal point, without the all-zero pairs at either end: `100.5` is
 * 01|00|.50 (4 bytes), `110` is 01|10 (3), `0.011` is .01|10 (3), `1E125` is
 * 01 then zero pairs (2). This agrees with the sizes documented for the real
 * service and with the 400 KB boundary measured on DynamoDB Local, also for
 * odd-aligned values such as `110`, `11000`, `0.011` and `12345.678`.
 */
export function numberSize(text: string): number {
  const canonical = normalizeNumber(text);
  if (canonical === '0') return 1;
  const negative = canonical.startsWith('-');
  const [integerPart = '', fractionPart = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  const integerDigits = integerPart === '0' ? '' : integerPart;
  const aligned =
    (integerDigits.length % 2 === 1 ? '0' : '') + integerDigits + fractionPart + (fractionPart.length % 2 === 1 ? '0' : '');
  const pairs = aligned.match(/\d\d/g) ?? [];
  let first = 0;
  let last = pairs.length;
  while (first < last && pairs[first] === '00') first++;
  while (last > first && pairs[last - 1] === '00') last--;
  return 1 + (last - first) + (negative ? 1 : 0);
}

/** Size of one attribute value, without its name. */
export function attributeValueSize(value: AttributeValue): number {
  if ('S' in value) return utf8ByteLength(value.S);
  if ('N' in value) return numberSize(value.N);
  if ('B' in value) return value.B.length;
  if ('BOOL' in value || 'NULL' in value) return 1;
  if ('SS' in value) return value.SS.reduce((sum, member) => sum + utf8ByteLength(member), 0);
  if ('NS' in value) return value.NS.reduce((sum, member) => sum + numberSize(member), 0);
  if ('BS' in value) return value.BS.reduce((sum, member) => sum + member.length, 0);
  if ('L' in value) return value.L.reduce((sum, element) => sum + 1 + attributeValueSize(element), 3);
  let size = 3;
  for (const key in value.M) size += utf8ByteLength(key) + 1 + attributeValueSize(value.M[key]!);
  return size;
}

/** Size of a name and its value, as it counts toward the item. */
export function attributeSize(name: string, value: AttributeValue): number {
  return utf8ByteLength(name) + attributeValueSize(value);
}

/** Size of a whole item: every top-level name plus its value. */
export function itemSize(item: Item): number {
  let size = 0;
  for (const name in item) size += attributeSize(name, item[name]!);
  return size;
}
