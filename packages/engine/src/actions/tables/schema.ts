/**
 * From a request's key schemas, attribute definitions and index definitions
 * to the engine's table metadata, with DynamoDB's messages for every
 * inconsistency. Framework constraints (constraints.ts) have passed already.
 */
import { INVALID_PARAMETER_PREFIX, MAX_INDEX_ATTRIBUTE_NAME_LENGTH, validationError, type KeyType } from '@dynotable/core';
import { keyAttributes, type IndexMeta, type KeyAttribute, type KeySchema, type Projection, type Throughput } from '../../tables/meta.js';
import { asList, asRecord } from './constraints.js';
import { isMultiAttributeSchema, parseMultiAttributeKeySchema, type KeyElement } from './multi-attribute-schema.js';

export const INVALID = INVALID_PARAMETER_PREFIX;
export const MAX_GLOBAL_INDEXES = 20;
export const MAX_LOCAL_INDEXES = 5;
const MAX_PROJECTED_ATTRIBUTES = 100;
const INDEX_ATTRIBUTE_NAME_LENGTH_MESSAGE =
  'Names of key attributes and attributes projected into an index must be between 1 and 255 characters, inclusive';

/** AttributeDefinitions as a name → type map; a name defined twice is refused. */
export function parseAttributeDefinitions(value: unknown): Map<string, KeyType> {
  const definitions = new Map<string, KeyType>();
  for (const entry of asList(value)) {
    const member = asRecord(entry) ?? {};
    const name = member.AttributeName as string;
    if (definitions.has(name)) throw validationError('Cannot have two attributes with the same name');
    definitions.set(name, member.AttributeType as KeyType);
  }
  return definitions;
}

function keyElements(value: unknown): KeyElement[] {
  return asList(value).map((entry) => {
    const member = asRecord(entry) ?? {};
    return { name: member.AttributeName as string, keyType: member.KeyType as string };
  });
}

/**
 * A HASH element, then an optional RANGE element, each defined in
 * AttributeDefinitions; a GSI (`global`) may have up to four of each.
 */
export function parseKeySchema(value: unknown, definitions: Map<string, KeyType>, global = false): KeySchema {
  const elements = keyElements(value);
  if (global && isMultiAttributeSchema(elements)) {
    const keys = parseMultiAttributeKeySchema(elements, (element) => ({ name: element.name, type: definitions.get(element.name)! }));
    checkDefined(elements, definitions);
    return keys;
  }
  const [first, second] = elements;
  if (first === undefined) throw validationError(`${INVALID}KeySchema is empty`);
  if (second !== undefined && first.name === second.name) {
    // DynamoDB's words: the second element counts as an attribute without a definition.
    throw validationError('Invalid KeySchema: Some index key attribute have no definition');
  }
  if (first.keyType !== 'HASH') throw validationError('Invalid KeySchema: The first KeySchemaElement is not a HASH key type');
  if (second !== undefined && second.keyType !== 'RANGE') {
    throw validationError('Invalid KeySchema: The second KeySchemaElement is not a RANGE key type');
  }
  checkDefined(elements, definitions);
  const attribute = (element: KeyElement): KeyAttribute => ({ name: element.name, type: definitions.get(element.name)! });
  return second === undefined ? { partition: attribute(first) } : { partition: attribute(first), sort: attribute(second) };
}

function checkDefined(elements: readonly KeyElement[], definitions: Map<string, KeyType>): void {
  const missing = elements.filter((element) => !definitions.has(element.name));
  if (missing.length > 0) {
    throw validationError(
      `${INVALID}Some index key attributes are not defined in AttributeDefinitions. Keys: [${elements.map((e) => e.name).join(', ')}], AttributeDefinitions: [${[...definitions.keys()].join(', ')}]`,
    );
  }
}

export function parseThroughput(value: unknown): Throughput | undefined {
  const throughput = asRecord(value);
  if (throughput === undefined) return undefined;
  return {
    readCapacityUnits: throughput.ReadCapacityUnits as number,
    writeCapacityUnits: throughput.WriteCapacityUnits as number,
  };
}

function parseProjection(value: unknown): Projection {
  const projection = asRecord(value) ?? {};
  const type = projection.ProjectionType;
  const nonKey = projection.NonKeyAttributes;
  if (type === undefined || type === null) throw validationError('Indexes must have a projection specified');
  if (type === 'INCLUDE') {
    if (!Array.isArray(nonKey)) {
      throw validationError(
        'If Projection type INCLUDE is specified, some non-key attributes to include in the projection must be specified as well',
      );
    }
    if (new Set(nonKey).size !== nonKey.length) throw validationError('Cannot have two attributes with the same name');
    if (nonKey.some((name) => typeof name === 'string' && (name.length < 1 || name.length > MAX_INDEX_ATTRIBUTE_NAME_LENGTH))) {
      throw validationError(INDEX_ATTRIBUTE_NAME_LENGTH_MESSAGE);
    }
    return { type, nonKeyAttributes: [...(nonKey as string[])] };
  }
  if (nonKey !== undefined && nonKey !== null) {
    throw validationError('No attributes should be specified to be projected unless projection type is INCLUDE');
  }
  return { type: type as Projection['type'] };
}

/** The total of INCLUDE attributes across indexes: an attribute in two indexes counts twice. */
export function checkProjectedAttributeTotal(indexes: readonly IndexMeta[]): void {
  let total = 0;
  for (const index of indexes) total += index.projection.nonKeyAttributes?.length ?? 0;
  if (total > MAX_PROJECTED_ATTRIBUTES) {
    throw validationError(
      `${INVALID}Number of projected attributes in all indexes exceeds limit of ${MAX_PROJECTED_ATTRIBUTES}, projected attributes: ${total}`,
    );
  }
}

export interface IndexBilling {
  billingMode: 'PROVISIONED' | 'PAY_PER_REQUEST';
}

/** A GSI definition (CreateTable or UpdateTable's Create action). */
export function parseGlobalIndex(value: unknown, definitions: Map<string, KeyType>, billing: IndexBilling): IndexMeta {
  const index = asRecord(value) ?? {};
  const name = index.IndexName as string;
  const keys = parseKeySchema(index.KeySchema, definitions, true);
  const projection = parseProjection(index.Projection);
  const throughput = parseThroughput(index.ProvisionedThroughput);
  if (billing.billingMode === 'PROVISIONED' && throughput === undefined) {
    throw validationError('No provisioned throughput specified for the global secondary index');
  }
  if (billing.billingMode === 'PAY_PER_REQUEST' && throughput !== undefined) {
    throw validationError(
      `${INVALID}ProvisionedThroughput should not be specified for index: ${name} when BillingMode is PAY_PER_REQUEST`,
    );
  }
  const meta: IndexMeta = { name, kind: 'global', keys, projection, status: 'ACTIVE' };
  if (throughput !== undefined) meta.throughput = throughput;
  return meta;
}

/** An LSI definition: the table's partition key with another sort key. */
export function parseLocalIndex(value: unknown, definitions: Map<string, KeyType>, table: KeySchema): IndexMeta {
  const index = asRecord(value) ?? {};
  const name = index.IndexName as string;
  const keys = parseKeySchema(index.KeySchema, definitions);
  if (keys.sort === undefined) {
    throw validationError(`${INVALID}Index KeySchema does not have a range key for index: ${name}`);
  }
  if (keys.partition.name !== table.partition.name) {
    throw validationError(
      `${INVALID}Index KeySchema does not have the same leading hash key as table KeySchema for index: ${name}. index hash key: ${keys.partition.name}, table hash key: ${table.partition.name}`,
    );
  }
  return { name, kind: 'local', keys, projection: parseProjection(index.Projection), status: 'ACTIVE' };
}

/** Every attribute named by a key of the table or an index, in first-use order. */
export function usedKeyAttributes(keys: KeySchema, indexes: readonly IndexMeta[]): KeyAttribute[] {
  const used = new Map<string, KeyAttribute>();
  for (const schema of [keys, ...indexes.map((index) => index.keys)]) {
    for (const attribute of keyAttributes(schema)) used.set(attribute.name, attribute);
  }
  return [...used.values()];
}
