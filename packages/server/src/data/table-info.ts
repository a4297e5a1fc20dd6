/**
 * What the item routes need to know about a table — its key attributes and
 * class — read with DescribeTable and kept briefly per client, so a Query
 * does not cost a DescribeTable every time.
 */
import { DescribeTableCommand, type DynamoDBClient, type TableDescription } from '@aws-sdk/client-dynamodb';
import type { TableClass } from './consumed.js';

export interface TableInfo {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey?: string;
  readonly tableClass?: TableClass;
  /** Approximate on AWS (refreshed about every six hours). */
  readonly itemCount?: number;
}

const KEEP_MS = 30_000;
const cache = new WeakMap<DynamoDBClient, Map<string, { readonly info: TableInfo; readonly at: number }>>();

export function tableInfoOf(description: TableDescription): TableInfo {
  const hash = description.KeySchema?.find((key) => key.KeyType === 'HASH')?.AttributeName ?? '';
  const range = description.KeySchema?.find((key) => key.KeyType === 'RANGE')?.AttributeName;
  const tableClass = description.TableClassSummary?.TableClass as TableClass | undefined;
  return {
    name: description.TableName ?? '',
    partitionKey: hash,
    ...(range !== undefined ? { sortKey: range } : {}),
    ...(tableClass !== undefined ? { tableClass } : {}),
    ...(description.ItemCount !== undefined ? { itemCount: description.ItemCount } : {}),
  };
}

export function keyAttributes(info: TableInfo): string[] {
  return info.sortKey === undefined ? [info.partitionKey] : [info.partitionKey, info.sortKey];
}

export async function tableInfo(client: DynamoDBClient, table: string, signal?: AbortSignal): Promise<TableInfo> {
  const known = cache.get(client)?.get(table);
  if (known !== undefined && Date.now() - known.at < KEEP_MS) return known.info;
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }), { abortSignal: signal });
  const info = tableInfoOf(Table ?? {});
  remember(client, table, info);
  return info;
}

export function remember(client: DynamoDBClient, table: string, info: TableInfo): void {
  let tables = cache.get(client);
  if (tables === undefined) cache.set(client, (tables = new Map()));
  tables.set(table, { info, at: Date.now() });
}

/** After the table was created, changed or deleted through us. */
export function forgetTable(client: DynamoDBClient, table: string): void {
  cache.get(client)?.delete(table);
}
