/**
 * The capacity a request consumed, as DynamoDB reported it
 * (ReturnConsumedCapacity), and what it costs at on-demand prices for the
 * table's class.
 */
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { DEFAULT_PRICES, type ClassPrices } from '@dynotable/core';

import type { Consumed } from '../api/shapes.js';

export type { Consumed };

export type TableClass = 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS';

/** Whether an operation reads or writes: decides where a bare `CapacityUnits` goes. */
export type CapacityKind = 'read' | 'write';

export const NOTHING_CONSUMED: Consumed = { readUnits: 0, writeUnits: 0, byIndex: {}, costUsd: 0 };

function pricesFor(tableClass: TableClass | undefined): ClassPrices {
  return tableClass === 'STANDARD_INFREQUENT_ACCESS' ? DEFAULT_PRICES.infrequentAccess : DEFAULT_PRICES.standard;
}

function costOf(readUnits: number, writeUnits: number, tableClass: TableClass | undefined): number {
  const prices = pricesFor(tableClass);
  return (readUnits * prices.onDemandReadPerMillion + writeUnits * prices.onDemandWritePerMillion) / 1_000_000;
}

/** One or several ConsumedCapacity entries (batch and transaction operations answer a list) as one Consumed. */
export function consumedOf(
  capacity: ConsumedCapacity | readonly ConsumedCapacity[] | undefined,
  kind: CapacityKind,
  tableClass: TableClass | undefined,
): Consumed {
  const entries = capacity === undefined ? [] : Array.isArray(capacity) ? (capacity as readonly ConsumedCapacity[]) : [capacity as ConsumedCapacity];
  let readUnits = 0;
  let writeUnits = 0;
  const byIndex: Record<string, number> = {};
  for (const entry of entries) {
    // DynamoDB names reads and writes apart for some operations; otherwise the operation's kind decides.
    if (entry.ReadCapacityUnits !== undefined || entry.WriteCapacityUnits !== undefined) {
      readUnits += entry.ReadCapacityUnits ?? 0;
      writeUnits += entry.WriteCapacityUnits ?? 0;
    } else if (kind === 'read') readUnits += entry.CapacityUnits ?? 0;
    else writeUnits += entry.CapacityUnits ?? 0;
    for (const indexes of [entry.GlobalSecondaryIndexes, entry.LocalSecondaryIndexes]) {
      for (const [name, units] of Object.entries(indexes ?? {})) byIndex[name] = (byIndex[name] ?? 0) + (units.CapacityUnits ?? 0);
    }
  }
  return { readUnits, writeUnits, byIndex, costUsd: costOf(readUnits, writeUnits, tableClass) };
}

export function addConsumed(a: Consumed, b: Consumed): Consumed {
  const byIndex: Record<string, number> = { ...a.byIndex };
  for (const [name, units] of Object.entries(b.byIndex)) byIndex[name] = (byIndex[name] ?? 0) + units;
  return { readUnits: a.readUnits + b.readUnits, writeUnits: a.writeUnits + b.writeUnits, byIndex, costUsd: a.costUsd + b.costUsd };
}
