/**
 * A stream record as the engine stores it: the text of an item in the
 * stream's space whose images are the changed item's stored text, spliced in
 * as maps rather than encoded again. What it holds follows the stream's view
 * type; SizeBytes is the size of the keys and the images it holds (as
 * DynamoDB Local counts). `renderRecord` turns it into the record GetRecords
 * answers.
 *
 * Recording a write costs little more than the write: a record is a
 * StreamRecord, which holds the strings the write had already (the images are
 * the items' stored text, shared with the table and with the stream's other
 * records) and makes its text only when asked. The store on disk asks at
 * once; the store in memory keeps the StreamRecord itself as the stored entry,
 * and the text is made only for the records GetRecords reads. A record kept
 * for a day is one object the garbage collector walks over and over, so it
 * holds small integers only (its time split in two, its sequence number, from
 * which the entry's sort key is made when read) and no other object of its own.
 */
import { attributeValuesEqual, itemSize, type Item } from '@dynotable/core';
import { itemFromWireJson, itemToWireJson } from '../storage/item-codec.js';
import type { StoredItem } from '../storage/storage.js';
import type { KeySchema, TableMeta } from '../tables/meta.js';
import { RECORD_PARTITION, sequenceText } from './shards.js';

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

/** Times split here keep both halves small integers (V8 boxes a larger number held in a field). */
const TIME_SPLIT = 2 ** 30;

/** A record: the stream space's entry at its sequence number, made into its stored text when read (the same text on every read). */
export class StreamRecord implements StoredItem {
  private readonly atHigh: number;
  private readonly atLow: number;
  /** Its sequence number, given when the stream log places it. */
  sequence = 0;

  constructor(
    private readonly eventId: number,
    private readonly eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
    private readonly region: string,
    /** Milliseconds since the epoch. */
    createdAt: number,
    /** The sizes of the images it holds; the keys' is added when the text is made. */
    private readonly imagesSize: number,
    private readonly viewType: string,
    private readonly byService: boolean,
    private readonly keySchema: KeySchema,
    /** The keys' text, unless they are read from the image it holds of the item they are taken from. */
    private readonly keysJson: string | undefined,
    private readonly newJson: string | undefined,
    private readonly oldJson: string | undefined,
  ) {
    this.atHigh = Math.floor(createdAt / TIME_SPLIT);
    this.atLow = createdAt - this.atHigh * TIME_SPLIT;
  }

  /** Milliseconds since the epoch. */
  get createdAt(): number {
    return this.atHigh * TIME_SPLIT + this.atLow;
  }

  get partition(): string {
    return RECORD_PARTITION;
  }

  get sort(): string {
    return sequenceText(this.sequence);
  }

  get json(): string {
    return this.text();
  }

  get item(): Item {
    return itemFromWireJson(this.text());
  }

  /** Not counted (stores count nothing of a stream's records). */
  get size(): number {
    return 0;
  }

  private text(): string {
    let keysJson = this.keysJson;
    let size = this.imagesSize;
    if (keysJson === undefined) {
      const keys = keysOf(this.keySchema, itemFromWireJson((this.newJson ?? this.oldJson)!));
      keysJson = itemToWireJson(keys);
      size += itemSize(keys);
    }
    // Joined once: a string built with + is a tree of its pieces.
    const pieces = [
      `{"id":{"S":"${eventIdText(this.eventId)}"},"ev":{"S":"${this.eventName}"},"rg":{"S":${regionText(this.region)}},"at":{"N":"${this.createdAt}"},`,
      `"sz":{"N":"${size}"},"vt":{"S":"${this.viewType}"}${this.byService ? ',"ttl":{"BOOL":true}' : ''},"k":{"M":`,
      keysJson,
      '}',
    ];
    if (this.newJson !== undefined) pieces.push(',"new":{"M":', this.newJson, '}');
    if (this.oldJson !== undefined) pieces.push(',"old":{"M":', this.oldJson, '}');
    pieces.push('}');
    return pieces.join('');
  }
}

/**
 * The record of a change, or undefined when it changes nothing (a delete of
 * a missing item, an item rewritten as it was). `region` is the record's
 * awsRegion, `nowMs` when it is made.
 */
export function recordChange(change: StreamChange, viewType: string, region: string, nowMs: number, source: ChangeSource): StreamRecord | undefined {
  const { before, after } = change;
  if (after === undefined && before === undefined) return undefined;
  if (before !== undefined && after !== undefined && unchanged(before, after, change.afterJson)) return undefined;
  const eventName = before === undefined ? 'INSERT' : after === undefined ? 'REMOVE' : 'MODIFY';
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
  return new StreamRecord(++idCounter, eventName, region, nowMs, size, viewType, source === 'ttl', change.table.keys, keysJson, newJson, oldJson);
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

/** When a stored record was written (milliseconds): a record in memory knows, one on disk is read from its text. */
export function recordTime(stored: StoredItem): number {
  if (stored instanceof StreamRecord) return stored.createdAt;
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
