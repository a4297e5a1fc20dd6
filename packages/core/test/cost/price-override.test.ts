import { describe, expect, it } from 'vitest';
import { costModel, PriceFileError, readPriceOverride, withoutFloatNoise } from '@dynotable/core';
import { shopModel } from '../patterns/models.js';

function problems(value: unknown): readonly string[] {
  try {
    readPriceOverride(value);
  } catch (error) {
    if (error instanceof PriceFileError) return error.problems;
    throw error;
  }
  return [];
}

describe('a price file read strictly', () => {
  it('takes every known key and gives the override', () => {
    const override = readPriceOverride({ asOf: '2026-01-01', region: 'eu-west-1', standard: { onDemandReadPerMillion: 0.25, storageGbMonth: 0 }, infrequentAccess: {} });
    expect(override).toEqual({ asOf: '2026-01-01', region: 'eu-west-1', standard: { onDemandReadPerMillion: 0.25, storageGbMonth: 0 }, infrequentAccess: {} });
  });

  it('names each unknown key by its path, with the key it likely meant', () => {
    expect(problems({ Standard: {}, standard: { onDemandReadPerMilion: 1, wholeNewPrice: 2 } })).toEqual([
      'Standard: unknown key. Did you mean "standard"? The keys here are: asOf, region, currency, source, standard, infrequentAccess',
      'standard.onDemandReadPerMilion: unknown key. Did you mean "onDemandReadPerMillion"? The keys here are: onDemandWritePerMillion, onDemandReadPerMillion, provisionedWriteUnitHour, provisionedReadUnitHour, storageGbMonth',
      'standard.wholeNewPrice: unknown key. The keys here are: onDemandWritePerMillion, onDemandReadPerMillion, provisionedWriteUnitHour, provisionedReadUnitHour, storageGbMonth',
    ]);
  });

  it('refuses prices that are not numbers of 0 or more, and text keys that are not text', () => {
    expect(problems({ region: 5, infrequentAccess: { storageGbMonth: 'abc', onDemandReadPerMillion: -0.1, onDemandWritePerMillion: null }, standard: [] })).toEqual([
      'region: expected text, got a number',
      'infrequentAccess.storageGbMonth: a price is a number of dollars, such as 0.125; got the text "abc"',
      'infrequentAccess.onDemandReadPerMillion: a price cannot be negative (got -0.1)',
      'infrequentAccess.onDemandWritePerMillion: a price is a number of dollars, such as 0.125; got null',
      'standard: expected a map of prices (onDemandWritePerMillion, onDemandReadPerMillion, provisionedWriteUnitHour, provisionedReadUnitHour, storageGbMonth), got a list',
    ]);
    expect(problems([])).toEqual(['expected a JSON object with any of: asOf, region, currency, source, standard, infrequentAccess; got a list']);
  });
});

describe('cost figures as JSON', () => {
  it('keep twelve significant digits: no 243.09000000000003', () => {
    expect(withoutFloatNoise({ a: 243.09000000000003, b: [0.1 + 0.2, 3], c: 'x', d: 0.000000625 })).toEqual({ a: 243.09, b: [0.3, 3], c: 'x', d: 0.000000625 });
    const report = withoutFloatNoise(costModel(shopModel()));
    JSON.stringify(report, (_key, value: unknown) => {
      if (typeof value === 'number') expect(Number(value.toPrecision(12))).toBe(value);
      return value;
    });
  });
});
