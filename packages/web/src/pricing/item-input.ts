/**
 * A pasted item, read losslessly: plain JSON (types read from the JSON, sets and
 * binary as {"$SS": …} / {"$B": …}, as the item editor writes them) or DynamoDB
 * JSON ({"PK": {"S": "…"}}). Numbers keep the digits typed. Every problem comes
 * back as a message (DynamoDB's, for values it would refuse) and, when known,
 * the offset in the text it points at.
 */
import { ATTRIBUTE_TYPES, DynamoError, itemFromWire, validateItem, type Item, type WireItem } from '@dynotable/core';
import { ItemEditError } from '../workbench/editor/edit-error.js';
import { JsonSyntaxError, pathText, readJson, type JsonNode } from '@dynotable/core';
import { itemFromPlainText } from '../workbench/editor/plain-json.js';

export type ItemFormat = 'auto' | 'plain' | 'dynamodb';

export type ItemReading =
  | { readonly ok: true; readonly item: Item; readonly format: 'plain' | 'dynamodb' }
  | { readonly ok: false; readonly message: string; readonly offset?: number };

const TYPE_NAMES = new Set<string>(ATTRIBUTE_TYPES);

/** {"S": …}, {"N": …}, …: an object with exactly one member named like a DynamoDB type. */
function looksTyped(node: JsonNode): boolean {
  return node.kind === 'object' && node.entries.length === 1 && TYPE_NAMES.has(node.entries[0]!.key);
}

/**
 * DynamoDB JSON when every attribute is a one-member object named like a type.
 * (A plain item whose every attribute is a map like {"S": "x"} reads the same
 * way: choose "Plain JSON" for it.)
 */
export function guessFormat(node: JsonNode): 'plain' | 'dynamodb' {
  if (node.kind !== 'object' || node.entries.length === 0) return 'plain';
  return node.entries.every((entry) => looksTyped(entry.value)) ? 'dynamodb' : 'plain';
}

function failure(error: unknown): ItemReading {
  if (error instanceof JsonSyntaxError) return { ok: false, message: `Not JSON: ${error.message}`, offset: error.offset };
  if (error instanceof ItemEditError) {
    return { ok: false, message: `${pathText(error.path)}: ${error.message}`, ...(error.offset !== undefined ? { offset: error.offset } : {}) };
  }
  if (error instanceof DynamoError) return { ok: false, message: `${error.name}: ${error.message}` };
  throw error;
}

/** Reads the text as an item in the given format (or the guessed one). */
export function readItemText(text: string, format: ItemFormat = 'auto'): ItemReading {
  try {
    const node = readJson(text);
    if (node.kind !== 'object') return { ok: false, message: 'An item is a JSON object: {"PK": "…", "SK": "…", …}', offset: node.at };
    const chosen = format === 'auto' ? guessFormat(node) : format;
    // The lossless reader has refused duplicate names already; DynamoDB JSON holds numbers as strings, so JSON.parse loses nothing.
    const wire: WireItem = chosen === 'dynamodb' ? (JSON.parse(text) as WireItem) : itemFromPlainText(text);
    const item = itemFromWire(wire);
    validateItem(item);
    return { ok: true, item, format: chosen };
  } catch (error) {
    return failure(error);
  }
}
