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
}

/** The base table first, then its GSIs and LSIs. */
export function tableIndexKeys(table: TableSpec): IndexKeys[] {
  return [
    { name: `table ${table.name}`, partitionKey: table.partitionKey, sortKey: table.sortKey },
    ...table.globalSecondaryIndexes.map((index) => ({ index: index.name, name: index.name, partitionKey: index.partitionKey, sortKey: index.sortKey })),
    ...table.localSecondaryIndexes.map((index) => ({ index: index.name, name: index.name, partitionKey: table.partitionKey, sortKey: index.sortKey })),
  ];
}

/** The item's key in that index, or undefined when the item is not in it (a sparse key is missing). */
export function indexKeyOf(keys: IndexKeys, item: Item): Item | undefined {
  const partition = item[keys.partitionKey.name];
  const sort = keys.sortKey ? item[keys.sortKey.name] : undefined;
  if (partition === undefined || (keys.sortKey && sort === undefined)) return undefined;
  return keys.sortKey ? { [keys.partitionKey.name]: partition, [keys.sortKey.name]: sort! } : { [keys.partitionKey.name]: partition };
}

/** Queries the exact key position in the index and looks for the item's identity among what is there. */
export async function itemAt(target: VerifyTarget, tableName: string, keys: IndexKeys, place: Item, entity: EntitySpec, identity: string): Promise<boolean> {
  const names: Record<string, string> = { '#p': keys.partitionKey.name };
  const wire = itemToWire(place);
  const values: Record<string, unknown> = { ':p': wire[keys.partitionKey.name] };
  let condition = '#p = :p';
  if (keys.sortKey) {
    names['#s'] = keys.sortKey.name;
    values[':s'] = wire[keys.sortKey.name];
    condition += ' AND #s = :s';
  }
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
