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
const commands: Record<string, new (input: any) => any> = {
  CreateTable: CreateTableCommand,
  DeleteTable: DeleteTableCommand,
  PutItem: PutItemCommand,
  GetItem: GetItemCommand,
  UpdateItem: UpdateItemCommand,
  DeleteItem: DeleteItemCommand,
  Query: QueryCommand,
  Scan: ScanCommand,
  BatchWriteItem: BatchWriteItemCommand,
  BatchGetItem: BatchGetItemCommand,
  TransactWriteItems: TransactWriteItemsCommand,
  TransactGetItems: TransactGetItemsCommand,
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * The raw response (for paging) and its comparable form. DynamoDB Local keeps
 * numbers nested in L and M as they were written (`1E1`, `-000.50`) where
 * DynamoDB stores and returns every number in one normal form, so Local's
 * answers get their numbers normalized (`normalizeNumbers`).
 */
export async function send(client: DynamoDBClient, operation: string, input: Input, normalizeNumbers = false): Promise<{ raw?: Record<string, unknown>; outcome: Outcome }> {
  const Command = commands[operation];
  if (Command === undefined) throw new Error(`no command for ${operation}`);
  try {
    const raw = (await (client.send(new Command(input)) as Promise<unknown>)) as Record<string, unknown>;
    return { raw, outcome: responseOutcome(raw, normalizeNumbers) };
  } catch (error) {
    return { outcome: errorOutcome(error, normalizeNumbers) };
  }
}
