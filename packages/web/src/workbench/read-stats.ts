/** What the stats bar shows: counts, read efficiency, consumed units and their price. */

export interface ReadTotals {
  readonly pages: number;
  readonly count: number;
  readonly scannedCount: number;
  readonly readUnits: number;
  readonly costUsd: number;
}

export const NO_TOTALS: ReadTotals = { pages: 0, count: 0, scannedCount: 0, readUnits: 0, costUsd: 0 };

export function addPage(totals: ReadTotals, page: { count: number; scannedCount: number; consumed: { readUnits: number; costUsd: number } }): ReadTotals {
  return {
    pages: totals.pages + 1,
    count: totals.count + page.count,
    scannedCount: totals.scannedCount + page.scannedCount,
    readUnits: totals.readUnits + page.consumed.readUnits,
    costUsd: totals.costUsd + page.consumed.costUsd,
  };
}

/** Count / ScannedCount as a percentage: how much of what was read (and paid for) the filter kept. */
export function readEfficiency(count: number, scannedCount: number): string {
  if (scannedCount === 0) return '—';
  const percent = (count / scannedCount) * 100;
  if (percent > 0 && percent < 1) return `${percent.toPrecision(2)}%`;
  return `${Number(percent.toFixed(1))}%`;
}

/** Dollars with enough significant digits to tell tiny request costs apart (core's). */
export { formatCost } from '@dynotable/core';
