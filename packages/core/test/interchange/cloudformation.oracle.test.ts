/**
 * The CloudFormation export creates on DynamoDB Local the table the model
 * describes: each resource's Properties become a CreateTable call (the
 * property names are CreateTable's), and DescribeTable must match the model.
 * DynamoDB Local accepts TableClass but does not report it, so the table class
 * is checked by the schema test only.
 */
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { CreateTableCommandInput, DynamoDBClient, TableDescription } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toCloudFormation } from '../../src/interchange/index.js';
import type { CloudFormationTemplate } from '../../src/interchange/index.js';
import type { KeyAttribute, Model, Projection, TableSpec } from '../../src/model/types.js';
import { oracleClient, oracleUnavailable } from '../support/dynamodb-local.js';
import { EXAMPLE_NAMES, INVENTORY, loadExample } from './fixtures.js';

const skip = oracleUnavailable();
let client: DynamoDBClient;
const created: string[] = [];
let counter = 0;

beforeAll(() => {
  if (!skip) client = oracleClient();
});

afterAll(async () => {
  if (skip) return;
  for (const name of created) await client.send(new DeleteTableCommand({ TableName: name }));
  client.destroy();
});

/** The test-side mapper: CloudFormation's Properties → CreateTable (same names) and UpdateTimeToLive. */
async function createFromProperties(properties: Record<string, unknown>, tableName: string): Promise<void> {
  const { TimeToLiveSpecification, TableName: _ignored, ...rest } = properties;
  const input = { ...rest, TableName: tableName } as CreateTableCommandInput;
  await client.send(new CreateTableCommand(input));
  created.push(tableName);
  if (TimeToLiveSpecification !== undefined) {
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: TimeToLiveSpecification as { AttributeName: string; Enabled: boolean } }));
  }
}

const keySchema = (partitionKey: KeyAttribute, sortKey: KeyAttribute | undefined) => [
  { AttributeName: partitionKey.name, KeyType: 'HASH' },
  ...(sortKey ? [{ AttributeName: sortKey.name, KeyType: 'RANGE' }] : []),
];

const projection = (spec: Projection) =>
  spec.type === 'INCLUDE' ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...spec.attributes].sort() } : { ProjectionType: spec.type };

/** What DescribeTable should say, computed from the model alone. */
function expectedDescription(table: TableSpec) {
  const keys = [table.partitionKey, table.sortKey, ...table.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]), ...table.localSecondaryIndexes.map((index) => index.sortKey)];
  const definitions = new Map<string, string>();
  for (const key of keys) if (key) definitions.set(key.name, key.type);
  const provisioned = table.billingMode === 'PROVISIONED';
  return {
    keySchema: keySchema(table.partitionKey, table.sortKey),
    attributeDefinitions: [...definitions].map(([name, type]) => ({ AttributeName: name, AttributeType: type })).sort((a, b) => a.AttributeName.localeCompare(b.AttributeName)),
    billingMode: table.billingMode,
    throughput: provisioned ? [table.provisioned?.readUnits, table.provisioned?.writeUnits] : [0, 0],
    globalSecondaryIndexes: table.globalSecondaryIndexes
      .map((index) => ({
        name: index.name,
        keySchema: keySchema(index.partitionKey, index.sortKey),
        projection: projection(index.projection),
        throughput: provisioned ? [(index.provisioned ?? table.provisioned)?.readUnits, (index.provisioned ?? table.provisioned)?.writeUnits] : [0, 0],
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    localSecondaryIndexes: table.localSecondaryIndexes
      .map((index) => ({ name: index.name, keySchema: keySchema(table.partitionKey, index.sortKey), projection: projection(index.projection) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

function actualDescription(table: TableDescription) {
  const sortedProjection = (spec: { ProjectionType?: string; NonKeyAttributes?: string[] } | undefined) =>
    spec?.NonKeyAttributes ? { ProjectionType: spec.ProjectionType, NonKeyAttributes: [...spec.NonKeyAttributes].sort() } : { ProjectionType: spec?.ProjectionType };
  return {
    keySchema: table.KeySchema,
    attributeDefinitions: [...(table.AttributeDefinitions ?? [])].sort((a, b) => (a.AttributeName ?? '').localeCompare(b.AttributeName ?? '')),
    // Provisioned is DynamoDB's default and the summary may be left out for it.
    billingMode: table.BillingModeSummary?.BillingMode ?? 'PROVISIONED',
    throughput: [table.ProvisionedThroughput?.ReadCapacityUnits, table.ProvisionedThroughput?.WriteCapacityUnits],
    globalSecondaryIndexes: (table.GlobalSecondaryIndexes ?? [])
      .map((index) => ({
        name: index.IndexName,
        keySchema: index.KeySchema,
        projection: sortedProjection(index.Projection),
        // On-demand: DynamoDB reports 0 units; DynamoDB Local leaves the figures out.
        throughput: [index.ProvisionedThroughput?.ReadCapacityUnits ?? 0, index.ProvisionedThroughput?.WriteCapacityUnits ?? 0],
      }))
      .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
    localSecondaryIndexes: (table.LocalSecondaryIndexes ?? [])
      .map((index) => ({ name: index.IndexName, keySchema: index.KeySchema, projection: sortedProjection(index.Projection) }))
      .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
  };
}

const MODELS: [string, () => Model][] = [...EXAMPLE_NAMES.map((name): [string, () => Model] => [name, () => loadExample(name)]), ['inventory (inline)', () => INVENTORY]];

describe.skipIf(skip)('CloudFormation export on DynamoDB Local', () => {
  for (const [name, load] of MODELS) {
    for (const format of ['json', 'yaml'] as const) {
      it(`${name} (${format}): CreateTable from the template gives the model's tables`, async () => {
        const model = load();
        const text = toCloudFormation(model, format);
        const template = (format === 'json' ? JSON.parse(text) : parse(text)) as CloudFormationTemplate;
        const resources = Object.values(template.Resources);
        expect(resources).toHaveLength(model.tables.length);
        for (const resource of resources) {
          const table = model.tables.find((candidate) => candidate.name === resource.Properties.TableName)!;
          const tableName = `cfn-${process.pid}-${(counter += 1)}`;
          await createFromProperties(resource.Properties as unknown as Record<string, unknown>, tableName);
          const described = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table!;
          expect(actualDescription(described)).toEqual(expectedDescription(table));
          const ttl = (await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }))).TimeToLiveDescription;
          if (table.timeToLiveAttribute === undefined) expect(ttl?.TimeToLiveStatus).toBe('DISABLED');
          else expect(ttl).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: table.timeToLiveAttribute });
        }
      });
    }
  }
});
