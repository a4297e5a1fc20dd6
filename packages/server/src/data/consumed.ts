/**
 * The one tally of consumed capacity: every response's ConsumedCapacity (one
 * entry, or the list batch and transaction operations answer) added up, with
 * what it costs at core's on-demand prices for the table's class. Item
 * requests, table purges, undo, imports, exports and copies all count here.
 */
import { DEFAULT_PRICES } from '@dynotable/core';
import type { Consumed } from './shapes.js';
import type { TableClass } from './table-description.js';

export type { Consumed };

/** Whether an operation reads or writes: decides where a bare `CapacityUnits` goes. */
export type CapacityKind = 'read' | 'write';

export const NOTHING_CONSUMED: Consumed = { readUnits: 0, writeUnits: 0, byIndex: {}, costUsd: 0 };

interface Units {
  readonly CapacityUnits?: number;
  readonly ReadCapacityUnits?: number;
  readonly WriteCapacityUnits?: number;
}

/** DynamoDB's ConsumedCapacity, from the SDK or as wire JSON. */
interface CapacityEntry extends Units {
  readonly GlobalSecondaryIndexes?: Readonly<Record<string, Units>>;
  readonly LocalSecondaryIndexes?: Readonly<Record<string, Units>>;
}

function costOf(readUnits: number, writeUnits: number, tableClass: TableClass | undefined): number {
  const prices = tableClass === 'STANDARD_INFREQUENT_ACCESS' ? DEFAULT_PRICES.infrequentAccess : DEFAULT_PRICES.standard;
  return (readUnits * prices.onDemandReadPerMillion + writeUnits * prices.onDemandWritePerMillion) / 1_000_000;
}

export class ConsumedTally {
  private readUnits = 0;
  private writeUnits = 0;
  private readonly byIndex: Record<string, number> = {};

  /** `tableClass`: what the units are priced at (STANDARD when unknown). */
  constructor(private readonly tableClass?: TableClass) {}

  /** Adds a response's ConsumedCapacity (one entry or a list); `kind` says what CapacityUnits alone means. */
  add(capacity: unknown, kind: CapacityKind): this {
    if (capacity === undefined || capacity === null) return this;
    for (const entry of (Array.isArray(capacity) ? capacity : [capacity]) as CapacityEntry[]) {
      // DynamoDB names reads and writes apart for some operations; otherwise the operation's kind decides.
      if (entry.ReadCapacityUnits !== undefined || entry.WriteCapacityUnits !== undefined) {
        this.readUnits += entry.ReadCapacityUnits ?? 0;
        this.writeUnits += entry.WriteCapacityUnits ?? 0;
      } else if (kind === 'read') this.readUnits += entry.CapacityUnits ?? 0;
      else this.writeUnits += entry.CapacityUnits ?? 0;
      for (const indexes of [entry.GlobalSecondaryIndexes, entry.LocalSecondaryIndexes]) {
        for (const [name, units] of Object.entries(indexes ?? {})) this.byIndex[name] = (this.byIndex[name] ?? 0) + (units.CapacityUnits ?? 0);
      }
    }
    return this;
  }

  get total(): Consumed {
    return { readUnits: this.readUnits, writeUnits: this.writeUnits, byIndex: { ...this.byIndex }, costUsd: costOf(this.readUnits, this.writeUnits, this.tableClass) };
  }
}

/** One response's ConsumedCapacity as one Consumed. */
export function consumedOf(capacity: unknown, kind: CapacityKind, tableClass: TableClass | undefined): Consumed {
  return new ConsumedTally(tableClass).add(capacity, kind).total;
}

export function addConsumed(a: Consumed, b: Consumed): Consumed {
  const byIndex: Record<string, number> = { ...a.byIndex };
  for (const [name, units] of Object.entries(b.byIndex)) byIndex[name] = (byIndex[name] ?? 0) + units;
  return { readUnits: a.readUnits + b.readUnits, writeUnits: a.writeUnits + b.writeUnits, byIndex, costUsd: a.costUsd + b.costUsd };
}
