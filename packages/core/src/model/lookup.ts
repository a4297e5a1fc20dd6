/** Finding things in a normalised model by name. */
import type { AttributeSpec, EntitySpec, KeyAttribute, Model, Projection, TableSpec } from './types.js';

export interface TableIndex {
  /** Undefined for the base table. */
  readonly name?: string;
  readonly kind: 'table' | 'gsi' | 'lsi';
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /** Every partition key attribute: one, except on a GSI with a multi-attribute key. */
  readonly partitionKeys: readonly KeyAttribute[];
  /** Every sort key attribute, in order; empty without a sort key. */
  readonly sortKeys: readonly KeyAttribute[];
  readonly projection: Projection;
}

export function findTable(model: Model, name: string): TableSpec | undefined {
  return model.tables.find((table) => table.name === name);
}

export function findEntity(model: Model, name: string): EntitySpec | undefined {
  return model.entities.find((entity) => entity.name === name);
}

export function findAttribute(entity: EntitySpec, name: string): AttributeSpec | undefined {
  return entity.attributes.find((attribute) => attribute.name === name);
}

/** The entities stored in a table, in declaration order. */
export function entitiesOfTable(model: Model, tableName: string): EntitySpec[] {
  return model.entities.filter((entity) => entity.table === tableName);
}

/** The base table first (no name, projection ALL), then its GSIs, then its LSIs (which share the table's partition key). */
export function tableIndexes(table: TableSpec): TableIndex[] {
  const tableKeys = { partitionKeys: [table.partitionKey], sortKeys: table.sortKey ? [table.sortKey] : [] };
  const base: TableIndex = table.sortKey
    ? { kind: 'table', partitionKey: table.partitionKey, sortKey: table.sortKey, ...tableKeys, projection: { type: 'ALL' } }
    : { kind: 'table', partitionKey: table.partitionKey, ...tableKeys, projection: { type: 'ALL' } };
  const globals = table.globalSecondaryIndexes.map((index): TableIndex => {
    const entry = {
      name: index.name,
      kind: 'gsi' as const,
      partitionKey: index.partitionKey,
      partitionKeys: index.partitionKeys,
      sortKeys: index.sortKeys,
      projection: index.projection,
    };
    return index.sortKey ? { ...entry, sortKey: index.sortKey } : entry;
  });
  const locals = table.localSecondaryIndexes.map(
    (index): TableIndex => ({
      name: index.name,
      kind: 'lsi',
      partitionKey: table.partitionKey,
      sortKey: index.sortKey,
      partitionKeys: [table.partitionKey],
      sortKeys: [index.sortKey],
      projection: index.projection,
    }),
  );
  return [base, ...globals, ...locals];
}

/**
 * The first index (base table first) whose partition or sort key is the named
 * key attribute. An LSI's partition key is the table's, so the table answers for it.
 */
export function indexOfKeyAttribute(table: TableSpec, keyAttributeName: string): TableIndex | undefined {
  return tableIndexes(table).find((index) => indexKeyAttributes(index).some((key) => key.name === keyAttributeName));
}

/** Every key attribute of the table and its indexes, by name (first declaration wins). */
export function keyAttributesOfTable(table: TableSpec): Map<string, KeyAttribute> {
  const out = new Map<string, KeyAttribute>();
  for (const index of tableIndexes(table)) {
    for (const key of indexKeyAttributes(index)) if (!out.has(key.name)) out.set(key.name, key);
  }
  return out;
}

/** Every key attribute of an index: its partition attributes, then its sort attributes. */
export function indexKeyAttributes(index: TableIndex): KeyAttribute[] {
  return [...index.partitionKeys, ...index.sortKeys];
}
