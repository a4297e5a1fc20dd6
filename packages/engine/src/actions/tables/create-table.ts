/** CreateTable: validates like DynamoDB, stores the table, and answers with its description. */
import { DynamoError, validationError } from '@dynotable/core';
import type { Operation } from '../../context.js';
import { renderTableDescription } from '../../tables/describe.js';
import type { IndexMeta, TableMeta } from '../../tables/meta.js';
import { checkEnum, checkResourceName, ConstraintViolations } from '../../validation/constraints.js';
import {
  asList,
  asRecord,
  BILLING_MODES,
  checkAttributeDefinitions,
  checkIndexDefinition,
  checkKeySchemaMembers,
  checkSseSpecification,
  checkStreamSpecification,
  checkTags,
  checkThroughput,
  TABLE_CLASSES,
} from './constraints.js';
import {
  checkProjectedAttributeTotal,
  INVALID,
  MAX_GLOBAL_INDEXES,
  MAX_LOCAL_INDEXES,
  parseAttributeDefinitions,
  parseGlobalIndex,
  parseKeySchema,
  parseLocalIndex,
  parseThroughput,
  usedKeyAttributes,
} from './schema.js';
import { parseStreamSpecification, streamWrites } from './streams.js';
import { checkRequestShape } from './shapes.js';
import { setTag } from './tags.js';

function checkConstraints(input: Record<string, unknown>): void {
  if (input.TableName === undefined || input.TableName === null) {
    throw validationError("The parameter 'TableName' is required but was not present in the request");
  }
  const v = new ConstraintViolations();
  checkAttributeDefinitions(v, input.AttributeDefinitions, 'attributeDefinitions');
  checkResourceName(v, input.TableName, 'tableName');
  checkKeySchemaMembers(v, input.KeySchema, 'keySchema');
  asList(input.LocalSecondaryIndexes).forEach((index, i) =>
    checkIndexDefinition(v, index, `localSecondaryIndexes.${i + 1}.member`, false),
  );
  asList(input.GlobalSecondaryIndexes).forEach((index, i) =>
    checkIndexDefinition(v, index, `globalSecondaryIndexes.${i + 1}.member`, true),
  );
  checkEnum(v, input.BillingMode, 'billingMode', BILLING_MODES);
  checkThroughput(v, input.ProvisionedThroughput, 'provisionedThroughput');
  checkStreamSpecification(v, input.StreamSpecification, 'streamSpecification');
  checkSseSpecification(v, input.SSESpecification, 'sSESpecification');
  checkEnum(v, input.TableClass, 'tableClass', TABLE_CLASSES);
  checkTags(v, input.Tags, 'tags');
  v.throwIfAny();
}

function parseIndexes(input: Record<string, unknown>, table: TableMeta, definitions: ReturnType<typeof parseAttributeDefinitions>): IndexMeta[] {
  const indexes: IndexMeta[] = [];
  const names = new Set<string>();
  const add = (index: IndexMeta): void => {
    if (names.has(index.name)) throw validationError(`${INVALID}Duplicate index name: ${index.name}`);
    names.add(index.name);
    indexes.push(index);
  };
  if (input.LocalSecondaryIndexes !== undefined && input.LocalSecondaryIndexes !== null) {
    const locals = asList(input.LocalSecondaryIndexes);
    if (locals.length === 0) throw validationError(`${INVALID}List of LocalSecondaryIndexes is empty`);
    if (table.keys.sort === undefined) {
      throw validationError(
        `${INVALID}Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex`,
      );
    }
    if (locals.length > MAX_LOCAL_INDEXES) throw validationError('Cannot have more than 5 local secondary indexes per table');
    for (const local of locals) add(parseLocalIndex(local, definitions, table.keys));
  }
  if (input.GlobalSecondaryIndexes !== undefined && input.GlobalSecondaryIndexes !== null) {
    const globals = asList(input.GlobalSecondaryIndexes);
    if (globals.length === 0) throw validationError(`${INVALID}List of GlobalSecondaryIndexes is empty`);
    if (globals.length > MAX_GLOBAL_INDEXES) throw validationError('GlobalSecondaryIndex count exceeds the per-table limit');
    for (const global of globals) add(parseGlobalIndex(global, definitions, table));
  }
  return indexes;
}

export const createTable: Operation = (context, input) => {
  checkRequestShape('CreateTable', input);
  checkConstraints(input);
  const billingMode = (input.BillingMode as TableMeta['billingMode'] | undefined) ?? 'PROVISIONED';
  const throughput = parseThroughput(input.ProvisionedThroughput);
  if (billingMode === 'PROVISIONED' && throughput === undefined) {
    throw validationError('No provisioned throughput specified for the table');
  }
  if (billingMode === 'PAY_PER_REQUEST' && throughput !== undefined) {
    throw validationError(`${INVALID}Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST`);
  }
  const definitions = parseAttributeDefinitions(input.AttributeDefinitions);
  const name = input.TableName as string;
  const nowSeconds = context.now() / 1000;
  const table: TableMeta = {
    name,
    tableId: globalThis.crypto.randomUUID(),
    createdAt: nowSeconds,
    keys: parseKeySchema(input.KeySchema, definitions),
    attributeDefinitions: [],
    billingMode,
    indexes: [],
    tags: {},
  };
  if (throughput !== undefined) table.throughput = throughput;
  table.indexes = parseIndexes(input, table, definitions);
  checkProjectedAttributeTotal(table.indexes);
  const used = new Set(usedKeyAttributes(table.keys, table.indexes).map((attribute) => attribute.name));
  if (used.size !== definitions.size) {
    throw validationError(
      `${INVALID}Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions`,
    );
  }
  table.attributeDefinitions = [...definitions].map(([attribute, type]) => ({ name: attribute, type }));
  const stream = parseStreamSpecification(input.StreamSpecification, context.now());
  const sse = asRecord(input.SSESpecification);
  if (sse?.Enabled === true) {
    table.sse = { enabled: true, type: (sse.SSEType as string | undefined) ?? 'KMS' };
    if (typeof sse.KMSMasterKeyId === 'string') table.sse.kmsKeyId = sse.KMSMasterKeyId;
  }
  if (typeof input.TableClass === 'string') table.tableClass = input.TableClass as TableMeta['tableClass'];
  if (input.DeletionProtectionEnabled === true) table.deletionProtection = true;
  for (const entry of asList(input.Tags)) {
    const tag = asRecord(entry) ?? {};
    setTag(table.tags, tag.Key as string, tag.Value as string);
  }
  if (context.catalog.find(name) !== undefined) {
    throw new DynamoError('ResourceInUseException', `Table already exists: ${name}`);
  }
  context.storage.atomic(() => {
    // A disabled StreamSpecification is kept as given; an enabled one opens the stream's first shard.
    if (stream?.enabled === true) context.storage.write(streamWrites(context, undefined, table, stream));
    else if (stream !== undefined) table.stream = stream;
    context.catalog.save(table);
  });
  // DynamoDB answers CREATING; the table is usable at once, so DescribeTable (and SDK waiters) see ACTIVE.
  const creating = new Set(table.indexes.map((index) => index.name));
  return { TableDescription: renderTableDescription(context, table, { status: 'CREATING', creatingIndexes: creating }) };
};
