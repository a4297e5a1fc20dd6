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
  readonly projection: Projection;
  /** The entity's templates for the index's key attributes. */
  readonly partitionTemplate: string;
  readonly sortTemplate?: string;
  /** Sparse: the conditions under which the entity's item carries these keys. */
  readonly keysWhen: Readonly<Record<string, string>>;
}

const ALL: Projection = { type: 'ALL' };

/** Every index of the table, base table first, with the entity's templates; indexes the entity is not in are left out. */
export function entityIndexes(table: TableSpec, entity: EntitySpec): EntityIndex[] {
  const shapes: Omit<EntityIndex, 'partitionTemplate' | 'sortTemplate' | 'keysWhen'>[] = [
    { kind: 'table', partitionKey: table.partitionKey, ...(table.sortKey ? { sortKey: table.sortKey } : {}), projection: ALL },
    ...table.localSecondaryIndexes.map((lsi) => ({
      kind: 'lsi' as const,
      name: lsi.name,
      partitionKey: table.partitionKey,
      sortKey: lsi.sortKey,
      projection: lsi.projection,
    })),
    ...table.globalSecondaryIndexes.map((gsi) => ({
      kind: 'gsi' as const,
      name: gsi.name,
      partitionKey: gsi.partitionKey,
      ...(gsi.sortKey ? { sortKey: gsi.sortKey } : {}),
      projection: gsi.projection,
    })),
  ];
  const result: EntityIndex[] = [];
  for (const shape of shapes) {
    const partitionTemplate = entity.keys[shape.partitionKey.name];
    const sortTemplate = shape.sortKey ? entity.keys[shape.sortKey.name] : undefined;
    if (partitionTemplate === undefined || (shape.sortKey && sortTemplate === undefined)) continue;
    const keysWhen = {
      ...(entity.keysWhen[shape.partitionKey.name] ?? {}),
      ...(shape.sortKey ? (entity.keysWhen[shape.sortKey.name] ?? {}) : {}),
    };
    result.push({ ...shape, partitionTemplate, ...(sortTemplate !== undefined ? { sortTemplate } : {}), keysWhen });
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
    ...table.globalSecondaryIndexes.flatMap((gsi) => [gsi.partitionKey, gsi.sortKey]),
  ];
  return all.find((key) => key?.name === attribute)?.type ?? 'S';
}

export function indexLabel(index: { kind: EntityIndex['kind']; name?: string }): string {
  return index.kind === 'table' ? 'the table' : `${index.kind.toUpperCase()} ${index.name ?? ''}`;
}
