/**
 * Sample data for a model: deterministic from the seed, within the declared
 * types, ranges, lengths and cardinalities, and adversarial (see
 * sample-values.ts). Ids shared between entities (a Match's playerId) come
 * from the owning entity's items, and every pooled value has one hot value
 * that a quarter of the items share, so one partition is much larger.
 */
import type { AttributeSpec, EntitySpec, Model } from '../model/types.js';
import { compileKeyTemplate } from '../keys/template.js';
import { SeededRandom } from './random.js';
import { sampleId, sampleValue, type SampleValue } from './sample-values.js';

export interface SampleRecord {
  readonly entity: string;
  readonly values: Record<string, SampleValue>;
}

export interface SampleSet {
  readonly seed: number;
  readonly records: Readonly<Record<string, SampleRecord[]>>;
}

export interface SampleOptions {
  /** Items in all, shared between entities by their declared counts. */
  readonly items: number;
  readonly seed: number;
}

const HOT_SHARE = 0.25;
const ITEMS_PER_PARTITION = 20;
/** Enough items of every entity for the crossing numbers and a few partitions. */
const MIN_PER_ENTITY = 50;

export function generateSamples(model: Model, options: SampleOptions): SampleSet {
  const random = new SeededRandom(options.seed);
  const counts = entityCounts(model.entities, options.items);
  const identities = new Map(model.entities.map((entity) => [entity.name, identityAttributes(entity)]));
  const records: Record<string, SampleRecord[]> = {};
  const owned = new Map<string, SampleValue[]>();

  for (const entity of ownersFirst(model.entities, identities)) {
    const count = counts.get(entity.name)!;
    const keyFields = keyFieldsOf(entity);
    const pools = new Map<string, SampleValue[]>();
    const earlierTimes = new Map<string, number[]>();
    const own = identities.get(entity.name)!;
    const list: SampleRecord[] = [];
    for (let index = 0; index < count; index++) {
      const values: Record<string, SampleValue> = {};
      for (const spec of entity.attributes) {
        if (!spec.required && !keyFields.has(spec.name) && random.chance(0.2)) continue;
        if (own.has(spec.name)) values[spec.name] = sampleId(index, spec, random);
        else if (spec.unique) values[spec.name] = sampleId(index, spec, random);
        else if (owned.has(spec.name)) values[spec.name] = hotOrAny(random, owned.get(spec.name)!);
        else if (isPooled(spec, keyFields)) values[spec.name] = hotOrAny(random, poolFor(spec, pools, count, random, keyFields));
        else {
          const times = earlierTimes.get(spec.name) ?? [];
          earlierTimes.set(spec.name, times);
          values[spec.name] = sampleValue(spec, { random, inKey: keyFields.has(spec.name), earlierTimes: times, ordinal: index });
        }
      }
      list.push({ entity: entity.name, values });
    }
    for (const name of own) owned.set(name, list.map((record) => record.values[name]!).filter((v) => v !== undefined));
    records[entity.name] = list;
  }
  return { seed: options.seed, records };
}

function entityCounts(entities: readonly EntitySpec[], items: number): Map<string, number> {
  const weights = entities.map((entity) => entity.count ?? 1);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const floor = Math.min(MIN_PER_ENTITY, Math.floor(items / Math.max(1, entities.length)));
  return new Map(entities.map((entity, i) => [entity.name, Math.max(floor, 1, Math.round((items * weights[i]!) / total))]));
}

/** The attributes that name one item of the entity: declared unique, or `<entity>Id` / `id`. */
export function identityAttributes(entity: EntitySpec): Set<string> {
  const idName = entity.name.charAt(0).toLowerCase() + entity.name.slice(1) + 'Id';
  const names = entity.attributes.filter((a) => a.name === idName || a.name === 'id').map((a) => a.name);
  return new Set(names.length > 0 ? names : entity.attributes.filter((a) => a.unique && a.type !== 'enum').map((a) => a.name).slice(0, 1));
}

/** Entities whose ids others refer to are generated first, so references point at real items. */
function ownersFirst(entities: readonly EntitySpec[], identities: Map<string, Set<string>>): EntitySpec[] {
  const refersToOthers = (entity: EntitySpec) =>
    entity.attributes.some((a) => [...identities].some(([name, ids]) => name !== entity.name && ids.has(a.name)));
  return [...entities].sort((a, b) => Number(refersToOthers(a)) - Number(refersToOthers(b)));
}

function keyFieldsOf(entity: EntitySpec): Set<string> {
  return new Set(Object.values(entity.keys).flatMap((template) => compileKeyTemplate(template).fields));
}

/** Key values that group items (a team, a season) come from a small pool, so partitions hold many items. */
function isPooled(spec: AttributeSpec, keyFields: Set<string>): boolean {
  if (spec.type !== 'string' && spec.type !== 'number') return false;
  return spec.cardinality !== undefined || (keyFields.has(spec.name) && spec.type === 'string');
}

function poolFor(spec: AttributeSpec, pools: Map<string, SampleValue[]>, count: number, random: SeededRandom, keyFields: Set<string>): SampleValue[] {
  const existing = pools.get(spec.name);
  if (existing) return existing;
  const size = Math.max(3, Math.min(spec.cardinality ?? Infinity, Math.ceil(count / ITEMS_PER_PARTITION)));
  const seen = new Set<string>();
  const pool: SampleValue[] = [];
  for (let attempt = 0; pool.length < size && attempt < size * 20; attempt++) {
    const value = sampleValue(spec, { random, inKey: keyFields.has(spec.name), earlierTimes: [], ordinal: pool.length });
    if (seen.has(String(value))) continue;
    seen.add(String(value));
    pool.push(value);
  }
  pools.set(spec.name, pool);
  return pool;
}

function hotOrAny(random: SeededRandom, pool: readonly SampleValue[]): SampleValue {
  return random.chance(HOT_SHARE) ? pool[0]! : random.pick(pool);
}
