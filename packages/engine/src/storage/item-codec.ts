/**
 * Items as JSON text: the in-memory Item is JSON already except for binary
 * (B and BS hold bytes), which is written as base64. On disk, only items that
 * hold binary carry a leading marker and need a walk when read back, so the
 * common item is one JSON.stringify and one JSON.parse. Without the marker
 * the text is the item's DynamoDB JSON, which both stores hand out to reads
 * (itemToWireJson / itemFromWireJson, wireJsonOf). The conversion to and from
 * DynamoDB JSON is core's (itemToWire / itemFromWire).
 */
import { itemFromWire, itemToWire, type AttributeValue, type Item } from '@dynotable/core';
import { parseItemJson } from './parse-item-json.js';

/** Prefix of an encoded item whose B and BS members are base64 strings. */
const HAS_BINARY = 'b';

function valueHasBinary(value: AttributeValue): boolean {
  if ('B' in value || 'BS' in value) return true;
  if ('M' in value) return itemHasBinary(value.M);
  if ('L' in value) return value.L.some(valueHasBinary);
  return false;
}

function itemHasBinary(item: Item): boolean {
  for (const name in item) {
    if (Object.hasOwn(item, name) && valueHasBinary(item[name]!)) return true;
  }
  return false;
}

/**
 * The item's stored text: its DynamoDB JSON (core's itemToWire writes B and BS
 * as base64), with the marker in front when it holds binary. An item without
 * binary is wire JSON in memory already (N are strings), so it is written as is.
 */
export function encodeItem(item: Item): string {
  return itemHasBinary(item) ? HAS_BINARY + JSON.stringify(itemToWire(item)) : JSON.stringify(item);
}

/**
 * encodeItem's text from the item's DynamoDB JSON (itemToWireJson's), for a
 * writer that has the text already: no second JSON.stringify. The marker goes
 * on whenever the text may hold binary (an attribute merely named B or BS
 * gets one too, which reading strips all the same).
 */
export function encodeWireJson(json: string): string {
  return mayHoldBinary(json) ? HAS_BINARY + json : json;
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
  const parsed = parseItemJson(text);
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
