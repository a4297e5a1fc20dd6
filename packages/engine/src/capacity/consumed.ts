/**
 * The ConsumedCapacity block of a response. Operations add up the units they
 * used on the table and on each index (core's size/capacity.ts computes the
 * units); this renders them as DynamoDB does for TOTAL and INDEXES.
 */
import type { TableMeta } from '../tables/meta.js';

export interface CapacityUse {
  read: number;
  write: number;
}

/** Units used by one operation on one table, per index name. */
export class CapacityTally {
  readonly table: CapacityUse = { read: 0, write: 0 };
  readonly indexes = new Map<string, CapacityUse>();

  addTable(read: number, write: number): void {
    this.table.read += read;
    this.table.write += write;
  }

  addIndex(name: string, read: number, write: number): void {
    let use = this.indexes.get(name);
    if (use === undefined) {
      use = { read: 0, write: 0 };
      this.indexes.set(name, use);
    }
    use.read += read;
    use.write += write;
  }

  get total(): number {
    let units = this.table.read + this.table.write;
    for (const use of this.indexes.values()) units += use.read + use.write;
    return units;
  }
}

function units(use: CapacityUse): Record<string, number> {
  const rendered: Record<string, number> = { CapacityUnits: use.read + use.write };
  if (use.read > 0) rendered.ReadCapacityUnits = use.read;
  if (use.write > 0) rendered.WriteCapacityUnits = use.write;
  return rendered;
}

/** The ConsumedCapacity object, or undefined when the caller did not ask for it. */
export function renderConsumedCapacity(
  table: TableMeta,
  tally: CapacityTally,
  mode: unknown,
): Record<string, unknown> | undefined {
  if (mode !== 'TOTAL' && mode !== 'INDEXES') return undefined;
  const rendered: Record<string, unknown> = { TableName: table.name, ...units({ read: sumReads(tally), write: sumWrites(tally) }) };
  if (mode === 'TOTAL') return rendered;
  rendered.Table = units(tally.table);
  const globals: Record<string, unknown> = {};
  const locals: Record<string, unknown> = {};
  for (const [name, use] of tally.indexes) {
    const kind = table.indexes.find((index) => index.name === name)?.kind;
    (kind === 'local' ? locals : globals)[name] = units(use);
  }
  if (Object.keys(globals).length > 0) rendered.GlobalSecondaryIndexes = globals;
  if (Object.keys(locals).length > 0) rendered.LocalSecondaryIndexes = locals;
  return rendered;
}

function sumReads(tally: CapacityTally): number {
  let read = tally.table.read;
  for (const use of tally.indexes.values()) read += use.read;
  return read;
}

function sumWrites(tally: CapacityTally): number {
  let write = tally.table.write;
  for (const use of tally.indexes.values()) write += use.write;
  return write;
}
