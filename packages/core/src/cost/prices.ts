/**
 * A dated price table (USD) and the arithmetic that turns units per second
 * into money per month. Users override any part of it.
 */

export interface ClassPrices {
  /** On-demand, per million write request units. */
  readonly onDemandWritePerMillion: number;
  /** On-demand, per million read request units. */
  readonly onDemandReadPerMillion: number;
  /** Provisioned, per WCU-hour. */
  readonly provisionedWriteUnitHour: number;
  /** Provisioned, per RCU-hour. */
  readonly provisionedReadUnitHour: number;
  /** Per GB-month of table and index storage. */
  readonly storageGbMonth: number;
}

export interface PriceTable {
  /** When the figures were last checked, YYYY-MM-DD. */
  readonly asOf: string;
  readonly region: string;
  readonly currency: string;
  readonly source: string;
  readonly standard: ClassPrices;
  /** The Standard-Infrequent-Access table class. */
  readonly infrequentAccess: ClassPrices;
}

export interface PriceOverride {
  readonly asOf?: string;
  readonly region?: string;
  readonly currency?: string;
  readonly source?: string;
  readonly standard?: Partial<ClassPrices>;
  readonly infrequentAccess?: Partial<ClassPrices>;
}

export const DEFAULT_PRICES: PriceTable = {
  asOf: '2026-07-30',
  region: 'us-east-1',
  currency: 'USD',
  source:
    'AWS Price List values for us-east-1, on-demand after the 50% cut of 1 November 2024; the Standard-IA provisioned figures rest on secondary sources. Check aws.amazon.com/dynamodb/pricing before relying on them.',
  standard: {
    onDemandWritePerMillion: 0.625,
    onDemandReadPerMillion: 0.125,
    provisionedWriteUnitHour: 0.00065,
    provisionedReadUnitHour: 0.00013,
    storageGbMonth: 0.25,
  },
  infrequentAccess: {
    onDemandWritePerMillion: 0.78125,
    onDemandReadPerMillion: 0.15625,
    provisionedWriteUnitHour: 0.00081,
    provisionedReadUnitHour: 0.00016,
    storageGbMonth: 0.1,
  },
};

/** A month as AWS bills capacity: 730 hours. */
export const BILLING_HOURS_PER_MONTH = 730;
export const BILLING_SECONDS_PER_MONTH = BILLING_HOURS_PER_MONTH * 3600;
/** Storage is measured in binary gigabytes. */
export const BYTES_PER_GB = 1024 ** 3;

/** The price table with the override's fields in place of the defaults' (class prices merge field by field). */
export function mergePrices(override: PriceOverride | undefined, base: PriceTable = DEFAULT_PRICES): PriceTable {
  if (!override) return base;
  return {
    asOf: override.asOf ?? base.asOf,
    region: override.region ?? base.region,
    currency: override.currency ?? base.currency,
    source: override.source ?? base.source,
    standard: { ...base.standard, ...definedOnly(override.standard) },
    infrequentAccess: { ...base.infrequentAccess, ...definedOnly(override.infrequentAccess) },
  };
}

function definedOnly<T extends object>(partial: T | undefined): Partial<T> {
  if (!partial) return {};
  return Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function classPrices(prices: PriceTable, tableClass: 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS' | undefined): ClassPrices {
  return tableClass === 'STANDARD_INFREQUENT_ACCESS' ? prices.infrequentAccess : prices.standard;
}

/** On-demand money per month: calls per second × seconds in a month × units per call × price per unit. */
export function onDemandMonthly(ratePerSecond: number, unitsPerCall: number, pricePerMillion: number): number {
  return ratePerSecond * BILLING_SECONDS_PER_MONTH * unitsPerCall * (pricePerMillion / 1_000_000);
}

/** Provisioned money per month for this many capacity units held all month. */
export function provisionedMonthly(capacityUnits: number, pricePerUnitHour: number): number {
  return capacityUnits * BILLING_HOURS_PER_MONTH * pricePerUnitHour;
}

/** Storage money per month. */
export function storageMonthly(bytes: number, pricePerGbMonth: number): number {
  return (bytes / BYTES_PER_GB) * pricePerGbMonth;
}
