/**
 * What the item routes need to know about a table — its keys and class —
 * read with DescribeTable and kept briefly per client, so a Query does not
 * cost a DescribeTable every time.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readTableDescription, type TableShape } from './table-description.js';

const KEEP_MS = 30_000;
const cache = new WeakMap<DynamoDBClient, Map<string, { readonly info: TableShape; readonly at: number }>>();

export async function tableInfo(client: DynamoDBClient, table: string, signal?: AbortSignal): Promise<TableShape> {
  const known = cache.get(client)?.get(table);
  if (known !== undefined && Date.now() - known.at < KEEP_MS) return known.info;
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }), { abortSignal: signal });
  const info = readTableDescription(Table ?? {});
  remember(client, table, info);
  return info;
}

export function remember(client: DynamoDBClient, table: string, info: TableShape): void {
  let tables = cache.get(client);
  if (tables === undefined) cache.set(client, (tables = new Map()));
  tables.set(table, { info, at: Date.now() });
}

/** After the table was created, changed or deleted through us. */
export function forgetTable(client: DynamoDBClient, table: string): void {
  cache.get(client)?.delete(table);
}
