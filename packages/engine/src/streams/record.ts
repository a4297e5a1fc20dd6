/**
 * A stream record as DynamoDB writes it, as JSON text: the images are the
 * items' stored text spliced in, so a record costs no conversion of the
 * item. What it holds follows the stream's view type; SizeBytes is the size
 * of the keys and the images it holds.
 */
import { randomUUID } from 'node:crypto';
import { attributeValuesEqual, itemSize, type Item } from '@dynotable/core';
import { itemToWireJson } from '../storage/item-codec.js';
import type { TableMeta } from '../tables/meta.js';

/** One item's change, as a write plan describes it for the stream. */
export interface StreamChange {
  table: TableMeta;
  before?: { item: Item; size: number; json?: string };
  after?: Item;
  afterJson?: string;
  afterSize: number;
}

/** Who made a change the table's owner did not ask for (a TTL deletion). */
export type ChangeSource = 'caller' | 'ttl';

const TTL_IDENTITY = '{"type":"Service","principalId":"dynamodb.amazonaws.com"}';

function keysOf(table: TableMeta, item: Item): Item {
  const keys: Item = {};
  const partition = table.keys.partition.name;
  keys[partition] = item[partition]!;
  const sort = table.keys.sort?.name;
  if (sort !== undefined) keys[sort] = item[sort]!;
  return keys;
}

export interface RecordContext {
  viewType: string;
  region: string;
  nowMs: number;
  source: ChangeSource;
}

/** The record's JSON text, or undefined when the change changes nothing (a delete of a missing item, an item rewritten as it was). */
export function recordMaker(change: StreamChange, context: RecordContext): ((sequence: string) => string) | undefined {
  const { before, after } = change;
  if (after === undefined && before === undefined) return undefined;
  // The same attributes in another order (or a set's members): stored anew, but nothing changed.
  if (before !== undefined && after !== undefined && attributeValuesEqual({ M: before.item }, { M: after })) return undefined;
  const eventName = before === undefined ? 'INSERT' : after === undefined ? 'REMOVE' : 'MODIFY';
  const keys = keysOf(change.table, (after ?? before!.item));
  let size = itemSize(keys);
  let images = '';
  const { viewType } = context;
  if (after !== undefined && (viewType === 'NEW_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES')) {
    images += `,"NewImage":${change.afterJson ?? itemToWireJson(after)}`;
    size += change.afterSize;
  }
  if (before !== undefined && (viewType === 'OLD_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES')) {
    images += `,"OldImage":${before.json ?? itemToWireJson(before.item)}`;
    size += before.size;
  }
  const head =
    `{"eventID":"${randomUUID().replaceAll('-', '')}","eventName":"${eventName}","eventVersion":"1.1",` +
    `"eventSource":"aws:dynamodb","awsRegion":${JSON.stringify(context.region)},` +
    `"dynamodb":{"ApproximateCreationDateTime":${Math.floor(context.nowMs / 1000)},"Keys":${itemToWireJson(keys)}${images},"SequenceNumber":"`;
  const tail =
    `","SizeBytes":${size},"StreamViewType":"${viewType}"}` + (context.source === 'ttl' ? `,"userIdentity":${TTL_IDENTITY}}` : '}');
  return (sequence) => head + sequence + tail;
}
