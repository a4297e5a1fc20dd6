/** Sends one DynamoDB operation by name through an SDK client; the answer or the error as comparable data. */
import * as sdk from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { errorOutcome, responseOutcome } from './canonical.js';
import type { Outcome } from './canonical.js';
import type { Input } from './requests.js';

// The inputs are built from typed scenario data; the SDK's input types are checked by DynamoDB's own validation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const commandOf = (operation: string) => (sdk as unknown as Record<string, (new (input: any) => any) | undefined>)[`${operation}Command`];

/**
 * The raw response (for paging) and its comparable form. DynamoDB Local keeps
 * numbers nested in L and M as they were written (`1E1`, `-000.50`) where
 * DynamoDB stores and returns every number in one normal form, so Local's
 * answers get their numbers normalized (`normalizeNumbers`).
 */
export async function send(client: DynamoDBClient, operation: string, input: Input, normalizeNumbers = false): Promise<{ raw?: Record<string, unknown>; outcome: Outcome }> {
  const Command = commandOf(operation);
  if (Command === undefined) throw new Error(`no command for ${operation}`);
  try {
    const raw = (await (client.send(new Command(input)) as Promise<unknown>)) as Record<string, unknown>;
    return { raw, outcome: responseOutcome(raw, normalizeNumbers) };
  } catch (error) {
    return { outcome: errorOutcome(error, normalizeNumbers) };
  }
}
