import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cloudFormationTemplate, toCloudFormation } from '../../src/interchange/index.js';
import type { CloudFormationTemplate } from '../../src/interchange/index.js';
import type { Model } from '../../src/model/types.js';
import { EXAMPLE_NAMES, INVENTORY, loadExample } from './fixtures.js';

const schema: object = JSON.parse(readFileSync(new URL('./aws-dynamodb-table.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

function schemaErrors(template: unknown): string[] {
  return validate(template) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

/** Rules between properties that a JSON Schema cannot say: key attributes defined, and nothing else. */
function keyProblems(template: CloudFormationTemplate): string[] {
  const problems: string[] = [];
  for (const [id, resource] of Object.entries(template.Resources)) {
    const properties = resource.Properties;
    const defined = properties.AttributeDefinitions.map((definition) => definition.AttributeName);
    const schemas = [properties.KeySchema, ...(properties.GlobalSecondaryIndexes ?? []).map((index) => index.KeySchema), ...(properties.LocalSecondaryIndexes ?? []).map((index) => index.KeySchema)];
    const used = new Set(schemas.flat().map((element) => element.AttributeName));
    for (const name of used) if (!defined.includes(name)) problems.push(`${id}: ${name} used in a key but not defined`);
    for (const name of defined) if (!used.has(name)) problems.push(`${id}: ${name} defined but in no key`);
    if (new Set(defined).size !== defined.length) problems.push(`${id}: an attribute is defined twice`);
    for (const keySchema of schemas) {
      if (keySchema[0]?.KeyType !== 'HASH' || (keySchema[1] !== undefined && keySchema[1].KeyType !== 'RANGE')) problems.push(`${id}: key schema must be HASH then RANGE`);
    }
    for (const index of properties.LocalSecondaryIndexes ?? []) {
      if (index.KeySchema[0]!.AttributeName !== properties.KeySchema[0]!.AttributeName) problems.push(`${id}: LSI ${index.IndexName} must share the partition key`);
    }
  }
  return problems;
}

const MODELS: [string, () => Model][] = [...EXAMPLE_NAMES.map((name): [string, () => Model] => [name, () => loadExample(name)]), ['inventory (inline)', () => INVENTORY]];

describe('CloudFormation export', () => {
  for (const [name, load] of MODELS) {
    it(`${name}: JSON and YAML are the same template, valid against the resource's schema shape`, () => {
      const model = load();
      const fromJson: CloudFormationTemplate = JSON.parse(toCloudFormation(model, 'json'));
      const fromYaml = parse(toCloudFormation(model, 'yaml')) as CloudFormationTemplate;
      expect(fromYaml).toEqual(fromJson);
      expect(fromJson).toEqual(cloudFormationTemplate(model));
      expect(schemaErrors(fromJson)).toEqual([]);
      expect(keyProblems(fromJson)).toEqual([]);
      expect(Object.values(fromJson.Resources).map((resource) => resource.Properties.TableName)).toEqual(model.tables.map((table) => table.name));
    });
  }

  it('the schema refuses what DynamoDB would', () => {
    const template = cloudFormationTemplate(loadExample('leaderboard'));
    const properties = template.Resources['LeaderboardTable']!.Properties as unknown as Record<string, unknown>;
    const broken = (change: (copy: Record<string, unknown>) => void) => {
      const copy = structuredClone(template);
      change(copy.Resources['LeaderboardTable']!.Properties as unknown as Record<string, unknown>);
      return schemaErrors(copy);
    };
    expect(broken((copy) => (copy['BillingMode'] = 'ON_DEMAND'))).not.toEqual([]);
    expect(broken((copy) => (copy['Color'] = 'red'))).not.toEqual([]);
    expect(broken((copy) => (copy['TableClass'] = 'GLACIER'))).not.toEqual([]);
    expect(broken((copy) => delete copy['KeySchema'])).not.toEqual([]);
    expect(broken((copy) => (copy['ProvisionedThroughput'] = { ReadCapacityUnits: 1, WriteCapacityUnits: 1 }))).not.toEqual([]);
    expect(broken((copy) => ((copy['AttributeDefinitions'] as { AttributeType: string }[])[0]!.AttributeType = 'BOOL'))).not.toEqual([]);
    expect(broken((copy) => ((copy['KeySchema'] as { KeyType: string }[])[0]!.KeyType = 'PARTITION'))).not.toEqual([]);
    expect(broken((copy) => (copy['BillingMode'] = 'PROVISIONED'))).not.toEqual([]);
    expect(properties['BillingMode']).toBe('PAY_PER_REQUEST');
  });

  it('defines only key attributes, once each, for the table and its indexes', () => {
    const properties = cloudFormationTemplate(INVENTORY).Resources['InventoryTable']!.Properties;
    expect(properties.AttributeDefinitions).toEqual([
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
      { AttributeName: 'warehouse', AttributeType: 'S' },
      { AttributeName: 'quantity', AttributeType: 'N' },
      { AttributeName: 'sku', AttributeType: 'S' },
      { AttributeName: 'updatedAt', AttributeType: 'S' },
    ]);
  });

  it('writes billing, projections, LSIs, TTL and the table class as the model says', () => {
    const properties = cloudFormationTemplate(INVENTORY).Resources['InventoryTable']!.Properties;
    expect(properties.BillingMode).toBe('PROVISIONED');
    expect(properties.ProvisionedThroughput).toEqual({ ReadCapacityUnits: 7, WriteCapacityUnits: 3 });
    expect(properties.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'byWarehouse',
        KeySchema: [
          { AttributeName: 'warehouse', KeyType: 'HASH' },
          { AttributeName: 'quantity', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['title', 'price'] },
        ProvisionedThroughput: { ReadCapacityUnits: 4, WriteCapacityUnits: 2 },
      },
      {
        IndexName: 'bySku',
        KeySchema: [{ AttributeName: 'sku', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'KEYS_ONLY' },
        ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 1 },
      },
    ]);
    expect(properties.LocalSecondaryIndexes).toEqual([
      {
        IndexName: 'byUpdated',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'updatedAt', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
    expect(properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
    expect(properties.TableClass).toBe('STANDARD_INFREQUENT_ACCESS');
  });

  it("gives a provisioned GSI without its own figures the table's", () => {
    const table = INVENTORY.tables[0]!;
    const model: Model = { ...INVENTORY, tables: [{ ...table, globalSecondaryIndexes: [{ ...table.globalSecondaryIndexes[1]!, provisioned: undefined }] }] };
    const properties = cloudFormationTemplate(model).Resources['InventoryTable']!.Properties;
    expect(properties.GlobalSecondaryIndexes![0]!.ProvisionedThroughput).toEqual({ ReadCapacityUnits: 7, WriteCapacityUnits: 3 });
  });

  it('derives alphanumeric logical ids from table names and outputs each name and ARN', () => {
    const template = cloudFormationTemplate(INVENTORY);
    expect(Object.keys(template.Resources)).toEqual(['InventoryTable', 'AuditEvents2026Table']);
    expect(template.Outputs['AuditEvents2026TableName']!.Value).toEqual({ Ref: 'AuditEvents2026Table' });
    expect(template.Outputs['AuditEvents2026TableArn']!.Value).toEqual({ 'Fn::GetAtt': ['AuditEvents2026Table', 'Arn'] });
    const clash = cloudFormationTemplate({ ...INVENTORY, tables: [INVENTORY.tables[1]!, { ...INVENTORY.tables[1]!, name: 'audit-events-2026' }] });
    expect(Object.keys(clash.Resources)).toEqual(['AuditEvents2026Table', 'AuditEvents2026Table2']);
  });

  it('keeps YAML-ambiguous values strings', () => {
    const model: Model = { ...INVENTORY, tables: [{ ...INVENTORY.tables[1]!, name: 'yes', partitionKey: { name: '2010-09-09', type: 'S' } }] };
    const fromYaml = parse(toCloudFormation(model, 'yaml'), { version: '1.1' }) as CloudFormationTemplate;
    expect(fromYaml.Resources['YesTable']!.Properties.TableName).toBe('yes');
    expect(fromYaml.Resources['YesTable']!.Properties.KeySchema[0]!.AttributeName).toBe('2010-09-09');
    expect(fromYaml.AWSTemplateFormatVersion).toBe('2010-09-09');
  });
});
