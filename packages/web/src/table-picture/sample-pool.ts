/**
 * The sample items every picture of a model draws from: core's sample data
 * (the same generator verify uses) with a fixed seed, so a model always shows
 * the same values, turned into items with every key its templates build.
 */
import { compileKeyTemplate, generateSamples, recordToItem } from '@dynotable/core';
import type { EntitySpec, Item, Model, SampleRecord } from '@dynotable/core';

export interface SampleItem {
  readonly entity: string;
  readonly item: Item;
}

export type SamplePool =
  | { readonly ok: true; readonly items: readonly SampleItem[] }
  | { readonly ok: false; readonly error: string };

/** Enough items for a few partitions with several items each; small enough to build on every model change. */
const POOL_ITEMS = 60;
const POOL_SEED = 20260623;

const pools = new WeakMap<Model, SamplePool>();

/** The pool for a model, built once per model object (a table and its indexes share it). */
export function samplePool(model: Model): SamplePool {
  let pool = pools.get(model);
  if (pool === undefined) {
    pool = buildPool(model);
    pools.set(model, pool);
  }
  return pool;
}

function buildPool(model: Model): SamplePool {
  try {
    const samples = generateSamples(model, { items: POOL_ITEMS, seed: POOL_SEED });
    const items: SampleItem[] = [];
    for (const entity of model.entities) {
      if (!model.tables.some((table) => table.name === entity.table)) continue;
      for (const record of samples.records[entity.name] ?? []) items.push({ entity: entity.name, item: itemOf(model, entity, record) });
    }
    return { ok: true, items };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The record as an item. A key whose template cannot be built from the record
 * (a draft model naming an undeclared attribute) is left off, so the item
 * still shows in the pictures that do not need that key.
 */
function itemOf(model: Model, entity: EntitySpec, record: SampleRecord): Item {
  try {
    return recordToItem(model, entity, record);
  } catch {
    const buildable = Object.fromEntries(Object.entries(entity.keys).filter(([, template]) => formats(template, record)));
    const patched: EntitySpec = { ...entity, keys: buildable };
    const patchedModel: Model = { ...model, entities: model.entities.map((e) => (e.name === entity.name ? patched : e)) };
    return recordToItem(patchedModel, patched, record);
  }
}

function formats(template: string, record: SampleRecord): boolean {
  try {
    compileKeyTemplate(template).format(record.values);
    return true;
  } catch {
    return false;
  }
}
