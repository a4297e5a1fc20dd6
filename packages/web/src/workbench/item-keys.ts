/** Items identified by the table's primary key, the same in every pane (base table or index). */
import type { WireItem } from '@dynotable/core';

/** A stable text id of the item's primary key; undefined when a key attribute is missing. */
export function keyId(item: WireItem, keyNames: readonly string[]): string | undefined {
  const parts: unknown[] = [];
  for (const name of keyNames) {
    const value = item[name];
    if (value === undefined) return undefined;
    parts.push(value);
  }
  return JSON.stringify(parts);
}

/** The item's primary key as wire JSON, for deletes. */
export function keyOf(item: WireItem, keyNames: readonly string[]): WireItem | undefined {
  const key: WireItem = {};
  for (const name of keyNames) {
    const value = item[name];
    if (value === undefined) return undefined;
    key[name] = value;
  }
  return key;
}
