/**
 * A stream record: the text of an entry whose images are the changed item's
 * stored text, spliced in as maps rather than encoded again. What it holds
 * follows the stream's view type; SizeBytes is the size of the keys and the
 * images it holds (as DynamoDB Local counts). `renderRecord` turns the text
 * into the record GetRecords answers.
 *
 * Recording a write costs little more than the write: `recordChange` gathers
 * what the record is made of (strings the write had already: the images are
 * the items' stored text) and `recordText` joins them only when the text is
 * needed. A store on disk needs it at once; the engine in memory keeps the
 * parts in its record log (memory-records.ts) and joins them for the records
 * GetRecords reads.
 */
import { attributeValuesEqual, itemSize, type Item } from '@dynotable/core';
import { itemFromWireJson, itemToWireJson } from '../storage/item-codec.js';
import type { StoredItem } from '../storage/storage.js';
import type { KeySchema, TableMeta } from '../tables/meta.js';

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

function keysOf(keys: KeySchema, item: Item): Item {
  const found: Item = {};
  const partition = keys.partition.name;
  found[partition] = item[partition]!;
  const sort = keys.sort?.name;
  if (sort !== undefined) found[sort] = item[sort]!;
  return found;
}

/** Event ids: 32 hex digits, a random prefix per process and a counter (unique without a UUID per record). */
let idPrefix: string | undefined;
let idCounter = 0;

/** Made on first use: the global crypto loads on access, so an engine that never streams starts without it. */
function eventIdPrefix(): string {
  idPrefix ??= Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(8))).toString('hex');
  return idPrefix;
}

function eventIdText(counter: number): string {
  return eventIdPrefix() + counter.toString(16).padStart(16, '0');
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

const EVENT_NAMES = ['INSERT', 'MODIFY', 'REMOVE'] as const;
const VIEW_TYPES = ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'] as const;

/** What a record is made of, before its text is joined. */
export interface RecordParts {
  eventId: number;
  /** Index into INSERT, MODIFY, REMOVE. */
  eventName: number;
  region: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** The sizes of the images it holds, and of the keys when `keysJson` is set. */
  size: number;
  /** Index into VIEW_TYPES. */
  viewType: number;
  byService: boolean;
  /** The keys' text, unless they are read from the image it holds of the item they are taken from. */
  keysJson: string | undefined;
  newJson: string | undefined;
  oldJson: string | undefined;
}

/** The record's stored text (the same on every call). */
export function recordText(parts: RecordParts, keySchema: KeySchema): string {
  let keysJson = parts.keysJson;
  let size = parts.size;
  if (keysJson === undefined) {
    const keys = keysOf(keySchema, itemFromWireJson((parts.newJson ?? parts.oldJson)!));
    keysJson = itemToWireJson(keys);
    size += itemSize(keys);
  }
  // Joined once: a string built with + is a tree of its pieces.
  const pieces = [
    `{"id":{"S":"${eventIdText(parts.eventId)}"},"ev":{"S":"${EVENT_NAMES[parts.eventName]!}"},"rg":{"S":${regionText(parts.region)}},"at":{"N":"${parts.createdAt}"},`,
    `"sz":{"N":"${size}"},"vt":{"S":"${VIEW_TYPES[parts.viewType]!}"}${parts.byService ? ',"ttl":{"BOOL":true}' : ''},"k":{"M":`,
    keysJson,
    '}',
  ];
  if (parts.newJson !== undefined) pieces.push(',"new":{"M":', parts.newJson, '}');
  if (parts.oldJson !== undefined) pieces.push(',"old":{"M":', parts.oldJson, '}');
  pieces.push('}');
  return pieces.join('');
}

/**
 * What the record of a change is made of, or undefined when it changes
 * nothing (a delete of a missing item, an item rewritten as it was).
 * `region` is the record's awsRegion, `nowMs` when it is made.
 */
export function recordChange(change: StreamChange, viewType: string, region: string, nowMs: number, source: ChangeSource): RecordParts | undefined {
  const { before, after } = change;
  if (after === undefined && before === undefined) return undefined;
  if (before !== undefined && after !== undefined && unchanged(before, after, change.afterJson)) return undefined;
  const eventName = before === undefined ? 0 : after === undefined ? 2 : 1;
  const withNew = after !== undefined && (viewType === 'NEW_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES');
  const withOld = before !== undefined && (viewType === 'OLD_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES');
  let size = 0;
  let newJson: string | undefined;
  let oldJson: string | undefined;
  if (withNew) {
    size += change.afterSize;
    newJson = change.afterJson ?? itemToWireJson(after);
  }
  if (withOld) {
    size += before.size;
    oldJson = before.json ?? itemToWireJson(before.item);
  }
  // The keys are the new item's (the old one's for a REMOVE): read later from its image when
  // the record holds that, else kept now (a small text).
  let keysJson: string | undefined;
  if (after !== undefined ? !withNew : !withOld) {
    const keys = keysOf(change.table.keys, after ?? before!.item);
    keysJson = itemToWireJson(keys);
    size += itemSize(keys);
  }
  const viewIndex = Math.max(0, VIEW_TYPES.indexOf(viewType as (typeof VIEW_TYPES)[number]));
  return { eventId: ++idCounter, eventName, region, createdAt: nowMs, size, viewType: viewIndex, byService: source === 'ttl', keysJson, newJson, oldJson };
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

/** When a stored record was written (milliseconds), read from its text. */
export function recordTime(stored: StoredItem): number {
  return Number((JSON.parse(stored.json) as StoredRecordJson).at.N);
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
