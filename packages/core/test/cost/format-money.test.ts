import { describe, expect, it } from 'vitest';
import { formatMoney } from '@dynotable/core';

describe('formatMoney: one rule for every amount of money', () => {
  it('from $1 up: dollars and cents, with thousands separated', () => {
    expect([131, 24.64, 1, 8.2125, 1234.5, 1_000_000].map(formatMoney)).toEqual(['$131.00', '$24.64', '$1.00', '$8.21', '$1,234.50', '$1,000,000.00']);
  });

  it('under $1: three significant digits, so a small amount is never $0.00', () => {
    expect([0.3863, 0.0121, 0.949, 0.5, 0.00125, 0.0000003].map(formatMoney)).toEqual(['$0.386', '$0.0121', '$0.949', '$0.500', '$0.00125', '$0.000000300']);
  });

  it('an amount that rounds up to $1 is shown as dollars and cents; zero and negative amounts', () => {
    expect([0.99951, 0, -1.5, -0.25].map(formatMoney)).toEqual(['$1.00', '$0.00', '-$1.50', '-$0.250']);
  });
});
