/** Where an item sits in the table and in each index, and whether it is found there. */
import type { EntitySpec, KeyAttribute, TableSpec } from '../model/types.js';
import type { Item } from '../values/types.js';
import { itemFromWire, itemToWire } from '../values/wire.js';
import { itemIdentity } from './sample-items.js';
import type { VerifyTarget } from './target.js';

export interface IndexKeys {
  /** Undefined for the base table. */
  readonly index?: string;
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /** Every key attribute, partition ones first: more than two only on a GSI with a multi-attribute key. */
  readonly keys: readonly KeyAttribute[];
}

/** The base table first, then its GSIs and LSIs. */
export function tableIndexKeys(table: TableSpec): IndexKeys[] {
  return [
    { name: `table ${table.name}`, partitionKey: table.partitionKey, sortKey: table.sortKey, keys: [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])] },
    ...table.globalSecondaryIndexes.map((index) => ({
      index: index.name,
      name: index.name,
      partitionKey: index.partitionKey,
      sortKey: index.sortKey,
      keys: [...index.partitionKeys, ...index.sortKeys],
    })),
    ...table.localSecondaryIndexes.map((index) => ({ index: index.name, name: index.name, partitionKey: table.partitionKey, sortKey: index.sortKey, keys: [table.partitionKey, index.sortKey] })),
  ];
}

/** The item's key in that index, or undefined when the item is not in it (a sparse key is missing). */
export function indexKeyOf(keys: IndexKeys, item: Item): Item | undefined {
  // An item is in an index only with every one of its key attributes.
  if (keys.keys.some((key) => item[key.name] === undefined)) return undefined;
  return Object.fromEntries(keys.keys.map((key) => [key.name, item[key.name]!]));
}

/** Queries the exact key position in the index and looks for the item's identity among what is there. */
export async function itemAt(target: VerifyTarget, tableName: string, keys: IndexKeys, place: Item, entity: EntitySpec, identity: string): Promise<boolean> {
  // The exact position: every key attribute with =.
  const wire = itemToWire(place);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  keys.keys.forEach((key, i) => {
    names[`#k${i}`] = key.name;
    values[`:k${i}`] = wire[key.name];
  });
  const condition = keys.keys.map((_, i) => `#k${i} = :k${i}`).join(' AND ');
  let startKey: unknown;
  do {
    const output = (await target.execute('Query', {
      TableName: tableName,
      ...(keys.index ? { IndexName: keys.index } : {}),
      KeyConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    })) as { Items?: unknown[]; LastEvaluatedKey?: unknown };
    if ((output.Items ?? []).some((item) => itemIdentity(entity, itemFromWire(item)) === identity)) return true;
    startKey = output.LastEvaluatedKey;
  } while (startKey !== undefined);
  return false;
}
