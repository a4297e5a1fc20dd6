/**
 * Which write an edit needs: a new item is a PutItem that never overwrites;
 * an edit of the other attributes is the minimal guarded UpdateItem; a new
 * value for a key attribute is the transactional move (Delete old + Put new).
 */
import type { WireItem } from '@dynotable/core';
import { changedRows, diffItems } from './item-diff.js';
import { valuesEqual } from './value-equal.js';

export type WritePlan =
  | { readonly kind: 'create' }
  | { readonly kind: 'none' }
  | { readonly kind: 'update'; readonly changed: readonly string[] }
  | { readonly kind: 'move'; readonly changedKeys: readonly string[] }
  /** Asked for explicitly, never planned from an edit. */
  | { readonly kind: 'delete' };

export function planWrite(loaded: WireItem | undefined, edited: WireItem, keyNames: readonly string[]): WritePlan {
  if (loaded === undefined) return { kind: 'create' };
  const changedKeys = keyNames.filter((name) => {
    const was = loaded[name];
    const now = edited[name];
    return was === undefined || now === undefined || !valuesEqual(was, now);
  });
  if (changedKeys.length > 0) return { kind: 'move', changedKeys };
  const changed = changedRows(diffItems(loaded, edited, keyNames)).map((row) => row.name);
  return changed.length === 0 ? { kind: 'none' } : { kind: 'update', changed };
}

/** The item's primary key (every key attribute is present in a checked item). */
export function primaryKeyOf(item: WireItem, keyNames: readonly string[]): WireItem {
  const key: WireItem = {};
  for (const name of keyNames) if (item[name] !== undefined) key[name] = item[name];
  return key;
}

/** The same item with the key attributes first, as people look for them (DynamoDB keeps no attribute order). */
export function keysFirst(item: WireItem, keyNames: readonly string[]): WireItem {
  const ordered: WireItem = {};
  for (const name of keyNames) if (Object.hasOwn(item, name)) ordered[name] = item[name]!;
  for (const name of Object.keys(item)) {
    if (!keyNames.includes(name)) Object.defineProperty(ordered, name, { value: item[name], enumerable: true, writable: true, configurable: true });
  }
  return ordered;
}

export const MOVE_EXPLANATION =
  'A key attribute changed, and DynamoDB cannot update a key in place. DynoTable sends one TransactWriteItems with two parts: ' +
  'a Delete of the item at its old key, on condition that it still holds every attribute as loaded, and a Put of the edited item at the new key, ' +
  'on condition that no item has that key yet. Both happen or neither does. It costs two write units per KB for each part (transactional writes count double).';
