/**
 * Vitest global setup for the oracle project: one DynamoDB Local for the whole
 * run. Without Java the oracle tests are skipped locally, but CI must fail.
 */
import type { TestProject } from 'vitest/node';
import { javaProblem, startDynamoDbLocal } from '../support/dynamodb-local.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const problem = javaProblem();
  if (problem !== null) {
    if (process.env.CI) {
      throw new Error(`DynamoDB Local oracle tests need Java 17 in CI, but ${problem}. Install a Java 17 runtime.`);
    }
    project.provide('dynamoDbLocal', { endpoint: null, skipReason: `${problem}; install Java 17 to run them` });
    return async () => {};
  }
  const running = await startDynamoDbLocal();
  project.provide('dynamoDbLocal', { endpoint: running.endpoint, skipReason: null });
  return running.stop;
}
