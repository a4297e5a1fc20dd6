/** A stream record as the Changes view shows it: its key in words, its diff, and whether the filters let it through. */
import type { WireItem } from '@dynotable/core';
import type { StreamRecordJson } from '../api/types.js';
import { diffItems, type DiffRow } from '../workbench/editor/item-diff.js';
import { keyText } from '../workbench/editor/journal-view.js';

export type EventFilter = 'ALL' | 'INSERT' | 'MODIFY' | 'REMOVE';

export interface RecordFilter {
  /** Text the key must contain (any case): `TICKET#88` or `PK = TICKET#8842`. */
  readonly keyText: string;
  readonly event: EventFilter;
}

/** The key in key-schema order when the table's key names are known. */
export function recordKeyText(record: StreamRecordJson, keyNames: readonly string[]): string {
  const keys = record.dynamodb.Keys ?? {};
  const ordered: WireItem = {};
  for (const name of [...keyNames, ...Object.keys(keys)]) if (Object.hasOwn(keys, name) && !Object.hasOwn(ordered, name)) ordered[name] = keys[name]!;
  return keyText(ordered);
}

export function recordMatches(record: StreamRecordJson, filter: RecordFilter, keyNames: readonly string[]): boolean {
  if (filter.event !== 'ALL' && record.eventName !== filter.event) return false;
  const wanted = filter.keyText.trim().toLowerCase();
  return wanted === '' || recordKeyText(record, keyNames).toLowerCase().includes(wanted);
}

/** What a record can show: a diff when it has both sides of the change, else the one image (or the keys) it keeps. */
export type RecordChange = { readonly kind: 'diff'; readonly rows: DiffRow[] } | { readonly kind: 'image'; readonly label: string; readonly item: WireItem };

/**
 * Old image against new, attribute by attribute: an INSERT's attributes all
 * added, a REMOVE's all removed. A view type that keeps one side of a MODIFY
 * (or only the keys) cannot show a change: the image it has is shown as it is.
 */
export function recordChange(record: StreamRecordJson, keyNames: readonly string[]): RecordChange {
  const { OldImage: before, NewImage: after, Keys: keys } = record.dynamodb;
  if (record.eventName === 'INSERT' && after !== undefined) return { kind: 'diff', rows: diffItems(undefined, after, keyNames) };
  if (record.eventName === 'REMOVE' && before !== undefined) return { kind: 'diff', rows: diffItems(before, {}, keyNames) };
  if (record.eventName === 'MODIFY' && before !== undefined && after !== undefined) return { kind: 'diff', rows: diffItems(before, after, keyNames) };
  if (after !== undefined) return { kind: 'image', label: 'New image (the stream keeps no old image)', item: after };
  if (before !== undefined) return { kind: 'image', label: 'Old image (the stream keeps no new image)', item: before };
  return { kind: 'image', label: 'Keys (the stream keeps no images)', item: keys ?? {} };
}

/** Which images a view type keeps, in words. */
export function viewTypeWords(viewType: string | undefined): string {
  switch (viewType) {
    case 'KEYS_ONLY':
      return 'keys only';
    case 'NEW_IMAGE':
      return 'new images';
    case 'OLD_IMAGE':
      return 'old images';
    case 'NEW_AND_OLD_IMAGES':
      return 'new and old images';
    default:
      return viewType ?? 'unknown view type';
  }
}
