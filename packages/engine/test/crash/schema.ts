/**
 * The tables the crash workload writes: a hash-key table and a hash-and-range
 * table, with global indexes of every projection type (one with a binary key),
 * sparse indexes whose keys updates move, and a local index.
 */
import type { CreateTableCommandInput, KeySchemaElement, ScalarAttributeType, UpdateTableCommandInput } from '@aws-sdk/client-dynamodb';

export interface KeyAttribute {
  name: string;
  type: ScalarAttributeType;
}

type Projection = { type: 'ALL' } | { type: 'KEYS_ONLY' } | { type: 'INCLUDE'; attributes: string[] };

export interface IndexDef {
  name: string;
  kind: 'global' | 'local';
  hash: KeyAttribute;
  range?: KeyAttribute;
  projection: Projection;
}

export interface TableDef {
  name: string;
  hash: KeyAttribute;
  range?: KeyAttribute;
  indexes: IndexDef[];
}

export const USERS: TableDef = {
  name: 'crash_users',
  hash: { name: 'pk', type: 'S' },
  indexes: [
    { name: 'by_group', kind: 'global', hash: { name: 'grp', type: 'S' }, range: { name: 'score', type: 'N' }, projection: { type: 'ALL' } },
    { name: 'by_owner', kind: 'global', hash: { name: 'owner', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
  ],
};

export const EVENTS: TableDef = {
  name: 'crash_events',
  hash: { name: 'pk', type: 'S' },
  range: { name: 'sk', type: 'N' },
  indexes: [
    {
      name: 'by_state',
      kind: 'global',
      hash: { name: 'state', type: 'S' },
      range: { name: 'rank', type: 'N' },
      projection: { type: 'INCLUDE', attributes: ['w', 'tx', 'cnt'] },
    },
    { name: 'by_tag', kind: 'global', hash: { name: 'tag', type: 'B' }, projection: { type: 'KEYS_ONLY' } },
    { name: 'by_rank', kind: 'local', hash: { name: 'pk', type: 'S' }, range: { name: 'rank', type: 'N' }, projection: { type: 'ALL' } },
  ],
};

export const TABLES: readonly TableDef[] = [USERS, EVENTS];

export function keyAttributes(table: TableDef): KeyAttribute[] {
  return table.range === undefined ? [table.hash] : [table.hash, table.range];
}

function keySchema(hash: KeyAttribute, range: KeyAttribute | undefined): KeySchemaElement[] {
  const schema: KeySchemaElement[] = [{ AttributeName: hash.name, KeyType: 'HASH' }];
  if (range !== undefined) schema.push({ AttributeName: range.name, KeyType: 'RANGE' });
  return schema;
}

function projection(p: Projection) {
  return p.type === 'INCLUDE' ? { ProjectionType: p.type, NonKeyAttributes: p.attributes } : { ProjectionType: p.type };
}

export function createTableInput(table: TableDef): CreateTableCommandInput {
  const attributes = new Map<string, ScalarAttributeType>();
  for (const key of keyAttributes(table)) attributes.set(key.name, key.type);
  for (const index of table.indexes) {
    attributes.set(index.hash.name, index.hash.type);
    if (index.range !== undefined) attributes.set(index.range.name, index.range.type);
  }
  const globals = table.indexes.filter((i) => i.kind === 'global');
  const locals = table.indexes.filter((i) => i.kind === 'local');
  return {
    TableName: table.name,
    BillingMode: 'PAY_PER_REQUEST',
    // Every change is recorded, and checked after each restart (stream-check.ts).
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    KeySchema: keySchema(table.hash, table.range),
    ...(globals.length > 0 && {
      GlobalSecondaryIndexes: globals.map((i) => ({
        IndexName: i.name,
        KeySchema: keySchema(i.hash, i.range),
        Projection: projection(i.projection),
      })),
    }),
    ...(locals.length > 0 && {
      LocalSecondaryIndexes: locals.map((i) => ({
        IndexName: i.name,
        KeySchema: keySchema(i.hash, i.range),
        Projection: projection(i.projection),
      })),
    }),
  };
}

/**
 * A global index that UpdateTable creates (with a backfill of the existing
 * items) and deletes again while clients write and kills land.
 */
export const CHURNED_INDEX: IndexDef = {
  name: 'by_owner_count',
  kind: 'global',
  hash: { name: 'owner', type: 'S' },
  range: { name: 'cnt', type: 'N' },
  projection: { type: 'INCLUDE', attributes: ['w'] },
};

export function withIndex(table: TableDef, index: IndexDef): TableDef {
  return { ...table, indexes: [...table.indexes, index] };
}

export function createIndexInput(table: TableDef, index: IndexDef): UpdateTableCommandInput {
  const keys = index.range === undefined ? [index.hash] : [index.hash, index.range];
  return {
    TableName: table.name,
    AttributeDefinitions: keys.map((k) => ({ AttributeName: k.name, AttributeType: k.type })),
    GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.name, KeySchema: keySchema(index.hash, index.range), Projection: projection(index.projection) } }],
  };
}

export function deleteIndexInput(table: TableDef, index: IndexDef): UpdateTableCommandInput {
  return { TableName: table.name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: index.name } }] };
}
