/**
 * Small value domains for the differential test. The domains are tiny on
 * purpose: items and expression values drawn from them collide often, so
 * comparisons, contains, begins_with and set updates hit as well as miss.
 */
import fc from 'fast-check';
import type { AttributeValue, Item } from '@dynotable/core';

/** Top-level names usable bare. */
const SAFE_NAMES = ['a', 'b', 'c', 'n', 's', 'l', 'm', 'flag', 'x_1'] as const;
/** Names that must be aliased: reserved words (any case), a dash, a dot, a leading digit. */
export const ALIAS_ONLY_NAMES = ['status', 'name', 'Count', 'size', 'my-attr', 'dot.name', '1st'] as const;
export const TOP_NAMES = [...SAFE_NAMES, ...ALIAS_ONLY_NAMES] as const;
/** Keys inside maps. */
export const MAP_KEYS = ['a', 'b', 'k', 'status'] as const;

const STRINGS = ['', 'a', 'ab', 'abc', 'b', 'ba', 'A', 'é', '😀', '\ue000'];
const NUMBERS = ['0', '1', '-1', '2', '10', '1.5', '-0.5', '100', '3.14', '1E+2', '0.001'];
const BYTES = [[], [0], [0, 1], [1], [0x7f], [0x80], [0xff, 0], [0x80, 1]];

const stringValue = fc.constantFrom(...STRINGS);
export const numberText = fc.constantFrom(...NUMBERS);
const bytesValue = fc.constantFrom(...BYTES).map((bytes) => Uint8Array.from(bytes));

const setOf = <T>(element: fc.Arbitrary<T>, key: (value: T) => string) =>
  fc.uniqueArray(element, { minLength: 1, maxLength: 3, selector: key });
const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
/** Numbers that are equal as numbers ("1E+2" and "100") may not share a set. */
const numberKey = (text: string) => String(Number(text));

const scalarValue: fc.Arbitrary<AttributeValue> = fc.oneof(
  { weight: 3, arbitrary: stringValue.map((S) => ({ S })) },
  { weight: 3, arbitrary: numberText.map((N) => ({ N })) },
  { weight: 1, arbitrary: bytesValue.map((B) => ({ B })) },
  { weight: 1, arbitrary: fc.boolean().map((BOOL) => ({ BOOL })) },
  { weight: 1, arbitrary: fc.constant({ NULL: true as const }) },
);

export const setValue: fc.Arbitrary<AttributeValue> = fc.oneof(
  setOf(stringValue, (value) => value).map((SS) => ({ SS })),
  setOf(numberText, numberKey).map((NS) => ({ NS })),
  setOf(bytesValue.filter((bytes) => bytes.length > 0), hex).map((BS) => ({ BS })),
);

/** Any value, nested at most `depth` documents deep. */
export function attributeValue(depth: number): fc.Arbitrary<AttributeValue> {
  if (depth <= 0) return fc.oneof({ weight: 4, arbitrary: scalarValue }, { weight: 1, arbitrary: setValue });
  const inner = attributeValue(depth - 1);
  return fc.oneof(
    { weight: 5, arbitrary: scalarValue },
    { weight: 2, arbitrary: setValue },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 3 }).map((L) => ({ L })) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...MAP_KEYS), inner, { maxKeys: 3, noNullPrototype: true }).map((M) => ({ M })) },
  );
}

/** A random item (without its key) over the top-level vocabulary. */
export const itemBody: fc.Arbitrary<Item> = fc.dictionary(fc.constantFrom(...TOP_NAMES), attributeValue(2), {
  maxKeys: 6,
  noNullPrototype: true,
});
