/**
 * The places a Query can read for one entity: the base table, its LSIs and its
 * GSIs, each with the entity's key templates there (an item appears in an
 * index only when it carries every key attribute of the index).
 */
import type { EntitySpec, KeyAttribute, Model, Projection, TableSpec } from '../model/types.js';

export interface EntityIndex {
  readonly kind: 'table' | 'lsi' | 'gsi';
  /** Absent for the base table. */
  readonly name?: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /** Every key attribute: more than one of a role only on a GSI with a multi-attribute key. */
  readonly partitionKeys: readonly KeyAttribute[];
  readonly sortKeys: readonly KeyAttribute[];
  readonly projection: Projection;
  /** The entity's templates for the index's key attributes. */
  readonly partitionTemplate: string;
  readonly sortTemplate?: string;
  /** The entity's template for each key attribute, in key order (the first of each is the one above). */
  readonly partitionTemplates: readonly string[];
  readonly sortTemplates: readonly string[];
  /** Sparse: the conditions under which the entity's item carries these keys. */
  readonly keysWhen: Readonly<Record<string, string>>;
}

const ALL: Projection = { type: 'ALL' };

/** Every index of the table, base table first, with the entity's templates; indexes the entity is not in are left out. */
export function entityIndexes(table: TableSpec, entity: EntitySpec): EntityIndex[] {
  type Shape = Omit<EntityIndex, 'partitionTemplate' | 'sortTemplate' | 'partitionTemplates' | 'sortTemplates' | 'keysWhen'>;
  const shapes: Shape[] = [
    {
      kind: 'table',
      partitionKey: table.partitionKey,
      ...(table.sortKey ? { sortKey: table.sortKey } : {}),
      partitionKeys: [table.partitionKey],
      sortKeys: table.sortKey ? [table.sortKey] : [],
      projection: ALL,
    },
    ...table.localSecondaryIndexes.map((lsi) => ({
      kind: 'lsi' as const,
      name: lsi.name,
      partitionKey: table.partitionKey,
      sortKey: lsi.sortKey,
      partitionKeys: [table.partitionKey],
      sortKeys: [lsi.sortKey],
      projection: lsi.projection,
    })),
    ...table.globalSecondaryIndexes.map((gsi) => ({
      kind: 'gsi' as const,
      name: gsi.name,
      partitionKey: gsi.partitionKey,
      ...(gsi.sortKey ? { sortKey: gsi.sortKey } : {}),
      partitionKeys: gsi.partitionKeys,
      sortKeys: gsi.sortKeys,
      projection: gsi.projection,
    })),
  ];
  const result: EntityIndex[] = [];
  for (const shape of shapes) {
    const keys = [...shape.partitionKeys, ...shape.sortKeys];
    // An item is in the index only with every key attribute.
    if (keys.some((key) => entity.keys[key.name] === undefined)) continue;
    const partitionTemplates = shape.partitionKeys.map((key) => entity.keys[key.name]!);
    const sortTemplates = shape.sortKeys.map((key) => entity.keys[key.name]!);
    const keysWhen = Object.assign({}, ...keys.map((key) => entity.keysWhen[key.name] ?? {})) as Record<string, string>;
    const sortTemplate = sortTemplates[0];
    result.push({ ...shape, partitionTemplate: partitionTemplates[0]!, ...(sortTemplate !== undefined ? { sortTemplate } : {}), partitionTemplates, sortTemplates, keysWhen });
  }
  return result;
}

export function entityNamed(model: Model, name: string): EntitySpec | undefined {
  return model.entities.find((entity) => entity.name === name);
}

export function tableNamed(model: Model, name: string): TableSpec | undefined {
  return model.tables.find((table) => table.name === name);
}

/** The type of a key attribute of the table or one of its indexes. */
export function keyAttributeType(table: TableSpec, attribute: string): KeyAttribute['type'] {
  const all = [
    table.partitionKey,
    table.sortKey,
    ...table.localSecondaryIndexes.map((lsi) => lsi.sortKey),
    ...table.globalSecondaryIndexes.flatMap((gsi) => [...gsi.partitionKeys, ...gsi.sortKeys]),
  ];
  return all.find((key) => key?.name === attribute)?.type ?? 'S';
}

export function indexLabel(index: { kind: EntityIndex['kind']; name?: string }): string {
  return index.kind === 'table' ? 'the table' : `${index.kind.toUpperCase()} ${index.name ?? ''}`;
}
