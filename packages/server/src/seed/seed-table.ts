/** One example table to seed: its model, its table and the items that fill it. */
import { createTableInput, recordToItem, sampleRecordsByCount, type Item, type Model, type SampleRecord, type SampleValue, type TableSpec } from '@dynotable/core';

export interface SeedTable {
  readonly model: Model;
  readonly table: TableSpec;
  readonly items: Item[];
}

/** Sample records of every entity, with the entity counts given here in place of the model's production ones. */
export function sampleRecords(model: Model, counts: Readonly<Record<string, number>>, seed: number): Record<string, SampleRecord[]> {
  return sampleRecordsByCount(model, counts, seed);
}

/** Records as items of the model's only table, keys filled in from the key templates. */
export function seedTable(model: Model, records: Readonly<Record<string, readonly SampleRecord[]>>): SeedTable {
  const table = model.tables[0]!;
  const items: Item[] = [];
  for (const entity of model.entities) {
    for (const record of records[entity.name] ?? []) items.push(recordToItem(model, entity, record));
  }
  return { model, table, items };
}

export function createInput(seed: SeedTable): Record<string, unknown> {
  return createTableInput(seed.table, seed.table.name);
}

/** Values of one attribute mapped to new ones: the most frequent first, so the busiest partition gets the scenario's name. */
export function byFrequency(records: readonly SampleRecord[], attribute: string): string[] {
  const counts = new Map<string, number>();
  for (const record of records) {
    const value = record.values[attribute];
    if (value !== undefined) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([value]) => value);
}

export function withValues(record: SampleRecord, values: Record<string, SampleValue | undefined>): SampleRecord {
  const merged: Record<string, SampleValue> = { ...record.values };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  return { entity: record.entity, values: merged };
}

/** The data is as of this day: later sample times move two years back, so nothing has happened in the future. */
const AS_OF_MS = Date.UTC(2026, 8, 30, 23, 59, 59);
const TWO_YEARS_MS = 730 * 86_400_000;

export function pastTime(value: SampleValue | undefined): SampleValue | undefined {
  if (typeof value !== 'string') return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || ms <= AS_OF_MS) return value;
  return new Date(ms - TWO_YEARS_MS).toISOString().replace('.000Z', 'Z');
}
