import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, compareMoveWithIndexUpdate, renderMoveComparison, writeBlocks } from '@dynotable/core';

describe('transactional move versus GSI update of a sort value', () => {
  it('a 1 KB ticket: 4 WCU for the move, 3 for the GSI update', () => {
    const comparison = compareMoveWithIndexUpdate();
    expect(comparison.itemBytes).toBe(1024);
    expect(comparison.move.operation).toBe('TransactWriteItems');
    expect(comparison.move.units).toBe(4);
    expect(comparison.move.breakdown.indexes).toEqual([]);
    expect(comparison.indexUpdate.operation).toBe('UpdateItem');
    expect(comparison.indexUpdate.units).toBe(3);
    expect(comparison.indexUpdate.breakdown.table).toBe(1);
    expect(comparison.indexUpdate.breakdown.indexes).toEqual([{ index: 'GSI1', kind: 'gsi', change: 'moved', units: 2 }]);
  });

  it('prices a million changes on-demand from the units', () => {
    const comparison = compareMoveWithIndexUpdate();
    expect(comparison.move.perMillionChanges).toBeCloseTo(4 * DEFAULT_PRICES.standard.onDemandWritePerMillion, 12);
    expect(comparison.indexUpdate.perMillionChanges).toBeCloseTo(3 * DEFAULT_PRICES.standard.onDemandWritePerMillion, 12);
    const repriced = compareMoveWithIndexUpdate(1024, { standard: { onDemandWritePerMillion: 1.25 } });
    expect(repriced.move.perMillionChanges).toBeCloseTo(5, 12);
    expect(repriced.indexUpdate.perMillionChanges).toBeCloseTo(3.75, 12);
  });

  it('follows the 1 KB rounding for other sizes', () => {
    for (const bytes of [512, 1025, 2048, 3000, 10_000]) {
      const blocks = writeBlocks(bytes);
      const comparison = compareMoveWithIndexUpdate(bytes);
      expect(comparison.move.units).toBe(2 * (blocks + blocks));
      expect(comparison.indexUpdate.units).toBe(blocks + blocks + blocks);
    }
  });

  it('prints both options and the saving', () => {
    const text = renderMoveComparison(compareMoveWithIndexUpdate());
    expect(text).toMatch(/TransactWriteItems +4 +- +4 +\$2\.50/);
    expect(text).toMatch(/UpdateItem +1 +GSI1 moved 2 +3 +\$1\.88/);
    expect(text).toContain('3 WCU against 4');
  });
});
