/**
 * A model table's keys, indexes and projections in the shape DynamoDB's
 * CreateTable and CloudFormation's AWS::DynamoDB::Table share.
 */
import type { GlobalIndexSpec, KeyAttribute, LocalIndexSpec, Projection, TableSpec } from '../model/types.js';
import { tableKeyAttributes } from './table-keys.js';

export interface TableKeySchemaElement {
  AttributeName: string;
  KeyType: 'HASH' | 'RANGE';
}

export interface TableAttributeDefinition {
  AttributeName: string;
  AttributeType: KeyAttribute['type'];
}

export interface TableProjectionDefinition {
  ProjectionType: Projection['type'];
  NonKeyAttributes?: string[];
}

export interface TableIndexDefinition {
  IndexName: string;
  KeySchema: TableKeySchemaElement[];
  Projection: TableProjectionDefinition;
}

/** Only key attributes: DynamoDB refuses definitions no key uses. */
export function tableAttributeDefinitions(table: TableSpec): TableAttributeDefinition[] {
  return tableKeyAttributes(table).map((attribute) => ({ AttributeName: attribute.name, AttributeType: attribute.type }));
}

export function tableKeySchema(partitionKey: KeyAttribute, sortKey: KeyAttribute | undefined): TableKeySchemaElement[] {
  const schema: TableKeySchemaElement[] = [{ AttributeName: partitionKey.name, KeyType: 'HASH' }];
  if (sortKey) schema.push({ AttributeName: sortKey.name, KeyType: 'RANGE' });
  return schema;
}

export function tableProjectionDefinition(spec: Projection): TableProjectionDefinition {
  return spec.type === 'INCLUDE' ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...spec.attributes] } : { ProjectionType: spec.type };
}

/** A GSI's KeySchema: every HASH attribute first, then every RANGE attribute, each in the key's order. */
function globalIndexKeySchema(index: GlobalIndexSpec): TableKeySchemaElement[] {
  return [
    ...index.partitionKeys.map((key): TableKeySchemaElement => ({ AttributeName: key.name, KeyType: 'HASH' })),
    ...index.sortKeys.map((key): TableKeySchemaElement => ({ AttributeName: key.name, KeyType: 'RANGE' })),
  ];
}

export function globalIndexDefinition(index: GlobalIndexSpec): TableIndexDefinition {
  return { IndexName: index.name, KeySchema: globalIndexKeySchema(index), Projection: tableProjectionDefinition(index.projection) };
}

/** A local index shares the table's partition key. */
export function localIndexDefinition(index: LocalIndexSpec, table: TableSpec): TableIndexDefinition {
  return { IndexName: index.name, KeySchema: tableKeySchema(table.partitionKey, index.sortKey), Projection: tableProjectionDefinition(index.projection) };
}
