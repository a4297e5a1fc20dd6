/** The bounds a sort key condition puts on encoded sort strings, at the edges of the byte range. */
import type { AttributeValue, KeyCondition, SortKeyOperator } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { inSortRange, keyConditionRange, prefixEnd } from '../../src/actions/reads/key-range.js';
import { encodeKeyValue } from '../../src/keys/encode.js';

const B = (...bytes: number[]): AttributeValue => ({ B: Uint8Array.from(bytes) });
const condition = (operator: SortKeyOperator, value: AttributeValue): KeyCondition['sortKey'] => ({ name: 'sk', operator, values: [value] });
const sortRange = (sortKey: KeyCondition['sortKey']) => keyConditionRange({ partitionKey: { name: 'pk', value: { S: 'p' } }, sortKey });

describe('sort key ranges', () => {
  it('ends a prefix at the next string, carrying past trailing 0xFF bytes', () => {
    expect(prefixEnd('ab')).toBe('ac');
    expect(prefixEnd('a\u00ff\u00ff')).toBe('b');
    expect(prefixEnd('\u00ff')).toBeUndefined();
    expect(prefixEnd('\u00ff\u00ff\u00ff')).toBeUndefined();
  });

  it('keeps every value that begins with 0xFF, however many 0xFF bytes follow', () => {
    const range = sortRange(condition('begins_with', B(0xff)));
    for (const value of [B(0xff), B(0xff, 0x00), B(0xff, 0xff), B(0xff, 0xff, 0xff), B(0xff, 0xff, 0xff, 0xff, 0xff)]) {
      expect(inSortRange(encodeKeyValue(value), range)).toBe(true);
    }
    expect(inSortRange(encodeKeyValue(B(0xfe, 0xff)), range)).toBe(false);
    const twoBytes = sortRange(condition('begins_with', B(0xff, 0xff)));
    expect(inSortRange(encodeKeyValue(B(0xff, 0xff, 0xff)), twoBytes)).toBe(true);
    expect(inSortRange(encodeKeyValue(B(0xff)), twoBytes)).toBe(false);
  });

  it('bounds = and <= on a value full of 0xFF bytes', () => {
    const equal = sortRange(condition('=', B(0xff, 0xff)));
    expect(inSortRange(encodeKeyValue(B(0xff, 0xff)), equal)).toBe(true);
    expect(inSortRange(encodeKeyValue(B(0xff, 0xff, 0xff)), equal)).toBe(false);
    const atMost = sortRange(condition('<=', B(0xff)));
    expect(inSortRange(encodeKeyValue(B(0xff)), atMost)).toBe(true);
    expect(inSortRange(encodeKeyValue(B(0xff, 0x00)), atMost)).toBe(false);
    const above = sortRange(condition('>', B(0xff)));
    expect(inSortRange(encodeKeyValue(B(0xff)), above)).toBe(false);
    expect(inSortRange(encodeKeyValue(B(0xff, 0x00)), above)).toBe(true);
  });

  it('keeps a multi-attribute key within its leading equalities when the last one begins with 0xFF', () => {
    const range = keyConditionRange({
      partitionKey: { name: 'pk', value: { S: 'p' } },
      sortPrefix: [{ name: 'first', value: B(0xff) }],
      sortKey: { name: 'second', operator: 'begins_with', values: [B(0xff)] },
    });
    const key = (...values: AttributeValue[]) => values.map(encodeKeyValue).join('');
    expect(inSortRange(key(B(0xff), B(0xff, 0xff, 0xff)), range)).toBe(true);
    expect(inSortRange(key(B(0xff), B(0xfe)), range)).toBe(false);
    expect(inSortRange(key(B(0xff, 0x00), B(0xff)), range)).toBe(false);
  });
});
