/**
 * Geometry of a horizontal grouped bar chart: one group per row (an access
 * pattern, a write path), one bar per series (on-demand, provisioned), all on
 * one scale from zero to a round maximum, with a few ticks along it.
 */

export interface BarGroup {
  readonly label: string;
  readonly values: readonly number[];
}

interface PlacedBar {
  readonly series: number;
  readonly value: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

interface PlacedGroup {
  readonly label: string;
  /** The middle of the group, for its label. */
  readonly labelY: number;
  readonly bars: readonly PlacedBar[];
}

export interface BarLayout {
  readonly width: number;
  readonly height: number;
  readonly plotLeft: number;
  readonly plotWidth: number;
  readonly scaleMax: number;
  readonly ticks: readonly { readonly value: number; readonly x: number }[];
  readonly groups: readonly PlacedGroup[];
}

export interface BarOptions {
  readonly labelWidth?: number;
  readonly plotWidth?: number;
  readonly barHeight?: number;
  readonly groupGap?: number;
  /** Room under the bars for the tick labels. */
  readonly axisHeight?: number;
  readonly tickCount?: number;
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above the value (1 for zero or less). */
export function roundUp(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  // Below about 1e-308 the power underflows to 0: the value itself is the scale then.
  if (!(power > 0)) return value;
  for (const step of [1, 2, 5, 10]) if (step * power >= value * (1 - 1e-12)) return step * power;
  return 10 * power;
}

export function layoutBars(groups: readonly BarGroup[], options: BarOptions = {}): BarLayout {
  const labelWidth = options.labelWidth ?? 180;
  const plotWidth = options.plotWidth ?? 420;
  const barHeight = options.barHeight ?? 12;
  const groupGap = options.groupGap ?? 10;
  const axisHeight = options.axisHeight ?? 22;
  const tickCount = options.tickCount ?? 4;
  const largest = Math.max(0, ...groups.flatMap((group) => group.values.filter((value) => Number.isFinite(value))));
  const scaleMax = roundUp(largest);
  const scale = (value: number) => (Number.isFinite(value) && value > 0 ? (value / scaleMax) * plotWidth : 0);
  let y = groupGap / 2;
  const placed = groups.map((group): PlacedGroup => {
    const top = y;
    const bars = group.values.map((value, series): PlacedBar => ({ series, value, x: labelWidth, y: top + series * barHeight, width: scale(value), height: barHeight - 2 }));
    y += group.values.length * barHeight + groupGap;
    return { label: group.label, labelY: top + (group.values.length * barHeight) / 2, bars };
  });
  const ticks = Array.from({ length: tickCount + 1 }, (_, index) => {
    const value = (scaleMax * index) / tickCount;
    return { value, x: labelWidth + (plotWidth * index) / tickCount };
  });
  return { width: labelWidth + plotWidth + 40, height: y + axisHeight, plotLeft: labelWidth, plotWidth, scaleMax, ticks, groups: placed };
}
