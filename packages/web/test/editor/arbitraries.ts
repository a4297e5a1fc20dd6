/** Wire values of every type, for round-trip properties. */
import fc from 'fast-check';
import { encodeBase64, normalizeNumber, type WireAttributeValue, type WireItem } from '@dynotable/core';

/** Numbers as JSON literals with up to 38 significant digits, some far beyond a double's precision. */
const numberText = fc
  .tuple(fc.boolean(), fc.stringMatching(/^[1-9][0-9]{0,37}$/), fc.nat({ max: 40 }), fc.constantFrom('', '0', '00'))
  .map(([negative, digits, point, zeros]) => {
    const at = Math.min(point, digits.length);
    const body = at === 0 || at === digits.length ? digits : `${digits.slice(0, at)}.${digits.slice(at)}${zeros}`;
    return `${negative ? '-' : ''}${body}`;
  })
  .filter((text) => text.replace(/[-.]/g, '').replace(/0+$/, '').length <= 38);

const base64 = fc.uint8Array({ maxLength: 12 }).map(encodeBase64);
const nonEmptyBase64 = fc.uint8Array({ minLength: 1, maxLength: 12 }).map(encodeBase64);
/** Names include the plain-JSON tags, so the $M escape is exercised. */
const name = fc.oneof(fc.string({ maxLength: 8 }).filter((text) => text !== ''), fc.constantFrom('$SS', '$NS', '$BS', '$B', '$M', '__proto__', 'a.b', 'odd name'));

const scalar: fc.Arbitrary<WireAttributeValue> = fc.oneof(
  fc.string().map((S) => ({ S })),
  numberText.map((N) => ({ N })),
  base64.map((B) => ({ B })),
  fc.boolean().map((BOOL) => ({ BOOL })),
  fc.constant({ NULL: true as const }),
  fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 4 }).map((SS) => ({ SS })),
  fc.uniqueArray(numberText, { minLength: 1, maxLength: 4, selector: normalizeNumber }).map((NS) => ({ NS })),
  fc.uniqueArray(nonEmptyBase64, { minLength: 1, maxLength: 3 }).map((BS) => ({ BS })),
);

function record(value: fc.Arbitrary<WireAttributeValue>, maxKeys: number): fc.Arbitrary<Record<string, WireAttributeValue>> {
  return fc.uniqueArray(fc.tuple(name, value), { maxLength: maxKeys, selector: ([key]) => key }).map((entries) => {
    const out: Record<string, WireAttributeValue> = {};
    for (const [key, member] of entries) Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

export const value: fc.Arbitrary<WireAttributeValue> = fc.letrec<{ value: WireAttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    record(tie('value'), 3).map((M) => ({ M })),
  ),
})).value;

/** An item with a string key PK and other attributes. */
export const item: fc.Arbitrary<WireItem> = fc
  .tuple(fc.string({ minLength: 1 }), record(value, 5))
  .map(([pk, rest]) => {
    const out: WireItem = { PK: { S: pk } };
    for (const key of Object.keys(rest)) if (key !== 'PK') Object.defineProperty(out, key, { value: rest[key], enumerable: true, writable: true, configurable: true });
    return out;
  });
