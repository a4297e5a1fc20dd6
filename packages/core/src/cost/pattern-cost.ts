/**
 * Read units per call of an access pattern, from the one operation that
 * answers it: GetItem on the item's size; Query on the summed sizes of the
 * items it reads (projected entries on an index), rounded up once to 4 KB;
 * Scan on the whole table's items.
 */
import { entitiesOfTable } from '../model/lookup.js';
import type { AccessPatternSpec, Model, PatternPlan } from '../model/types.js';
import type { ReadConsistency } from '../size/capacity.js';
import { itemReadUnits, queryReadUnits } from '../size/capacity.js';
import { itemSize } from '../size/item-size.js';
import { costEntity, costTable, entitySamples, itemFromSamples } from './entity-item.js';
import { findSecondaryIndex, indexEntry } from './index-entries.js';

/** Items a list reads per call when neither the pattern nor the plan says. */
export const DEFAULT_EXPECTED_ITEMS = 10;

/** Where the items per call come from: one item (GetItem), the pattern's expectedItems, the plan's limit, the default, or the whole table (Scan). */
export type ItemsSource = 'one' | 'expectedItems' | 'limit' | 'default' | 'table';

export interface PatternReadCost {
  readonly pattern: string;
  readonly entity: string;
  readonly operation: PatternPlan['operation'];
  readonly table: string;
  /** Absent for the base table. */
  readonly index?: string;
  readonly consistency: ReadConsistency;
  /** Items read per call. */
  readonly items: number;
  readonly itemsFrom: ItemsSource;
  /** Bytes of one item as read (the projected entry on an index). */
  readonly itemBytes: number;
  /** Bytes the call reads, before rounding. */
  readonly readBytes: number;
  /** Read units per call. */
  readonly units: number;
  /** Capacity pool the reads draw on: the table, or a GSI (an LSI draws on the table). */
  readonly pool: string;
  readonly rate?: number;
  /** How the items-per-call and consistency were chosen. */
  readonly notes: readonly string[];
  /** Inputs that are assumptions: the rate or expectedItems listed under the pattern's `assumed:`, or expectedItems taken by default. */
  readonly assumed: readonly ('rate' | 'expectedItems')[];
}

/** Items per call: the pattern's expectedItems, else the plan's limit, else 1 for GetItem, else 10 (a default, so `defaulted`). */
export function expectedItemsPerCall(pattern: AccessPatternSpec, plan: PatternPlan): { items: number; note: string; source: ItemsSource } {
  if (plan.operation === 'GetItem') return { items: 1, note: 'one item', source: 'one' };
  if (pattern.expectedItems !== undefined) return { items: pattern.expectedItems, note: `${pattern.expectedItems} items (expectedItems)`, source: 'expectedItems' };
  if (plan.limit !== undefined) return { items: plan.limit, note: `${plan.limit} items (the limit)`, source: 'limit' };
  return { items: DEFAULT_EXPECTED_ITEMS, note: `${DEFAULT_EXPECTED_ITEMS} items (default; set expectedItems)`, source: 'default' };
}

export function patternReadCost(model: Model, pattern: AccessPatternSpec, plan: PatternPlan): PatternReadCost {
  const entity = costEntity(model, plan.entity);
  const table = costTable(model, plan.table);
  const item = itemFromSamples(table, entity, entitySamples(entity, 'average'));
  const index = plan.index === undefined ? undefined : findSecondaryIndex(table, plan.index);
  const notes: string[] = [];
  const onGsi = index?.kind === 'gsi';
  if (pattern.consistentRead === true && onGsi) notes.push('GSIs read eventually consistent only');
  const consistency: ReadConsistency = pattern.consistentRead === true && !onGsi ? 'strong' : 'eventual';
  const marked = (pattern.assumed ?? []).filter((field) => pattern[field] !== undefined);
  const common = {
    assumed: marked,
    pattern: pattern.name,
    entity: entity.name,
    operation: plan.operation,
    table: table.name,
    consistency,
    pool: onGsi ? index.name : table.name,
    ...(plan.index === undefined ? {} : { index: plan.index }),
    ...(pattern.rate === undefined ? {} : { rate: pattern.rate }),
  };

  if (plan.operation === 'GetItem') {
    const bytes = itemSize(item);
    return { ...common, items: 1, itemsFrom: 'one', itemBytes: bytes, readBytes: bytes, units: itemReadUnits(bytes, consistency), notes };
  }
  if (plan.operation === 'Scan') {
    // A Scan is billed on every item it evaluates: the whole table.
    let readBytes = 0;
    let items = 0;
    for (const stored of entitiesOfTable(model, table.name)) {
      const count = stored.count ?? 0;
      if (stored.count === undefined) notes.push(`${stored.name} has no count: not included`);
      items += count;
      readBytes += count * itemSize(itemFromSamples(table, stored, entitySamples(stored, 'average')));
    }
    notes.push('Scan reads the whole table');
    return { ...common, items, itemsFrom: 'table', itemBytes: items === 0 ? 0 : readBytes / items, readBytes, units: queryReadUnits([readBytes], consistency), notes };
  }
  const { items, note, source } = expectedItemsPerCall(pattern, plan);
  notes.unshift(note);
  const assumed = source === 'default' && !marked.includes('expectedItems') ? [...marked, 'expectedItems' as const] : marked;
  const entryBytes = index === undefined ? itemSize(item) : (indexEntry(table, index, item)?.size ?? 0);
  if (index?.kind === 'lsi' && index.projection.type !== 'ALL') notes.push('attributes outside the LSI projection cost a base-item read each (not included)');
  const sizes = Array.from({ length: items }, () => entryBytes);
  return { ...common, assumed, items, itemsFrom: source, itemBytes: entryBytes, readBytes: entryBytes * items, units: queryReadUnits(sizes, consistency), notes };
}
