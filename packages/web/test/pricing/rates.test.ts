import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_PRICES, mergePrices } from '@dynotable/core';
import { defaultRate, hasRates, NO_RATES, priceOverride, RATE_FIELDS, ratesFromSearch, ratesFromStored, withRates, type Rates } from '../../src/pricing/rates.js';

describe('priceOverride', () => {
  it('is undefined when every field is empty', () => {
    expect(priceOverride(NO_RATES)).toEqual({ override: undefined, problems: {} });
  });

  it('overrides only the fields set, which merge over the defaults', () => {
    const { override } = priceOverride({ ...NO_RATES, onDemandRead: '0.1415', region: 'eu-west-1' });
    const merged = mergePrices(override);
    expect(merged.region).toBe('eu-west-1');
    expect(merged.standard.onDemandReadPerMillion).toBe(0.1415);
    expect(merged.standard.onDemandWritePerMillion).toBe(DEFAULT_PRICES.standard.onDemandWritePerMillion);
  });

  it('reports a field that is not a price and leaves it out', () => {
    for (const text of ['-1', 'abc', '1,5', 'Infinity', '1e999']) {
      const reading = priceOverride({ ...NO_RATES, storage: text });
      expect(reading.problems.storage, text).toBeDefined();
      expect(reading.override).toBeUndefined();
    }
  });

  it('shows the defaults of the price table for empty fields', () => {
    expect(defaultRate(DEFAULT_PRICES, 'onDemandWrite')).toBe(String(DEFAULT_PRICES.standard.onDemandWritePerMillion));
    expect(defaultRate(DEFAULT_PRICES, 'region')).toBe(DEFAULT_PRICES.region);
  });
});

describe('rates in the URL and in storage', () => {
  const rates = fc.record(Object.fromEntries(RATE_FIELDS.map((field) => [field, fc.string({ maxLength: 12 }).map((text) => text.trim())])) as Record<keyof Rates, fc.Arbitrary<string>>);

  it('come back from the URL as they were set, other parameters kept', () => {
    fc.assert(
      fc.property(rates, (value) => {
        const search = withRates('ticket=2048', value);
        expect(new URLSearchParams(search).get('ticket')).toBe('2048');
        if (hasRates(value)) expect(ratesFromSearch(search)).toEqual(value);
        else expect(ratesFromSearch(search)).toBeUndefined();
      }),
    );
  });

  it('read back from storage, dropping what is malformed', () => {
    expect(ratesFromStored(JSON.stringify({ ...NO_RATES, storage: '0.3' }))).toEqual({ ...NO_RATES, storage: '0.3' });
    expect(ratesFromStored('{"storage": 3, "region": "x"}')).toEqual({ ...NO_RATES, region: 'x' });
    expect(ratesFromStored('not json')).toEqual(NO_RATES);
    expect(ratesFromStored(null)).toEqual(NO_RATES);
  });
});
