/**
 * The one decision about strings DynamoDB cannot encode: each lone surrogate
 * becomes the byte `?` for order, size and key identity, and the string
 * itself is kept as written. Checked against an oracle written here (a regex
 * and Buffer) and against what DynamoDB Local returned (docs/strings.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareStrings, dynamoDbStringByteLength, dynamoDbStringBytes, dynamoDbStringForm, isWellFormedText } from '@dynotable/core';

const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const oracleBytes = (text: string) => Buffer.from(text.replace(LONE, '?'), 'utf8');

const unit = fc.oneof(
  fc.constantFrom('?', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00', '\ufffd', '\u0000', 'k', '\uffff', '\ud83d\ude00', '\ude00\ud83d'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
);
const text = fc.array(unit, { maxLength: 8 }).map((units) => units.join(''));

describe("DynamoDB's bytes of a string", () => {
  it('are UTF-8 with each lone surrogate as `?`, and their length is counted without encoding', () => {
    fc.assert(
      fc.property(text, (value) => {
        const expected = oracleBytes(value);
        expect(Buffer.from(dynamoDbStringBytes(value)).equals(expected), JSON.stringify(value)).toBe(true);
        expect(dynamoDbStringByteLength(value)).toBe(expected.length);
        expect(dynamoDbStringForm(value)).toBe(value.replace(LONE, '?'));
        expect(isWellFormedText(value)).toBe(!new RegExp(LONE.source).test(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('leave a well-formed string as it is', () => {
    for (const value of ['', 'k', 'k\ufffd', 'k\u0000', 'k\ud83d\ude00', '\udbff\udfff']) expect(dynamoDbStringForm(value)).toBe(value);
  });

  it('give the order DynamoDB Local returned for these sort keys', () => {
    // Query on DynamoDB Local 3.3.0, ascending (docs/strings.md).
    const order = ['k', 'k\u0000', 'k\u0001', 'k=', 'k>', 'k\udc00', 'k\ude00\ud83d', 'k\ud800x', 'k@', 'k\u00e9', 'k\u07ff', 'k\u0800', 'k\ud7ff', 'k\ue000', 'k\ufffd', 'k\uffff', 'k\ud800\udc00', 'k\ud83d\ude00', 'k\udbff\udfff'];
    const shuffled = [...order].reverse();
    expect(shuffled.sort(compareStrings)).toEqual(order);
  });

  it('make one key of the strings DynamoDB Local merged, and keep apart the ones it kept apart', () => {
    const merged = [
      ['k\ud800', 'k\udbff', 'k\udc00', 'k\udfff', 'k?'],
      ['k\ude00\ud83d', 'k\ud800\ud800', 'k??', 'k\ud800?'],
    ];
    for (const group of merged) for (const value of group) expect(compareStrings(value, group[0]!), JSON.stringify(value)).toBe(0);
    const apart = ['k\ud800', 'k\ufffd', 'k', 'k\u0000', 'k\ud83d\ude00', 'k\ud800x', 'k\uffff', 'k\ud800\udc00', 'k\ude00\ud83d'];
    for (const a of apart) for (const b of apart) if (a !== b) expect(compareStrings(a, b), JSON.stringify([a, b])).not.toBe(0);
  });
});
