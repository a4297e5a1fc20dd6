/**
 * Model → NoSQL Workbench data model JSON. Each entity becomes a facet of its
 * table; the format has no key templates, so a facet's key alias is the
 * template's field when the template is exactly one field, else the key
 * attribute's own name. Sample items (optional) become TableData, on the table
 * and on the facet whose key templates they match.
 */
import { globalIndexKeys, isMultiAttributeIndex } from '../model/global-index.js';
import { compileKeyTemplate } from '../keys/template.js';
import type { EntitySpec, Model, TableSpec } from '../model/types.js';
import type { AttributeType, Item } from '../values/types.js';
import { itemToWire } from '../values/wire.js';
import type { WireItem } from '../values/wire.js';
import { storedAttributeType } from './dynamodb-types.js';
import type {
  NoSqlWorkbenchAttribute,
  NoSqlWorkbenchFacet,
  NoSqlWorkbenchIndex,
  NoSqlWorkbenchModel,
  NoSqlWorkbenchTable,
} from './nosql-workbench-types.js';
import { tableKeyAttributeNames } from './table-keys.js';

export interface NoSqlWorkbenchExportOptions {
  /** Sample items per table name, in DynamoDB's attribute value form. */
  readonly sampleItems?: Readonly<Record<string, readonly Item[]>>;
  readonly author?: string;
  /**
   * The creation and modification date written into ModelMetadata. Defaults
   * to a fixed date, not the clock: the same model exports the same file.
   */
  readonly date?: Date;
}

/** The date of an export given none: fixed, so exports are reproducible. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** NoSQL Workbench writes dates as `Sep 05, 2019, 11:50 AM`. */
function workbenchDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = date.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[date.getUTCMonth()]} ${two(date.getUTCDate())}, ${date.getUTCFullYear()}, ${two(hour12)}:${two(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The facet alias of a key attribute: the template's single field, else the attribute's name. */
function keyAlias(entity: EntitySpec, keyAttribute: string): string {
  const template = entity.keys[keyAttribute];
  if (template === undefined) return keyAttribute;
  const parts = compileKeyTemplate(template).parts;
  const only = parts[0];
  return parts.length === 1 && only?.kind === 'field' && only.format === undefined ? only.name : keyAttribute;
}

function keyText(item: Item, attribute: string): string | undefined {
  const value = item[attribute];
  if (value === undefined) return undefined;
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  return undefined;
}

/** True when the item's base-table keys match the entity's templates for them. */
function itemMatchesEntity(item: Item, entity: EntitySpec, table: TableSpec): boolean {
  const keyNames = [table.partitionKey.name, ...(table.sortKey ? [table.sortKey.name] : [])];
  if (keyNames.some((name) => entity.keys[name] === undefined)) return false;
  return keyNames.every((name) => {
    const text = keyText(item, name);
    return text !== undefined && compileKeyTemplate(entity.keys[name]!).parse(text) !== undefined;
  });
}

function facetFor(entity: EntitySpec, table: TableSpec, items: readonly Item[]): NoSqlWorkbenchFacet {
  const partitionAlias = keyAlias(entity, table.partitionKey.name);
  const sortAlias = table.sortKey ? keyAlias(entity, table.sortKey.name) : undefined;
  const aliases = new Set([partitionAlias, sortAlias]);
  const indexKeys = [...tableKeyAttributeNames(table)].filter(
    (name) => name !== table.partitionKey.name && name !== table.sortKey?.name && entity.keys[name] !== undefined,
  );
  const nonKey = [...entity.attributes.map((attribute) => attribute.name).filter((name) => !aliases.has(name)), ...indexKeys];
  const facet: NoSqlWorkbenchFacet = {
    FacetName: entity.name,
    KeyAttributeAlias: sortAlias === undefined ? { PartitionKeyAlias: partitionAlias } : { PartitionKeyAlias: partitionAlias, SortKeyAlias: sortAlias },
    TableData: items.filter((item) => itemMatchesEntity(item, entity, table)).map(itemToWire),
    NonKeyAttributes: [...new Set(nonKey)],
    DataAccess: { MySql: {} },
  };
  return facet;
}

function nonKeyAttributes(table: TableSpec, entities: readonly EntitySpec[]): NoSqlWorkbenchAttribute[] {
  const types = new Map<string, AttributeType>();
  for (const index of table.globalSecondaryIndexes) for (const key of globalIndexKeys(index)) types.set(key.name, key.type);
  for (const index of table.localSecondaryIndexes) types.set(index.sortKey.name, index.sortKey.type);
  const baseKeys = new Set([table.partitionKey.name, table.sortKey?.name]);
  for (const entity of entities) {
    for (const attribute of entity.attributes) {
      if (!types.has(attribute.name)) types.set(attribute.name, storedAttributeType(attribute));
    }
  }
  return [...types]
    .filter(([name]) => !baseKeys.has(name))
    .map(([name, type]) => ({ AttributeName: name, AttributeType: type }));
}

function indexFor(index: TableSpec['globalSecondaryIndexes'][number]): NoSqlWorkbenchIndex {
  const projection: NoSqlWorkbenchIndex['Projection'] =
    index.projection.type === 'INCLUDE'
      ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection.attributes] }
      : { ProjectionType: index.projection.type };
  return {
    IndexName: index.name,
    KeyAttributes: {
      PartitionKey: { AttributeName: index.partitionKey.name, AttributeType: index.partitionKey.type },
      ...(index.sortKey ? { SortKey: { AttributeName: index.sortKey.name, AttributeType: index.sortKey.type } } : {}),
    },
    Projection: projection,
  };
}

function tableFor(table: TableSpec, model: Model, options: NoSqlWorkbenchExportOptions): NoSqlWorkbenchTable {
  const entities = model.entities.filter((entity) => entity.table === table.name);
  const items = options.sampleItems?.[table.name] ?? [];
  const data: WireItem[] = items.map(itemToWire);
  const result: NoSqlWorkbenchTable = {
    TableName: table.name,
    KeyAttributes: {
      PartitionKey: { AttributeName: table.partitionKey.name, AttributeType: table.partitionKey.type },
      ...(table.sortKey ? { SortKey: { AttributeName: table.sortKey.name, AttributeType: table.sortKey.type } } : {}),
    },
    NonKeyAttributes: nonKeyAttributes(table, entities),
    TableFacets: entities.map((entity) => facetFor(entity, table, items)),
    // The format's index has one partition and one sort key attribute: a multi-attribute GSI is left out (see the losses).
    GlobalSecondaryIndexes: table.globalSecondaryIndexes.filter((index) => !isMultiAttributeIndex(index)).map(indexFor),
    TableData: data,
    DataAccess: { MySql: {} },
    BillingMode: table.billingMode,
  };
  if (table.billingMode === 'PROVISIONED') {
    result.ProvisionedCapacitySettings = {
      ProvisionedThroughput: {
        ReadCapacityUnits: table.provisioned?.readUnits ?? 1,
        WriteCapacityUnits: table.provisioned?.writeUnits ?? 1,
      },
    };
  }
  return result;
}

export function toNoSqlWorkbench(model: Model, options: NoSqlWorkbenchExportOptions = {}): NoSqlWorkbenchModel {
  const date = workbenchDate(options.date ?? FIXED_DATE);
  return {
    ModelName: model.name,
    ModelMetadata: {
      Author: options.author ?? '',
      DateCreated: date,
      DateLastModified: date,
      Description: model.description ?? '',
      AWSService: 'Amazon DynamoDB',
      Version: '3.0',
    },
    DataModel: model.tables.map((table) => tableFor(table, model, options)),
  };
}

/** What a NoSQL Workbench export of the model leaves out, one sentence each. */
export function noSqlWorkbenchLosses(model: Model): string[] {
  const losses: string[] = [];
  for (const table of model.tables) {
    if (table.localSecondaryIndexes.length > 0) losses.push(`table ${table.name}: local secondary indexes are not part of the NoSQL Workbench format`);
    if (table.timeToLiveAttribute !== undefined) losses.push(`table ${table.name}: the time-to-live attribute is not part of the NoSQL Workbench format`);
    if (table.tableClass !== undefined && table.tableClass !== 'STANDARD') losses.push(`table ${table.name}: the table class is not part of the NoSQL Workbench format`);
    for (const index of table.globalSecondaryIndexes.filter(isMultiAttributeIndex)) {
      const keys = `${index.partitionKeys.map((key) => key.name).join(', ')}${index.sortKeys.length > 0 ? ` / ${index.sortKeys.map((key) => key.name).join(', ')}` : ''}`;
      losses.push(
        `table ${table.name}: GSI ${index.name} has a multi-attribute key (${keys}), which the NoSQL Workbench format cannot hold (one partition and one sort key attribute per index); the index is left out of the export, its key attributes kept as attributes`,
      );
    }
    if (table.globalSecondaryIndexes.some((index) => index.provisioned !== undefined)) {
      losses.push(`table ${table.name}: per-index provisioned throughput is not part of the NoSQL Workbench format`);
    }
  }
  for (const entity of model.entities) {
    const composite = Object.entries(entity.keys).filter(([attribute]) => keyAlias(entity, attribute) === attribute);
    if (composite.length > 0) {
      losses.push(`entity ${entity.name}: key templates (${composite.map(([attribute, template]) => `${attribute} = ${template}`).join(', ')}) are recovered on import only from sample items`);
    }
    if (Object.keys(entity.keysWhen).length > 0) losses.push(`entity ${entity.name}: sparse key conditions (keysWhen) are not part of the NoSQL Workbench format`);
  }
  if (model.accessPatterns.length > 0 || model.writePaths.length > 0) losses.push('access patterns and write paths are not part of the NoSQL Workbench format');
  losses.push('attribute constraints (declared types beyond DynamoDB types, ranges, lengths, cardinalities, mutability) are not part of the NoSQL Workbench format');
  return losses;
}
