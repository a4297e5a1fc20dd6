/**
 * The representative item of an entity: every declared attribute at its
 * representative value plus every key attribute the entity's templates make,
 * measured with core's item-size rules. Sparse keys are included: the item
 * stands for one that is in every index it can join.
 */
import { compileKeyTemplate } from '../keys/template.js';
import { findEntity, findTable, keyAttributesOfTable } from '../model/lookup.js';
import type { EntitySpec, Model, TableSpec } from '../model/types.js';
import { attributeSize, itemSize, utf8ByteLength } from '../size/item-size.js';
import type { AttributeValue, Item } from '../values/types.js';
import { findSecondaryIndex, indexEntry, projectItem } from './index-entries.js';
import type { AttributeSample, SizeBasis } from './samples.js';
import { sampleAttribute, sampleFromText } from './samples.js';

export class CostModelError extends Error {
  override readonly name = 'CostModelError';
}

export function costEntity(model: Model, entityName: string): EntitySpec {
  const entity = findEntity(model, entityName);
  if (!entity) throw new CostModelError(`no entity named ${entityName} in model ${model.name}`);
  return entity;
}

export function costTable(model: Model, tableName: string): TableSpec {
  const table = findTable(model, tableName);
  if (!table) throw new CostModelError(`no table named ${tableName} in model ${model.name}`);
  return table;
}

/** Samples by attribute name; keysWhen conditions are taken as met. */
export function entitySamples(entity: EntitySpec, which: SizeBasis): Map<string, AttributeSample> {
  const samples = new Map<string, AttributeSample>();
  for (const spec of entity.attributes) samples.set(spec.name, sampleAttribute(spec, which));
  const forced = new Set<string>();
  for (const condition of Object.values(entity.keysWhen)) {
    for (const [name, value] of Object.entries(condition)) {
      if (forced.has(name)) continue;
      forced.add(name);
      samples.set(name, sampleFromText(entity.attributes.find((spec) => spec.name === name), value));
    }
  }
  return samples;
}

/** Whether the samples meet a key attribute's keysWhen condition (always, when it has none). */
function keyApplies(entity: EntitySpec, keyName: string, samples: ReadonlyMap<string, AttributeSample>): boolean {
  const condition = entity.keysWhen[keyName];
  if (!condition) return true;
  return Object.entries(condition).every(([name, value]) => samples.get(name) !== undefined && String(samples.get(name)!.plain) === value);
}

/**
 * The key text a template makes. When the template cannot format the samples
 * (a field the entity does not declare, a value its codec refuses), the size is
 * kept: literal text plus each field's sample text, or 8 characters.
 */
function expandTemplate(template: string, samples: ReadonlyMap<string, AttributeSample>): string {
  const compiled = compileKeyTemplate(template);
  const plain: Record<string, string | number> = {};
  for (const [name, sample] of samples) plain[name] = sample.plain;
  try {
    return compiled.format(plain);
  } catch {
    return compiled.parts.map((part) => (part.kind === 'literal' ? part.text : String(plain[part.name] ?? 'x'.repeat(8)))).join('');
  }
}

function keyValue(type: 'S' | 'N' | 'B', text: string): AttributeValue {
  if (type === 'N' && /^-?\d+(\.\d+)?$/.test(text)) return { N: text };
  if (type === 'B') return { B: new Uint8Array(utf8ByteLength(text)) };
  return { S: text };
}

/** The attribute that stands for what the declared attributes leave out, when the entity declares averageItemBytes. */
export const UNDECLARED_ATTRIBUTES = 'undeclaredAttributes';

/** The item these samples make: declared attributes, then the key attributes whose conditions hold. */
function declaredItem(table: TableSpec, entity: EntitySpec, samples: ReadonlyMap<string, AttributeSample>): Item {
  const item: Item = {};
  for (const spec of entity.attributes) {
    const sample = samples.get(spec.name);
    if (sample) item[spec.name] = sample.value;
  }
  const keyAttributes = keyAttributesOfTable(table);
  for (const [keyName, template] of Object.entries(entity.keys)) {
    if (!keyApplies(entity, keyName, samples)) continue;
    item[keyName] = keyValue(keyAttributes.get(keyName)?.type ?? 'S', expandTemplate(template, samples));
  }
  return item;
}

export interface ItemSizeBasis {
  /** Bytes of the representative item from the declared attributes and keys alone. */
  readonly estimatedBytes: number;
  /** The entity's averageItemBytes, when declared. */
  readonly declaredBytes?: number;
  /** Characters of the undeclared-attributes filler that bring the item up to the declared size (0 when none is needed). */
  readonly fillerLength: number;
}

/**
 * How big the entity's item is taken to be: estimated from its attributes,
 * or the declared averageItemBytes when larger. The difference is one
 * non-key attribute, so it is in every ALL projection and in no other.
 */
export function itemSizeBasis(table: TableSpec, entity: EntitySpec): ItemSizeBasis {
  const estimatedBytes = itemSize(declaredItem(table, entity, entitySamples(entity, 'average')));
  if (entity.averageItemBytes === undefined) return { estimatedBytes, fillerLength: 0 };
  const fillerLength = Math.max(0, entity.averageItemBytes - estimatedBytes - utf8ByteLength(UNDECLARED_ATTRIBUTES));
  return { estimatedBytes, declaredBytes: entity.averageItemBytes, fillerLength };
}

/** The item these samples make, brought up to the entity's averageItemBytes when it declares one. */
export function itemFromSamples(table: TableSpec, entity: EntitySpec, samples: ReadonlyMap<string, AttributeSample>): Item {
  const item = declaredItem(table, entity, samples);
  const { fillerLength } = itemSizeBasis(table, entity);
  if (fillerLength > 0) item[UNDECLARED_ATTRIBUTES] = { S: 'x'.repeat(fillerLength) };
  return item;
}

/** The entity's representative item. */
export function representativeItem(model: Model, entityName: string, which: SizeBasis = 'average'): Item {
  const entity = costEntity(model, entityName);
  return itemFromSamples(costTable(model, entity.table), entity, entitySamples(entity, which));
}

export interface EntitySizeEstimate {
  readonly bytes: number;
  /** Each attribute's name bytes plus value bytes, declared attributes first, then key attributes. */
  readonly attributes: readonly { readonly name: string; readonly bytes: number }[];
}

/**
 * The size of an entity's item from its declared attributes and key templates:
 * 'average' takes midpoints of declared ranges, 'max' their largest ends.
 */
export function estimateEntitySize(model: Model, entityName: string, which: SizeBasis = 'average'): EntitySizeEstimate {
  const item = representativeItem(model, entityName, which);
  const attributes = Object.entries(item).map(([name, value]) => ({ name, bytes: attributeSize(name, value) }));
  return { bytes: itemSize(item), attributes };
}

/**
 * Bytes of the entity's entry in an index (projected attributes plus the
 * table's and the index's keys), or 0 when the entity has no entry there.
 */
export function projectedSize(model: Model, entityName: string, indexName: string, which: SizeBasis = 'average'): number {
  const entity = costEntity(model, entityName);
  const table = costTable(model, entity.table);
  const index = findSecondaryIndex(table, indexName);
  if (!index) throw new CostModelError(`table ${table.name} has no index named ${indexName}`);
  const item = itemFromSamples(table, entity, entitySamples(entity, which));
  return indexEntry(table, index, item)?.size ?? 0;
}

/** The projected entry itself, for callers that show it. */
export function projectedItem(model: Model, entityName: string, indexName: string, which: SizeBasis = 'average'): Item | undefined {
  const entity = costEntity(model, entityName);
  const table = costTable(model, entity.table);
  const index = findSecondaryIndex(table, indexName);
  if (!index) throw new CostModelError(`table ${table.name} has no index named ${indexName}`);
  const item = itemFromSamples(table, entity, entitySamples(entity, which));
  return indexEntry(table, index, item) ? projectItem(table, index, item) : undefined;
}
