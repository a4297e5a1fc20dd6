/** Runs a DynamoDB operation named as on the wire through the AWS SDK v3 client. */
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { sdkToWire, wireToSdk } from './sdk-shapes.js';

// Each command takes its own input type; the wire JSON is converted to the SDK's shapes first.
type Send = (client: DynamoDBClient, input: never) => Promise<object>;

const OPERATIONS: Record<string, Send> = {
  BatchGetItem: (client, input) => client.send(new BatchGetItemCommand(input)),
  BatchWriteItem: (client, input) => client.send(new BatchWriteItemCommand(input)),
  CreateTable: (client, input) => client.send(new CreateTableCommand(input)),
  DeleteItem: (client, input) => client.send(new DeleteItemCommand(input)),
  DeleteTable: (client, input) => client.send(new DeleteTableCommand(input)),
  DescribeTable: (client, input) => client.send(new DescribeTableCommand(input)),
  DescribeTimeToLive: (client, input) => client.send(new DescribeTimeToLiveCommand(input)),
  GetItem: (client, input) => client.send(new GetItemCommand(input)),
  ListTables: (client, input) => client.send(new ListTablesCommand(input)),
  PutItem: (client, input) => client.send(new PutItemCommand(input)),
  Query: (client, input) => client.send(new QueryCommand(input)),
  Scan: (client, input) => client.send(new ScanCommand(input)),
  TransactGetItems: (client, input) => client.send(new TransactGetItemsCommand(input)),
  TransactWriteItems: (client, input) => client.send(new TransactWriteItemsCommand(input)),
  UpdateItem: (client, input) => client.send(new UpdateItemCommand(input)),
  UpdateTable: (client, input) => client.send(new UpdateTableCommand(input)),
  UpdateTimeToLive: (client, input) => client.send(new UpdateTimeToLiveCommand(input)),
};

export async function sendWireOperation(client: DynamoDBClient, operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const send = OPERATIONS[operation];
  if (send === undefined) throw new Error(`operation ${operation} is not supported here`);
  const output = await send(client, wireToSdk(input) as never);
  return sdkToWire(output);
}
