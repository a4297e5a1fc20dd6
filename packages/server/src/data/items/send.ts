/** Sends a request built as core's CodegenParams (core values are the SDK's shapes) and converts what comes back to wire JSON. */
import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  UpdateItemCommand,
  type ConsumedCapacity,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { itemToWire, type CodegenOperation, type CodegenParams, type Item, type WireItem } from '@dynotable/core';

/* eslint-disable @typescript-eslint/no-explicit-any -- core's AttributeValue is the SDK's, minus the SDK's open-ended union member */
const COMMANDS: Record<CodegenOperation, new (input: any) => any> = {
  GetItem: GetItemCommand,
  PutItem: PutItemCommand,
  UpdateItem: UpdateItemCommand,
  DeleteItem: DeleteItemCommand,
  Query: QueryCommand,
  Scan: ScanCommand,
};

export interface SdkOutput {
  readonly Item?: Item;
  readonly Items?: Item[];
  readonly Attributes?: Item;
  readonly Count?: number;
  readonly ScannedCount?: number;
  readonly LastEvaluatedKey?: Item;
  readonly ConsumedCapacity?: ConsumedCapacity;
}

export async function sendRequest(client: DynamoDBClient, operation: CodegenOperation, params: CodegenParams, signal?: AbortSignal): Promise<SdkOutput> {
  const Command = COMMANDS[operation];
  return (await client.send(new Command(params), { abortSignal: signal })) as SdkOutput;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export function wireOf(item: Item | undefined): WireItem | undefined {
  return item === undefined ? undefined : itemToWire(item);
}
