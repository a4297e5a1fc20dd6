import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EMPTY_VALUE_MESSAGE,
  MULTIPLE_TYPES_MESSAGE,
  NULL_NOT_TRUE_MESSAGE,
  NULL_STRING_SET_MEMBER_MESSAGE,
  attributeValueFromWire,
  attributeValueToWire,
  decodeBase64,
  encodeBase64,
  itemFromWire,
  itemToWire,
} from '@dynotable/core';
import { attributeValue, item } from '../support/arbitraries-values.js';

function failure(run: () => unknown): { name: string; message: string } {
  try {
    run();
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error('expected a failure');
}

describe('base64', () => {
  it('matches the standard encoding for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(decodeBase64(text)).toEqual(bytes);
      }),
    );
  });

  it('refuses text that is not padded standard base64', () => {
    for (const text of ['!!!!', 'YQ', 'a-_b', 'YW Jj', 'YQ=a', '=YQ=', 'Y===']) expect(decodeBase64(text)).toBeUndefined();
  });
});

describe('attributeValueFromWire', () => {
  it('decodes binary and keeps numbers as text', () => {
    expect(attributeValueFromWire({ B: 'AQID' })).toEqual({ B: new Uint8Array([1, 2, 3]) });
    expect(attributeValueFromWire({ BS: ['AA==', ''] })).toEqual({ BS: [new Uint8Array([0]), new Uint8Array([])] });
    expect(attributeValueFromWire({ N: '1.50' })).toEqual({ N: '1.50' });
    expect(attributeValueFromWire({ M: { a: { L: [{ NULL: true }, { BOOL: false }] } } })).toEqual({
      M: { a: { L: [{ NULL: true }, { BOOL: false }] } },
    });
  });

  // Messages as DynamoDB Local answers a PutItem with these values.
  it.each([
    [{}, EMPTY_VALUE_MESSAGE],
    [{ N: null }, EMPTY_VALUE_MESSAGE],
    [{ X: 'a' }, EMPTY_VALUE_MESSAGE],
    [{ s: 'a' }, EMPTY_VALUE_MESSAGE],
    [{ L: [{}] }, EMPTY_VALUE_MESSAGE],
    [{ S: 'a', N: '1' }, MULTIPLE_TYPES_MESSAGE],
    [{ NULL: true, S: 'a' }, MULTIPLE_TYPES_MESSAGE],
    [{ NULL: false }, NULL_NOT_TRUE_MESSAGE],
    [{ S: 'a', N: '1', NULL: false }, NULL_NOT_TRUE_MESSAGE],
    [{ SS: [null] }, NULL_STRING_SET_MEMBER_MESSAGE],
  ])('%j -> ValidationException %s', (json, message) => {
    expect(failure(() => attributeValueFromWire(json))).toEqual({ name: 'ValidationException', message });
  });

  it('ignores unknown members next to a known one', () => {
    expect(attributeValueFromWire({ S: 'a', X: 'b' })).toEqual({ S: 'a' });
  });

  it.each([[{ S: 5 }], [{ B: '!!!' }], [{ BOOL: 'true' }], [{ NULL: 'true' }], [{ SS: 'a' }], [{ L: {} }], [{ M: [] }], ['x'], [null]])(
    '%j is a SerializationException',
    (json) => {
      expect(failure(() => attributeValueFromWire(json)).name).toBe('SerializationException');
    },
  );
});

describe('wire round trips', () => {
  it('wire -> AttributeValue -> wire is the identity', () => {
    fc.assert(
      fc.property(attributeValue, (value) => {
        const wire = JSON.parse(JSON.stringify(attributeValueToWire(value))) as unknown;
        expect(attributeValueToWire(attributeValueFromWire(wire))).toEqual(wire);
        expect(attributeValueFromWire(wire)).toEqual(value);
      }),
    );
  });

  it('items survive JSON text, including a __proto__ attribute', () => {
    fc.assert(
      fc.property(item, (value) => {
        expect(itemFromWire(JSON.parse(JSON.stringify(itemToWire(value))))).toEqual(value);
      }),
    );
    const tricky = itemFromWire(JSON.parse('{"__proto__":{"S":"x"}}'));
    expect(Object.keys(tricky)).toEqual(['__proto__']);
    expect(JSON.stringify(itemToWire(tricky))).toBe('{"__proto__":{"S":"x"}}');
  });
});
