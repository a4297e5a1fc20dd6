/**
 * BatchWriteItem: up to 25 puts and deletes over several tables, without
 * conditions. Every request is checked before anything is written, then all
 * writes are applied together, so UnprocessedItems is always empty. Messages
 * measured on DynamoDB Local, except where AWS's own differ
 * (docs/dynamodb-rules.md#request-validation-messages).
 */
import { INVALID_PARAMETER_PREFIX, isDynamoError, itemSize, MAX_BATCH_WRITE_REQUESTS as BATCH_WRITE_LIMIT, validationError, type Item } from '@dynotable/core';
import type { EngineContext, Operation } from '../../context.js';
import { CapacityTally, renderConsumedCapacity } from '../../capacity/consumed.js';
import { itemCollectionMetrics } from '../../items/collection-metrics.js';
import { encodePosition, type EncodedPosition } from '../../items/keys.js';
import { checkWrittenItemSize, planWrite, tallyWrite, type WritePlan } from '../../items/write-plan.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { readKey, readPutItem } from '../../requests/items.js';
import { readReturnConsumedCapacity, readReturnItemCollectionMetrics } from '../../requests/parameters.js';
import { tableSpace, type ItemWrite } from '../../storage/storage.js';
import { commitWrites } from '../../streams/commit.js';
import { requireTable } from '../../tables/lookup.js';
import type { TableMeta } from '../../tables/meta.js';
import { ConstraintViolations, isEmptyMap } from '../../validation/constraints.js';
import { objectListText } from '../../validation/dump.js';
import { DUPLICATE_KEYS_MESSAGE } from './batch-get-item.js';

const MAX_BATCH_WRITE_REQUESTS = BATCH_WRITE_LIMIT;

interface PlannedWrite {
  table: TableMeta;
  position: EncodedPosition;
  item: Item;
  plan: WritePlan;
}

/** A put's item: in a batch a missing key attribute has its own message. */
function readBatchPutItem(table: TableMeta, wire: unknown): Item {
  if (wire === undefined || wire === null) throw validationError('The supplied Item contains a null AttributeValue');
  try {
    return readPutItem(table.keys, wire);
  } catch (error) {
    if (isDynamoError(error) && error.message.startsWith(`${INVALID_PARAMETER_PREFIX}Missing the key `)) {
      throw validationError('One of the required keys was not given a value');
    }
    throw error;
  }
}

/**
 * A framework constraint on each table's list: at most 25 requests. DynamoDB
 * prints the whole map, each request as its class and a hash.
 */
function checkRequestsPerTable(violations: ConstraintViolations, requestItems: unknown): void {
  if (requestItems === null || typeof requestItems !== 'object') return;
  const lists = Object.values(requestItems);
  if (!lists.some((requests) => Array.isArray(requests) && requests.length > MAX_BATCH_WRITE_REQUESTS)) return;
  const printed = Object.entries(requestItems).map(([name, requests]) => `${name}=${objectListText('WriteRequest', requests)}`);
  violations.addPrinted(
    `{${printed.join(', ')}}`,
    'requestItems',
    `Map value must satisfy constraint: [Member must have length less than or equal to ${MAX_BATCH_WRITE_REQUESTS}, Member must have length greater than or equal to 1]`,
  );
}

function planRequests(context: EngineContext, requestItems: Record<string, unknown>): PlannedWrite[] {
  const entries = Object.entries(requestItems);
  let total = 0;
  for (const [, requests] of entries) if (Array.isArray(requests)) total += requests.length;
  if (total > MAX_BATCH_WRITE_REQUESTS) throw validationError('Too many items requested for the BatchWriteItem call');
  const planned: PlannedWrite[] = [];
  for (const [name, requests] of entries) {
    if (!Array.isArray(requests) || requests.length === 0) {
      throw validationError(`The batch write request list for a table cannot be null or empty: ${name}`);
    }
    const table = requireTable(context, name);
    const seen = new Set<string>();
    for (const raw of requests) {
      const request = (raw ?? {}) as { PutRequest?: { Item?: unknown } | null; DeleteRequest?: { Key?: unknown } | null };
      const put = request.PutRequest ?? undefined;
      const del = request.DeleteRequest ?? undefined;
      if ((put === undefined) === (del === undefined)) {
        throw validationError('Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes');
      }
      const item = put ? readBatchPutItem(table, put.Item) : readKey(table.keys, del!.Key);
      const position = encodePosition(table.keys, item);
      const size = put ? itemSize(item) : 0;
      if (put) checkWrittenItemSize(table, item, size, 'put');
      const before = context.storage.get(tableSpace(table.name), position.partition, position.sort);
      const plan = planWrite(table, position, before, put ? item : undefined, size);
      // A request is checked whole (index keys too) before it is compared with the earlier ones (DynamoDB Local).
      const id = `${position.partition}\u0000${position.sort}`;
      if (seen.has(id)) throw validationError(DUPLICATE_KEYS_MESSAGE);
      seen.add(id);
      planned.push({ table, position, item, plan });
    }
  }
  return planned;
}

export const batchWriteItem: Operation = (context, input) => {
  checkItemRequestShape('BatchWriteItem', input);
  const violations = new ConstraintViolations();
  const returnConsumedCapacity = readReturnConsumedCapacity(violations, input.ReturnConsumedCapacity);
  const returnMetrics = readReturnItemCollectionMetrics(violations, input.ReturnItemCollectionMetrics);
  checkRequestsPerTable(violations, input.RequestItems);
  violations.throwIfAny();
  if (isEmptyMap(input.RequestItems)) throw validationError('The requestItems parameter is required for BatchWriteItem');
  const planned = planRequests(context, input.RequestItems as Record<string, unknown>);
  const writes: ItemWrite[] = [];
  for (const { plan } of planned) writes.push(...plan.writes);
  commitWrites(context, writes, planned.map(({ plan }) => plan.change));

  const output: Record<string, unknown> = { UnprocessedItems: {} };
  if (returnConsumedCapacity !== 'NONE') {
    const tallies = new Map<TableMeta, CapacityTally>();
    for (const { table, plan } of planned) {
      let tally = tallies.get(table);
      if (tally === undefined) tallies.set(table, (tally = new CapacityTally()));
      tallyWrite(tally, plan);
    }
    output.ConsumedCapacity = [...tallies].map(([table, tally]) => renderConsumedCapacity(table, tally, returnConsumedCapacity));
  }
  const metrics: Record<string, unknown[]> = {};
  for (const { table, position, item } of planned) {
    const entry = itemCollectionMetrics(context.storage, table, position, item, returnMetrics);
    if (entry) (metrics[table.name] ??= []).push(entry);
  }
  if (Object.keys(metrics).length > 0) output.ItemCollectionMetrics = metrics;
  return output;
};
