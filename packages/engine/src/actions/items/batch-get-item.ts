/**
 * BatchGetItem: up to 100 keys over several tables, each table with its own
 * projection and consistency. Everything is answered at once up to 16 MB of
 * items; UnprocessedKeys holds the keys beyond (and is {} otherwise).
 * Messages measured on DynamoDB Local, except where AWS's own differ
 * (docs/dynamodb-rules.md#request-validation-messages).
 */
import {
  emptyKeyMessage,
  emptyKind,
  isEmptyKeyValue,
  itemReadUnits,
  itemToWire,
  MAX_BATCH_GET_KEYS as BATCH_GET_LIMIT,
  MAX_BATCH_GET_RESPONSE_BYTES as BATCH_GET_RESPONSE_LIMIT,
  projectItem,
  typeOf,
  validationError,
  type Item,
  type ProjectionNode,
} from '@dynotable/core';
import type { Operation } from '../../context.js';
import { CapacityTally, renderConsumedCapacity } from '../../capacity/consumed.js';
import { checkKeyParameter, encodePosition } from '../../items/keys.js';
import { RawJson } from '../../output/raw-json.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { readWireItem } from '../../requests/items.js';
import { readConsistentRead, readReturnConsumedCapacity } from '../../requests/parameters.js';
import { tableSpace } from '../../storage/storage.js';
import { requireTable } from '../../tables/lookup.js';
import { keyAttributes, type TableMeta } from '../../tables/meta.js';
import { ConstraintViolations, isEmptyMap } from '../../validation/constraints.js';
import { readProjection } from './get-item.js';

const MAX_BATCH_GET_KEYS = BATCH_GET_LIMIT;
/** A response holds at most 16 MB of items; the keys beyond come back in UnprocessedKeys. */
const MAX_BATCH_GET_RESPONSE_BYTES = BATCH_GET_RESPONSE_LIMIT;
export const DUPLICATE_KEYS_MESSAGE = 'Provided list of item keys contains duplicates';

interface TableRead {
  /** The table's request as sent, echoed in UnprocessedKeys. */
  request: Record<string, unknown>;
  table: TableMeta;
  keys: Item[];
  positions: { partition: string; sort: string }[];
  projection: ProjectionNode | undefined;
  consistent: boolean;
}

/** A framework constraint on each table's Keys: at most 100 (DynamoDB names no value here). */
function checkKeysPerTable(violations: ConstraintViolations, requestItems: unknown): void {
  if (requestItems === null || typeof requestItems !== 'object') return;
  for (const [name, request] of Object.entries(requestItems)) {
    const keys = (request as { Keys?: unknown } | null)?.Keys;
    if (Array.isArray(keys) && keys.length > MAX_BATCH_GET_KEYS) {
      violations.addUnvalued(`RequestItems.${name}.member.Keys`, `Member must have length less than or equal to ${MAX_BATCH_GET_KEYS}`);
    }
  }
}

function readRequests(context: Parameters<Operation>[0], requestItems: Record<string, unknown>): TableRead[] {
  const entries = Object.entries(requestItems);
  let total = 0;
  for (const [, request] of entries) {
    const keys = (request as { Keys?: unknown } | null)?.Keys;
    if (Array.isArray(keys)) total += keys.length;
  }
  if (total > MAX_BATCH_GET_KEYS) throw validationError('Too many items requested for the BatchGetItem call');
  const reads: TableRead[] = [];
  for (const [name, raw] of entries) {
    const request = (raw ?? {}) as Record<string, unknown>;
    const wireKeys = request.Keys;
    if (!Array.isArray(wireKeys) || wireKeys.length === 0) {
      throw validationError(`The list of keys in RequestItems for BatchGetItem is required: ${name} has empty list`);
    }
    const projection = readProjection(request);
    const table = requireTable(context, name);
    const seen = new Set<string>();
    const read: TableRead = { request, table, keys: [], positions: [], projection, consistent: readConsistentRead(request.ConsistentRead) };
    // Duplicates are found before the keys are checked against the schema (DynamoDB Local).
    const items = wireKeys.map(readWireItem);
    for (const item of items) {
      const id = JSON.stringify(itemToWire(Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))));
      if (seen.has(id)) throw validationError(DUPLICATE_KEYS_MESSAGE);
      seen.add(id);
    }
    // An empty key value of the key's type, in any of the keys, is reported before a key
    // that does not fit the schema (DynamoDB Local).
    for (const item of items) {
      for (const attribute of keyAttributes(table.keys)) {
        const value = item[attribute.name];
        if (value !== undefined && typeOf(value) === attribute.type && isEmptyKeyValue(value)) {
          throw validationError(emptyKeyMessage(emptyKind(value), attribute.name));
        }
      }
    }
    for (const item of items) {
      checkKeyParameter(table.keys, item);
      read.keys.push(item);
      read.positions.push(encodePosition(table.keys, item));
    }
    reads.push(read);
  }
  return reads;
}

export const batchGetItem: Operation = (context, input) => {
  checkItemRequestShape('BatchGetItem', input);
  const violations = new ConstraintViolations();
  const returnConsumedCapacity = readReturnConsumedCapacity(violations, input.ReturnConsumedCapacity);
  checkKeysPerTable(violations, input.RequestItems);
  violations.throwIfAny();
  if (isEmptyMap(input.RequestItems)) throw validationError('The requestItems parameter is required for BatchGetItem');
  const reads = readRequests(context, input.RequestItems as Record<string, unknown>);

  const responses: Record<string, unknown[]> = {};
  const unprocessed: Record<string, Record<string, unknown>> = {};
  const consumed: Record<string, unknown>[] = [];
  let responseBytes = 0;
  for (const read of reads) {
    const items: unknown[] = [];
    const tally = new CapacityTally();
    read.positions.forEach((position, i) => {
      const stored = context.storage.get(tableSpace(read.table.name), position.partition, position.sort);
      // A missing key costs nothing in a batch (measured on DynamoDB Local), unlike GetItem.
      if (stored === undefined) return;
      if (responseBytes + stored.size > MAX_BATCH_GET_RESPONSE_BYTES) {
        const rest = (unprocessed[read.table.name] ??= { ...read.request, Keys: [] });
        (rest.Keys as unknown[]).push(itemToWire(read.keys[i]!));
        return;
      }
      responseBytes += stored.size;
      items.push(read.projection ? itemToWire(projectItem(read.projection, stored.item)) : new RawJson(stored.json));
      tally.addTable(itemReadUnits(stored.size, read.consistent ? 'strong' : 'eventual'), 0);
    });
    responses[read.table.name] = items;
    const rendered = renderConsumedCapacity(read.table, tally, returnConsumedCapacity);
    if (rendered) consumed.push(rendered);
  }
  const output: Record<string, unknown> = { Responses: responses, UnprocessedKeys: unprocessed };
  if (returnConsumedCapacity !== 'NONE') output.ConsumedCapacity = consumed;
  return output;
};
