/**
 * UpdateTable: billing mode and throughput, one GSI created (backfilled at
 * once) or deleted per call, GSI throughput, streams, deletion protection,
 * table class and encryption settings.
 */
import { DynamoError, validationError, type KeyType } from '@dynotable/core';
import type { EngineContext, Operation } from '../../context.js';
import { indexSpace } from '../../storage/storage.js';
import { renderTableDescription } from '../../tables/describe.js';
import { requireNamedTable } from '../../tables/lookup.js';
import type { IndexMeta, TableMeta, Throughput } from '../../tables/meta.js';
import {
  checkEnum,
  checkRequired,
  checkResourceName,
  ConstraintViolations,
} from '../../validation/constraints.js';
import {
  asList,
  asRecord,
  BILLING_MODES,
  checkAttributeDefinitions,
  checkIndexDefinition,
  checkSseSpecification,
  checkStreamSpecification,
  checkThroughput,
  TABLE_CLASSES,
} from './constraints.js';
import { backfillIndex } from './index-backfill.js';
import { checkProjectedAttributeTotal, INVALID, MAX_GLOBAL_INDEXES, parseGlobalIndex, parseThroughput, usedKeyAttributes } from './schema.js';
import { parseStreamSpecification, streamWrites } from './streams.js';
import { checkRequestShape } from './shapes.js';

const NOTHING_TO_UPDATE =
  'At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required';

const UPDATES = [
  'ProvisionedThroughput',
  'BillingMode',
  'StreamSpecification',
  'GlobalSecondaryIndexUpdates',
  'SSESpecification',
  'ReplicaUpdates',
  'TableClass',
  'DeletionProtectionEnabled',
  'OnDemandThroughput',
  'WarmThroughput',
] as const;

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** An empty list of index updates asks for nothing (DynamoDB Local agrees). */
function asksForUpdate(input: Record<string, unknown>): boolean {
  return UPDATES.some((name) => present(input[name]) && !(Array.isArray(input[name]) && input[name].length === 0));
}

function checkConstraints(input: Record<string, unknown>): void {
  const v = new ConstraintViolations();
  if (present(input.AttributeDefinitions)) checkAttributeDefinitions(v, input.AttributeDefinitions, 'attributeDefinitions');
  checkResourceName(v, input.TableName, 'tableName');
  checkEnum(v, input.BillingMode, 'billingMode', BILLING_MODES);
  checkThroughput(v, input.ProvisionedThroughput, 'provisionedThroughput');
  asList(input.GlobalSecondaryIndexUpdates).forEach((entry, i) => {
    const update = asRecord(entry) ?? {};
    const at = `globalSecondaryIndexUpdates.${i + 1}.member`;
    if (present(update.Create)) checkIndexDefinition(v, update.Create, `${at}.create`, true);
    const change = asRecord(update.Update);
    if (change) {
      checkResourceName(v, change.IndexName, `${at}.update.indexName`);
      if (checkRequired(v, change.ProvisionedThroughput, `${at}.update.provisionedThroughput`)) {
        checkThroughput(v, change.ProvisionedThroughput, `${at}.update.provisionedThroughput`);
      }
    }
    const drop = asRecord(update.Delete);
    if (drop) checkResourceName(v, drop.IndexName, `${at}.delete.indexName`);
  });
  checkStreamSpecification(v, input.StreamSpecification, 'streamSpecification');
  checkSseSpecification(v, input.SSESpecification, 'sSESpecification');
  checkEnum(v, input.TableClass, 'tableClass', TABLE_CLASSES);
  v.throwIfAny();
}

function sameThroughput(a: Throughput | undefined, b: Throughput): boolean {
  return a !== undefined && a.readCapacityUnits === b.readCapacityUnits && a.writeCapacityUnits === b.writeCapacityUnits;
}

/** The new billing mode and table throughput. */
function applyBilling(context: EngineContext, table: TableMeta, next: TableMeta, input: Record<string, unknown>): void {
  const mode = (input.BillingMode as TableMeta['billingMode'] | undefined) ?? table.billingMode;
  const throughput = parseThroughput(input.ProvisionedThroughput);
  if (mode === 'PAY_PER_REQUEST') {
    if (throughput !== undefined) {
      throw validationError(`${INVALID}Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST`);
    }
    delete next.throughput;
    for (const index of next.indexes) delete index.throughput;
  } else {
    if (throughput === undefined && table.billingMode !== 'PROVISIONED') {
      throw validationError('No provisioned throughput specified for the table');
    }
    if (throughput !== undefined) {
      if (table.billingMode === 'PROVISIONED' && sameThroughput(table.throughput, throughput)) {
        const current = table.throughput!;
        throw validationError(
          `The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: ${current.readCapacityUnits}. Requested ReadCapacityUnits: ${throughput.readCapacityUnits}. Current WriteCapacityUnits provisioned for the table: ${current.writeCapacityUnits}. Requested WriteCapacityUnits: ${throughput.writeCapacityUnits}. Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.`,
        );
      }
      next.throughput = throughput;
      // GSIs of a table moving to provisioned start with the table's units unless an Update names theirs.
      for (const index of next.indexes) if (index.kind === 'global') index.throughput ??= { ...throughput };
    }
  }
  if (mode !== table.billingMode) {
    next.billingMode = mode;
    // BillingModeSummary keeps the time of the last switch *to* on-demand.
    next.billingModeChangedAt =
      mode === 'PAY_PER_REQUEST' ? context.now() / 1000 : (table.billingModeChangedAt ?? table.createdAt);
  }
}

/** Table attribute definitions merged with the request's; a redefinition must keep its type. */
function mergedDefinitions(table: TableMeta, input: Record<string, unknown>): Map<string, KeyType> {
  const definitions = new Map<string, KeyType>(table.attributeDefinitions.map((a) => [a.name, a.type]));
  for (const entry of asList(input.AttributeDefinitions)) {
    const member = asRecord(entry) ?? {};
    const name = member.AttributeName as string;
    const type = member.AttributeType as KeyType;
    const known = definitions.get(name);
    if (known !== undefined && known !== type) {
      throw validationError('invalid attribute, SchemaElement redefined should be of same type as previously defined');
    }
    definitions.set(name, type);
  }
  return definitions;
}

interface IndexChanges {
  created?: IndexMeta;
  deleted?: IndexMeta;
}

function applyIndexUpdates(next: TableMeta, input: Record<string, unknown>, definitions: Map<string, KeyType>): IndexChanges {
  const updates = asList(input.GlobalSecondaryIndexUpdates).map((entry) => asRecord(entry) ?? {});
  const structural = updates.filter((update) => present(update.Create) || present(update.Delete));
  if (structural.length > 1) {
    throw new DynamoError(
      'LimitExceededException',
      'Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table',
    );
  }
  const changes: IndexChanges = {};
  for (const update of updates) {
    const create = asRecord(update.Create);
    const change = asRecord(update.Update);
    const drop = asRecord(update.Delete);
    if (create) {
      if (next.indexes.some((index) => index.name === create.IndexName)) {
        throw validationError('Attempting to create an index which already exists');
      }
      if (next.indexes.filter((index) => index.kind === 'global').length >= MAX_GLOBAL_INDEXES) {
        throw validationError('GlobalSecondaryIndex count exceeds the per-table limit');
      }
      const index = parseGlobalIndex(create, definitions, next);
      next.indexes.push(index);
      changes.created = index;
    } else if (change) {
      const index = next.indexes.find((candidate) => candidate.kind === 'global' && candidate.name === change.IndexName);
      if (index === undefined) throw validationError('Invalid global secondary index name');
      const throughput = parseThroughput(change.ProvisionedThroughput)!;
      if (next.billingMode === 'PAY_PER_REQUEST') {
        throw validationError(
          `${INVALID}ProvisionedThroughput should not be specified for index: ${index.name} when BillingMode is PAY_PER_REQUEST`,
        );
      }
      index.throughput = throughput;
    } else if (drop) {
      const index = next.indexes.find((candidate) => candidate.kind === 'global' && candidate.name === drop.IndexName);
      if (index === undefined) throw new DynamoError('ResourceNotFoundException', 'Requested resource not found');
      next.indexes = next.indexes.filter((candidate) => candidate !== index);
      changes.deleted = index;
    } else {
      throw validationError('Update global secondary index action is null');
    }
  }
  checkProjectedAttributeTotal(next.indexes);
  return changes;
}

/** The stream enabled or disabled by the request: checked now, applied (streamWrites) with the table's save. */
function requestedStream(table: TableMeta, value: unknown, nowMs: number): TableMeta['stream'] | undefined {
  const stream = parseStreamSpecification(value, nowMs);
  if (stream === undefined) return undefined;
  if (stream.enabled) {
    if (table.stream?.enabled) throw validationError('Table already has an enabled stream');
    return stream;
  }
  if (!table.stream?.enabled) throw validationError('Table has no stream to disable');
  // The last stream's ARN and label stay visible after it is disabled, as in DynamoDB.
  return { enabled: false, ...(table.stream.label === undefined ? {} : { label: table.stream.label }) };
}

export const updateTable: Operation = (context, input) => {
  checkRequestShape('UpdateTable', input);
  checkConstraints(input);
  if (!asksForUpdate(input)) throw validationError(NOTHING_TO_UPDATE);
  const table = requireNamedTable(context, input.TableName);
  const next: TableMeta = structuredClone(table);
  applyBilling(context, table, next, input);
  const definitions = mergedDefinitions(table, input);
  const changes = applyIndexUpdates(next, input, definitions);
  next.attributeDefinitions = usedKeyAttributes(next.keys, next.indexes).map((a) => ({ name: a.name, type: definitions.get(a.name) ?? a.type }));
  const stream = requestedStream(table, input.StreamSpecification, context.now());
  if (typeof input.DeletionProtectionEnabled === 'boolean') next.deletionProtection = input.DeletionProtectionEnabled;
  if (typeof input.TableClass === 'string') next.tableClass = input.TableClass as TableMeta['tableClass'];
  const sse = asRecord(input.SSESpecification);
  if (sse) {
    next.sse = { enabled: sse.Enabled === true, type: (sse.SSEType as string | undefined) ?? 'KMS' };
    if (typeof sse.KMSMasterKeyId === 'string') next.sse.kmsKeyId = sse.KMSMasterKeyId;
  }
  // One transaction on disk: a crash never leaves a half-filled or orphaned index.
  context.storage.atomic(() => {
    if (changes.deleted) context.storage.dropSpace(indexSpace(table.name, changes.deleted.name));
    if (stream !== undefined) context.storage.write(streamWrites(context, table, next, stream));
    context.catalog.save(next);
    if (changes.created) backfillIndex(context, next, changes.created);
  });
  const creating = new Set(changes.created ? [changes.created.name] : []);
  return { TableDescription: renderTableDescription(context, next, { status: 'UPDATING', creatingIndexes: creating }) };
};
