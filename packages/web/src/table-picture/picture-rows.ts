/**
 * What the picture of a table or index shows: a few partitions (item
 * collections) of sample items, each sorted by the sort key as DynamoDB sorts
 * it, with only the attributes the index projects, and the items the index
 * does not hold counted instead of shown.
 */
import { compareScalars, encodeBase64, tableIndexes } from '@dynotable/core';
import type { AttributeValue, EntitySpec, Item, KeyAttribute, Model, Projection, TableSpec } from '@dynotable/core';
import { allKeyNames, modelKeyLists, type KeyLists } from './index-keys.js';
import type { SampleItem } from './sample-pool.js';
import { samplePool } from './sample-pool.js';

type ColumnRole = 'partition' | 'sort' | 'key' | 'attribute';

export interface PictureColumn {
  readonly name: string;
  /** partition / sort: this picture's key; key: a key of the table or another index. */
  readonly role: ColumnRole;
}

export interface PictureRow {
  readonly entity: string;
  /** Only the attributes the picture's index holds. */
  readonly item: Item;
}

/** One partition key value and the items shown from it, in sort key order. */
interface PictureBand {
  /** The value of the (first) partition key attribute. */
  readonly partition: AttributeValue;
  /** The values of every partition key attribute, in key schema order (several on a multi-attribute GSI). */
  readonly partitionValues: readonly AttributeValue[];
  readonly rows: readonly PictureRow[];
  /** Items in this partition among the samples; more than rows.length when some are not shown. */
  readonly total: number;
}

export interface LeftOut {
  readonly entity: string;
  readonly plural: string;
  readonly count: number;
  readonly of: number;
  /** sparse: a keysWhen condition or a missing key value; no-template: the entity has no template for these keys. */
  readonly reason: 'sparse' | 'no-template';
  /** The index keys the left-out items lack. */
  readonly keys: readonly string[];
  /** keysWhen conditions, as text: "status = open". */
  readonly conditions: readonly string[];
}

export interface TablePictureData {
  readonly table: string;
  readonly index?: string;
  readonly kind: 'table' | 'gsi' | 'lsi';
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /** Every partition key attribute, in key schema order: up to four on a multi-attribute GSI. */
  readonly partitionKeys: readonly KeyAttribute[];
  /** Every sort key attribute, in key schema order. */
  readonly sortKeys: readonly KeyAttribute[];
  readonly projection: Projection;
  readonly columns: readonly PictureColumn[];
  readonly bands: readonly PictureBand[];
  readonly leftOut: readonly LeftOut[];
  /** Why nothing can be drawn (unknown table or index, sample data that cannot be built). */
  readonly problem?: string;
}

/** Partitions shown before stopping, and at most for tables whose partitions hold one item each. */
const BANDS_WANTED = 3;
export const BANDS_AT_MOST = 5;
/** Rows wanted in all, so a table of single-item partitions still shows a few. */
const ROWS_WANTED = 4;
/** Items of one entity shown per partition: the first, the last and evenly between. */
export const ROWS_PER_ENTITY = 3;

export function tablePicture(model: Model, tableName: string, indexName?: string): TablePictureData {
  const table = model.tables.find((t) => t.name === tableName);
  if (table === undefined) return empty(tableName, indexName, `the model has no table ${tableName}`);
  const index = tableIndexes(table).find((candidate) => candidate.name === indexName);
  if (index === undefined) return empty(tableName, indexName, `table ${tableName} has no index ${indexName ?? ''}`.trim());
  const keys = modelKeyLists(table, index.name) ?? { partition: [index.partitionKey], sort: index.sortKey ? [index.sortKey] : [] };
  const base = {
    table: table.name,
    ...(index.name !== undefined ? { index: index.name } : {}),
    kind: index.kind,
    partitionKey: index.partitionKey,
    ...(index.sortKey ? { sortKey: index.sortKey } : {}),
    partitionKeys: keys.partition,
    sortKeys: keys.sort,
    projection: index.projection,
  };
  const pool = samplePool(model);
  if (!pool.ok) return { ...base, columns: [], bands: [], leftOut: [], problem: `no sample items: ${pool.error}` };

  const entities = model.entities.filter((entity) => entity.table === table.name);
  // An item is in the index only when it has every key attribute of it.
  const keyNames = allKeyNames(keys);
  const samples = pool.items.filter((sample) => entities.some((entity) => entity.name === sample.entity));
  const held = samples.filter((sample) => keyNames.every((name) => isScalar(sample.item[name])));
  const bands = chooseBands(held, keys, entities);
  const projected = projectedNames(table, keyNames, index.projection);
  const projectedBands = bands.map((band) => ({ ...band, rows: band.rows.map((row) => ({ ...row, item: project(row.item, projected) })) }));
  return {
    ...base,
    columns: columnsOf(table, entities, keys, projectedBands),
    bands: projectedBands,
    leftOut: leftOutOf(entities, samples, held, keyNames),
  };
}

function empty(table: string, index: string | undefined, problem: string): TablePictureData {
  const unknownKey: KeyAttribute = { name: '', type: 'S' };
  return { table, ...(index !== undefined ? { index } : {}), kind: index ? 'gsi' : 'table', partitionKey: unknownKey, partitionKeys: [unknownKey], sortKeys: [], projection: { type: 'ALL' }, columns: [], bands: [], leftOut: [], problem };
}

function isScalar(value: AttributeValue | undefined): value is AttributeValue {
  return value !== undefined && ('S' in value || 'N' in value || 'B' in value);
}

/** A partition key value as a map key. */
function scalarKey(value: AttributeValue): string {
  if ('S' in value) return `S:${value.S}`;
  if ('N' in value) return `N:${value.N}`;
  if ('B' in value) return `B:${encodeBase64(value.B)}`;
  return '?';
}

/** Sort key order: by the first sort attribute, then the next (a multi-attribute sort key compares left to right). */
function compareBy(names: readonly string[]) {
  return (a: SampleItem, b: SampleItem) => {
    for (const name of names) {
      const order = compareScalars(a.item[name]!, b.item[name]!) ?? 0;
      if (order !== 0) return order;
    }
    return 0;
  };
}

interface Group {
  readonly partition: readonly AttributeValue[];
  readonly items: SampleItem[];
}

/**
 * The largest partition of every entity first (so each entity shows), then
 * the next largest until a few partitions and rows are shown.
 */
function chooseBands(held: readonly SampleItem[], keys: KeyLists, entities: readonly EntitySpec[]): PictureBand[] {
  const groups = new Map<string, Group>();
  const sortNames = keys.sort.map((key) => key.name);
  for (const sample of held) {
    const partition = keys.partition.map((key) => sample.item[key.name]!);
    const key = JSON.stringify(partition.map(scalarKey));
    const group = groups.get(key) ?? { partition, items: [] };
    group.items.push(sample);
    groups.set(key, group);
  }
  const bySize = [...groups.values()].sort((a, b) => b.items.length - a.items.length || comparePartitions(a.partition, b.partition));
  const chosen: Group[] = [];
  for (const entity of entities) {
    if (chosen.some((group) => group.items.some((sample) => sample.entity === entity.name))) continue;
    const largest = bySize.find((group) => group.items.some((sample) => sample.entity === entity.name));
    if (largest) chosen.push(largest);
  }
  const bands = () => chosen.map((group) => bandOf(group, sortNames, entities));
  const rowCount = () => bands().reduce((sum, band) => sum + band.rows.length, 0);
  for (const group of bySize) {
    if (chosen.length >= BANDS_AT_MOST || (chosen.length >= BANDS_WANTED && rowCount() >= ROWS_WANTED)) break;
    if (!chosen.includes(group)) chosen.push(group);
  }
  return bands();
}

function comparePartitions(a: readonly AttributeValue[], b: readonly AttributeValue[]): number {
  for (const [position, value] of a.entries()) {
    const order = compareScalars(value, b[position]!) ?? 0;
    if (order !== 0) return order;
  }
  return 0;
}

function bandOf(group: Group, sortNames: readonly string[], entities: readonly EntitySpec[]): PictureBand {
  const sorted = [...group.items].sort(compareBy(sortNames));
  const shown = new Set<SampleItem>();
  for (const entity of entities) for (const sample of spread(sorted.filter((s) => s.entity === entity.name), ROWS_PER_ENTITY)) shown.add(sample);
  const rows = sorted.filter((sample) => shown.has(sample)).map((sample) => ({ entity: sample.entity, item: sample.item }));
  return { partition: group.partition[0]!, partitionValues: group.partition, rows, total: group.items.length };
}

/** At most `count` items: the first, the last and evenly spaced between, in their order. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  if (count <= 1) return items.slice(0, count);
  const picks = new Set<number>();
  for (let i = 0; i < count; i++) picks.add(Math.round((i * (items.length - 1)) / (count - 1)));
  return [...picks].sort((a, b) => a - b).map((i) => items[i]!);
}

/** Undefined: every attribute (ALL). An index always holds the table's keys and its own. */
function projectedNames(table: TableSpec, indexKeyNames: readonly string[], projection: Projection): Set<string> | undefined {
  if (projection.type === 'ALL') return undefined;
  const names = new Set([table.partitionKey.name, ...indexKeyNames]);
  if (table.sortKey) names.add(table.sortKey.name);
  if (projection.type === 'INCLUDE') for (const name of projection.attributes) names.add(name);
  return names;
}

function project(item: Item, names: Set<string> | undefined): Item {
  if (names === undefined) return item;
  return Object.fromEntries(Object.entries(item).filter(([name]) => names.has(name)));
}

/** This picture's keys, then the other key attributes, then the entities' attributes as declared. */
function columnsOf(table: TableSpec, entities: readonly EntitySpec[], keys: KeyLists, bands: readonly PictureBand[]): PictureColumn[] {
  const present = new Set(bands.flatMap((band) => band.rows.flatMap((row) => Object.keys(row.item))));
  const columns: PictureColumn[] = [...keys.partition.map((key) => ({ name: key.name, role: 'partition' as const })), ...keys.sort.map((key) => ({ name: key.name, role: 'sort' as const }))];
  const add = (name: string, role: ColumnRole) => {
    if (present.has(name) && !columns.some((column) => column.name === name)) columns.push({ name, role });
  };
  for (const index of tableIndexes(table)) for (const name of allKeyNames(modelKeyLists(table, index.name) ?? { partition: [index.partitionKey], sort: [] })) add(name, 'key');
  for (const entity of entities) for (const attribute of entity.attributes) add(attribute.name, 'attribute');
  for (const name of [...present].sort()) add(name, 'attribute');
  return columns;
}

function leftOutOf(entities: readonly EntitySpec[], samples: readonly SampleItem[], held: readonly SampleItem[], keyNames: readonly string[]): LeftOut[] {
  const out: LeftOut[] = [];
  for (const entity of entities) {
    const all = samples.filter((sample) => sample.entity === entity.name);
    const missing = all.filter((sample) => !held.includes(sample));
    if (missing.length === 0) continue;
    const untemplated = keyNames.filter((name) => entity.keys[name] === undefined);
    const conditions = keyNames.flatMap((name) => Object.entries(entity.keysWhen[name] ?? {}).map(([attribute, value]) => `${attribute} = ${value}`));
    out.push({
      entity: entity.name,
      plural: entity.plural,
      count: missing.length,
      of: all.length,
      reason: untemplated.length > 0 ? 'no-template' : 'sparse',
      keys: untemplated.length > 0 ? untemplated : keyNames.filter((name) => missing.some((sample) => !isScalar(sample.item[name]))),
      conditions: [...new Set(conditions)],
    });
  }
  return out;
}
