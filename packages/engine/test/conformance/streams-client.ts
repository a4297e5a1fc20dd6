/** A DynamoDB Streams client for a conformance target: the same transport and credentials as its DynamoDB client. */
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { engineRequestHandler } from '@dynotable/engine';
import type { ConformanceTarget } from './targets.js';

const CREDENTIALS = { accessKeyId: 'conformance', secretAccessKey: 'conformance' };

/** `region` is the signing region, which the engine's records name as awsRegion. */
export function streamsClient(target: ConformanceTarget, region = 'us-east-1'): DynamoDBStreamsClient {
  if (target.endpoint !== null) {
    return new DynamoDBStreamsClient({ endpoint: target.endpoint, region, credentials: CREDENTIALS, maxAttempts: target.isDynamoDbLocal ? 5 : 1 });
  }
  return new DynamoDBStreamsClient({
    endpoint: 'http://engine.local',
    region,
    credentials: CREDENTIALS,
    maxAttempts: 1,
    requestHandler: engineRequestHandler(target.engine!),
  });
}
