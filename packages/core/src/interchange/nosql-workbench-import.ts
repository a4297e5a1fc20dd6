/**
 * NoSQL Workbench data model JSON → Model. Facets become entities; their key
 * templates are inferred from sample items (see key-template-inference.ts),
 * since the format stores key values, not how they are built. Unknown keys and
 * malformed parts produce warnings, never an exception; only a document that
 * is not a JSON object is refused.
 */
import { globalIndexSpec } from '../model/global-index.js';
import { pluralize } from '../model/plural.js';
import type { AttributeSpec, DeclaredType, EntitySpec, GlobalIndexSpec, KeyAttribute, Model, Projection, TableSpec } from '../model/types.js';
import type { AttributeType } from '../values/types.js';
import { declaredTypeOfStored, isAttributeType } from './dynamodb-types.js';
import { inferFacetKeys } from './nosql-workbench-facet-keys.js';
import { tableKeyAttributeNames, tableKeyAttributes } from './table-keys.js';

export interface InterchangeImport {
  readonly model: Model;
  readonly warnings: string[];
}

export class InterchangeError extends Error {
  override readonly name = 'InterchangeError';
}

type Json = Record<string, unknown>;

const KNOWN = {
  top: ['ModelName', 'ModelMetadata', 'DataModel'],
  metadata: ['Author', 'DateCreated', 'DateLastModified', 'Description', 'AWSService', 'Version'],
  table: ['TableName', 'KeyAttributes', 'NonKeyAttributes', 'TableFacets', 'GlobalSecondaryIndexes', 'TableData', 'DataAccess', 'BillingMode', 'ProvisionedCapacitySettings', 'SampleDataFormats'],
  keyAttributes: ['PartitionKey', 'SortKey'],
  attribute: ['AttributeName', 'AttributeType'],
  facet: ['FacetName', 'KeyAttributeAlias', 'TableData', 'NonKeyAttributes', 'DataAccess'],
  alias: ['PartitionKeyAlias', 'SortKeyAlias'],
  index: ['IndexName', 'KeyAttributes', 'Projection'],
  projection: ['ProjectionType', 'NonKeyAttributes'],
  capacity: ['ProvisionedThroughput', 'AutoScalingRead', 'AutoScalingWrite'],
  throughput: ['ReadCapacityUnits', 'WriteCapacityUnits'],
};

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Reader {
  readonly warnings: string[] = [];

  warn(path: string, message: string): void {
    this.warnings.push(`${path}: ${message}`);
  }

  known(value: Json, keys: readonly string[], path: string): void {
    for (const key of Object.keys(value)) if (!keys.includes(key)) this.warn(`${path}.${key}`, 'unknown key, ignored');
  }

  record(value: unknown, keys: readonly string[], path: string): Json | undefined {
    if (value === undefined) return undefined;
    if (!isRecord(value)) {
      this.warn(path, 'expected an object, ignored');
      return undefined;
    }
    this.known(value, keys, path);
    return value;
  }

  array(value: unknown, path: string): unknown[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      this.warn(path, 'expected an array, ignored');
      return [];
    }
    return value;
  }

  string(value: unknown, path: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value === '') {
      this.warn(path, 'expected a non-empty string, ignored');
      return undefined;
    }
    return value;
  }

  keyAttribute(value: unknown, path: string): KeyAttribute | undefined {
    const json = this.record(value, KNOWN.attribute, path);
    if (!json) return undefined;
    const name = this.string(json['AttributeName'], `${path}.AttributeName`);
    const type = json['AttributeType'];
    if (type !== 'S' && type !== 'N' && type !== 'B') {
      this.warn(`${path}.AttributeType`, `key attributes are S, N or B, not ${JSON.stringify(type)}`);
      return undefined;
    }
    return name === undefined ? undefined : { name, type };
  }

  keyPair(value: unknown, path: string): { partitionKey: KeyAttribute; sortKey?: KeyAttribute } | undefined {
    const json = this.record(value, KNOWN.keyAttributes, path);
    if (!json) return undefined;
    const partitionKey = this.keyAttribute(json['PartitionKey'], `${path}.PartitionKey`);
    if (!partitionKey) {
      this.warn(`${path}.PartitionKey`, 'missing or malformed');
      return undefined;
    }
    const sortKey = this.keyAttribute(json['SortKey'], `${path}.SortKey`);
    return sortKey ? { partitionKey, sortKey } : { partitionKey };
  }

  projection(value: unknown, path: string): Projection {
    const json = this.record(value, KNOWN.projection, path);
    const type = json?.['ProjectionType'];
    if (type === 'ALL' || type === 'KEYS_ONLY') return { type };
    if (type === 'INCLUDE') {
      const attributes = this.array(json?.['NonKeyAttributes'], `${path}.NonKeyAttributes`).filter((name): name is string => typeof name === 'string');
      return { type, attributes };
    }
    this.warn(path, `projection type ${JSON.stringify(type)} is not ALL, KEYS_ONLY or INCLUDE; read as ALL`);
    return { type: 'ALL' };
  }

  /** Sample items: objects of DynamoDB JSON values. */
  items(value: unknown, path: string): Json[] {
    return this.array(value, path).filter((item, i) => {
      if (isRecord(item)) return true;
      this.warn(`${path}[${i}]`, 'a sample item must be an object, ignored');
      return false;
    }) as Json[];
  }
}

function attributeSpec(name: string, type: DeclaredType): AttributeSpec {
  return { name, type, mutable: false, unique: false, required: true };
}

function readTable(reader: Reader, json: Json, path: string): TableSpec | undefined {
  const name = reader.string(json['TableName'], `${path}.TableName`);
  const keys = reader.keyPair(json['KeyAttributes'], `${path}.KeyAttributes`);
  if (name === undefined || !keys) {
    reader.warn(path, 'a table needs a TableName and a partition key; table skipped');
    return undefined;
  }
  const indexes: GlobalIndexSpec[] = [];
  reader.array(json['GlobalSecondaryIndexes'], `${path}.GlobalSecondaryIndexes`).forEach((raw, i) => {
    const at = `${path}.GlobalSecondaryIndexes[${i}]`;
    const index = reader.record(raw, KNOWN.index, at);
    const indexName = reader.string(index?.['IndexName'], `${at}.IndexName`);
    const indexKeys = reader.keyPair(index?.['KeyAttributes'], `${at}.KeyAttributes`);
    if (!index || indexName === undefined || !indexKeys) {
      reader.warn(at, 'an index needs an IndexName and a partition key; index skipped');
      return;
    }
    const sortKeys = indexKeys.sortKey ? [indexKeys.sortKey] : [];
    indexes.push(globalIndexSpec(indexName, [indexKeys.partitionKey], sortKeys, reader.projection(index['Projection'], `${at}.Projection`)));
  });
  let billingMode: TableSpec['billingMode'] = 'PAY_PER_REQUEST';
  let provisioned: TableSpec['provisioned'];
  const billing = json['BillingMode'];
  if (billing === 'PROVISIONED') {
    billingMode = 'PROVISIONED';
    const settings = reader.record(json['ProvisionedCapacitySettings'], KNOWN.capacity, `${path}.ProvisionedCapacitySettings`);
    const throughput = reader.record(settings?.['ProvisionedThroughput'], KNOWN.throughput, `${path}.ProvisionedCapacitySettings.ProvisionedThroughput`);
    const read = throughput?.['ReadCapacityUnits'];
    const write = throughput?.['WriteCapacityUnits'];
    if (typeof read === 'number' && typeof write === 'number') {
      provisioned = { readUnits: read, writeUnits: write };
    } else {
      provisioned = { readUnits: 1, writeUnits: 1 };
      reader.warn(`${path}.ProvisionedCapacitySettings`, 'PROVISIONED without read and write capacity units; read as 1 and 1');
    }
    // The format has no capacity per index; a provisioned table's GSIs need some.
    if (indexes.length > 0) reader.warn(`${path}.GlobalSecondaryIndexes`, `NoSQL Workbench has no per-index capacity; each GSI gets the table's ${provisioned.readUnits} read and ${provisioned.writeUnits} write units`);
    const shared = provisioned;
    indexes.forEach((index, i) => (indexes[i] = { ...index, provisioned: { ...shared } }));
  } else if (billing !== undefined && billing !== 'PAY_PER_REQUEST') {
    reader.warn(`${path}.BillingMode`, `${JSON.stringify(billing)} is not PAY_PER_REQUEST or PROVISIONED; read as PAY_PER_REQUEST`);
  }
  return {
    name,
    ...keys,
    billingMode,
    ...(provisioned ? { provisioned } : {}),
    globalSecondaryIndexes: indexes,
    localSecondaryIndexes: [],
  };
}

function readAttributeTypes(reader: Reader, value: unknown, path: string): Map<string, AttributeType> {
  const types = new Map<string, AttributeType>();
  reader.array(value, path).forEach((raw, i) => {
    const at = `${path}[${i}]`;
    const json = reader.record(raw, KNOWN.attribute, at);
    const name = reader.string(json?.['AttributeName'], `${at}.AttributeName`);
    const type = json?.['AttributeType'];
    if (name === undefined) return;
    if (!isAttributeType(type)) {
      reader.warn(`${at}.AttributeType`, `${JSON.stringify(type)} is not a DynamoDB type; read as S`);
      types.set(name, 'S');
      return;
    }
    if (type === 'NULL') reader.warn(`${at}.AttributeType`, `${name} is NULL, which has no declared type; read as string`);
    types.set(name, type);
  });
  return types;
}

function fieldsOf(template: string): { name: string; format: string | undefined }[] {
  return [...template.matchAll(/\{([^{}:]+)(?::([^{}]*))?\}/g)].map((match) => ({ name: match[1]!, format: match[2] }));
}

function declaredFromFormat(format: string | undefined): DeclaredType | undefined {
  if (format === undefined) return undefined;
  if (format.startsWith('iso')) return 'timestamp';
  if (/^0\d+$/.test(format) || /^d\d+\.\d+$/.test(format)) return 'number';
  return undefined;
}

interface FacetContext {
  readonly table: TableSpec;
  readonly types: ReadonlyMap<string, AttributeType>;
  readonly tableItems: readonly Json[];
  readonly facetCount: number;
}

function readFacet(reader: Reader, json: Json, path: string, context: FacetContext): EntitySpec | undefined {
  const { table, types } = context;
  const name = reader.string(json['FacetName'], `${path}.FacetName`);
  if (name === undefined) {
    reader.warn(path, 'a facet needs a FacetName; facet skipped');
    return undefined;
  }
  const aliasJson = reader.record(json['KeyAttributeAlias'], KNOWN.alias, `${path}.KeyAttributeAlias`);
  const partitionAlias = reader.string(aliasJson?.['PartitionKeyAlias'], `${path}.KeyAttributeAlias.PartitionKeyAlias`) ?? table.partitionKey.name;
  const sortAlias = table.sortKey
    ? (reader.string(aliasJson?.['SortKeyAlias'], `${path}.KeyAttributeAlias.SortKeyAlias`) ?? table.sortKey.name)
    : undefined;
  const keyNames = tableKeyAttributeNames(table);
  const listed = reader.array(json['NonKeyAttributes'], `${path}.NonKeyAttributes`).filter((entry): entry is string => typeof entry === 'string');

  let items = reader.items(json['TableData'], `${path}.TableData`);
  // With one facet, the table's items are the facet's.
  if (items.length === 0 && context.facetCount === 1) items = [...context.tableItems];

  const { keys, notes } = inferFacetKeys(items, table, partitionAlias, sortAlias, listed);
  reader.warn(path, `key templates of ${name} cannot be read exactly from NoSQL Workbench; inferred ${notes.join(', ')}`);

  const attributes = new Map<string, AttributeSpec>();
  for (const attribute of listed) {
    if (keyNames.has(attribute)) continue;
    const type = types.get(attribute);
    if (type === undefined) reader.warn(`${path}.NonKeyAttributes`, `${attribute} has no type in the table's NonKeyAttributes; read as string`);
    attributes.set(attribute, attributeSpec(attribute, declaredTypeOfStored(type ?? 'S')));
  }
  for (const { name } of tableKeyAttributes(table).filter((key) => key.type === 'B')) {
    if (name === table.partitionKey.name || name === table.sortKey?.name || listed.includes(name)) attributes.set(name, attributeSpec(name, 'binary'));
  }
  const keyTypes = new Map<string, AttributeType>([[partitionAlias, table.partitionKey.type]]);
  if (sortAlias !== undefined && table.sortKey) keyTypes.set(sortAlias, table.sortKey.type);
  for (const template of Object.values(keys)) {
    for (const field of fieldsOf(template)) {
      const fromFormat = declaredFromFormat(field.format);
      const existing = attributes.get(field.name);
      if (existing) {
        if (fromFormat === 'timestamp' && existing.type === 'string') attributes.set(field.name, { ...existing, type: fromFormat });
        continue;
      }
      const stored = types.get(field.name) ?? keyTypes.get(field.name) ?? 'S';
      attributes.set(field.name, attributeSpec(field.name, fromFormat ?? declaredTypeOfStored(stored)));
    }
  }
  return { name, plural: pluralize(name), table: table.name, attributes: [...attributes.values()], keys, keysWhen: {} };
}

export function fromNoSqlWorkbench(json: unknown): InterchangeImport {
  if (!isRecord(json)) throw new InterchangeError('a NoSQL Workbench model is a JSON object with ModelName and DataModel');
  const reader = new Reader();
  reader.known(json, KNOWN.top, '$');
  const metadata = reader.record(json['ModelMetadata'], KNOWN.metadata, '$.ModelMetadata');
  const version = metadata?.['Version'];
  if (version !== undefined && version !== '3.0') reader.warn('$.ModelMetadata.Version', `format version ${JSON.stringify(version)}; read as 3.0`);
  const name = reader.string(json['ModelName'], '$.ModelName') ?? 'imported-model';
  const description = typeof metadata?.['Description'] === 'string' && metadata['Description'] !== '' ? metadata['Description'] : undefined;

  const tables: TableSpec[] = [];
  const entities: EntitySpec[] = [];
  const entityNames = new Set<string>();
  reader.array(json['DataModel'], '$.DataModel').forEach((raw, i) => {
    const path = `$.DataModel[${i}]`;
    const tableJson = reader.record(raw, KNOWN.table, path);
    if (!tableJson) return;
    const table = readTable(reader, tableJson, path);
    if (!table) return;
    if (tables.some((other) => other.name === table.name)) {
      reader.warn(path, `a second table named ${table.name}; skipped`);
      return;
    }
    tables.push(table);
    const types = readAttributeTypes(reader, tableJson['NonKeyAttributes'], `${path}.NonKeyAttributes`);
    const facets = reader.array(tableJson['TableFacets'], `${path}.TableFacets`);
    const context: FacetContext = { table, types, tableItems: reader.items(tableJson['TableData'], `${path}.TableData`), facetCount: facets.length };
    facets.forEach((rawFacet, j) => {
      const facetPath = `${path}.TableFacets[${j}]`;
      const facet = reader.record(rawFacet, KNOWN.facet, facetPath);
      const entity = facet && readFacet(reader, facet, facetPath, context);
      if (!entity) return;
      let unique = entity.name;
      for (let n = 2; entityNames.has(unique); n++) unique = `${entity.name}${n}`;
      if (unique !== entity.name) reader.warn(facetPath, `facet name ${entity.name} is used twice; imported as ${unique}`);
      entityNames.add(unique);
      entities.push(unique === entity.name ? entity : { ...entity, name: unique, plural: pluralize(unique) });
    });
  });
  if (tables.length === 0) reader.warn('$.DataModel', 'no table could be read');
  const model: Model = { name, ...(description ? { description } : {}), tables, entities, accessPatterns: [], writePaths: [] };
  return { model, warnings: reader.warnings };
}
