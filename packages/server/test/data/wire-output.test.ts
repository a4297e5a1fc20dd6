/** Items from the SDK as wire JSON: the same JSON as core's itemToWire, whether or not the item was copied. */
import fc from 'fast-check';
import { itemFromWire, itemToWire } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { itemArbitrary } from '../../../core/test/support/arbitraries-values.js';
import { sdkItemToWire } from '../../src/data/wire-output.js';

describe('sdkItemToWire', () => {
  it('gives the JSON itemToWire gives, for items of every type', () => {
    fc.assert(
      fc.property(itemArbitrary({ canonicalNumbers: true }), (item) => {
        expect(JSON.stringify(sdkItemToWire(item))).toBe(JSON.stringify(itemToWire(item)));
      }),
      { numRuns: 500 },
    );
  });

  it('converts binary nested anywhere, and sends an item without binary as it is', () => {
    const nested = itemFromWire({ id: { S: 'a' }, deep: { L: [{ M: { b: { BS: ['AAE=', 'Ag=='] } } }] } });
    expect(sdkItemToWire(nested)).toEqual({ id: { S: 'a' }, deep: { L: [{ M: { b: { BS: ['AAE=', 'Ag=='] } } }] } });
    const plain = itemFromWire({ id: { S: 'a' }, n: { N: '1.5' }, m: { M: { s: { SS: ['x'] } } } });
    expect(sdkItemToWire(plain)).toBe(plain);
  });
});
