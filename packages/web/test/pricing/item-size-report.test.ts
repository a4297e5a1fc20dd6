import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { itemReadUnits, itemSize, itemWriteUnits, type Item } from '@dynotable/core';
import { itemArbitrary } from '../../../core/test/support/arbitraries-values.js';
import { itemSizeReport } from '../../src/pricing/item-size-report.js';

/** An item of exactly `bytes` bytes: a one-letter name and a string of bytes - 1 ASCII characters. */
const itemOf = (bytes: number): Item => ({ a: { S: 'x'.repeat(bytes - 1) } });

describe('itemSizeReport', () => {
  it("totals core's itemSize and its rows add up to it", () => {
    fc.assert(
      fc.property(itemArbitrary(), (item) => {
        const report = itemSizeReport(item);
        expect(report.bytes).toBe(itemSize(item));
        expect(report.attributes.reduce((sum, row) => sum + row.bytes, 0)).toBe(report.bytes);
        for (const row of report.attributes) expect(row.bytes).toBe(row.nameBytes + row.valueBytes);
        expect(report.read.strong).toBe(itemReadUnits(report.bytes, 'strong'));
        expect(report.write.transactional).toBe(itemWriteUnits(report.bytes, 'transactional'));
      }),
    );
  });

  it('counts UTF-8 bytes of names', () => {
    const report = itemSizeReport({ 'é': { S: 'ü' } });
    expect(report.attributes[0]).toMatchObject({ nameBytes: 2, valueBytes: 2, bytes: 4 });
  });

  it('rounds writes up per 1 KB and reads per 4 KB', () => {
    expect(itemSizeReport(itemOf(1024)).write).toEqual({ standard: 1, transactional: 2 });
    expect(itemSizeReport(itemOf(1025)).write).toEqual({ standard: 2, transactional: 4 });
    expect(itemSizeReport(itemOf(4096)).read).toEqual({ eventual: 0.5, strong: 1, transactional: 2 });
    expect(itemSizeReport(itemOf(4097)).read).toEqual({ eventual: 1, strong: 2, transactional: 4 });
  });

  it("flags an item over DynamoDB's 400 KB", () => {
    expect(itemSizeReport(itemOf(400 * 1024)).fits).toBe(true);
    expect(itemSizeReport(itemOf(400 * 1024 + 1)).fits).toBe(false);
  });
});
