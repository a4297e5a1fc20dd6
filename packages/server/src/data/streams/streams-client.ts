/**
 * A DynamoDB Streams client for a connection, built from its DynamoDB
 * client's own settings: the same region, credentials and request handler
 * (the embedded engine's in-process one included), so a stream is read on
 * every kind of connection and no credential is handled twice.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';

const clients = new WeakMap<DynamoDBClient, Promise<DynamoDBStreamsClient>>();

/** AWS serves streams on their own host (streams.dynamodb.REGION.amazonaws.com); any other endpoint serves both on one. */
export function streamsEndpoint(endpoint: { protocol: string; hostname: string; port?: number | undefined; path: string }): string {
  const hostname = endpoint.hostname.replace(/^dynamodb\.(?=[a-z0-9-]+\.amazonaws\.com(\.cn)?$)/i, 'streams.dynamodb.');
  const port = endpoint.port === undefined ? '' : `:${endpoint.port}`;
  return `${endpoint.protocol}//${hostname}${port}${endpoint.path}`;
}

async function build(client: DynamoDBClient): Promise<DynamoDBStreamsClient> {
  const config = client.config;
  // Without an endpoint of its own, the Streams client finds AWS's from the region.
  const endpoint = config.isCustomEndpoint && config.endpoint !== undefined ? streamsEndpoint(await config.endpoint()) : undefined;
  return new DynamoDBStreamsClient({
    region: config.region,
    credentials: config.credentials,
    requestHandler: config.requestHandler,
    maxAttempts: config.maxAttempts,
    ...(endpoint !== undefined ? { endpoint } : {}),
  });
}

/** One per DynamoDB client; it shares that client's request handler, so it needs no closing of its own. */
export function streamsClientFor(client: DynamoDBClient): Promise<DynamoDBStreamsClient> {
  let found = clients.get(client);
  if (found === undefined) {
    found = build(client);
    clients.set(client, found);
  }
  return found;
}
