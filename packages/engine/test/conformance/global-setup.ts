/**
 * Vitest global setup for the conformance project: the run's one DynamoDB
 * Local, shared with the oracle project (see
 * core/test/support/dynamodb-local-setup.ts). Without Java the DynamoDB Local
 * target is skipped locally, but CI must fail. DYNAMODB_LOCAL_ENDPOINT points
 * the run at an already running DynamoDB Local instead of starting one;
 * CONFORMANCE_TARGETS without `dynamodb-local` skips starting it.
 */
import type { TestProject } from 'vitest/node';
import { shareDynamoDbLocal } from '../../../core/test/support/dynamodb-local-setup.js';
import { selectedTargetNames } from './target-names.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!process.env.DYNAMODB_LOCAL_ENDPOINT && !selectedTargetNames().includes('dynamodb-local')) {
    project.provide('dynamoDbLocal', { endpoint: null, skipReason: 'CONFORMANCE_TARGETS leaves it out' });
    return async () => {};
  }
  return shareDynamoDbLocal(project);
}
