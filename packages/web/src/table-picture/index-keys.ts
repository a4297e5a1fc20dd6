/**
 * Every key attribute of a model's table or index. A GSI may have up to four
 * partition and four sort key attributes (multi-attribute keys), listed in
 * its `partitionKeys` and `sortKeys`; an index without them has its one
 * `partitionKey` and optional `sortKey`.
 */
import type { KeyAttribute, TableSpec } from '@dynotable/core';

/** What is read of an index's keys; the lists are optional so a one-attribute index reads the same. */
interface IndexKeysLike {
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute | undefined;
  readonly partitionKeys?: readonly KeyAttribute[] | undefined;
  readonly sortKeys?: readonly KeyAttribute[] | undefined;
}

export interface KeyLists {
  readonly partition: readonly KeyAttribute[];
  readonly sort: readonly KeyAttribute[];
}

function keyListsOf(index: IndexKeysLike): KeyLists {
  const partition = index.partitionKeys !== undefined && index.partitionKeys.length > 0 ? index.partitionKeys : [index.partitionKey];
  const sort = index.sortKeys !== undefined && index.sortKeys.length > 0 ? index.sortKeys : index.sortKey !== undefined ? [index.sortKey] : [];
  return { partition, sort };
}

/** The keys of the table (no index name) or of one of its indexes, as the model declares them. */
export function modelKeyLists(table: TableSpec, indexName: string | undefined): KeyLists | undefined {
  if (indexName === undefined) return keyListsOf(table);
  const global = table.globalSecondaryIndexes.find((index) => index.name === indexName);
  if (global !== undefined) return keyListsOf(global);
  const local = table.localSecondaryIndexes.find((index) => index.name === indexName);
  return local === undefined ? undefined : keyListsOf({ partitionKey: table.partitionKey, sortKey: local.sortKey });
}

/** Every key attribute, partition attributes first. */
export function allKeyNames(keys: KeyLists): string[] {
  return [...keys.partition, ...keys.sort].map((key) => key.name);
}
