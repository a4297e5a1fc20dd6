/**
 * CreateTable from the UI's form: key attributes, GSIs and LSIs with their
 * projections, billing, class, tags; then TTL once the table is active.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type CreateTableCommandInput,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type Projection,
  type ProvisionedThroughput,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { sleep } from '../backoff.js';
import { NOTHING_CONSUMED, type Consumed } from '../consumed.js';
import { forgetTable } from '../table-info.js';
import type { TimeToLive } from '../shapes.js';
import type { CreateTableInput, GlobalIndexInput } from './schemas.js';
import { streamSpecification } from './stream-settings.js';

type KeyInput = { readonly name: string; readonly type: 'S' | 'N' | 'B' };
type ThroughputInput = { readonly readCapacityUnits: number; readonly writeCapacityUnits: number };

export function throughputOf(input: ThroughputInput): ProvisionedThroughput {
  return { ReadCapacityUnits: input.readCapacityUnits, WriteCapacityUnits: input.writeCapacityUnits };
}

function projectionOf(input: { type: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; nonKeyAttributes?: string[] | undefined } | undefined): Projection {
  if (input === undefined) return { ProjectionType: 'ALL' };
  return { ProjectionType: input.type, ...(input.nonKeyAttributes !== undefined ? { NonKeyAttributes: input.nonKeyAttributes } : {}) };
}

function keySchemaOf(partitionKey: KeyInput, sortKey: KeyInput | undefined) {
  return keyListSchema([partitionKey], sortKey ? [sortKey] : []);
}

/** Every HASH element, then every RANGE element, in key order: several of each on a multi-attribute GSI. */
function keyListSchema(partitionKeys: readonly KeyInput[], sortKeys: readonly KeyInput[]) {
  return [
    ...partitionKeys.map((key) => ({ AttributeName: key.name, KeyType: 'HASH' as const })),
    ...sortKeys.map((key) => ({ AttributeName: key.name, KeyType: 'RANGE' as const })),
  ];
}

/** A GSI's key attributes of each role, whether given one by one or as lists. */
function globalIndexKeys(index: GlobalIndexInput): { readonly partition: readonly KeyInput[]; readonly sort: readonly KeyInput[] } {
  return {
    partition: index.partitionKeys ?? (index.partitionKey !== undefined ? [index.partitionKey] : []),
    sort: index.sortKeys ?? (index.sortKey !== undefined ? [index.sortKey] : []),
  };
}

/** Every key attribute of a GSI, partition attributes first. */
export function globalIndexKeyList(index: GlobalIndexInput): KeyInput[] {
  const keys = globalIndexKeys(index);
  return [...keys.partition, ...keys.sort];
}

/** One definition per attribute name; the same name with two types is left to DynamoDB to refuse. */
export function attributeDefinitions(keys: readonly (KeyInput | undefined)[]): AttributeDefinition[] {
  const seen = new Set<string>();
  const definitions: AttributeDefinition[] = [];
  for (const key of keys) {
    if (key === undefined) continue;
    const identity = `${key.name}\u0000${key.type}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    definitions.push({ AttributeName: key.name, AttributeType: key.type });
  }
  return definitions;
}

export function globalIndexOf(index: GlobalIndexInput, tableThroughput: ThroughputInput | undefined, provisioned: boolean): GlobalSecondaryIndex {
  const throughput = index.provisionedThroughput ?? tableThroughput;
  const keys = globalIndexKeys(index);
  return {
    IndexName: index.name,
    KeySchema: keyListSchema(keys.partition, keys.sort),
    Projection: projectionOf(index.projection),
    ...(provisioned && throughput !== undefined ? { ProvisionedThroughput: throughputOf(throughput) } : {}),
  };
}

function createTableRequest(input: CreateTableInput): CreateTableCommandInput {
  const billing = input.billingMode ?? 'PAY_PER_REQUEST';
  const provisioned = billing === 'PROVISIONED';
  const gsis = input.globalSecondaryIndexes ?? [];
  const lsis = input.localSecondaryIndexes ?? [];
  const keys = [input.partitionKey, input.sortKey, ...gsis.flatMap(globalIndexKeyList), ...lsis.map((l) => l.sortKey)];
  return {
    TableName: input.name,
    AttributeDefinitions: attributeDefinitions(keys),
    KeySchema: keySchemaOf(input.partitionKey, input.sortKey),
    BillingMode: billing,
    ...(input.provisionedThroughput !== undefined ? { ProvisionedThroughput: throughputOf(input.provisionedThroughput) } : {}),
    ...(gsis.length > 0 ? { GlobalSecondaryIndexes: gsis.map((g) => globalIndexOf(g, input.provisionedThroughput, provisioned)) } : {}),
    ...(lsis.length > 0
      ? {
          LocalSecondaryIndexes: lsis.map((l) => ({
            IndexName: l.name,
            KeySchema: keySchemaOf(input.partitionKey, l.sortKey),
            Projection: projectionOf(l.projection),
          })),
        }
      : {}),
    ...(input.tableClass !== undefined ? { TableClass: input.tableClass } : {}),
    ...(input.deletionProtection !== undefined ? { DeletionProtectionEnabled: input.deletionProtection } : {}),
    ...(input.stream?.enabled === true ? { StreamSpecification: streamSpecification(input.stream) } : {}),
    ...(input.tags !== undefined ? { Tags: Object.entries(input.tags).map(([Key, Value]) => ({ Key, Value })) } : {}),
  };
}

export interface CreatedTable {
  readonly table: TableDescription;
  /** When a TTL attribute was asked for: its state, or why it could not be set (the table exists either way). */
  readonly timeToLive?: TimeToLive | { readonly error: { readonly type: string; readonly message: string } };
  readonly request: { readonly operation: 'CreateTable'; readonly wire: CreateTableCommandInput };
  readonly consumed: Consumed;
}

/** How long to wait for a new table to become ACTIVE before setting its TTL. */
const ACTIVE_WAIT_MS = 120_000;
const POLL_MS = 1000;

export async function waitUntilActive(client: DynamoDBClient, name: string, signal: AbortSignal): Promise<void> {
  for (let waited = 0; ; waited += POLL_MS) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }), { abortSignal: signal });
    if (Table?.TableStatus === 'ACTIVE') return;
    if (waited >= ACTIVE_WAIT_MS) throw Object.assign(new Error(`table ${name} was not ACTIVE after ${ACTIVE_WAIT_MS / 1000} s`), { name: 'TableNotActive' });
    await sleep(POLL_MS, signal);
  }
}

async function enableTimeToLive(client: DynamoDBClient, name: string, attribute: string, signal: AbortSignal): Promise<CreatedTable['timeToLive']> {
  try {
    await waitUntilActive(client, name, signal);
    const { TimeToLiveSpecification: spec } = await client.send(
      new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { Enabled: true, AttributeName: attribute } }),
      { abortSignal: signal },
    );
    return { status: spec?.Enabled === false ? 'DISABLED' : 'ENABLED', attributeName: spec?.AttributeName ?? attribute };
  } catch (error) {
    if (signal.aborted) throw error;
    return { error: error instanceof Error ? { type: error.name, message: error.message } : { type: 'InternalError', message: String(error) } };
  }
}

export async function createTable(client: DynamoDBClient, input: CreateTableInput, signal: AbortSignal): Promise<CreatedTable> {
  const request = createTableRequest(input);
  const { TableDescription: table } = await client.send(new CreateTableCommand(request), { abortSignal: signal });
  forgetTable(client, input.name);
  const timeToLive = input.ttlAttribute === undefined ? undefined : await enableTimeToLive(client, input.name, input.ttlAttribute, signal);
  return {
    table: table ?? {},
    ...(timeToLive !== undefined ? { timeToLive } : {}),
    request: { operation: 'CreateTable', wire: request },
    consumed: NOTHING_CONSUMED,
  };
}
