/** Table plumbing shared by the oracle tests: unique tables, batched writes, paged reads. */
import { afterAll, beforeAll } from 'vitest';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import type { CreateTableCommandInput, DynamoDBClient, QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '@dynotable/core';
import type { Item, KeyType, TableSpec } from '@dynotable/core';
import { oracleClient } from '../support/dynamodb-local.js';

let tableCounter = 0;

/** A table name no other test file uses at the same time. */
export function uniqueTableName(prefix: string): string {
  tableCounter += 1;
  return `${prefix}-${process.pid}-${tableCounter}-${Date.now().toString(36)}`;
}

export interface KeySchema {
  partitionKey: string;
  partitionType: KeyType;
  sortKey?: string;
  sortType?: KeyType;
}

/** Creates an on-demand table; DynamoDB Local makes it ACTIVE at once. */
export async function createTable(client: DynamoDBClient, name: string, schema: KeySchema): Promise<void> {
  const attributes = [{ AttributeName: schema.partitionKey, AttributeType: schema.partitionType }];
  const keys: Array<{ AttributeName: string; KeyType: 'HASH' | 'RANGE' }> = [
    { AttributeName: schema.partitionKey, KeyType: 'HASH' },
  ];
  if (schema.sortKey !== undefined) {
    attributes.push({ AttributeName: schema.sortKey, AttributeType: schema.sortType ?? 'S' });
    keys.push({ AttributeName: schema.sortKey, KeyType: 'RANGE' });
  }
  await client.send(
    new CreateTableCommand({
      TableName: name,
      AttributeDefinitions: attributes,
      KeySchema: keys,
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
}

/** Creates a model's table (keys, indexes, projections) under another name, as verify creates it. */
export async function createModelTable(client: DynamoDBClient, table: TableSpec, name: string): Promise<void> {
  await client.send(new CreateTableCommand(createTableInput(table, name) as unknown as CreateTableCommandInput));
}

export async function deleteTable(client: DynamoDBClient, name: string): Promise<void> {
  await client.send(new DeleteTableCommand({ TableName: name }));
}

/** Writes items 25 at a time, retrying whatever DynamoDB hands back unprocessed. */
export async function putAll(client: DynamoDBClient, table: string, items: Item[]): Promise<void> {
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((item) => ({ PutRequest: { Item: item } }));
    while (requests.length > 0) {
      const result = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
      requests = (result.UnprocessedItems?.[table] ?? []).flatMap((request) =>
        request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item as Item } }] : [],
      );
    }
  }
}

/** Every item of a Query, following LastEvaluatedKey across pages. */
export async function queryAll(client: DynamoDBClient, input: QueryCommandInput): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as Item[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
  return items;
}

/** Runs `task` over `inputs` with at most `limit` in flight, keeping input order. */
export async function mapConcurrent<T, R>(inputs: readonly T[], limit: number, task: (input: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await task(inputs[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}

/** The client and tables of one describe block: the client is opened before its tests, the tables deleted after them. */
export interface OracleSession {
  readonly client: DynamoDBClient;
  /** Tables to delete when the block is done. */
  readonly tables: string[];
}

/** Call inside a describe block; `client` is there from its beforeAll hooks on. */
export function oracleSession(): OracleSession {
  let client: DynamoDBClient | undefined;
  const tables: string[] = [];
  beforeAll(() => {
    client = oracleClient();
  });
  afterAll(async () => {
    for (const table of tables) await deleteTable(client!, table);
    client?.destroy();
  });
  return {
    get client() {
      return client!;
    },
    tables,
  };
}

/** The PartiQL oracle tests' table: pk/sk strings, and a GSI byStatus on status (S) and n (N). */
export function partiqlOracleTableInput(TableName: string): CreateTableCommandInput {
  return {
    TableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
      { AttributeName: 'status', AttributeType: 'S' },
      { AttributeName: 'n', AttributeType: 'N' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'byStatus',
        KeySchema: [
          { AttributeName: 'status', KeyType: 'HASH' },
          { AttributeName: 'n', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  };
}
