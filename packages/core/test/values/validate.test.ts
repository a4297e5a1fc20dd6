import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AttributeValue } from '@dynotable/core';
import {
  ATTRIBUTE_NAME_TOO_LONG_MESSAGE,
  BINARY_SET_DUPLICATES_MESSAGE,
  EMPTY_ATTRIBUTE_NAME_MESSAGE,
  EMPTY_BINARY_SET_MESSAGE,
  EMPTY_NUMBER_SET_MESSAGE,
  EMPTY_STRING_SET_MESSAGE,
  INVALID_NUMBER_MESSAGE,
  MULTIPLE_TYPES_MESSAGE,
  NESTING_TOO_DEEP_MESSAGE,
  NUMBER_SET_DUPLICATES_MESSAGE,
  OVERFLOW_MESSAGE,
  validateAttributeValue,
  validateItem,
} from '@dynotable/core';
import { attributeValue, canonicalNumberText } from '../support/arbitraries-values.js';
import { messageOf } from '../support/validation-message.js';

function wrapped(containers: number, inner: AttributeValue): AttributeValue {
  let value = inner;
  for (let i = 0; i < containers; i++) value = i % 2 === 0 ? { M: { a: value } } : { L: [value] };
  return value;
}

describe('validateAttributeValue', () => {
  it('refuses empty sets with the message of each set type', () => {
    expect(messageOf(() => validateAttributeValue({ SS: [] }))).toBe(EMPTY_STRING_SET_MESSAGE);
    expect(messageOf(() => validateAttributeValue({ NS: [] }))).toBe(EMPTY_NUMBER_SET_MESSAGE);
    expect(messageOf(() => validateAttributeValue({ BS: [] }))).toBe(EMPTY_BINARY_SET_MESSAGE);
    expect(EMPTY_STRING_SET_MESSAGE).toBe('One or more parameter values were invalid: An string set  may not be empty');
  });

  it('refuses duplicates, listing string set members in input order', () => {
    expect(messageOf(() => validateAttributeValue({ SS: ['a', 'a'] }))).toBe(
      'One or more parameter values were invalid: Input collection [a, a] contains duplicates.',
    );
    expect(messageOf(() => validateAttributeValue({ SS: ['b', 'a', 'b', 'a', 'c'] }))).toContain('[b, a, b, a, c]');
    expect(messageOf(() => validateAttributeValue({ NS: ['1', '1.0'] }))).toBe(NUMBER_SET_DUPLICATES_MESSAGE);
    expect(messageOf(() => validateAttributeValue({ NS: ['1E2', '100'] }))).toBe(NUMBER_SET_DUPLICATES_MESSAGE);
    expect(messageOf(() => validateAttributeValue({ NS: ['0', '-0'] }))).toBe(NUMBER_SET_DUPLICATES_MESSAGE);
    expect(messageOf(() => validateAttributeValue({ BS: [new Uint8Array([1]), new Uint8Array([1])] }))).toBe(BINARY_SET_DUPLICATES_MESSAGE);
  });

  it('allows distinct members that only look alike', () => {
    expect(validateAttributeValue({ SS: ['x', ' x', ''] })).toEqual({ SS: ['x', ' x', ''] });
    expect(validateAttributeValue({ BS: [new Uint8Array([1]), new Uint8Array([1, 0]), new Uint8Array([])] })).toBeDefined();
  });

  it('checks numbers inside sets before duplicates', () => {
    expect(messageOf(() => validateAttributeValue({ NS: ['1', 'x', '1'] }))).toBe(INVALID_NUMBER_MESSAGE);
    expect(messageOf(() => validateAttributeValue({ NS: ['1e200'] }))).toBe(OVERFLOW_MESSAGE);
  });

  it('accepts 31 nested maps and lists, refuses 32', () => {
    expect(messageOf(() => validateAttributeValue(wrapped(31, { S: 'x' })))).toBeUndefined();
    expect(messageOf(() => validateAttributeValue(wrapped(31, { SS: ['a'] })))).toBeUndefined();
    expect(messageOf(() => validateAttributeValue(wrapped(32, { S: 'x' })))).toBe(NESTING_TOO_DEEP_MESSAGE);
    expect(messageOf(() => validateAttributeValue(wrapped(31, { L: [] })))).toBe(NESTING_TOO_DEEP_MESSAGE);
    expect(messageOf(() => validateItem({ a: wrapped(31, { M: {} }) }))).toBe(NESTING_TOO_DEEP_MESSAGE);
  });

  it('treats undefined members as absent, like the AWS SDK objects', () => {
    const sdkShaped = { S: undefined, N: '1.50' } as unknown as AttributeValue;
    expect(validateAttributeValue(sdkShaped)).toEqual({ N: '1.5' });
    expect(messageOf(() => validateAttributeValue({ S: 'a', N: '1' } as unknown as AttributeValue))).toBe(MULTIPLE_TYPES_MESSAGE);
  });

  it('refuses empty attribute names at any level', () => {
    expect(messageOf(() => validateItem({ '': { S: 'a' } }))).toBe(EMPTY_ATTRIBUTE_NAME_MESSAGE);
    expect(messageOf(() => validateItem({ a: { M: { '': { S: 'a' } } } }))).toBe(EMPTY_ATTRIBUTE_NAME_MESSAGE);
  });

  it('refuses attribute names over 65,535 UTF-8 bytes at any level', () => {
    expect(messageOf(() => validateItem({ ['n'.repeat(65_535)]: { S: 'a' } }))).toBeUndefined();
    expect(messageOf(() => validateItem({ ['n'.repeat(65_536)]: { S: 'a' } }))).toBe(ATTRIBUTE_NAME_TOO_LONG_MESSAGE);
    // Bytes, not characters: 32,768 two-byte characters are 65,536 bytes.
    expect(messageOf(() => validateItem({ ['é'.repeat(32_767)]: { S: 'a' } }))).toBeUndefined();
    expect(messageOf(() => validateItem({ a: { M: { ['é'.repeat(32_768)]: { S: 'a' } } } }))).toBe(ATTRIBUTE_NAME_TOO_LONG_MESSAGE);
  });
});

describe('normalized copy', () => {
  it('rewrites every number to its canonical text and nothing else', () => {
    const input: AttributeValue = { M: { n: { N: '1.50' }, s: { NS: ['1E2', '-0.50'] }, l: { L: [{ N: '+7' }, { S: '1.50' }] } } };
    expect(validateAttributeValue(input)).toEqual({
      M: { n: { N: '1.5' }, s: { NS: ['100', '-0.5'] }, l: { L: [{ N: '7' }, { S: '1.50' }] } },
    });
    expect(input).toEqual({ M: { n: { N: '1.50' }, s: { NS: ['1E2', '-0.50'] }, l: { L: [{ N: '+7' }, { S: '1.50' }] } } });
  });

  it('is idempotent on random values', () => {
    fc.assert(
      fc.property(attributeValue, (value) => {
        const once = validateAttributeValue(value);
        expect(validateAttributeValue(once)).toEqual(once);
      }),
    );
  });

  it('leaves canonical numbers unchanged', () => {
    fc.assert(
      fc.property(canonicalNumberText, (text) => {
        expect(validateAttributeValue({ N: text })).toEqual({ N: text });
      }),
    );
  });
});
