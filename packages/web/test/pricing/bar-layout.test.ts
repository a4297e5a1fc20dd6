import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layoutBars, roundUp } from '../../src/pricing/bar-layout.js';

describe('roundUp', () => {
  it('is the smallest 1, 2 or 5 times a power of ten at or above the value', () => {
    expect([0.7, 1, 1.2, 3, 7, 42, 0.013].map(roundUp)).toEqual([1, 1, 2, 5, 10, 50, 0.02]);
    expect(roundUp(0)).toBe(1);
    // So small that 10ⁿ underflows: the value is its own scale, and its bar spans the plot.
    expect(roundUp(5e-324)).toBe(5e-324);
    expect(layoutBars([{ label: '', values: [5e-324] }], { plotWidth: 400 }).groups[0]!.bars[0]!.width).toBe(400);
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e9, noNaN: true }), (value) => {
        const top = roundUp(value);
        expect(top).toBeGreaterThanOrEqual(value * (1 - 1e-9));
        expect(top).toBeLessThanOrEqual(value * 5 * (1 + 1e-9));
      }),
    );
  });
});

describe('layoutBars', () => {
  const groups = fc.array(fc.record({ label: fc.string(), values: fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 8 });

  it('draws every bar to scale, within the plot, in order down the chart', () => {
    fc.assert(
      fc.property(groups, (input) => {
        const layout = layoutBars(input, { plotWidth: 400 });
        let lastY = -1;
        layout.groups.forEach((group, g) => {
          group.bars.forEach((bar, s) => {
            expect(bar.width).toBeCloseTo((input[g]!.values[s]! / layout.scaleMax) * 400, 6);
            expect(bar.width).toBeLessThanOrEqual(400 + 1e-9);
            expect(bar.y).toBeGreaterThan(lastY);
            expect(bar.y + bar.height).toBeLessThanOrEqual(layout.height);
            lastY = bar.y;
          });
        });
      }),
    );
  });

  it('puts ticks from zero to the scale maximum', () => {
    const layout = layoutBars([{ label: 'a', values: [3, 7] }], { tickCount: 4, labelWidth: 100, plotWidth: 400 });
    expect(layout.scaleMax).toBe(10);
    expect(layout.ticks.map((tick) => tick.value)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(layout.ticks.map((tick) => tick.x)).toEqual([100, 200, 300, 400, 500]);
  });
});
