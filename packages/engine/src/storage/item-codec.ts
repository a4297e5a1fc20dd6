/**
 * Items as JSON text: the in-memory Item is JSON already except for binary
 * (B and BS hold bytes), which is written as base64. On disk, only items that
 * hold binary carry a leading marker and need a walk when read back, so the
 * common item is one JSON.stringify and one JSON.parse. Without the marker
 * the text is the item's DynamoDB JSON, which both stores hand out to reads
 * (itemToWireJson / itemFromWireJson, wireJsonOf).
 */
import { itemFromWire, itemToWire, type AttributeValue, type Item } from '@dynotable/core';

/** Prefix of an encoded item whose B and BS members are base64 strings. */
const HAS_BINARY = 'b';

function valueHasBinary(value: AttributeValue): boolean {
  if ('B' in value || 'BS' in value) return true;
  if ('M' in value) return itemHasBinary(value.M);
  if ('L' in value) return value.L.some(valueHasBinary);
  return false;
}

export function itemHasBinary(item: Item): boolean {
  for (const name in item) {
    if (Object.hasOwn(item, name) && valueHasBinary(item[name]!)) return true;
  }
  return false;
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function fromBase64(text: string): Uint8Array {
  // A copy, so the value is a plain Uint8Array that owns its bytes.
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** The JSON form of a value with bytes as base64 (a copy; the item is not touched). */
function valueToJson(value: AttributeValue): unknown {
  if ('B' in value) return { B: toBase64(value.B) };
  if ('BS' in value) return { BS: value.BS.map(toBase64) };
  if ('M' in value) return { M: itemToJson(value.M) };
  if ('L' in value) return { L: value.L.map(valueToJson) };
  return value;
}

function itemToJson(item: Item): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(item)) {
    // defineProperty keeps an attribute named `__proto__` an ordinary member.
    Object.defineProperty(out, name, { value: valueToJson(item[name]!), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Turns base64 members back into bytes, in place on freshly parsed JSON. */
function reviveValue(value: Record<string, unknown>): void {
  if (typeof value.B === 'string') value.B = fromBase64(value.B);
  else if (Array.isArray(value.BS)) value.BS = (value.BS as string[]).map(fromBase64);
  else if (value.M !== undefined) reviveItem(value.M as Record<string, Record<string, unknown>>);
  else if (Array.isArray(value.L)) for (const member of value.L) reviveValue(member as Record<string, unknown>);
}

function reviveItem(item: Record<string, Record<string, unknown>>): void {
  for (const name of Object.keys(item)) reviveValue(item[name]!);
}

export function encodeItem(item: Item): string {
  return itemHasBinary(item) ? HAS_BINARY + JSON.stringify(itemToJson(item)) : JSON.stringify(item);
}

export function decodeItem(text: string): Item {
  if (!text.startsWith(HAS_BINARY)) return JSON.parse(text) as Item;
  const parsed = JSON.parse(text.slice(1)) as Record<string, Record<string, unknown>>;
  reviveItem(parsed);
  return parsed as unknown as Item;
}

/** The item's DynamoDB JSON text (core's itemToWireJson) from its encoded form: the same JSON, without the marker. */
export function wireJsonOf(encoded: string): string {
  return encoded.startsWith(HAS_BINARY) ? encoded.slice(1) : encoded;
}

/**
 * The item's DynamoDB JSON text, as stores keep it and reads return it:
 * exactly `JSON.stringify(itemToWire(item))`. An item without binary is wire
 * JSON in memory already (N are strings), so only one holding B or BS is
 * converted first.
 */
export function itemToWireJson(item: Item): string {
  return JSON.stringify(itemHasBinary(item) ? itemToWire(item) : item);
}

/**
 * Reads text written by itemToWireJson back into an item. Such text holds the
 * member `"B":` or `"BS":` exactly when a binary value is present (inside a
 * string every quote is escaped); an attribute merely named B or BS only
 * sends the item down the converting path, which is right for any item.
 */
export function itemFromWireJson(text: string): Item {
  const parsed: unknown = JSON.parse(text);
  return mayHoldBinary(text) ? itemFromWire(parsed) : (parsed as Item);
}

/** Whether `"B":` or `"BS":` occurs in the text, in one pass. */
function mayHoldBinary(text: string): boolean {
  for (let at = text.indexOf('"B'); at !== -1; at = text.indexOf('"B', at + 2)) {
    const next = text.charCodeAt(at + 2);
    if ((next === QUOTE && text.charCodeAt(at + 3) === COLON) || (next === LETTER_S && text.startsWith('":', at + 3))) return true;
  }
  return false;
}

const QUOTE = 0x22;
const COLON = 0x3a;
const LETTER_S = 0x53;
