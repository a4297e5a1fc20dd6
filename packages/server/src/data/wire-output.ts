/**
 * Items the AWS SDK returned, as wire JSON for an answer. The SDK's attribute
 * values are already DynamoDB JSON (numbers as text, one type member per
 * value) except binary, which it holds as bytes. So an item without B or BS
 * anywhere is sent as it is, and only one with binary is converted: a page of
 * a hundred items costs a quick walk instead of a copy of every value.
 */
import { itemToWire, type Item, type WireItem } from '@dynotable/core';

function holdsBinary(value: unknown): boolean {
  const record = value as Record<string, unknown>;
  for (const type in record) {
    if (type === 'B' || type === 'BS') return true;
    const member = record[type];
    if (type === 'M') {
      const map = member as Record<string, unknown>;
      for (const name in map) if (holdsBinary(map[name])) return true;
    } else if (type === 'L') {
      for (const element of member as unknown[]) if (holdsBinary(element)) return true;
    }
  }
  return false;
}

/** The item as wire JSON: itself when it holds no binary (do not change it afterwards), else converted. */
export function sdkItemToWire(item: Item): WireItem {
  for (const name in item) {
    if (holdsBinary(item[name])) return itemToWire(item);
  }
  return item as WireItem;
}
