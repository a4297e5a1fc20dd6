/** What a route reads from its path: the connection's SDK client (the registry throws ConnectionNotFound when there is none) and the table. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TableShape } from '../data/table-description.js';
import { tableInfo } from '../data/table-info.js';
import type { ServerContext } from './context.js';

export function clientOf(context: ServerContext, params: Readonly<Record<string, string>>): DynamoDBClient {
  return context.connections.get(params['connectionId'] ?? '').client;
}

export function tableParam(params: Readonly<Record<string, string>>): string {
  return params['table'] ?? '';
}

/** The connection's client and what DescribeTable says of the table in the path (kept briefly per client). */
export async function tableInPath(context: ServerContext, params: Readonly<Record<string, string>>, signal: AbortSignal): Promise<{ client: DynamoDBClient; table: TableShape }> {
  const client = clientOf(context, params);
  return { client, table: await tableInfo(client, tableParam(params), signal) };
}
