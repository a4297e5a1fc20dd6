/**
 * Vitest global setup for the conformance project: one DynamoDB Local for the
 * whole run, shared by every conformance file. Without Java the DynamoDB Local
 * target is skipped locally, but CI must fail. DYNAMODB_LOCAL_ENDPOINT points
 * the run at an already running DynamoDB Local instead of starting one;
 * CONFORMANCE_TARGETS without `dynamodb-local` skips starting it.
 */
import type { TestProject } from 'vitest/node';
import { javaProblem, startDynamoDbLocal } from '../../../core/test/support/dynamodb-local.js';
import { selectedTargetNames } from './target-names.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const existing = process.env.DYNAMODB_LOCAL_ENDPOINT;
  if (existing) {
    project.provide('dynamoDbLocal', { endpoint: existing, skipReason: null });
    return async () => {};
  }
  if (!selectedTargetNames().includes('dynamodb-local')) {
    project.provide('dynamoDbLocal', { endpoint: null, skipReason: 'CONFORMANCE_TARGETS leaves it out' });
    return async () => {};
  }
  const problem = javaProblem();
  if (problem !== null) {
    if (process.env.CI) {
      throw new Error(`Conformance tests need Java 17 for DynamoDB Local in CI, but ${problem}. Install a Java 17 runtime.`);
    }
    project.provide('dynamoDbLocal', { endpoint: null, skipReason: `${problem}; install Java 17 to run them` });
    return async () => {};
  }
  const running = await startDynamoDbLocal();
  project.provide('dynamoDbLocal', { endpoint: running.endpoint, skipReason: null });
  return running.stop;
}
