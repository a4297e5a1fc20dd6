/**
 * Write units per call of a write path, on the base table and on each index:
 * create puts the item and an entry in every index it joins; delete removes
 * them; an update writes the item (the larger of before and after) and each
 * index by how its entry changes. An update that changes a base-table key
 * attribute cannot be an UpdateItem: it is the transactional Delete + Put move.
 * Where values decide (an enum leaving a sparse index), the costliest change
 * is shown.
 */
import { compileKeyTemplate } from '../keys/template.js';
import { findAttribute } from '../model/lookup.js';
import type { EntitySpec, Model, TableSpec, WriteKind, WritePathSpec } from '../model/types.js';
import { itemSize } from '../size/item-size.js';
import type { Item } from '../values/types.js';
import { costEntity, costTable, entitySamples, itemFromSamples } from './entity-item.js';
import type { AttributeSample } from './samples.js';
import { changedSample, sampleFromText } from './samples.js';
import type { WriteUnitsBreakdown } from './write-units.js';
import { moveWriteUnits, writeUnitsForChange } from './write-units.js';

export type WriteOperation = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'TransactWriteItems';

export interface WritePathCost {
  readonly writePath: string;
  readonly entity: string;
  readonly kind: WriteKind;
  readonly operation: WriteOperation;
  readonly table: string;
  /** Item bytes before and after the write (absent for a create / a delete). */
  readonly beforeBytes?: number;
  readonly afterBytes?: number;
  /** Units per call: the base table and each index. */
  readonly breakdown: WriteUnitsBreakdown;
  readonly units: number;
  readonly rate?: number;
  readonly notes: readonly string[];
  /** ['rate'] when the rate is an assumption (listed under the write path's `assumed:`). */
  readonly assumed: readonly 'rate'[];
}

/** Most value combinations tried for an update; enough for a few enums. */
const MAX_SCENARIOS = 512;

/** The attributes the base table's key templates read (and the key attributes themselves). */
function baseKeyAttributes(table: TableSpec, entity: EntitySpec): Set<string> {
  const names = new Set<string>();
  for (const key of [table.partitionKey, table.sortKey]) {
    if (!key) continue;
    names.add(key.name);
    const template = entity.keys[key.name];
    if (template !== undefined) for (const field of compileKeyTemplate(template).fields) names.add(field);
  }
  return names;
}

/** Values an updated attribute can take: every enum value and sparse-condition value, or the sample and another like it. */
function candidateValues(entity: EntitySpec, name: string, sample: AttributeSample | undefined): AttributeSample[] {
  const spec = findAttribute(entity, name);
  const seen = new Map<string, AttributeSample>();
  const add = (candidate: AttributeSample) => {
    if (!seen.has(String(candidate.plain))) seen.set(String(candidate.plain), candidate);
  };
  for (const value of spec?.values ?? []) add(sampleFromText(spec, value));
  for (const condition of Object.values(entity.keysWhen)) if (condition[name] !== undefined) add(sampleFromText(spec, condition[name]));
  const base = sample ?? sampleFromText(spec, 'x');
  add(base);
  add(changedSample(spec, base));
  return [...seen.values()];
}

/** Every (before, after) assignment of the updated attributes, each attribute actually changing. */
function scenarios(entity: EntitySpec, names: readonly string[], samples: ReadonlyMap<string, AttributeSample>) {
  let combos: { before: Map<string, AttributeSample>; after: Map<string, AttributeSample> }[] = [{ before: new Map(samples), after: new Map(samples) }];
  for (const name of names) {
    const values = candidateValues(entity, name, samples.get(name));
    const next: typeof combos = [];
    for (const combo of combos) {
      for (const from of values) {
        for (const to of values) {
          if (String(from.plain) === String(to.plain) || next.length >= MAX_SCENARIOS) continue;
          next.push({ before: new Map(combo.before).set(name, from), after: new Map(combo.after).set(name, to) });
        }
      }
    }
    combos = next;
  }
  return combos;
}

function describeIndexes(breakdown: WriteUnitsBreakdown): string[] {
  const words: Record<string, string> = {
    added: 'gets a new entry (put)',
    removed: 'loses its entry (delete)',
    moved: 'key moves (delete + put)',
    updated: 'projected attributes change (update)',
    unchanged: 'entry unchanged',
  };
  return breakdown.indexes.filter((row) => row.change !== 'absent').map((row) => `${row.index}: ${words[row.change]}, ${row.units} WCU`);
}

function updateCost(table: TableSpec, entity: EntitySpec, path: WritePathSpec, samples: Map<string, AttributeSample>) {
  const keyNames = baseKeyAttributes(table, entity);
  const moves = path.attributes.filter((name) => keyNames.has(name));
  let best: { breakdown: WriteUnitsBreakdown; before: Item; after: Item } | undefined;
  for (const { before, after } of scenarios(entity, path.attributes, samples)) {
    const beforeItem = itemFromSamples(table, entity, before);
    const afterItem = itemFromSamples(table, entity, after);
    const breakdown = moves.length > 0 ? moveWriteUnits(table, beforeItem, afterItem) : writeUnitsForChange(table, beforeItem, afterItem);
    if (!best || breakdown.total > best.breakdown.total) best = { breakdown, before: beforeItem, after: afterItem };
  }
  const item = itemFromSamples(table, entity, samples);
  const chosen = best ?? { breakdown: writeUnitsForChange(table, item, item), before: item, after: item };
  const notes = moves.length > 0 ? [`${moves.join(', ')} in the base key: a transactional Delete + Put move, each write at twice the units`] : [];
  return { ...chosen, operation: (moves.length > 0 ? 'TransactWriteItems' : 'UpdateItem') as WriteOperation, notes };
}

export function writePathCost(model: Model, path: WritePathSpec): WritePathCost {
  const entity = costEntity(model, path.entity);
  const table = costTable(model, entity.table);
  const samples = entitySamples(entity, 'average');
  const item = itemFromSamples(table, entity, samples);
  const common = {
    writePath: path.name,
    entity: entity.name,
    kind: path.kind,
    table: table.name,
    ...(path.rate === undefined ? {} : { rate: path.rate }),
    assumed: path.rate !== undefined && path.assumed?.includes('rate') === true ? (['rate'] as const) : [],
  };
  if (path.kind === 'create') {
    const breakdown = writeUnitsForChange(table, undefined, item);
    return { ...common, operation: 'PutItem', afterBytes: itemSize(item), breakdown, units: breakdown.total, notes: describeIndexes(breakdown) };
  }
  if (path.kind === 'delete') {
    const breakdown = writeUnitsForChange(table, item, undefined);
    return { ...common, operation: 'DeleteItem', beforeBytes: itemSize(item), breakdown, units: breakdown.total, notes: describeIndexes(breakdown) };
  }
  const update = updateCost(table, entity, path, samples);
  return {
    ...common,
    operation: update.operation,
    beforeBytes: itemSize(update.before),
    afterBytes: itemSize(update.after),
    breakdown: update.breakdown,
    units: update.breakdown.total,
    notes: [...update.notes, ...describeIndexes(update.breakdown)],
  };
}
