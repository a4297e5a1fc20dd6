/**
 * Items as plain JSON (`{"pk":"a","price":12.50,"tags":["x"]}`), the form most
 * tools read and write. Reading infers the types: string → S, number → N,
 * true/false → BOOL, null → NULL, array → L, object → M. Numbers are read
 * from their text, never through a JavaScript number, so 38 digits stay 38
 * digits. Writing is lossy for what plain JSON has no word for: binary becomes
 * a base64 string and sets become arrays (read back as S and L).
 */
import { encodeBase64, JSON_NUMBER, JsonSyntaxError, normalizeNumber, readJson } from '@dynotable/core';
import type { AttributeValue, Item, JsonNode } from '@dynotable/core';

/** The number as a JSON number literal (the canonical text DynamoDB stores always fits JSON's grammar). */
function numberText(text: string): string {
  return JSON_NUMBER.test(text) ? text : normalizeNumber(text);
}

/** One value as plain JSON text. */
function plainValueText(value: AttributeValue): string {
  if ('S' in value) return JSON.stringify(value.S);
  if ('N' in value) return numberText(value.N);
  if ('BOOL' in value) return value.BOOL ? 'true' : 'false';
  if ('NULL' in value) return 'null';
  if ('B' in value) return `"${encodeBase64(value.B)}"`;
  if ('M' in value) return plainItemText(value.M);
  if ('L' in value) return `[${value.L.map(plainValueText).join(',')}]`;
  if ('SS' in value) return JSON.stringify(value.SS);
  if ('NS' in value) return `[${value.NS.map(numberText).join(',')}]`;
  return `[${value.BS.map((bytes) => `"${encodeBase64(bytes)}"`).join(',')}]`;
}

/** An item (or a map's members) as a plain JSON object. */
export function plainItemText(item: Item): string {
  let out = '{';
  let first = true;
  for (const name in item) {
    if (!Object.hasOwn(item, name)) continue;
    out += `${first ? '' : ','}${JSON.stringify(name)}:${plainValueText(item[name]!)}`;
    first = false;
  }
  return `${out}}`;
}

/** Plain JSON that is not well-formed, or not an object: the message says where. */
class PlainJsonError extends Error {
  constructor(what: string) {
    super(`not valid JSON: ${what}`);
  }
}

/** Members are set as own data properties, so `__proto__` stays an ordinary attribute. */
function setMember(target: Record<string, AttributeValue>, name: string, value: AttributeValue): void {
  if (name === '__proto__') Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
  else target[name] = value;
}

/** A node of core's lossless reader as a DynamoDB value, the type inferred; numbers keep their text. */
function valueOfNode(node: JsonNode): AttributeValue {
  switch (node.kind) {
    case 'string':
      return { S: node.value };
    case 'number':
      return { N: node.text };
    case 'boolean':
      return { BOOL: node.value };
    case 'null':
      return { NULL: true };
    case 'array':
      return { L: node.items.map(valueOfNode) };
    case 'object': {
      const members: Record<string, AttributeValue> = {};
      for (const entry of node.entries) setMember(members, entry.key, valueOfNode(entry.value));
      return { M: members };
    }
  }
}

/**
 * A plain JSON object as an item; throws PlainJsonError for bad JSON or an
 * Error for anything but an object. Read with core's lossless JSON reader
 * (JSON.parse would turn every number into a double and lose the digits past
 * the 17th); a member name given twice is refused.
 */
export function plainItemFromText(text: string): Item {
  let node: JsonNode;
  try {
    node = readJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new PlainJsonError(`${error.message} at position ${error.offset + 1}`);
    throw error;
  }
  const value = valueOfNode(node);
  if (!('M' in value)) throw new Error('each line must hold one JSON object (an item), not a single value or an array');
  return value.M;
}
