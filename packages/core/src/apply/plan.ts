/**
 * What applying a model to a connection does, before anything is sent: the
 * CreateTable request of each of its tables (under an optional name prefix),
 * the TTL to turn on, and how many sample items of each entity go into each.
 */
import { ModelError } from '../model/errors.js';
import type { Model } from '../model/types.js';
import type { Item } from '../values/types.js';
import { recordToItem } from '../verify/sample-items.js';
import { generateSamples, type SampleRecord } from '../verify/samples.js';
import { createTableRequest, type CreateTableRequest } from './create-table.js';

export interface PlannedTable {
  /** The table's name in the model. */
  readonly modelTable: string;
  /** Its name on the connection: the prefix and the model's name. */
  readonly name: string;
  readonly request: CreateTableRequest;
  /** Turned on with UpdateTimeToLive once the table is ACTIVE (CreateTable does not take it). */
  readonly timeToLiveAttribute?: string;
  /** Sample items to load, per entity stored in the table. */
  readonly sample: readonly { readonly entity: string; readonly items: number }[];
}

export interface ApplyPlan {
  readonly model: string;
  readonly tables: readonly PlannedTable[];
  /** Sample items per entity (0: none). */
  readonly samplePerEntity: number;
  readonly seed: number;
}

export interface ApplyOptions {
  /** Put before every table name, so the model's tables can sit beside others (default none). */
  readonly prefix?: string;
  /** Sample items per entity (default 0). */
  readonly sample?: number;
  /** The sample generator's seed (default 1): the same seed gives the same items. */
  readonly seed?: number;
}

export function planApply(model: Model, options: ApplyOptions = {}): ApplyPlan {
  const prefix = options.prefix ?? '';
  const perEntity = options.sample ?? 0;
  if (perEntity > 0) checkSampleKeys(model);
  return {
    model: model.name,
    samplePerEntity: perEntity,
    seed: options.seed ?? 1,
    tables: model.tables.map((table) => ({
      modelTable: table.name,
      name: prefix + table.name,
      request: createTableRequest(table, { name: prefix + table.name }),
      ...(table.timeToLiveAttribute !== undefined ? { timeToLiveAttribute: table.timeToLiveAttribute } : {}),
      sample: perEntity > 0 ? model.entities.filter((entity) => entity.table === table.name).map((entity) => ({ entity: entity.name, items: perEntity })) : [],
    })),
  };
}

/** Sample items are keyed by the entities' templates: an entity without them would give items DynamoDB refuses. */
function checkSampleKeys(model: Model): void {
  const problems = model.entities
    .filter((entity) => Object.keys(entity.keys).length === 0)
    .map((entity) => ({ path: `entities.${entity.name}.keys`, message: `${entity.name} has no key templates, so its sample items would have no keys: design them first (dynotable design), or leave out the sample` }));
  if (problems.length > 0) throw new ModelError(problems);
}

/** Sample records with the given number of items of each entity (the verifier's generator: adversarial values included). */
export function sampleRecordsByCount(model: Model, counts: Readonly<Record<string, number>>, seed: number): Record<string, SampleRecord[]> {
  const scaled: Model = { ...model, entities: model.entities.map((entity) => ({ ...entity, count: counts[entity.name] ?? 1 })) };
  const items = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return { ...generateSamples(scaled, { items, seed }).records };
}

/** The plan's sample items, by the name of the table they go into on the connection. */
export function planSampleItems(model: Model, plan: ApplyPlan): Map<string, Item[]> {
  const counts = Object.fromEntries(model.entities.map((entity) => [entity.name, plan.samplePerEntity]));
  const records = plan.samplePerEntity > 0 ? sampleRecordsByCount(model, counts, plan.seed) : {};
  const items = new Map<string, Item[]>();
  for (const table of plan.tables) {
    const entities = model.entities.filter((entity) => entity.table === table.modelTable);
    items.set(table.name, entities.flatMap((entity) => (records[entity.name] ?? []).map((record) => recordToItem(model, entity, record))));
  }
  return items;
}
