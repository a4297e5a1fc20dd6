/**
 * Secondary index entries: which indexes an item appears in (sparse indexes
 * skip items without the index keys), where, and with which projected
 * attributes. Index sort strings end with the table key so that entries with
 * equal index keys stay distinct.
 */
import {
  aggregateIndexKeySizeProblem,
  emptyIndexKeyMessage,
  emptyIndexKeyUpdateMessage,
  indexKeySizeProblem,
  indexKeyTypeMismatchMessage,
  itemSize,
  typeOf,
  validationError,
  type AttributeValue,
  type Item,
} from '@dynotable/core';
import { encodeKeyValue } from '../keys/encode.js';
import { indexSpace, type ItemWrite } from '../storage/storage.js';
import { keyAttributes, keyNames, partitionAttributes, sortAttributes, type IndexMeta, type KeyAttribute, type TableMeta } from '../tables/meta.js';

export interface IndexEntry {
  index: IndexMeta;
  partition: string;
  sort: string;
  item: Item;
  /** Size of the projected entry, on which index writes are billed. */
  size: number;
}

/** DynamoDB refuses a write whose index key attribute has the wrong type. */
function indexKeyPresent(attribute: KeyAttribute, item: Item, index: IndexMeta): boolean {
  const value = item[attribute.name];
  if (value === undefined) return false;
  const actual = typeOf(value);
  if (actual !== attribute.type) throw validationError(typeMismatchMessage(attribute, actual, index));
  return true;
}

function typeMismatchMessage(attribute: KeyAttribute, actual: string, index: IndexMeta): string {
  return indexKeyTypeMismatchMessage(attribute.name, attribute.type, actual, index.name);
}

/** The attributes an index keeps of an item. */
function projectForIndex(table: TableMeta, index: IndexMeta, item: Item): Item {
  if (index.projection.type === 'ALL') return item;
  const names = new Set<string>([...keyNames(table.keys), ...keyNames(index.keys)]);
  if (index.projection.type === 'INCLUDE') for (const name of index.projection.nonKeyAttributes ?? []) names.add(name);
  const projected: Item = {};
  for (const name of names) {
    const value = item[name];
    if (value !== undefined) projected[name] = value;
  }
  return projected;
}

/**
 * The entry of `item` in `index`, or undefined when the item is not in it.
 * `size`, when the caller has it, is the item's own size: an index that
 * projects all attributes bills its entries at that size.
 */
export function indexEntry(table: TableMeta, index: IndexMeta, item: Item, size?: number): IndexEntry | undefined {
  // Every key attribute is checked, so a wrong type is refused even when another one is missing.
  let present = true;
  for (const attribute of keyAttributes(index.keys)) if (!indexKeyPresent(attribute, item, index)) present = false;
  if (!present) return undefined;
  // Encoded values are self-delimiting: a multi-attribute key is its values' encodings in key
  // order, so entries order by the sort attributes one after another, each by its own type.
  let partition = '';
  for (const attribute of partitionAttributes(index.keys)) partition += encodeKeyValue(item[attribute.name]!);
  let sort = '';
  for (const attribute of sortAttributes(index.keys)) sort += encodeKeyValue(item[attribute.name]!);
  // The table key makes the entry unique; an LSI shares the table's partition key.
  if (index.kind === 'global') sort += encodeKeyValue(item[table.keys.partition.name]!);
  if (table.keys.sort) sort += encodeKeyValue(item[table.keys.sort.name]!);
  const projected = projectForIndex(table, index, item);
  return {
    index,
    partition,
    sort,
    item: projected,
    size: projected === item && size !== undefined ? size : itemSize(projected),
  };
}

/** The storage writes that move an item's index entries from `before` to `after`. */
export function indexWrites(table: TableMeta, before: Item | undefined, after: Item | undefined): ItemWrite[] {
  const writes: ItemWrite[] = [];
  for (const index of table.indexes) {
    const space = indexSpace(table.name, index.name);
    const old = before ? indexEntry(table, index, before) : undefined;
    const next = after ? indexEntry(table, index, after) : undefined;
    if (old && (!next || old.partition !== next.partition || old.sort !== next.sort)) {
      writes.push({ space, partition: old.partition, sort: old.sort });
    }
    if (next) writes.push({ space, partition: next.partition, sort: next.sort, item: next.item, size: next.size });
  }
  return writes;
}

/** Which request wrote the item: PutItem and UpdateItem word an empty index key differently. */
export type IndexKeySource = 'put' | 'update';

/** What is wrong with an index key attribute of an item being written. */
export interface IndexKeyProblem {
  kind: 'type' | 'empty' | 'size';
  message: string;
}

/**
 * The first problem DynamoDB reports on the index key attributes of an item
 * being written (a wrong type, an empty string or binary, a value over its
 * size limit, then a multi-attribute key over its limit together), or undefined.
 * Measured on DynamoDB Local: a put reports LSIs first, an update GSIs first;
 * for one attribute a put reports the type first, an update the emptiness.
 */
export function indexKeyProblem(table: TableMeta, item: Item, source: IndexKeySource = 'put'): IndexKeyProblem | undefined {
  for (const kind of source === 'put' ? (['local', 'global'] as const) : (['global', 'local'] as const)) {
    for (const index of table.indexes) {
      if (index.kind !== kind) continue;
      for (const attribute of keyAttributes(index.keys)) {
        const problem = attributeProblem(index, attribute, item, source);
        if (problem) return problem;
      }
      const problem = aggregateSizeProblem(index, item);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Throws DynamoDB's ValidationException for the first index key problem of an item being written. */
export function checkIndexKeys(table: TableMeta, item: Item, source: IndexKeySource = 'put'): void {
  const problem = indexKeyProblem(table, item, source);
  if (problem) throw validationError(problem.message);
}

function attributeProblem(index: IndexMeta, attribute: KeyAttribute, item: Item, source: IndexKeySource): IndexKeyProblem | undefined {
  const value = item[attribute.name];
  if (value === undefined) return undefined;
  const actual = typeOf(value);
  const mismatch: IndexKeyProblem | undefined = actual === attribute.type ? undefined : { kind: 'type', message: typeMismatchMessage(attribute, actual, index) };
  // A put reports the type first, an update the emptiness (an empty string for a number key).
  if (mismatch && source === 'put') return mismatch;
  const empty = ('S' in value && value.S.length === 0) || ('B' in value && value.B.length === 0);
  if (!empty) return mismatch ?? sizeProblem(index, attribute, value);
  const kind = 'S' in value ? 'string' : 'binary';
  return {
    kind: 'empty',
    message: source === 'put' ? emptyIndexKeyMessage(kind, attribute.name, index.name) : emptyIndexKeyUpdateMessage(kind),
  };
}

/** A value over its own limit (core's rule): a partition attribute's 2048 bytes, a sort attribute's 1024. */
function sizeProblem(index: IndexMeta, attribute: KeyAttribute, value: AttributeValue): IndexKeyProblem | undefined {
  const role = partitionAttributes(index.keys).some((partition) => partition.name === attribute.name) ? 'HASH' : 'RANGE';
  const message = indexKeySizeProblem(role, attribute.name, value, index.name);
  return message === undefined ? undefined : { kind: 'size', message };
}

/** A multi-attribute key's attributes of one role over their shared limit (core's rule). */
function aggregateSizeProblem(index: IndexMeta, item: Item): IndexKeyProblem | undefined {
  const groups = [
    ['HASH', index.keys.partitions],
    ['RANGE', index.keys.sorts],
  ] as const;
  for (const [role, attributes] of groups) {
    if (attributes === undefined) continue;
    const message = aggregateIndexKeySizeProblem(role, attributes.map((attribute) => attribute.name), item, index.name);
    if (message !== undefined) return { kind: 'size', message };
  }
  return undefined;
}

/**
 * Whether an item's key attributes for `index` can be stored in it: present
 * ones of the right type, not empty, within the size limits. The backfill of a
 * new GSI skips the items that fail, where a write would be refused.
 */
export function fitsIndex(index: IndexMeta, item: Item): boolean {
  const each = keyAttributes(index.keys).every((attribute) => attributeProblem(index, attribute, item, 'put') === undefined);
  return each && aggregateSizeProblem(index, item) === undefined;
}
