/**
 * "New item" of one of the linked model's entities: each attribute with a
 * first value (its example, its first allowed value, or one of its type), and
 * every key built from them by the model's templates.
 */
import { buildEntityItem, type AttributeSpec, type WireAttributeValue, type WireItem } from '@dynotable/core';
import type { LinkedModel } from './use-model-link.js';

/** The entities stored in the linked table. */
export function tableEntities(linked: LinkedModel): string[] {
  return linked.model.entities.filter((entity) => entity.table === linked.modelTable).map((entity) => entity.name);
}

function firstValue(spec: AttributeSpec, now: Date): WireAttributeValue | undefined {
  const example = spec.examples?.[0] ?? spec.values?.[0];
  switch (spec.type) {
    case 'number':
      return { N: example ?? String(spec.min ?? 1) };
    case 'boolean':
      return { BOOL: example === 'true' };
    case 'timestamp':
      return spec.format === 'epoch-seconds' || spec.format === 'epoch-millis'
        ? { N: String(spec.format === 'epoch-seconds' ? Math.floor(now.getTime() / 1000) : now.getTime()) }
        : { S: example ?? `${now.toISOString().slice(0, 19)}Z` };
    case 'date':
      return { S: example ?? now.toISOString().slice(0, 10) };
    case 'string':
    case 'enum':
    case 'uuid':
      return { S: example ?? (spec.type === 'uuid' ? crypto.randomUUID() : `${spec.name}-1`) };
    default:
      return undefined; // Lists, maps, sets and binaries are left for the person to add.
  }
}

export interface EntityItem {
  readonly item: WireItem;
  /** Keys that could not be built (a value the person still has to give). */
  readonly problems: readonly string[];
}

export function newEntityItem(linked: LinkedModel, entityName: string, now: Date = new Date()): EntityItem {
  const entity = linked.model.entities.find((candidate) => candidate.name === entityName);
  const values: WireItem = {};
  for (const spec of entity?.attributes ?? []) {
    const value = firstValue(spec, now);
    if (value !== undefined) values[spec.name] = value;
  }
  const built = buildEntityItem(linked.model, entityName, values);
  return { item: built.item as WireItem, problems: built.problems };
}
