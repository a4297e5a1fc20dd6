/** The SDK client of the connection named in the path (ApiError 404 ConnectionNotFound from the registry otherwise). */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ServerContext } from './context.js';

export function clientOf(context: ServerContext, params: Readonly<Record<string, string>>): DynamoDBClient {
  return context.connections.get(params['connectionId'] ?? '').client;
}

export function tableParam(params: Readonly<Record<string, string>>): string {
  return params['table'] ?? '';
}
