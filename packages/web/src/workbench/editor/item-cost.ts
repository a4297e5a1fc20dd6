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

/** Dollars with the digits that matter (core's). */
export { formatUsd } from '@dynotable/core';

