/** Items and their differences in words, for messages that name what was refused. */
import { attributeValuesEqual, itemFromWire, type Item, type WireItem } from '@dynotable/core';

function valueText(wire: unknown): string {
  const value = wire as Record<string, unknown>;
  if (typeof value['S'] === 'string') return JSON.stringify(value['S']);
  if (typeof value['N'] === 'string') return value['N'];
  if (typeof value['B'] === 'string') return `b64:${value['B']}`;
  return JSON.stringify(wire);
}

/** `PK = "TEAM#7", SK = "T#001"` */
export function describeKey(key: WireItem): string {
  return Object.entries(key)
    .map(([name, value]) => `${name} = ${valueText(value)}`)
    .join(', ');
}

/** Top-level attributes whose values differ (or exist in one only). */
function differingAttributes(a: Item, b: Item): string[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return names.filter((name) => a[name] === undefined || b[name] === undefined || !attributeValuesEqual(a[name]!, b[name]!));
}

export function sameItem(current: Item | undefined, expected: WireItem | null): boolean {
  if (current === undefined || expected === null) return current === undefined && expected === null;
  return differingAttributes(current, itemFromWire(expected)).length === 0;
}

/** Why the item is not as the journaled write left it. */
export function howItChanged(current: Item | undefined, expected: WireItem | null): string {
  if (current === undefined) return 'it was deleted since';
  if (expected === null) return 'an item was put at that key since';
  const names = differingAttributes(current, itemFromWire(expected));
  return `it changed since (${names.map((name) => `'${name}'`).join(', ')} ${names.length === 1 ? 'differs' : 'differ'})`;
}

