import { describe, expect, it } from 'vitest';
import {
  batchGetReadUnits,
  batchWriteUnits,
  classifyIndexChange,
  deleteWriteUnits,
  indexWriteUnits,
  itemReadUnits,
  itemWriteUnits,
  putWriteUnits,
  queryReadUnits,
  updateWriteUnits,
} from '@dynotable/core';

const KB = 1024;

describe('read units', () => {
  it('rounds an item up to 4 KB and scales by consistency', () => {
    expect(itemReadUnits(1)).toBe(1);
    expect(itemReadUnits(4 * KB)).toBe(1);
    expect(itemReadUnits(4 * KB + 1)).toBe(2);
    expect(itemReadUnits(4 * KB + 1, 'eventual')).toBe(1);
    expect(itemReadUnits(4 * KB + 1, 'transactional')).toBe(4);
  });

  it('charges a missing item one block', () => {
    expect(itemReadUnits(0)).toBe(1);
    expect(itemReadUnits(0, 'eventual')).toBe(0.5);
  });

  it('rounds BatchGetItem items separately: 1.5 KB + 6.5 KB -> 12 KB', () => {
    expect(batchGetReadUnits([1.5 * KB, 6.5 * KB])).toBe(3);
    expect(batchGetReadUnits([1.5 * KB, 6.5 * KB], 'eventual')).toBe(1.5);
  });

  it('sums Query and Scan sizes before rounding once', () => {
    expect(queryReadUnits(Array.from({ length: 10 }, () => 4.08 * KB))).toBe(11); // 40.8 KB -> 44 KB
    expect(queryReadUnits(Array.from({ length: 1500 }, () => 64))).toBe(24); // 96 KB
    expect(queryReadUnits([1.5 * KB, 6.5 * KB])).toBe(2);
    expect(queryReadUnits([], 'eventual')).toBe(0.5);
    expect(queryReadUnits([])).toBe(1);
  });
});

describe('write units', () => {
  it('rounds each item up to 1 KB, before doubling for transactions', () => {
    expect(itemWriteUnits(1)).toBe(1);
    expect(itemWriteUnits(KB)).toBe(1);
    expect(itemWriteUnits(KB + 1)).toBe(2);
    expect(itemWriteUnits(KB + 1, 'transactional')).toBe(4);
  });

  it('charges put and update for the larger of old and new', () => {
    expect(putWriteUnits(undefined, 500)).toBe(1);
    expect(putWriteUnits(300 * KB, 310 * KB)).toBe(310);
    expect(putWriteUnits(5 * KB, 1)).toBe(5);
    expect(updateWriteUnits(2 * KB, 3.5 * KB)).toBe(4);
  });

  it('charges delete for the deleted item, one unit when there was none', () => {
    expect(deleteWriteUnits(2.5 * KB)).toBe(3);
    expect(deleteWriteUnits(undefined)).toBe(1);
  });

  it('rounds BatchWriteItem items separately: 500 B + 3.5 KB -> 5 KB', () => {
    expect(batchWriteUnits([500, 3.5 * KB])).toBe(5);
  });
});

describe('secondary index writes', () => {
  const entry = (key: string, size: number, projection = 'p') => ({ key, size, projection });

  it('follows the absent / present / moved rules', () => {
    expect(indexWriteUnits(classifyIndexChange(undefined, undefined))).toBe(0);
    expect(indexWriteUnits(classifyIndexChange(undefined, entry('a', 1.5 * KB)))).toBe(2);
    expect(indexWriteUnits(classifyIndexChange(entry('a', 2.5 * KB), undefined))).toBe(3);
    expect(indexWriteUnits(classifyIndexChange(entry('a', 2 * KB), entry('a', 2 * KB)))).toBe(0);
    expect(indexWriteUnits(classifyIndexChange(entry('a', 2 * KB, 'x'), entry('a', 3 * KB, 'y')))).toBe(3);
    expect(indexWriteUnits(classifyIndexChange(entry('a', 2 * KB), entry('b', 1 * KB)))).toBe(3);
  });

  it('classifies changes by key and projection', () => {
    expect(classifyIndexChange(entry('a', 10, 'x'), entry('a', 12, 'y'))).toEqual({ kind: 'updated', oldSize: 10, newSize: 12 });
    expect(classifyIndexChange(entry('a', 10), entry('b', 10))).toEqual({ kind: 'moved', oldSize: 10, newSize: 10 });
  });
});
