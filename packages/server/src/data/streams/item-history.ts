/**
 * One item's history: its records in the table's stream and its changes in
 * DynoTable's write journal, put together. A stream record and a journal
 * change that are the same write (same event, same images, close in time)
 * become one entry that says which DynoTable operation made it; a stream
 * record with no journal change was made by something else — DynamoDB's TTL
 * (its records say so) or another client.
 */
import { attributeValueFromWire, attributeValuesEqual, type WireItem } from '@dynotable/core';
import type { HistoryAuthor, HistoryEntry } from '../shapes.js';
import type { StreamEventName, StreamRecordJson } from './record-json.js';

/** A change of the journal as the history reads it (JournalOperationView's fields it needs). */
export interface JournaledChange {
  readonly operationId: string;
  readonly operation: string;
  readonly time: string;
  readonly key: WireItem;
  readonly newKey?: WireItem;
  readonly before: WireItem | null;
  readonly after: WireItem | null;
  /** Undone since (the item went back by a later undo, which has its own entry). */
  readonly undone: boolean;
}

export function itemsEqual(a: WireItem, b: WireItem): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => Object.hasOwn(b, name) && attributeValuesEqual(attributeValueFromWire(a[name]), attributeValueFromWire(b[name])));
}

/** How far apart in time a stream record and a journal change may be and still be one write. */
const SAME_WRITE_MS = 60_000;
/** Without images to compare (KEYS_ONLY), only a closer match in time counts. */
const SAME_WRITE_NO_IMAGES_MS = 5_000;

interface JournalEvent {
  readonly change: JournaledChange;
  readonly eventName: StreamEventName;
  readonly before?: WireItem;
  readonly after?: WireItem;
  used: boolean;
}

/** The journal's changes at this key as stream events: a move is a REMOVE at the old key and an INSERT at the new one. */
function journalEvents(key: WireItem, changes: readonly JournaledChange[]): JournalEvent[] {
  const events: JournalEvent[] = [];
  for (const change of changes) {
    const atOld = itemsEqual(change.key, key);
    const atNew = change.newKey !== undefined && itemsEqual(change.newKey, key);
    if (change.newKey !== undefined && !itemsEqual(change.newKey, change.key)) {
      if (atOld && change.before !== null) events.push({ change, eventName: 'REMOVE', before: change.before, used: false });
      if (atNew && change.after !== null) events.push({ change, eventName: 'INSERT', after: change.after, used: false });
      continue;
    }
    if (!atOld) continue;
    if (change.before === null && change.after === null) continue;
    const eventName: StreamEventName = change.before === null ? 'INSERT' : change.after === null ? 'REMOVE' : 'MODIFY';
    events.push({ change, eventName, ...(change.before !== null ? { before: change.before } : {}), ...(change.after !== null ? { after: change.after } : {}), used: false });
  }
  return events;
}

function recordTime(record: StreamRecordJson): number | undefined {
  const seconds = record.dynamodb.ApproximateCreationDateTime;
  return seconds === undefined ? undefined : seconds * 1000;
}

function sameWrite(record: StreamRecordJson, event: JournalEvent): boolean {
  if (record.eventName !== event.eventName) return false;
  const { NewImage: after, OldImage: before } = record.dynamodb;
  if (after !== undefined && (event.after === undefined || !itemsEqual(after, event.after))) return false;
  if (before !== undefined && (event.before === undefined || !itemsEqual(before, event.before))) return false;
  const time = recordTime(record);
  if (time === undefined) return true;
  // The stream's time is rounded down to the second on AWS.
  const apart = Math.abs(Date.parse(event.change.time) - time);
  return apart <= (after === undefined && before === undefined ? SAME_WRITE_NO_IMAGES_MS : SAME_WRITE_MS);
}

function authorOfRecord(record: StreamRecordJson): HistoryAuthor {
  const identity = record.userIdentity;
  if (identity?.Type === 'Service' && identity.PrincipalId === 'dynamodb.amazonaws.com') return { kind: 'ttl' };
  if (identity?.PrincipalId !== undefined) return { kind: 'service', principal: identity.PrincipalId };
  return { kind: 'other' };
}

function authorOfChange(change: JournaledChange): HistoryAuthor {
  return { kind: 'dynotable', operation: change.operation, operationId: change.operationId, undone: change.undone };
}

/** The item's entries, newest first. `records` are the stream's for any key (in stream order); `changes` the journal's for the table. */
export function itemHistory(key: WireItem, records: readonly StreamRecordJson[], changes: readonly JournaledChange[]): HistoryEntry[] {
  const journal = journalEvents(key, changes);
  const fromStream: HistoryEntry[] = [];
  for (const record of records) {
    const keys = record.dynamodb.Keys;
    if (keys === undefined || record.eventName === undefined || !itemsEqual(keys, key)) continue;
    const time = recordTime(record);
    const candidates = journal.filter((event) => !event.used && sameWrite(record, event));
    const match = candidates.sort((a, b) => Math.abs(Date.parse(a.change.time) - (time ?? 0)) - Math.abs(Date.parse(b.change.time) - (time ?? 0)))[0];
    if (match !== undefined) match.used = true;
    const before = record.dynamodb.OldImage ?? match?.before;
    const after = record.dynamodb.NewImage ?? match?.after;
    fromStream.push({
      time: match?.change.time ?? new Date(time ?? 0).toISOString(),
      eventName: record.eventName,
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {}),
      by: match !== undefined ? authorOfChange(match.change) : authorOfRecord(record),
      sources: match !== undefined ? ['stream', 'journal'] : ['stream'],
      ...(record.dynamodb.SequenceNumber !== undefined ? { sequenceNumber: record.dynamodb.SequenceNumber } : {}),
    });
  }
  const journalOnly: HistoryEntry[] = [];
  for (const event of journal) {
    if (event.used) continue;
    journalOnly.push({
      time: event.change.time,
      eventName: event.eventName,
      ...(event.before !== undefined ? { before: event.before } : {}),
      ...(event.after !== undefined ? { after: event.after } : {}),
      by: authorOfChange(event.change),
      sources: ['journal'],
    });
  }
  return mergeNewestFirst(fromStream, journalOnly);
}

/**
 * The stream's order is the item's true order (its times are only to the
 * second); the journal's changes the stream lacks go in by time among them.
 */
function mergeNewestFirst(fromStream: readonly HistoryEntry[], journalOnly: readonly HistoryEntry[]): HistoryEntry[] {
  const pending = [...journalOnly].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const merged: HistoryEntry[] = [];
  let reached = -Infinity;
  for (const entry of fromStream) {
    reached = Math.max(reached, Date.parse(entry.time));
    while (pending.length > 0 && Date.parse(pending[0]!.time) < reached) merged.push(pending.shift()!);
    merged.push(entry);
  }
  return [...merged, ...pending].reverse();
}
