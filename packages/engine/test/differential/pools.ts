/**
 * Small pools of key values and attribute names, so that random operations hit
 * the same items again and again (conditions that pass and fail, updates of
 * existing items, pages over real collections). Each key pool is listed in
 * DynamoDB's order for its type, so "pool index order" is key order.
 */
import fc from 'fast-check';
import type { AttributeValue } from '@dynotable/core';
import { attributeValueArbitrary } from '../../../core/test/support/arbitraries-values.js';
import type { ScalarType } from './scenario.js';

/**
 * DynamoDB's byte order: 'A' < 'a' < 'a\udc00' < 'ab' < 'b' < 'é' < '\ufffd' < '😀'.
 * A lone surrogate is the byte `?` (docs/strings.md), so 'a\udc00' is 'a?'; no
 * other entry has those bytes, so the pool holds no two spellings of one key.
 */
const strings = ['A', 'a', 'a\udc00', 'ab', 'b', 'é', '\ufffd', '😀'];
/** Numeric order; '1E2' and '100.0' are other spellings of 100. */
const numbers = ['-1', '-0.5', '0', '1', '1.5', '2', '10', '1E2'];
/** Unsigned byte order. */
const binaries = [[0], [1], [1, 0], [127], [128], [255]];

export function keyPool(type: ScalarType): AttributeValue[] {
  if (type === 'S') return strings.map((S) => ({ S }));
  if (type === 'N') return numbers.map((N) => ({ N }));
  return binaries.map((bytes) => ({ B: Uint8Array.from(bytes) }));
}

/** A key value of the type, from the pool (its first `size` entries). */
export function keyValueArb(type: ScalarType, size = Infinity): fc.Arbitrary<AttributeValue> {
  const pool = keyPool(type);
  return fc.constantFrom(...pool.slice(0, Math.min(size, pool.length)));
}

/** A value of another type than the one asked for, or an empty S/B (both rejected in keys). */
export function wrongKeyValueArb(type: ScalarType): fc.Arbitrary<AttributeValue> {
  const others = (['S', 'N', 'B'] as const).filter((t) => t !== type);
  return fc.oneof(
    ...others.map((t) => keyValueArb(t)),
    fc.constant<AttributeValue>({ S: '' }),
    fc.constant<AttributeValue>({ B: new Uint8Array(0) }),
    fc.constant<AttributeValue>({ BOOL: true }),
  );
}

/** Names of the non-key attributes items carry. */
export const dataNames = ['a', 'b', 'c'] as const;

const smallNumber = fc.constantFrom('0', '1', '-2', '3.5', '10', '0.10', '1E1');
const smallString = fc.constantFrom('', 'a', 'ab', 'b', 'x y', 'é');

/**
 * Values of data attributes: mostly small and colliding (so comparisons and
 * arithmetic meet each other), sometimes anything DynamoDB accepts.
 */
export const dataValueArb: fc.Arbitrary<AttributeValue> = fc.oneof(
  { weight: 4, arbitrary: smallNumber.map((N) => ({ N })) },
  { weight: 4, arbitrary: smallString.map((S) => ({ S })) },
  { weight: 1, arbitrary: fc.boolean().map((BOOL) => ({ BOOL })) },
  { weight: 1, arbitrary: fc.constant({ NULL: true as const }) },
  { weight: 2, arbitrary: fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })) },
  { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom('1', '2', '3.5'), { minLength: 1, maxLength: 3 }).map((NS) => ({ NS })) },
  { weight: 2, arbitrary: fc.array(fc.oneof(smallNumber.map((N) => ({ N })), smallString.map((S) => ({ S }))), { maxLength: 3 }).map((L) => ({ L })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ x: smallNumber.map((N) => ({ N })), y: smallString.map((S) => ({ S })) }, { requiredKeys: [] })
      .map((M) => ({ M: M as Record<string, AttributeValue> })),
  },
  { weight: 2, arbitrary: attributeValueArbitrary({ maxDepth: 2 }) },
);

/** Scalars for comparison operands. */
export const comparableValueArb: fc.Arbitrary<AttributeValue> = fc.oneof(
  smallNumber.map((N) => ({ N })),
  smallString.filter((s) => s !== '').map((S) => ({ S })),
  keyValueArb('B'),
);
