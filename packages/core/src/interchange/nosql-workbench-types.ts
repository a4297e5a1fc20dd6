/** The NoSQL Workbench data model JSON (format version 3.0), as far as DynoTable reads and writes it. */
import type { AttributeType, KeyType } from '../values/types.js';
import type { WireItem } from '../values/wire.js';

export interface NoSqlWorkbenchAttribute {
  AttributeName: string;
  AttributeType: AttributeType;
}

export interface NoSqlWorkbenchKeyAttributes {
  PartitionKey: { AttributeName: string; AttributeType: KeyType };
  SortKey?: { AttributeName: string; AttributeType: KeyType };
}

export interface NoSqlWorkbenchFacet {
  FacetName: string;
  KeyAttributeAlias: { PartitionKeyAlias: string; SortKeyAlias?: string };
  TableData?: WireItem[];
  NonKeyAttributes: string[];
  DataAccess: { MySql: Record<string, never> };
}

export interface NoSqlWorkbenchIndex {
  IndexName: string;
  KeyAttributes: NoSqlWorkbenchKeyAttributes;
  Projection: { ProjectionType: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; NonKeyAttributes?: string[] };
}

export interface NoSqlWorkbenchTable {
  TableName: string;
  KeyAttributes: NoSqlWorkbenchKeyAttributes;
  NonKeyAttributes: NoSqlWorkbenchAttribute[];
  TableFacets: NoSqlWorkbenchFacet[];
  GlobalSecondaryIndexes: NoSqlWorkbenchIndex[];
  TableData: WireItem[];
  DataAccess: { MySql: Record<string, never> };
  BillingMode: 'PAY_PER_REQUEST' | 'PROVISIONED';
  ProvisionedCapacitySettings?: {
    ProvisionedThroughput: { ReadCapacityUnits: number; WriteCapacityUnits: number };
    AutoScalingRead?: unknown;
    AutoScalingWrite?: unknown;
  };
}

export interface NoSqlWorkbenchModel {
  ModelName: string;
  ModelMetadata: {
    Author: string;
    DateCreated: string;
    DateLastModified: string;
    Description: string;
    AWSService: 'Amazon DynamoDB';
    Version: '3.0';
  };
  DataModel: NoSqlWorkbenchTable[];
}
