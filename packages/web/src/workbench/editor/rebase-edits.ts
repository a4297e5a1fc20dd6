/**
 * After a refused save: the user's own edits (what differs between the item as
 * they loaded it and as they edited it) re-applied onto the item as it is now,
 * so reloading never loses them. Attributes are compared whole, as the
 * UpdateItem writes them: a nested map or list changed anywhere is one change.
 * Values are copied as they are (numbers as their exact text, binary as
 * base64, sets as sets).
 */
import type { WireAttributeValue, WireItem } from '@dynotable/core';
import { valuesEqual } from './value-equal.js';

/** An attribute both the user and someone else changed, to different values. */
export interface EditConflict {
  readonly name: string;
  /** As the user loaded it (absent: it had no such attribute). */
  readonly loaded?: WireAttributeValue;
  /** As the table holds it now (absent: the other writer removed it). */
  readonly theirs?: WireAttributeValue;
  /** As the user edited it, and as the editor now shows it (absent: the user removed it). */
  readonly yours?: WireAttributeValue;
}

export interface RebasedEdits {
  /** The item to show in the editor; for an item deleted meanwhile, the user's text as a new item. */
  readonly item: WireItem;
  /** The table no longer has the item: saving puts it back as a new one. */
  readonly deleted: boolean;
  /** The attributes the user set, changed or removed, in the order of their text. */
  readonly yourChanges: readonly string[];
  /** The attributes someone else set, changed or removed since the item was loaded. */
  readonly theirChanges: readonly string[];
  readonly conflicts: readonly EditConflict[];
}

function attribute(item: WireItem, name: string): WireAttributeValue | undefined {
  return Object.hasOwn(item, name) ? item[name] : undefined;
}

function same(a: WireAttributeValue | undefined, b: WireAttributeValue | undefined): boolean {
  return a === undefined || b === undefined ? a === b : valuesEqual(a, b);
}

/** The names whose value (or presence) differs between two versions of the item. */
function changedNames(from: WireItem, to: WireItem): string[] {
  const names = [...Object.keys(to), ...Object.keys(from).filter((name) => !Object.hasOwn(to, name))];
  return names.filter((name) => !same(attribute(from, name), attribute(to, name)));
}

/** An item of the named attributes that have a value, in that order (defineProperty: an attribute may be named __proto__). */
function assemble(names: readonly string[], valueOf: (name: string) => WireAttributeValue | undefined): WireItem {
  const item: WireItem = {};
  for (const name of names) {
    const value = valueOf(name);
    if (value !== undefined) Object.defineProperty(item, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return item;
}

function conflictOf(name: string, loaded: WireItem, current: WireItem, edited: WireItem): EditConflict {
  const [was, theirs, yours] = [attribute(loaded, name), attribute(current, name), attribute(edited, name)];
  return { name, ...(was !== undefined ? { loaded: was } : {}), ...(theirs !== undefined ? { theirs } : {}), ...(yours !== undefined ? { yours } : {}) };
}

export function rebaseEdits(loaded: WireItem, edited: WireItem, current: WireItem | undefined): RebasedEdits {
  const yourChanges = changedNames(loaded, edited);
  if (current === undefined) return { item: edited, deleted: true, yourChanges, theirChanges: [], conflicts: [] };
  const theirChanges = changedNames(loaded, current);
  const conflicts = yourChanges
    .filter((name) => theirChanges.includes(name) && !same(attribute(edited, name), attribute(current, name)))
    .map((name) => conflictOf(name, loaded, current, edited));
  // The user's text keeps its order; what only the other writer added comes after.
  const order = [...Object.keys(edited), ...Object.keys(current).filter((name) => !Object.hasOwn(edited, name))];
  const item = assemble(order, (name) => (yourChanges.includes(name) ? attribute(edited, name) : attribute(current, name)));
  return { item, deleted: false, yourChanges, theirChanges, conflicts };
}

/** The edited item with the other writer's value of a conflicting attribute instead of the user's (its place kept). */
export function takeTheirs(edited: WireItem, conflict: EditConflict): WireItem {
  const names = Object.hasOwn(edited, conflict.name) ? Object.keys(edited) : [...Object.keys(edited), conflict.name];
  return assemble(names, (name) => (name === conflict.name ? conflict.theirs : attribute(edited, name)));
}
