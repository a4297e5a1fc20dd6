import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INVALID_NUMBER_MESSAGE,
  OVERFLOW_MESSAGE,
  TOO_MANY_DIGITS_MESSAGE,
  UNDERFLOW_MESSAGE,
  normalizeNumber,
  parseNumber,
} from '@dynotable/core';
import { numberText } from '../support/arbitraries-values.js';
import { messageOf } from '../support/validation-message.js';

describe('normalizeNumber gives the text DynamoDB returns', () => {
  // Each pair was put to DynamoDB Local and read back with GetItem.
  it.each([
    ['1.50', '1.5'],
    ['1E2', '100'],
    ['-0', '0'],
    ['0.0', '0'],
    ['0.0001e-3', '0.0000001'],
    ['-1.50E+3', '-1500'],
    ['123.4560', '123.456'],
    ['00012', '12'],
    ['+5', '5'],
    ['5.', '5'],
    ['.5', '0.5'],
    ['-.5', '-0.5'],
    ['1e-5', '0.00001'],
    ['1E21', '1000000000000000000000'],
    ['1e+2', '100'],
    ['1E-0', '1'],
    ['0e999999', '0'],
    ['1.0000000000000000000000000000000000000000', '1'],
    ['1234567890123456789012345678901234567800000', '1234567890123456789012345678901234567800000'],
    ['12345678901234567890123456789012345678', '12345678901234567890123456789012345678'],
    ['\u0661\u0662e\u0661', '120'],
    ['\uff10.\uff15', '0.5'],
  ])('%s -> %s', (input, stored) => {
    expect(normalizeNumber(input)).toBe(stored);
  });

  it('writes the extremes without an exponent', () => {
    expect(normalizeNumber('1E125')).toBe(`1${'0'.repeat(125)}`);
    expect(normalizeNumber('1E-130')).toBe(`0.${'0'.repeat(129)}1`);
    expect(normalizeNumber('-9.9999999999999999999999999999999999999E+125')).toBe(`-${'9'.repeat(38)}${'0'.repeat(88)}`);
  });

  it('is idempotent and keeps the value', () => {
    fc.assert(
      fc.property(numberText, (text) => {
        const canonical = normalizeNumber(text);
        expect(normalizeNumber(canonical)).toBe(canonical);
        expect(parseNumber(canonical).eq(parseNumber(text))).toBe(true);
        expect(canonical).not.toMatch(/[eE+]|^-?0\d|\.\d*0$|^-0$/);
      }),
    );
  });
});

describe('parseNumber refuses what DynamoDB refuses', () => {
  it.each([' 5', '5 ', '\t5', '5\n', '1e', '5e+', 'e5', 'Infinity', 'NaN', '0x10', '', '-', '--5', '1_000', '1,5', '1.2.3', '1e1.5', '\u{1d7cf}', '1e2147483648', '1e-2147483648', '0e2147483648', '0.5e-2147483647'])(
    '%j is not a number',
    (text) => {
      expect(messageOf(() => parseNumber(text))).toBe(INVALID_NUMBER_MESSAGE);
    },
  );

  it.each(['1e126', '10E125', '1E+126', '1e2147483647'])('%s overflows', (text) => {
    expect(messageOf(() => parseNumber(text))).toBe(OVERFLOW_MESSAGE);
  });

  it.each(['1E-131', '-1E-131', `0.${'0'.repeat(130)}1`])('%s underflows', (text) => {
    expect(messageOf(() => parseNumber(text))).toBe(UNDERFLOW_MESSAGE);
  });

  it('refuses 39 significant digits before checking the range', () => {
    expect(messageOf(() => parseNumber('123456789012345678901234567890123456789'))).toBe(TOO_MANY_DIGITS_MESSAGE);
    expect(messageOf(() => parseNumber('1.000000000000000000000000000000000000001'))).toBe(TOO_MANY_DIGITS_MESSAGE);
    expect(messageOf(() => parseNumber('9.99999999999999999999999999999999999999e125'))).toBe(TOO_MANY_DIGITS_MESSAGE);
  });

  it('accepts the boundaries', () => {
    for (const text of ['1E-130', '-1E-130', '0.1E-129', '9.9999999999999999999999999999999999999E+125', '100000000000000000000000000000000000000']) {
      expect(messageOf(() => parseNumber(text))).toBeUndefined();
    }
  });
});
