/**
 * Capacity a job consumed, summed from every response's ConsumedCapacity
 * (requested with ReturnConsumedCapacity INDEXES), and its on-demand cost at
 * core's default prices.
 */
import { DEFAULT_PRICES } from '@dynotable/core';

export interface Consumed {
  readonly readUnits: number;
  readonly writeUnits: number;
  readonly byIndex?: Readonly<Record<string, { readonly readUnits: number; readonly writeUnits: number }>>;
  readonly costUsd: number;
}

interface Units {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

interface WireConsumed extends Units {
  GlobalSecondaryIndexes?: Record<string, Units>;
  LocalSecondaryIndexes?: Record<string, Units>;
}

export class ConsumedTally {
  private read = 0;
  private write = 0;
  private readonly indexes = new Map<string, { readUnits: number; writeUnits: number }>();

  /** Adds a response's ConsumedCapacity (one entry or a list); `kind` says what CapacityUnits alone means. */
  add(consumed: unknown, kind: 'read' | 'write'): void {
    if (consumed === undefined || consumed === null) return;
    const entries = (Array.isArray(consumed) ? consumed : [consumed]) as WireConsumed[];
    for (const entry of entries) {
      const [read, write] = split(entry, kind);
      this.read += read;
      this.write += write;
      for (const [name, units] of [...Object.entries(entry.GlobalSecondaryIndexes ?? {}), ...Object.entries(entry.LocalSecondaryIndexes ?? {})]) {
        const [indexRead, indexWrite] = split(units, kind);
        const total = this.indexes.get(name) ?? { readUnits: 0, writeUnits: 0 };
        this.indexes.set(name, { readUnits: total.readUnits + indexRead, writeUnits: total.writeUnits + indexWrite });
      }
    }
  }

  get total(): Consumed {
    const prices = DEFAULT_PRICES.standard;
    const costUsd = (this.read * prices.onDemandReadPerMillion + this.write * prices.onDemandWritePerMillion) / 1_000_000;
    return {
      readUnits: this.read,
      writeUnits: this.write,
      ...(this.indexes.size > 0 ? { byIndex: Object.fromEntries(this.indexes) } : {}),
      costUsd,
    };
  }
}

function split(units: Units, kind: 'read' | 'write'): [number, number] {
  if (units.ReadCapacityUnits !== undefined || units.WriteCapacityUnits !== undefined) return [units.ReadCapacityUnits ?? 0, units.WriteCapacityUnits ?? 0];
  const all = units.CapacityUnits ?? 0;
  return kind === 'read' ? [all, 0] : [0, all];
}
