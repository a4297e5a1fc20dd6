/**
 * Model → AWS CloudFormation template: one AWS::DynamoDB::Table per table,
 * with only key attributes in AttributeDefinitions (DynamoDB refuses others),
 * and outputs for each table's name and ARN.
 */
// YAML 1.1 quoting, so values such as yes, no or 2010-09-09 stay strings for every YAML reader.
import { stringify } from 'yaml';
import type { Model, TableSpec } from '../model/types.js';
import { createTableRequest } from '../apply/create-table.js';
import { pascalIdentifier, uniqueNames } from './identifiers.js';
import type { TableAttributeDefinition, TableIndexDefinition, TableKeySchemaElement } from './table-definition.js';

interface CloudFormationThroughput {
  ReadCapacityUnits: number;
  WriteCapacityUnits: number;
}

export interface CloudFormationTableProperties {
  TableName: string;
  AttributeDefinitions: TableAttributeDefinition[];
  KeySchema: TableKeySchemaElement[];
  BillingMode: TableSpec['billingMode'];
  ProvisionedThroughput?: CloudFormationThroughput;
  GlobalSecondaryIndexes?: (TableIndexDefinition & { ProvisionedThroughput?: CloudFormationThroughput })[];
  LocalSecondaryIndexes?: TableIndexDefinition[];
  TimeToLiveSpecification?: { AttributeName: string; Enabled: true };
  TableClass?: NonNullable<TableSpec['tableClass']>;
}

export interface CloudFormationTemplate {
  AWSTemplateFormatVersion: '2010-09-09';
  Description: string;
  Resources: Record<string, { Type: 'AWS::DynamoDB::Table'; Properties: CloudFormationTableProperties }>;
  Outputs: Record<string, { Description: string; Value: unknown }>;
}

/** The AWS::DynamoDB::Table properties of one table: its CreateTable request, with TTL, which CloudFormation sets in the same resource. */
export function cloudFormationTableProperties(table: TableSpec): CloudFormationTableProperties {
  const { TableClass, ...request } = createTableRequest(table);
  const properties: CloudFormationTableProperties = { ...request };
  if (table.timeToLiveAttribute !== undefined) properties.TimeToLiveSpecification = { AttributeName: table.timeToLiveAttribute, Enabled: true };
  if (TableClass !== undefined) properties.TableClass = TableClass;
  return properties;
}

/** Logical ids by table name: `AuditLog` → `AuditLogTable`, unique within the template. */
export function cloudFormationLogicalIds(model: Model): Map<string, string> {
  const ids = uniqueNames(model.tables.map((table) => `${pascalIdentifier(table.name, 'Table')}Table`));
  return new Map(model.tables.map((table, i) => [table.name, ids[i]!]));
}

export function cloudFormationTemplate(model: Model): CloudFormationTemplate {
  const ids = cloudFormationLogicalIds(model);
  const template: CloudFormationTemplate = {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: `DynamoDB tables of the ${model.name} model`,
    Resources: {},
    Outputs: {},
  };
  for (const table of model.tables) {
    const id = ids.get(table.name)!;
    template.Resources[id] = { Type: 'AWS::DynamoDB::Table', Properties: cloudFormationTableProperties(table) };
    template.Outputs[`${id}Name`] = { Description: `Name of table ${table.name}`, Value: { Ref: id } };
    template.Outputs[`${id}Arn`] = { Description: `ARN of table ${table.name}`, Value: { 'Fn::GetAtt': [id, 'Arn'] } };
  }
  return template;
}

export function toCloudFormation(model: Model, format: 'json' | 'yaml'): string {
  const template = cloudFormationTemplate(model);
  return format === 'json' ? `${JSON.stringify(template, null, 2)}\n` : stringify(template, { lineWidth: 0, version: '1.1', aliasDuplicateObjects: false });
}
