/**
 * Fixed-scale decimals that sort by value as text: `integerDigits` digits, a
 * point, `scale` digits (`00012.50`), negatives `-` plus the complement as in
 * sortableInteger. Too many fractional digits or too large a value is refused,
 * never rounded or truncated. Decoding gives DynamoDB's canonical number text.
 */
import { ExactDecimal, formatNumber } from '../values/number.js';
import { KeyCodecError } from './codec.js';
import type { KeyCodec } from './codec.js';
import { sortableInteger } from './integer-codec.js';

export type DecimalInput = number | bigint | string | { value: string };

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function sortableDecimal(integerDigits: number, scale: number): KeyCodec<DecimalInput, string> {
  if (!Number.isInteger(scale) || scale < 0) throw new KeyCodecError(`decimal key scale must be a non-negative integer, got ${scale}`);
  const scaled = sortableInteger(integerDigits + scale);
  const name = `decimal ${integerDigits}.${scale}`;
  const factor = new ExactDecimal(10).pow(scale);
  // Compiled once: decoding runs for every key an item check parses.
  const encoded = new RegExp(`^(-?\\d{${integerDigits}})${scale > 0 ? `\\.(\\d{${scale}})` : '()'}$`);
  return {
    name,
    pattern: `-?\\d{${integerDigits}}${scale > 0 ? `\\.\\d{${scale}}` : ''}`,
    encode(value) {
      const text = typeof value === 'object' ? value.value : String(value);
      if (!DECIMAL_TEXT.test(text)) throw new KeyCodecError(`"${text}" is not a number for the ${name} key format`);
      const decimal = new ExactDecimal(text);
      if (decimal.decimalPlaces() > scale) {
        throw new KeyCodecError(`${text} has more than ${scale} fractional digits for the ${name} key format`);
      }
      const limit = new ExactDecimal(10).pow(integerDigits);
      if (decimal.abs().gte(limit)) throw new KeyCodecError(`${text} does not fit in ${integerDigits} integer digits`);
      const digits = scaled.encode(BigInt(decimal.times(factor).toFixed(0)));
      return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    },
    decode(text) {
      const match = encoded.exec(text);
      if (!match) throw new KeyCodecError(`"${text}" is not a ${name} sortable decimal`);
      const n = scaled.decode(match[1]! + match[2]!);
      return formatNumber(new ExactDecimal(n.toString()).div(factor));
    },
  };
}
