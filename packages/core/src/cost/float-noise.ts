/**
 * Numbers as JSON without binary floating point's noise: 243.09000000000003 is
 * 243.09. Twelve significant digits keep every figure a cost report computes
 * (a price per unit is 0.00000025) and drop the last bits of a sum.
 */
const SIGNIFICANT_DIGITS = 12;

export function withoutFloatNoise<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, entry: unknown) => (typeof entry === 'number' && Number.isFinite(entry) && !Number.isInteger(entry) ? Number(entry.toPrecision(SIGNIFICANT_DIGITS)) : entry))) as T;
}
