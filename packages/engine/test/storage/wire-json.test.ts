import fc from 'fast-check';
import { itemToWire, type AttributeValue, type Item } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { attributeValueArbitrary, itemArbitrary } from '../../../core/test/support/arbitraries-values.js';
import { itemFromWireJson, itemToWireJson, wireJsonOf, encodeItem } from '../../src/storage/item-codec.js';

/** Attribute names that look like type members, or are special to JavaScript. */
const trickyName = fc.constantFrom('B', 'BS', 'S', 'M', '"B":', '__proto__', 'toJSON', '1', 'x"y');

const trickyItem: fc.Arbitrary<Item> = fc
  .tuple(itemArbitrary(), fc.array(fc.tuple(trickyName, attributeValueArbitrary({ maxDepth: 2 })), { maxLength: 3 }))
  .map(([item, extra]) => {
    for (const [name, value] of extra) Object.defineProperty(item, name, { value, enumerable: true, writable: true, configurable: true });
    return item;
  });

describe('items as DynamoDB JSON text', () => {
  it('writes exactly the JSON of the wire form, for any item', () => {
    fc.assert(
      fc.property(trickyItem, (item) => {
        expect(itemToWireJson(item)).toBe(JSON.stringify(itemToWire(item)));
      }),
    );
  });

  it('reads back the same item, binary as bytes and odd names as ordinary members', () => {
    fc.assert(
      fc.property(trickyItem, (item) => {
        const read = itemFromWireJson(itemToWireJson(item));
        expect(read).toStrictEqual(item);
        for (const name of Object.keys(item)) expect(Object.hasOwn(read, name)).toBe(true);
      }),
    );
  });

  it('finds binary however deep, and a string that spells a binary member is only text', () => {
    const deep: AttributeValue = { M: { a: { L: [{ NULL: true }, { M: { b: { BS: [new Uint8Array([1, 2])] } } }] } } };
    expect(itemFromWireJson(itemToWireJson({ deep }))).toStrictEqual({ deep });
    const spelled: Item = { s: { S: '"B":"AAAA"' }, ss: { SS: ['{"BS":["AA=="]}'] } };
    expect(itemToWireJson(spelled)).toBe(JSON.stringify(spelled));
    expect(itemFromWireJson(itemToWireJson(spelled))).toStrictEqual(spelled);
  });

  it('is the on-disk text without its binary marker', () => {
    fc.assert(
      fc.property(trickyItem, (item) => {
        expect(wireJsonOf(encodeItem(item))).toBe(itemToWireJson(item));
      }),
    );
  });
});
