/** One DynamoDB operation in wire JSON: a connection's client through the SDK, or an engine directly in tests. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { sendWireOperation } from '../connections/sdk-operations.js';

export type WireSend = (operation: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

export function clientSend(client: DynamoDBClient): WireSend {
  return (operation, input) => sendWireOperation(client, operation, input);
}

/** Resolves after `ms`, or at once when the signal aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
