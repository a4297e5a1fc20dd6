/**
 * DynamoDB JSON as it travels over HTTP (N as decimal strings, B and BS as
 * base64) to and from AttributeValue (B as bytes). Conversion checks the shape
 * only; `validateItem` checks the contents (numbers, sets, nesting).
 */
import { DynamoError, validationError } from '../errors.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import { MALFORMED_VALUE_MESSAGE, NESTING_TOO_DEEP_MESSAGE, NULL_STRING_SET_MEMBER_MESSAGE } from './messages.js';
import { setOwn } from './own.js';
import { singleTypeOf } from './shape.js';
import type { AttributeValue, Item } from './types.js';

export type WireAttributeValue =
  | { S: string }
  | { N: string }
  | { B: string }
  | { BOOL: boolean }
  | { NULL: true }
  | { M: Record<string, WireAttributeValue> }
  | { L: WireAttributeValue[] }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: string[] };

export type WireItem = Record<string, WireAttributeValue>;

function malformed(): DynamoError {
  return new DynamoError('SerializationException', MALFORMED_VALUE_MESSAGE);
}

function isPlainObject(json: unknown): json is Record<string, unknown> {
  return typeof json === 'object' && json !== null && !Array.isArray(json);
}

function stringOf(json: unknown): string {
  if (typeof json !== 'string') throw malformed();
  return json;
}

function bytesOf(json: unknown): Uint8Array {
  const bytes = decodeBase64(stringOf(json));
  if (bytes === undefined) throw malformed();
  return bytes;
}

function arrayOf(json: unknown): unknown[] {
  if (!Array.isArray(json)) throw malformed();
  return json;
}

/**
 * Values nested far beyond DynamoDB's 32 levels are refused while reading, so
 * a hostile document cannot exhaust the stack; validateItem gives the same
 * message at the exact limit.
 */
const MAX_READ_DEPTH = 64;

/** Reads one wire value; throws DynamoDB's error for a malformed one. */
export function attributeValueFromWire(json: unknown, depth = 0): AttributeValue {
  if (!isPlainObject(json)) throw malformed();
  if (depth > MAX_READ_DEPTH) throw validationError(NESTING_TOO_DEEP_MESSAGE);
  const type = singleTypeOf(json);
  const member = json[type];
  switch (type) {
    case 'S':
      return { S: stringOf(member) };
    case 'N':
      return { N: stringOf(member) };
    case 'B':
      return { B: bytesOf(member) };
    case 'BOOL':
      if (typeof member !== 'boolean') throw malformed();
      return { BOOL: member };
    case 'NULL':
      if (member !== true) throw malformed();
      return { NULL: true };
    case 'M':
      return { M: mapFromWire(member, depth + 1) };
    case 'L':
      return { L: arrayOf(member).map((element) => attributeValueFromWire(element, depth + 1)) };
    case 'SS':
      return { SS: arrayOf(member).map(stringSetMember) };
    case 'NS':
      return { NS: arrayOf(member).map(stringOf) };
    case 'BS':
      return { BS: arrayOf(member).map(bytesOf) };
  }
}

function stringSetMember(json: unknown): string {
  if (json === null || json === undefined) throw validationError(NULL_STRING_SET_MEMBER_MESSAGE);
  return stringOf(json);
}

/** Reads a wire item (or map): attribute names to wire values. */
export function itemFromWire(json: unknown): Item {
  return mapFromWire(json, 0);
}

function mapFromWire(json: unknown, depth: number): Item {
  if (!isPlainObject(json)) throw malformed();
  const item: Item = {};
  for (const name in json) {
    if (Object.hasOwn(json, name)) setOwn(item, name, attributeValueFromWire(json[name], depth));
  }
  return item;
}

/** Writes one value as DynamoDB JSON (binary as base64). */
export function attributeValueToWire(value: AttributeValue): WireAttributeValue {
  const type = singleTypeOf(value);
  const member = (value as Record<string, unknown>)[type];
  // One literal shape per type (no computed keys): this runs for every value the engine stores with binary.
  switch (type) {
    case 'S':
      return { S: member as string };
    case 'N':
      return { N: member as string };
    case 'B':
      return { B: encodeBase64(member as Uint8Array) };
    case 'BS':
      return { BS: (member as Uint8Array[]).map(encodeBase64) };
    case 'M':
      return { M: itemToWire(member as Item) };
    case 'L':
      return { L: (member as AttributeValue[]).map(attributeValueToWire) };
    case 'SS':
      return { SS: [...(member as string[])] };
    case 'NS':
      return { NS: [...(member as string[])] };
    case 'BOOL':
      return { BOOL: member as boolean };
    case 'NULL':
      return { NULL: member as true };
  }
}

export function itemToWire(item: Item): WireItem {
  const wire: WireItem = {};
  for (const name in item) {
    if (Object.hasOwn(item, name)) setOwn(wire, name, attributeValueToWire(item[name]!));
  }
  return wire;
}
