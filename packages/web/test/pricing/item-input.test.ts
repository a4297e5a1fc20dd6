import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { itemSize, itemToWire, normalizeNumber } from '@dynotable/core';
import { itemArbitrary } from '../../../core/test/support/arbitraries-values.js';
import { guessFormat, readItemText } from '../../src/pricing/item-input.js';
import { readJson } from '@dynotable/core';
import { plainItemText } from '../../src/workbench/editor/plain-json.js';

describe('readItemText', () => {
  it('reads plain JSON with every digit of a 38-digit number kept', () => {
    const reading = readItemText('{"id": "a", "big": 12345678901234567890123456789012345678, "n": 0.1}');
    expect(reading.ok && reading.format).toBe('plain');
    if (!reading.ok) return;
    expect(reading.item['big']).toEqual({ N: '12345678901234567890123456789012345678' });
    expect(reading.item['n']).toEqual({ N: '0.1' });
  });

  it('recognises DynamoDB JSON and reads binary from base64', () => {
    const reading = readItemText('{"PK": {"S": "TEAM#7"}, "n": {"N": "10.50"}, "b": {"B": "AAEC"}}');
    expect(reading.ok && reading.format).toBe('dynamodb');
    if (!reading.ok) return;
    expect(reading.item['n']).toEqual({ N: '10.50' });
    expect(Array.from((reading.item['b'] as { B: Uint8Array }).B)).toEqual([0, 1, 2]);
  });

  it('reads a typed-looking item as plain JSON when asked to', () => {
    const reading = readItemText('{"a": {"S": "x"}}', 'plain');
    expect(reading.ok && reading.item['a']).toEqual({ M: { S: { S: 'x' } } });
    expect(guessFormat(readJson('{"a": {"S": "x"}, "b": 1}'))).toBe('plain');
  });

  it('says where the JSON breaks', () => {
    const text = '{"a": 1,, "b": 2}';
    const reading = readItemText(text);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.offset).toBe(text.indexOf(',,') + 1);
  });

  it("gives DynamoDB's message for a value it refuses", () => {
    const reading = readItemText('{"s": {"SS": []}}', 'dynamodb');
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.message).toContain('An string set  may not be empty');
    const wrongShape = readItemText('{"n": {"N": 5}}', 'dynamodb');
    expect(wrongShape.ok).toBe(false);
  });

  it('refuses what is not an object', () => {
    expect(readItemText('[1, 2]').ok).toBe(false);
    expect(readItemText('"text"').ok).toBe(false);
  });

  it('gives the same item, and so the same size, from plain JSON and from DynamoDB JSON', () => {
    fc.assert(
      fc.property(itemArbitrary(), (item) => {
        const wire = itemToWire(item);
        const fromDynamo = readItemText(JSON.stringify(wire), 'dynamodb');
        const fromPlain = readItemText(plainItemText(wire), 'plain');
        expect(fromDynamo.ok && itemSize(fromDynamo.item)).toBe(itemSize(item));
        expect(fromPlain.ok && itemSize(fromPlain.item)).toBe(itemSize(item));
        if (fromPlain.ok) {
          for (const name of Object.keys(item)) {
            const value = item[name]!;
            if ('N' in value) expect(normalizeNumber((fromPlain.item[name] as { N: string }).N)).toBe(normalizeNumber(value.N));
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
