/** Deep copies of attribute values, with numbers in DynamoDB's canonical form. */
import { normalizeNumber } from '../values/number.js';
import type { AttributeValue, Item } from '../values/types.js';
import { writeEntry } from './path.js';

/** A fresh copy sharing nothing with the input (bytes included). */
export function cloneValue(value: AttributeValue): AttributeValue {
  return mapValue(value, (n) => n);
}

/** A fresh copy whose N and NS numbers are canonical ("1.50E3" → "1500"). */
export function canonicalValue(value: AttributeValue): AttributeValue {
  return mapValue(value, normalizeNumber);
}

export function cloneItem(item: Item): Item {
  const copy: Item = {};
  for (const [name, value] of Object.entries(item)) writeEntry(copy, name, cloneValue(value));
  return copy;
}

function mapValue(value: AttributeValue, number: (text: string) => string): AttributeValue {
  if ('N' in value) return { N: number(value.N) };
  if ('NS' in value) return { NS: value.NS.map(number) };
  if ('B' in value) return { B: value.B.slice() };
  if ('BS' in value) return { BS: value.BS.map((b) => b.slice()) };
  if ('SS' in value) return { SS: [...value.SS] };
  if ('L' in value) return { L: value.L.map((element) => mapValue(element, number)) };
  if ('M' in value) {
    const map: Record<string, AttributeValue> = {};
    for (const [key, element] of Object.entries(value.M)) writeEntry(map, key, mapValue(element, number));
    return { M: map };
  }
  return { ...value };
}
