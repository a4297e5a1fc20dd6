/**
 * Order-preserving encoding of key values into "byte strings" (each char is
 * one byte, 0–255), so storage can order keys with plain string comparison —
 * in memory with `<`, on disk with memcmp — and agree with DynamoDB's order
 * (core's compareScalars). Every component is self-delimiting, so composite
 * keys (an index sort key followed by the table key) order component-wise.
 */
import { dynamoDbStringBytes, ExactDecimal, type AttributeValue } from '@dynotable/core';

/** Escapes 0x00 as 0x00 0xFF and ends with 0x00 0x01: shorter prefixes sort first. */
function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    out += byte === 0 ? '\u0000\u00ff' : String.fromCharCode(byte);
  }
  return out + '\u0000\u0001';
}

function escapeString(text: string): string {
  // Fast path: ASCII without NUL encodes to itself.
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0 || unit > 0x7f) {
      ascii = false;
      break;
    }
  }
  // Otherwise DynamoDB's bytes of the string: a lone surrogate is `?`, not U+FFFD, so
  // `k\ud800` and `k?` are one key and `k\ufffd` another (core's values/strings.ts).
  return ascii ? text + '\u0000\u0001' : escapeBytes(dynamoDbStringBytes(text));
}

const NEGATIVE = '\u0001';
const ZERO = '\u0002';
const POSITIVE = '\u0003';
/** DynamoDB exponents lie in -130..126; an offset keeps them positive in two bytes. */
const EXPONENT_OFFSET = 0x4000;

/**
 * Numbers: a sign byte, then the exponent and the significant digits. Negative
 * numbers complement both, and end with 0xFF so that a longer magnitude (more
 * negative) sorts before its prefix.
 */
function encodeNumber(text: string): string {
  const value = new ExactDecimal(text);
  if (value.isZero()) return ZERO;
  const negative = value.isNegative();
  const digits = value.abs().toFixed().replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  const exponent = value.abs().e + EXPONENT_OFFSET;
  if (!negative) return POSITIVE + twoBytes(exponent) + digits + '\u0000';
  let complemented = '';
  for (let i = 0; i < digits.length; i++) complemented += String.fromCharCode(0x39 - (digits.charCodeAt(i) - 0x30));
  return NEGATIVE + twoBytes(0xffff - exponent) + complemented + '\u00ff';
}

function twoBytes(n: number): string {
  return String.fromCharCode((n >> 8) & 0xff, n & 0xff);
}

/** Encodes one S, N or B key value. */
export function encodeKeyValue(value: AttributeValue): string {
  if ('S' in value) return escapeString(value.S);
  if ('N' in value) return encodeNumber(value.N);
  if ('B' in value) return escapeBytes(value.B);
  throw new TypeError('key values are S, N or B');
}
