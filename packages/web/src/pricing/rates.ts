/**
 * The prices the user sets, as typed: per-million on-demand rates, provisioned
 * unit-hours, storage per GB-month and a region label. Empty means "the
 * server's default". They live in the URL (short names, so a link carries
 * them) and in the browser's storage (so they are there next time).
 */
import type { PriceOverride, PriceTable } from '@dynotable/core';

export const RATE_FIELDS = ['onDemandRead', 'onDemandWrite', 'provisionedRead', 'provisionedWrite', 'storage', 'region'] as const;
export type RateField = (typeof RATE_FIELDS)[number];
export type Rates = Readonly<Record<RateField, string>>;

export const NO_RATES: Rates = { onDemandRead: '', onDemandWrite: '', provisionedRead: '', provisionedWrite: '', storage: '', region: '' };

/** URL parameter of each field. */
const RATE_PARAMS: Readonly<Record<RateField, string>> = {
  onDemandRead: 'odr',
  onDemandWrite: 'odw',
  provisionedRead: 'prh',
  provisionedWrite: 'pwh',
  storage: 'gb',
  region: 'region',
};

/** The field of the price table each money field overrides. */
const PRICE_KEYS = {
  onDemandRead: 'onDemandReadPerMillion',
  onDemandWrite: 'onDemandWritePerMillion',
  provisionedRead: 'provisionedReadUnitHour',
  provisionedWrite: 'provisionedWriteUnitHour',
  storage: 'storageGbMonth',
} as const;

type MoneyField = keyof typeof PRICE_KEYS;
const MONEY_FIELDS = Object.keys(PRICE_KEYS) as MoneyField[];

/** The default's value for a field, from the server's price table. */
export function defaultRate(prices: Pick<PriceTable, 'region' | 'standard'>, field: RateField): string {
  return field === 'region' ? prices.region : String(prices.standard[PRICE_KEYS[field]]);
}

const PRICE = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export interface PriceReading {
  /** Undefined when every field is empty (the defaults). */
  readonly override: PriceOverride | undefined;
  /** Fields that are not a price, and why. */
  readonly problems: Partial<Record<RateField, string>>;
}

/** The override the cost API takes (the standard table class); fields that are not prices are left out and reported. */
export function priceOverride(rates: Rates): PriceReading {
  const standard: Record<string, number> = {};
  const problems: Partial<Record<RateField, string>> = {};
  for (const field of MONEY_FIELDS) {
    const text = rates[field].trim();
    if (text === '') continue;
    const value = Number(text);
    if (!PRICE.test(text) || !Number.isFinite(value)) problems[field] = 'Enter a price of zero or more, such as 0.25';
    else standard[PRICE_KEYS[field]] = value;
  }
  const region = rates.region.trim();
  const override: PriceOverride = {
    ...(region !== '' ? { region } : {}),
    ...(Object.keys(standard).length > 0 ? { standard } : {}),
  };
  return { override: Object.keys(override).length > 0 ? override : undefined, problems };
}

export function hasRates(rates: Rates): boolean {
  return RATE_FIELDS.some((field) => rates[field].trim() !== '');
}

/** The rates in a URL query string; undefined when it holds none. */
export function ratesFromSearch(search: string): Rates | undefined {
  const params = new URLSearchParams(search);
  if (!RATE_FIELDS.some((field) => params.has(RATE_PARAMS[field]))) return undefined;
  const rates: Record<RateField, string> = { ...NO_RATES };
  for (const field of RATE_FIELDS) rates[field] = (params.get(RATE_PARAMS[field]) ?? '').slice(0, 64);
  return rates;
}

/** The query string with the rates set (empty ones removed), other parameters kept. */
export function withRates(search: string, rates: Rates): string {
  const params = new URLSearchParams(search);
  for (const field of RATE_FIELDS) {
    const text = rates[field].trim();
    if (text === '') params.delete(RATE_PARAMS[field]);
    else params.set(RATE_PARAMS[field], text);
  }
  return params.toString();
}

/** Rates read back from storage; anything malformed is dropped field by field. */
export function ratesFromStored(stored: string | null): Rates {
  if (stored === null) return NO_RATES;
  try {
    const parsed = JSON.parse(stored) as Record<string, unknown>;
    const rates: Record<RateField, string> = { ...NO_RATES };
    for (const field of RATE_FIELDS) {
      const value = parsed[field];
      if (typeof value === 'string') rates[field] = value.slice(0, 64);
    }
    return rates;
  } catch {
    return NO_RATES;
  }
}
