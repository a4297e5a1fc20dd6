/** Sends one DynamoDB operation by name through an SDK client; the answer or the error as comparable data. */
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { errorOutcome, responseOutcome } from './canonical.js';
import type { Outcome } from './canonical.js';
import type { Input } from './requests.js';

// The inputs are built from typed scenario data; the SDK's input types are checked by DynamoDB's own validation.
/* eslint-disable @typescript-eslint/no-explicit-any */
const commands: Record<string, (client: DynamoDBClient, input: Input) => Promise<unknown>> = {
  CreateTable: (client, input) => client.send(new CreateTableCommand(input as any)),
  DeleteTable: (client, input) => client.send(new DeleteTableCommand(input as any)),
  PutItem: (client, input) => client.send(new PutItemCommand(input as any)),
  GetItem: (client, input) => client.send(new GetItemCommand(input as any)),
  UpdateItem: (client, input) => client.send(new UpdateItemCommand(input as any)),
  DeleteItem: (client, input) => client.send(new DeleteItemCommand(input as any)),
  Query: (client, input) => client.send(new QueryCommand(input as any)),
  Scan: (client, input) => client.send(new ScanCommand(input as any)),
  BatchWriteItem: (client, input) => client.send(new BatchWriteItemCommand(input as any)),
  BatchGetItem: (client, input) => client.send(new BatchGetItemCommand(input as any)),
  TransactWriteItems: (client, input) => client.send(new TransactWriteItemsCommand(input as any)),
  TransactGetItems: (client, input) => client.send(new TransactGetItemsCommand(input as any)),
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * The raw response (for paging) and its comparable form. DynamoDB Local keeps
 * numbers nested in L and M as they were written (`1E1`, `-000.50`) where
 * DynamoDB stores and returns every number in one normal form, so Local's
 * answers get their numbers normalized (`normalizeNumbers`).
 */
export async function send(client: DynamoDBClient, operation: string, input: Input, normalizeNumbers = false): Promise<{ raw?: Record<string, unknown>; outcome: Outcome }> {
  const make = commands[operation];
  if (make === undefined) throw new Error(`no command for ${operation}`);
  try {
    const raw = (await make(client, input)) as Record<string, unknown>;
    return { raw, outcome: responseOutcome(raw, normalizeNumbers) };
  } catch (error) {
    return { outcome: errorOutcome(error, normalizeNumbers) };
  }
}
