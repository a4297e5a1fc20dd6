/**
 * What the generators need to know about an entity, read once from the model:
 * its table, its base key attributes, its key templates and the fields they use.
 */
import type { AttributeSpec, EntitySpec, Model, TableSpec } from '../model/types.js';
import { templateFields } from './key-code.js';
import { entityTypeName, identifier } from './typescript-names.js';

export interface EntityInfo {
  readonly entity: EntitySpec;
  readonly table: TableSpec;
  /** Interface name: `Player`. */
  readonly typeName: string;
  /** Lower-first name for functions: `player`. */
  readonly functionPrefix: string;
  readonly partitionKey: string;
  readonly sortKey: string | undefined;
  /** Key attribute name → its template's fields. */
  readonly keyFields: ReadonlyMap<string, readonly string[]>;
  /** Attributes the base key is built from. */
  readonly baseKeyFields: readonly string[];
}

function findTableSpec(model: Model, name: string): TableSpec {
  const table = model.tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`table ${name} is not in the model`);
  return table;
}

export function findEntitySpec(model: Model, name: string): EntitySpec {
  const entity = model.entities.find((candidate) => candidate.name === name);
  if (!entity) throw new Error(`entity ${name} is not in the model`);
  return entity;
}

export function findAttributeSpec(entity: EntitySpec, name: string): AttributeSpec | undefined {
  return entity.attributes.find((attribute) => attribute.name === name);
}

export function entityInfo(model: Model, entity: EntitySpec): EntityInfo {
  const table = findTableSpec(model, entity.table);
  const keyFields = new Map<string, readonly string[]>();
  for (const [attribute, template] of Object.entries(entity.keys)) keyFields.set(attribute, templateFields(template));
  const partitionKey = table.partitionKey.name;
  const sortKey = table.sortKey?.name;
  if (entity.keys[partitionKey] === undefined) throw new Error(`entity ${entity.name} has no template for ${partitionKey}`);
  if (sortKey !== undefined && entity.keys[sortKey] === undefined) {
    throw new Error(`entity ${entity.name} has no template for ${sortKey}`);
  }
  const baseKeyFields = [...new Set([...(keyFields.get(partitionKey) ?? []), ...(sortKey ? (keyFields.get(sortKey) ?? []) : [])])];
  return {
    entity,
    table,
    typeName: entityTypeName(entity),
    functionPrefix: identifier(entity.name),
    partitionKey,
    sortKey,
    keyFields,
    baseKeyFields,
  };
}

/** The table and index key attributes an index is read by: undefined index is the base table. */
export function indexKeyAttributes(table: TableSpec, index: string | undefined): { partition: string; sort?: string } {
  if (index === undefined) return table.sortKey ? { partition: table.partitionKey.name, sort: table.sortKey.name } : { partition: table.partitionKey.name };
  const gsi = table.globalSecondaryIndexes.find((candidate) => candidate.name === index);
  if (gsi) return gsi.sortKey ? { partition: gsi.partitionKey.name, sort: gsi.sortKey.name } : { partition: gsi.partitionKey.name };
  const lsi = table.localSecondaryIndexes.find((candidate) => candidate.name === index);
  if (lsi) return { partition: table.partitionKey.name, sort: lsi.sortKey.name };
  throw new Error(`index ${index} is not on table ${table.name}`);
}

/** Whether items read from the index carry every attribute of the entity. */
export function indexProjectsEntity(table: TableSpec, index: string | undefined, entity: EntitySpec): boolean {
  if (index === undefined) return true;
  const spec = table.globalSecondaryIndexes.find((candidate) => candidate.name === index) ?? table.localSecondaryIndexes.find((candidate) => candidate.name === index);
  if (!spec) return true;
  const projection = spec.projection;
  if (projection.type === 'ALL') return true;
  if (projection.type === 'KEYS_ONLY') return false;
  const included = new Set(projection.attributes);
  return entity.attributes.every((attribute) => included.has(attribute.name));
}
