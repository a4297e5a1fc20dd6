/** Exports of a GSI with a multi-attribute key: every format writes all its attributes, or says it cannot. */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compareTable, createTableRequest } from '../../src/apply/index.js';
import { liveTableSpec } from '../../src/apply/live-table.js';
import { cloudFormationTemplate, exportModel, fromNoSqlWorkbench, toCdk, toNoSqlWorkbench, toTerraform } from '../../src/interchange/index.js';
import { parseModel, serializeModel } from '../../src/model/index.js';
import { describeCreated } from '../apply/live-description.js';
import { MULTI_ATTRIBUTE } from './fixtures.js';

const table = MULTI_ATTRIBUTE.tables[0]!;
const GSI1_KEY_SCHEMA = [
  { AttributeName: 'tenantId', KeyType: 'HASH' },
  { AttributeName: 'teamId', KeyType: 'HASH' },
  { AttributeName: 'status', KeyType: 'RANGE' },
  { AttributeName: 'priority', KeyType: 'RANGE' },
];

describe('a multi-attribute GSI key', () => {
  it('survives the model file in YAML and JSON, written as lists', () => {
    const yaml = serializeModel(MULTI_ATTRIBUTE);
    expect(yaml).toMatch(/partitionKey:\s*\n?\s*- \{ name: tenantId, type: S \}|partitionKey: \[ \{ name: tenantId, type: S \}, \{ name: teamId, type: S \} \]/);
    expect(parseModel(yaml, 'tickets.yaml')).toEqual(MULTI_ATTRIBUTE);
    expect(parseModel(serializeModel(MULTI_ATTRIBUTE, 'json'), 'tickets.json')).toEqual(MULTI_ATTRIBUTE);
  });

  it('is one KeySchema of HASH attributes then RANGE attributes in CreateTable and CloudFormation, each defined with its type', () => {
    const request = createTableRequest(table);
    expect(request.GlobalSecondaryIndexes![0]!.KeySchema).toEqual(GSI1_KEY_SCHEMA);
    expect(request.AttributeDefinitions).toEqual(
      expect.arrayContaining([
        { AttributeName: 'tenantId', AttributeType: 'S' },
        { AttributeName: 'teamId', AttributeType: 'S' },
        { AttributeName: 'status', AttributeType: 'S' },
        { AttributeName: 'priority', AttributeType: 'N' },
      ]),
    );
    const template = cloudFormationTemplate(MULTI_ATTRIBUTE);
    const properties = Object.values(template.Resources)[0]!.Properties;
    expect(properties.GlobalSecondaryIndexes![0]!.KeySchema).toEqual(GSI1_KEY_SCHEMA);
    const schema: object = JSON.parse(readFileSync(new URL('./aws-dynamodb-table.schema.json', import.meta.url), 'utf8'));
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate(template), JSON.stringify(validate.errors)).toBe(true);
  });

  it('reads back from DescribeTable as the model says, and an attribute moved between roles is a difference', () => {
    expect(liveTableSpec(describeCreated(createTableRequest(table)))).toEqual({ ...table, tableClass: 'STANDARD' });
    expect(compareTable(table, describeCreated(createTableRequest(table))).equal).toBe(true);
    const gsi = table.globalSecondaryIndexes[0]!;
    const moved = {
      ...table,
      globalSecondaryIndexes: [{ ...gsi, partitionKeys: [gsi.partitionKeys[0]!], sortKeys: [gsi.partitionKeys[1]!, ...gsi.sortKeys] }, table.globalSecondaryIndexes[1]!],
    };
    const result = compareTable(moved, describeCreated(createTableRequest(table)));
    expect(result.differences.map((difference) => difference.kind)).toEqual(['index-keys']);
  });

  it('is created by UpdateTable with every key attribute defined', () => {
    const without = { ...table, globalSecondaryIndexes: [table.globalSecondaryIndexes[1]!] };
    const result = compareTable(table, describeCreated(createTableRequest(without)));
    const create = result.requests.find((request) => JSON.stringify(request.input).includes('"Create"'))!;
    expect(create.input).toMatchObject({
      AttributeDefinitions: [
        { AttributeName: 'tenantId', AttributeType: 'S' },
        { AttributeName: 'teamId', AttributeType: 'S' },
        { AttributeName: 'status', AttributeType: 'S' },
        { AttributeName: 'priority', AttributeType: 'N' },
      ],
      GlobalSecondaryIndexUpdates: [{ Create: { IndexName: 'GSI1', KeySchema: GSI1_KEY_SCHEMA } }],
    });
    expect(create.purpose).toContain('tenantId, teamId, status, priority');
  });

  it('is partitionKeys and sortKeys lists in the CDK stack, which parses', () => {
    const source = toCdk(MULTI_ATTRIBUTE);
    const diagnostics = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).diagnostics ?? [];
    expect(diagnostics).toEqual([]);
    const flat = source.replace(/\s+/g, ' ');
    expect(flat).toContain(
      "indexName: 'GSI1', partitionKeys: [ { name: 'tenantId', type: dynamodb.AttributeType.STRING }, { name: 'teamId', type: dynamodb.AttributeType.STRING }, ], sortKeys: [ { name: 'status', type: dynamodb.AttributeType.STRING }, { name: 'priority', type: dynamodb.AttributeType.NUMBER }, ],",
    );
    // A one-attribute index keeps the singular form.
    expect(flat).toContain("indexName: 'GSI2', partitionKey: { name: 'GSI2PK', type: dynamodb.AttributeType.STRING }, sortKey:");
  });

  it('is key_schema blocks in Terraform, without hash_key or range_key', () => {
    const hcl = toTerraform(MULTI_ATTRIBUTE);
    const gsi1 = hcl.slice(hcl.indexOf('"GSI1"'), hcl.indexOf('"GSI2"'));
    expect(gsi1).not.toMatch(/hash_key|range_key/);
    const blocks = [...gsi1.matchAll(/key_schema \{\s*attribute_name = "(\w+)"\s*key_type\s*= "(\w+)"\s*\}/g)].map((match) => [match[1], match[2]]);
    expect(blocks).toEqual(GSI1_KEY_SCHEMA.map((element) => [element.AttributeName, element.KeyType]));
    expect(hcl.slice(hcl.indexOf('"GSI2"'))).toMatch(/hash_key\s+= "GSI2PK"/);
    expect([...hcl.matchAll(/attribute \{\s*name = "(\w+)"\s*type = "(\w)"/g)].map((match) => `${match[1]}:${match[2]}`)).toEqual(
      expect.arrayContaining(['tenantId:S', 'teamId:S', 'status:S', 'priority:N']),
    );
  });

  it('is left out of a NoSQL Workbench export with a warning; the rest round-trips', () => {
    const exported = exportModel(MULTI_ATTRIBUTE, 'nosql-workbench');
    expect(exported.warnings.join('\n')).toMatch(/GSI GSI1 has a multi-attribute key \(tenantId, teamId \/ status, priority\), which the NoSQL Workbench format cannot hold/);
    const json = toNoSqlWorkbench(MULTI_ATTRIBUTE);
    expect(json.DataModel[0]!.GlobalSecondaryIndexes.map((index) => index.IndexName)).toEqual(['GSI2']);
    expect(json.DataModel[0]!.NonKeyAttributes).toEqual(expect.arrayContaining([{ AttributeName: 'priority', AttributeType: 'N' }]));
    const back = fromNoSqlWorkbench(JSON.parse(JSON.stringify(json))).model;
    expect(back.tables[0]!.globalSecondaryIndexes).toEqual([table.globalSecondaryIndexes[1]]);
  });
});
