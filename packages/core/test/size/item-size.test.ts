import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attributeValueSize, itemSize, numberSize, utf8ByteLength } from '@dynotable/core';
import { stringValue } from '../support/arbitraries-values.js';

describe('numberSize', () => {
  // Documented sizes of the real service.
  it.each([
    ['1', 2],
    ['123', 3],
    ['-42', 3],
    ['1.5', 3],
    ['3.14159', 5],
    ['100.5', 4],
    ['0.15', 2],
    ['1E125', 2],
    ['12345678901234567890123456789012345678', 20],
    ['0', 1],
    ['-0', 1],
  ])('%s takes %i bytes', (text, bytes) => {
    expect(numberSize(text)).toBe(bytes);
  });

  it('measures the value, not its spelling', () => {
    expect(numberSize('1.50')).toBe(numberSize('1.5'));
    expect(numberSize('15E-1')).toBe(3);
    expect(numberSize('-1E-130')).toBe(3);
  });

  // Odd-aligned values, measured at the 400 KB boundary of DynamoDB Local.
  it.each([
    ['110', 3],
    ['11000', 3],
    ['0.011', 3],
    ['-110', 4],
    ['-0.011', 4],
    ['0.00011', 3],
    ['0.0011', 2],
    ['1010', 3],
    ['101', 3],
    ['10', 2],
    ['1000', 2],
    ['0.1', 2],
    ['1.05', 3],
    ['12345.678', 6],
    ['123456789.123', 8],
    ['1E-130', 2],
    ['1.5E-129', 2],
    ['-1E125', 3],
    ['99999999999999999999999999999999999999', 20],
    ['1.2345678901234567890123456789012345678E-100', 21],
  ])('%s takes %i bytes (base-100 digits aligned on the point)', (text, bytes) => {
    expect(numberSize(text)).toBe(bytes);
  });
});

describe('utf8ByteLength', () => {
  it('agrees with TextEncoder, including astral characters', () => {
    fc.assert(
      fc.property(stringValue, (text) => {
        expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
    expect(utf8ByteLength('😀')).toBe(4);
  });

  it('counts a lone surrogate as the one byte `?`, as DynamoDB Local does (docs/strings.md)', () => {
    expect(utf8ByteLength('\ud800')).toBe(1);
    expect(utf8ByteLength('\udc00x\ud800')).toBe(3);
    expect(utf8ByteLength('\ude00\ud83d')).toBe(2);
    expect(utf8ByteLength('\ud83d\ude00')).toBe(4);
    expect(utf8ByteLength('\ufffd')).toBe(3);
    expect(attributeValueSize({ S: 'k\ud800' })).toBe(2);
    expect(itemSize({ ['a\udbff']: { S: '\udfff' } })).toBe(3);
  });
});

describe('attributeValueSize and itemSize', () => {
  it('counts the documented example: shirt-color "R" + shirt-size "M" = 23 bytes', () => {
    expect(itemSize({ 'shirt-color': { S: 'R' }, 'shirt-size': { S: 'M' } })).toBe(23);
  });

  it('counts scalars', () => {
    expect(attributeValueSize({ S: 'é' })).toBe(2);
    expect(attributeValueSize({ B: new Uint8Array(7) })).toBe(7);
    expect(attributeValueSize({ BOOL: false })).toBe(1);
    expect(attributeValueSize({ NULL: true })).toBe(1);
  });

  it('sums set members with no overhead', () => {
    expect(attributeValueSize({ SS: ['ab', 'é'] })).toBe(4);
    expect(attributeValueSize({ NS: ['1', '123'] })).toBe(5);
    expect(attributeValueSize({ BS: [new Uint8Array(2), new Uint8Array(3)] })).toBe(5);
  });

  it('adds 3 bytes per list or map and 1 per element', () => {
    expect(attributeValueSize({ L: [] })).toBe(3);
    expect(attributeValueSize({ M: {} })).toBe(3);
    expect(attributeValueSize({ L: [{ S: 'ab' }, { N: '1' }] })).toBe(3 + (1 + 2) + (1 + 2));
    expect(attributeValueSize({ M: { ké: { S: 'ab' } } })).toBe(3 + 3 + 1 + 2);
    expect(itemSize({ doc: { M: { a: { L: [{ NULL: true }] } } } })).toBe(3 + 3 + (1 + 1 + (3 + 1 + 1)));
  });
});
