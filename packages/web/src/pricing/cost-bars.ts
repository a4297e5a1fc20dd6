/**
 * The bars of the cost charts, from the cost report: money per month for each
 * access pattern and write path (labelled "assumed" when a figure behind it
 * is), and the month's totals with storage.
 */
import type { CostReport, MonthlyCost } from '@dynotable/core';
import type { BarGroup } from './bar-layout.js';

interface CostedRow {
  readonly monthly?: MonthlyCost;
  readonly assumed: readonly string[];
}

/** Each costed row's on-demand and provisioned money; rows without a rate have no bar. */
export function monthlyBars<Row extends CostedRow>(rows: readonly Row[], labelOf: (row: Row) => string): BarGroup[] {
  return rows.flatMap((row) =>
    row.monthly === undefined ? [] : [{ label: `${labelOf(row)}${row.assumed.length > 0 ? ' (assumed)' : ''}`, values: [row.monthly.onDemand, row.monthly.provisioned] }],
  );
}

/** Reads and writes, storage, and the sum, on each kind of capacity (storage is billed the same on both). */
export function totalBars(report: CostReport): BarGroup[] {
  const { onDemandMonthly, provisionedMonthly, storageMonthly } = report.totals;
  return [
    { label: 'Reads and writes', values: [onDemandMonthly, provisionedMonthly] },
    { label: 'Storage', values: [storageMonthly, storageMonthly] },
    { label: 'Total', values: [onDemandMonthly + storageMonthly, provisionedMonthly + storageMonthly] },
  ];
}
