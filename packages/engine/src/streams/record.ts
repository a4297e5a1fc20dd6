/**
 * A stream record as the engine stores it: the text of an item in the
 * stream's space whose images are the changed item's stored text, spliced in
 * as maps rather than encoded again, so recording a write costs little more
 * than the write (no object is built for it: stores take the text). What it holds follows the stream's view type; SizeBytes is
 * the size of the keys and the images it holds (as DynamoDB Local counts).
 * `renderRecord` turns it into the record GetRecords answers.
 */
import { randomBytes } from 'node:crypto';
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

export interface RecordContext {
  viewType: string;
  region: string;
  nowMs: number;
  source: ChangeSource;
}

/** A stored record: its text (the stores keep text; no object is built for it) and its size. */
export interface RecordItem {
  json: string;
}

function keysOf(table: TableMeta, item: Item): Item {
  const keys: Item = {};
  const partition = table.keys.partition.name;
  keys[partition] = item[partition]!;
  const sort = table.keys.sort?.name;
  if (sort !== undefined) keys[sort] = item[sort]!;
  return keys;
}

/** Event ids: 32 hex digits, a random prefix per process and a counter (unique without a UUID per record). */
const ID_PREFIX = randomBytes(8).toString('hex');
let idCounter = 0;

function nextEventId(): string {
  idCounter++;
  return ID_PREFIX + idCounter.toString(16).padStart(16, '0');
}

/** Nothing changed: the same attributes, perhaps in another order (equal items print to equal lengths, numbers being normalised). */
function unchanged(before: NonNullable<StreamChange['before']>, after: Item, afterJson: string | undefined): boolean {
  if (before.json !== undefined && afterJson !== undefined && before.json.length !== afterJson.length) return false;
  return attributeValuesEqual({ M: before.item }, { M: after });
}

/** The region's JSON text, made once per region rather than per record. */
const regionTexts = new Map<string, string>();
function regionText(region: string): string {
  let text = regionTexts.get(region);
  if (text === undefined) regionTexts.set(region, (text = JSON.stringify(region)));
  return text;
}

/** The stored record of a change, or undefined when it changes nothing (a delete of a missing item, an item rewritten as it was). */
export function recordItem(change: StreamChange, context: RecordContext): RecordItem | undefined {
  const { before, after } = change;
  if (after === undefined && before === undefined) return undefined;
  if (before !== undefined && after !== undefined && unchanged(before, after, change.afterJson)) return undefined;
  const eventName = before === undefined ? 'INSERT' : after === undefined ? 'REMOVE' : 'MODIFY';
  const keys = keysOf(change.table, after ?? before!.item);
  let size = itemSize(keys);
  const { viewType } = context;
  const withNew = after !== undefined && (viewType === 'NEW_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES');
  const withOld = before !== undefined && (viewType === 'OLD_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES');
  if (withNew) size += change.afterSize;
  if (withOld) size += before.size;
  // The images are the items' stored text, spliced in. Joined once: a string built with + is a
  // tree of its pieces, which a record kept for a day would hold on to (several times the
  // text's size, and as many objects for the GC).
  const pieces = [
    `{"id":{"S":"${nextEventId()}"},"ev":{"S":"${eventName}"},"rg":{"S":${regionText(context.region)}},"at":{"N":"${context.nowMs}"},`,
    `"sz":{"N":"${size}"},"vt":{"S":"${viewType}"}${context.source === 'ttl' ? ',"ttl":{"BOOL":true}' : ''},"k":{"M":`,
    itemToWireJson(keys),
    '}',
  ];
  if (withNew) pieces.push(',"new":{"M":', change.afterJson ?? itemToWireJson(after), '}');
  if (withOld) pieces.push(',"old":{"M":', before.json ?? itemToWireJson(before.item), '}');
  pieces.push('}');
  return { json: pieces.join('') };
}

/** A stored record's text as wire JSON (binary as base64), parsed. */
interface StoredRecordJson {
  id: { S: string };
  ev: { S: string };
  rg: { S: string };
  at: { N: string };
  sz: { N: string };
  vt: { S: string };
  ttl?: { BOOL: boolean };
  k: { M: unknown };
  new?: { M: unknown };
  old?: { M: unknown };
}

/** When a stored record was written (milliseconds), from its text. */
export function recordTime(json: string): number {
  return Number((JSON.parse(json) as StoredRecordJson).at.N);
}

/** The record as GetRecords answers it, from the stored text and its sequence number. */
export function renderRecord(json: string, sequence: string): Record<string, unknown> {
  const stored = JSON.parse(json) as StoredRecordJson;
  const dynamodb: Record<string, unknown> = {
    ApproximateCreationDateTime: Math.floor(Number(stored.at.N) / 1000),
    Keys: stored.k.M,
  };
  if (stored.new !== undefined) dynamodb.NewImage = stored.new.M;
  if (stored.old !== undefined) dynamodb.OldImage = stored.old.M;
  dynamodb.SequenceNumber = sequence;
  dynamodb.SizeBytes = Number(stored.sz.N);
  dynamodb.StreamViewType = stored.vt.S;
  const record: Record<string, unknown> = {
    eventID: stored.id.S,
    eventName: stored.ev.S,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: stored.rg.S,
    dynamodb,
  };
  if (stored.ttl !== undefined) record.userIdentity = { PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' };
  return record;
}
