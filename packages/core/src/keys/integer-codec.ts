/**
 * Fixed-width integers that sort by value as text. Non-negative numbers are
 * zero-padded to the width (`01842`); negative numbers are `-` followed by the
 * complement 10^width + n, zero-padded (`-99999` for -1, `-00001` for
 * -99999). `-` sorts before every digit, and a larger complement is a larger
 * number, so byte order equals numeric order. A value wider than the width is
 * refused, never truncated.
 */
import { KeyCodecError } from './codec.js';
import type { KeyCodec } from './codec.js';

export type IntegerInput = number | bigint | string;

const INTEGER_TEXT = /^-?\d+$/;

function toBigInt(value: IntegerInput, codecName: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new KeyCodecError(`${value} is not a safe integer for the ${codecName} key format`);
    return BigInt(value);
  }
  if (!INTEGER_TEXT.test(value)) throw new KeyCodecError(`"${value}" is not an integer for the ${codecName} key format`);
  return BigInt(value);
}

export function sortableInteger(width: number): KeyCodec<IntegerInput, bigint> {
  if (!Number.isInteger(width) || width < 1) throw new KeyCodecError(`integer key width must be a positive integer, got ${width}`);
  const name = `width ${width}`;
  const limit = 10n ** BigInt(width);
  const digits = `\\d{${width}}`;
  // Compiled once: decoding runs for every key an item check parses.
  const encoded = new RegExp(`^(-?)(${digits})$`);
  return {
    name,
    pattern: `-?${digits}`,
    encode(value) {
      const n = toBigInt(value, name);
      if (n >= limit || n <= -limit) {
        throw new KeyCodecError(`${n} does not fit in ${width} digits (range ${-(limit - 1n)} to ${limit - 1n})`);
      }
      return n >= 0n ? n.toString().padStart(width, '0') : `-${(limit + n).toString().padStart(width, '0')}`;
    },
    decode(text) {
      const match = encoded.exec(text);
      if (!match) throw new KeyCodecError(`"${text}" is not a ${width}-digit sortable integer`);
      const magnitude = BigInt(match[2]!);
      if (match[1] === '') return magnitude;
      if (magnitude === 0n) throw new KeyCodecError(`"${text}" is not a ${width}-digit sortable integer`);
      return magnitude - limit;
    },
  };
}
