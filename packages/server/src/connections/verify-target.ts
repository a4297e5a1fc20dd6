/** Verification targets: the embedded engine in this process, or any endpoint through the AWS SDK. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { VerifyTarget } from '@dynotable/core';
import { createEngine } from '@dynotable/engine';
import { sendWireOperation } from './sdk-operations.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function embeddedEngineTarget(): VerifyTarget & { close(): void } {
  const engine = createEngine();
  return {
    execute: async (operation, input) => engine.execute(operation, input) as Record<string, unknown>,
    sleep,
    eventuallyConsistentIndexes: false,
    close: () => engine.close(),
  };
}

export function sdkTarget(client: DynamoDBClient, eventuallyConsistentIndexes: boolean): VerifyTarget {
  return { execute: (operation, input) => sendWireOperation(client, operation, input), sleep, eventuallyConsistentIndexes };
}
