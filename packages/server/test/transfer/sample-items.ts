/**
 * Items with every kind of value DynamoDB holds: 38-digit and tiny numbers,
 * binary (empty too), the three set types, nested maps and lists, empty
 * strings, non-ASCII and astral text, plus one random attribute each from the
 * core arbitraries (well-formed text only: a lone surrogate cannot be stored).
 */
import fc from 'fast-check';
import type { AttributeValue, Item } from '@dynotable/core';
import { itemToWire } from '@dynotable/core';
import { attributeValueArbitrary } from '../../../core/test/support/arbitraries-values.js';

const LONE_SURROGATE = /[\ud800-\udfff]/u;

export function sampleItems(count: number, seed = 7): Record<string, unknown>[] {
  const extras = fc
    .sample(attributeValueArbitrary({ maxDepth: 3 }), { numRuns: count * 2, seed })
    .filter((value) => !LONE_SURROGATE.test(JSON.stringify(itemToWire({ x: value }))));
  return Array.from({ length: count }, (_, i) => {
    const digits = String(i + 1).padStart(4, '0');
    const item: Item = {
      pk: { S: `pärtition-${i % 41}-日本-😀` },
      sk: { N: `${'9'.repeat(34)}${digits}` },
      big: { N: `-0.${'1234567890'.repeat(3)}1234567${digits[3]}` },
      tiny: { N: `1E-12${digits[3]}` },
      bytes: { B: new Uint8Array([0, 255, i % 256, (i * 7) % 256]) },
      empty: { S: '' },
      noBytes: { B: new Uint8Array() },
      tags: { SS: ['a,b', '"quoted"', `line\nbreak ${i}`] },
      nums: { NS: ['1', '12345678901234567890123456789012345678', `-${digits}.5`] },
      blobs: { BS: [new Uint8Array([1]), new Uint8Array([i % 200, 2])] },
      nested: { M: { deeper: { M: { list: { L: [{ S: 'ü' }, { N: '0.000001' }, { NULL: true }, { BOOL: i % 2 === 0 }] } } }, 'a key with spaces': { S: 'x' } } },
      flag: { BOOL: i % 3 === 0 },
      nothing: { NULL: true },
      ...(i % 5 === 0 ? { gpk: { S: `g${i % 3}` } } : {}),
      extra: extras[i % extras.length] as AttributeValue,
    };
    return itemToWire(item);
  });
}
