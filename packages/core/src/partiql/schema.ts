/**
 * What the planner knows of a table: DescribeTable's shape (the parts about
 * keys), so the engine can pass its own description and a client the one
 * DynamoDB returned. Multi-attribute GSI keys list several HASH or RANGE
 * elements, in key order.
 */
import type { KeyType } from '../values/types.js';
import { partiqlError, partiqlMessages } from './messages.js';

export interface PartiqlKeySchemaElement {
  AttributeName: string;
  KeyType: 'HASH' | 'RANGE';
}

export interface PartiqlIndexDescription {
  IndexName: string;
  KeySchema: readonly PartiqlKeySchemaElement[];
}

export interface PartiqlTableDescription {
  TableName: string;
  KeySchema: readonly PartiqlKeySchemaElement[];
  AttributeDefinitions?: readonly { AttributeName: string; AttributeType: string }[] | undefined;
  GlobalSecondaryIndexes?: readonly PartiqlIndexDescription[] | undefined;
  LocalSecondaryIndexes?: readonly PartiqlIndexDescription[] | undefined;
}

export interface KeyAttribute {
  name: string;
  type?: KeyType | undefined;
}

/** The keys a statement reads by: the table's or an index's. */
export interface ReadTarget {
  tableName: string;
  indexName?: string | undefined;
  partitionKeys: KeyAttribute[];
  sortKeys: KeyAttribute[];
  /** The table's own key attributes (an index's reads still return them). */
  tableKeys: KeyAttribute[];
}

export function readTarget(table: PartiqlTableDescription, indexName?: string): ReadTarget {
  const tableKeys = keyAttributes(table, table.KeySchema);
  const base = { tableName: table.TableName, tableKeys };
  if (indexName === undefined) return { ...base, ...split(table, table.KeySchema) };
  const indexes = [...(table.GlobalSecondaryIndexes ?? []), ...(table.LocalSecondaryIndexes ?? [])];
  const index = indexes.find((i) => i.IndexName === indexName);
  if (!index) throw partiqlError(partiqlMessages.noSuchIndex(indexName));
  return { ...base, indexName, ...split(table, index.KeySchema) };
}

function split(table: PartiqlTableDescription, schema: readonly PartiqlKeySchemaElement[]) {
  return {
    partitionKeys: keyAttributes(table, schema.filter((e) => e.KeyType === 'HASH')),
    sortKeys: keyAttributes(table, schema.filter((e) => e.KeyType === 'RANGE')),
  };
}

function keyAttributes(table: PartiqlTableDescription, schema: readonly PartiqlKeySchemaElement[]): KeyAttribute[] {
  return schema.map((e) => {
    const type = table.AttributeDefinitions?.find((d) => d.AttributeName === e.AttributeName)?.AttributeType;
    return { name: e.AttributeName, type: type === 'S' || type === 'N' || type === 'B' ? type : undefined };
  });
}
