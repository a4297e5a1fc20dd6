/** An AWS SDK v3 DynamoDB client for an endpoint URL, a named profile (SSO and credential_process included) or the default chain. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { fromNodeProviderChain } from '@aws-sdk/credential-providers';
import { profileCredentials } from './credential-process.js';

export interface ClientOptions {
  readonly endpoint?: string;
  readonly profile?: string;
  readonly region?: string;
}

/** True unless the endpoint is a local or third-party one: AWS costs money and deserves a question first. */
export function isAwsTarget(options: ClientOptions): boolean {
  if (options.endpoint === undefined) return true;
  try {
    return /(^|\.)amazonaws\.com(\.cn)?$/i.test(new URL(options.endpoint).hostname);
  } catch {
    return false;
  }
}

export function createDynamoClient(options: ClientOptions, env: NodeJS.ProcessEnv = process.env): DynamoDBClient {
  const region = options.region ?? env['AWS_REGION'] ?? env['AWS_DEFAULT_REGION'] ?? (options.endpoint ? 'us-east-1' : undefined);
  const local = options.endpoint !== undefined && !isAwsTarget(options);
  // Local endpoints (DynamoDB Local, LocalStack, the embedded engine) accept any key; a machine without AWS credentials still reaches them.
  const credentials = options.profile
    ? profileCredentials(options.profile, env)
    : local && env['AWS_ACCESS_KEY_ID'] === undefined && env['AWS_PROFILE'] === undefined
      ? { accessKeyId: 'local', secretAccessKey: 'local' }
      : fromNodeProviderChain();
  return new DynamoDBClient({ region, endpoint: options.endpoint, credentials, maxAttempts: 5 });
}
