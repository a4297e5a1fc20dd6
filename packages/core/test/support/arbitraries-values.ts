/**
 * fast-check arbitraries of valid DynamoDB attribute values and items: every
 * type, nesting, 38-digit numbers, exponents, negatives, binary, non-ASCII and
 * astral strings. Numbers come in varied text (`1.50`, `15E-1`) unless
 * `canonicalNumbers` is set; use `validateItem` to get the stored form.
 */
import fc from 'fast-check';
import type { AttributeValue, Item } from '@dynotable/core';
import { normalizeNumber } from '@dynotable/core';

/** Strings mixing ASCII, the U+E000–U+FFFF range and astral characters. */
export const stringValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('a', 'Z', '#', 'é', '\u00bf', '\ue000', '\uffff', '😀', '𝟏', '\u0000'), maxLength: 8 }),
  fc.string({ maxLength: 12 }),
);

/** Attribute names: non-empty, any characters (but not `__proto__`, which plain JS objects mangle). */
const attributeName: fc.Arbitrary<string> = stringValue.filter((name) => name.length > 0 && name !== '__proto__');

/** Text of a valid DynamoDB number, in one of several spellings. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('0', '-0', '0.000', '0E5') },
  {
    weight: 8,
    arbitrary: fc
      .record({
        negative: fc.boolean(),
        digits: fc.stringMatching(/^[1-9]\d{0,37}$/),
        // value = 0.<digits> × 10^point, inside 1E-130 .. <1E126
        point: fc.integer({ min: -129, max: 126 }),
        style: fc.constantFrom('exponent', 'plain', 'padded'),
      })
      .map(({ negative, digits, point, style }) => {
        const sign = negative ? '-' : '';
        if (style === 'exponent') return `${sign}${digits[0]}.${digits.slice(1)}E${point - 1}`.replace('.E', 'E');
        return normalizeNumberWithPadding(sign, digits, point, style === 'padded');
      }),
  },
  { weight: 2, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e20, max: 1e20 }).map(String).filter(isInRange) },
);

function isInRange(text: string): boolean {
  try {
    normalizeNumber(text);
    return true;
  } catch {
    return false;
  }
}

function normalizeNumberWithPadding(sign: string, digits: string, point: number, padded: boolean): string {
  const canonical = normalizeNumber(`${sign}0.${digits}E${point}`);
  if (!padded) return canonical;
  return canonical.includes('.') ? `${canonical.replace(/^(-?)/, '$100')}00` : `${canonical.replace(/^(-?)/, '$10')}.0`;
}

export const canonicalNumberText: fc.Arbitrary<string> = numberText.map(normalizeNumber);

const bytes: fc.Arbitrary<Uint8Array> = fc.uint8Array({ maxLength: 16 });

function hex(value: Uint8Array): string {
  return Array.from(value, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface AttributeValueOptions {
  /** Numbers in DynamoDB's stored form instead of varied spellings. */
  canonicalNumbers?: boolean;
  /** How deep M and L may nest (default 4; DynamoDB allows 31). */
  maxDepth?: number;
}

export function attributeValueArbitrary(options: AttributeValueOptions = {}): fc.Arbitrary<AttributeValue> {
  const number = options.canonicalNumbers ? canonicalNumberText : numberText;
  const scalar: fc.Arbitrary<AttributeValue> = fc.oneof(
    stringValue.map((S) => ({ S })),
    number.map((N) => ({ N })),
    bytes.map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true as const }),
    fc.uniqueArray(stringValue, { minLength: 1, maxLength: 5 }).map((SS) => ({ SS })),
    fc.uniqueArray(number, { minLength: 1, maxLength: 5, selector: normalizeNumber }).map((NS) => ({ NS })),
    fc.uniqueArray(bytes, { minLength: 1, maxLength: 4, selector: hex }).map((BS) => ({ BS })),
  );
  const { value } = fc.letrec<{ value: AttributeValue }>((tie) => ({
    value: fc.oneof(
      { maxDepth: options.maxDepth ?? 4, depthIdentifier: 'attribute-value' },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }).map((L) => ({ L })),
      mapOf(tie('value')).map((M) => ({ M })),
    ),
  }));
  return value;
}

function mapOf(value: fc.Arbitrary<AttributeValue>): fc.Arbitrary<Record<string, AttributeValue>> {
  return fc.uniqueArray(fc.tuple(attributeName, value), { maxLength: 4, selector: ([name]) => name }).map((entries) => Object.fromEntries(entries));
}

/** Any valid attribute value (varied number spellings, nesting up to 4). */
export const attributeValue: fc.Arbitrary<AttributeValue> = attributeValueArbitrary();

/** A valid item of up to 6 attributes. */
export function itemArbitrary(options: AttributeValueOptions = {}): fc.Arbitrary<Item> {
  return fc
    .uniqueArray(fc.tuple(attributeName, attributeValueArbitrary(options)), { minLength: 1, maxLength: 6, selector: ([name]) => name })
    .map((entries) => Object.fromEntries(entries));
}

export const item: fc.Arbitrary<Item> = itemArbitrary();
