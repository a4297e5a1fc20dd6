/**
 * What an item costs to read and write at its size: 4 KB read blocks, 1 KB
 * write blocks, transactions double, priced at on-demand rates for the
 * table's class.
 */
import { DEFAULT_PRICES, itemReadUnits, itemWriteUnits, type PriceTable } from '@dynotable/core';

export type TableClass = 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS';

export interface ItemCost {
  readonly sizeBytes: number;
  readonly readStrong: number;
  readonly readEventual: number;
  readonly write: number;
  readonly writeTransactional: number;
  /** One standard write of this item, on demand. */
  readonly writeUsd: number;
  /** One strongly consistent read, on demand. */
  readonly readUsd: number;
}

export function itemCost(sizeBytes: number, tableClass: TableClass = 'STANDARD', prices: PriceTable = DEFAULT_PRICES): ItemCost {
  const rates = tableClass === 'STANDARD_INFREQUENT_ACCESS' ? prices.infrequentAccess : prices.standard;
  const write = itemWriteUnits(sizeBytes);
  const readStrong = itemReadUnits(sizeBytes, 'strong');
  return {
    sizeBytes,
    readStrong,
    readEventual: itemReadUnits(sizeBytes, 'eventual'),
    write,
    writeTransactional: itemWriteUnits(sizeBytes, 'transactional'),
    writeUsd: (write * rates.onDemandWritePerMillion) / 1e6,
    readUsd: (readStrong * rates.onDemandReadPerMillion) / 1e6,
  };
}

/** Dollars with the digits that matter: $0.000000625, $1.25, $0. */
export function formatUsd(amount: number): string {
  if (amount === 0) return '$0';
  const decimals = Math.min(12, Math.max(2, 2 - Math.floor(Math.log10(Math.abs(amount)))));
  const text = amount.toFixed(decimals);
  return `$${text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text}`;
}

/** "1 unit", "0.5 units". */
export function formatUnits(units: number, word: string): string {
  return `${units} ${word}${units === 1 ? '' : 's'}`;
}
