/**
 * Items as DynamoDB JSON ({"price": {"N": "12.50"}}): every value names its
 * type, numbers are strings, binary is base64. Read strictly, as DynamoDB
 * reads it, with the path of the first value it would refuse.
 */
import type { WireAttributeValue, WireItem } from '@dynotable/core';
import { ItemEditError } from './edit-error.js';
import { readJson, type JsonNode, type PathSegment } from '@dynotable/core';
import { checkedBase64, checkedNumber, checkedSet } from './value-checks.js';

const TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS'] as const;
type TypeName = (typeof TYPES)[number];

const SHAPES: Record<TypeName, string> = {
  S: '{"S": "text"}',
  N: '{"N": "12.5"} (the number as a string)',
  B: '{"B": "AAEC"} (base64)',
  BOOL: '{"BOOL": true}',
  NULL: '{"NULL": true}',
  M: '{"M": {"name": {"S": "…"}}}',
  L: '{"L": [{"S": "…"}, {"N": "1"}]}',
  SS: '{"SS": ["a", "b"]}',
  NS: '{"NS": ["1", "2.5"]} (numbers as strings)',
  BS: '{"BS": ["AAE=", "Ag=="]}',
};

/** A whole item as indented DynamoDB JSON (the wire form is all strings, so JSON.stringify loses nothing). */
export function typedItemText(item: WireItem): string {
  return JSON.stringify(item, null, 2);
}

/** One value as one line of DynamoDB JSON. */
export function typedValueText(value: WireAttributeValue): string {
  return JSON.stringify(value);
}

function fail(message: string, path: readonly PathSegment[], node: JsonNode): never {
  throw new ItemEditError(message, path, node.at);
}

function stringsOf(type: TypeName, node: JsonNode, path: readonly PathSegment[]): { value: string; at: number }[] {
  if (node.kind !== 'array') fail(`${type} takes a list: ${SHAPES[type]}`, path, node);
  return node.items.map((member, index) => {
    if (member.kind !== 'string') fail(`each member of ${type} is a "string": ${SHAPES[type]}`, [...path, index], member);
    return { value: member.value, at: member.at };
  });
}

function typed(type: TypeName, node: JsonNode, path: readonly PathSegment[], at: number): WireAttributeValue {
  const shape = `write it as ${SHAPES[type]}`;
  switch (type) {
    case 'S':
      if (node.kind !== 'string') fail(`S takes a string; ${shape}`, path, node);
      return { S: node.value };
    case 'N':
      if (node.kind !== 'string') fail(`N takes the number as a string; ${shape}`, path, node);
      return { N: checkedNumber(node.value, path, node.at) };
    case 'B':
      if (node.kind !== 'string') fail(`B takes base64 text; ${shape}`, path, node);
      return { B: checkedBase64(node.value, path, node.at) };
    case 'BOOL':
      if (node.kind !== 'boolean') fail(`BOOL takes true or false; ${shape}`, path, node);
      return { BOOL: node.value };
    case 'NULL':
      if (node.kind !== 'boolean' || !node.value) fail(`NULL takes true; ${shape}`, path, node);
      return { NULL: true };
    case 'M':
      if (node.kind !== 'object') fail(`M takes an object of typed values; ${shape}`, path, node);
      return { M: membersOf(node, path) };
    case 'L':
      if (node.kind !== 'array') fail(`L takes a list of typed values; ${shape}`, path, node);
      return { L: node.items.map((item, index) => typedValue(item, [...path, index])) };
    case 'SS':
      return checkedSet({ SS: stringsOf(type, node, path).map((member) => member.value) }, path, at);
    case 'NS':
      return checkedSet({ NS: stringsOf(type, node, path).map((member, index) => checkedNumber(member.value, [...path, index], member.at)) }, path, at);
    case 'BS':
      return checkedSet({ BS: stringsOf(type, node, path).map((member, index) => checkedBase64(member.value, [...path, index], member.at)) }, path, at);
  }
}

function membersOf(node: Extract<JsonNode, { kind: 'object' }>, path: readonly PathSegment[]): Record<string, WireAttributeValue> {
  const members: Record<string, WireAttributeValue> = {};
  for (const entry of node.entries) {
    Object.defineProperty(members, entry.key, { value: typedValue(entry.value, [...path, entry.key]), enumerable: true, writable: true, configurable: true });
  }
  return members;
}

/** One DynamoDB JSON value: an object with exactly one type member. */
function typedValue(node: JsonNode, path: readonly PathSegment[]): WireAttributeValue {
  if (node.kind !== 'object' || node.entries.length !== 1) {
    const got = node.kind === 'object' ? `${node.entries.length} members` : `a ${node.kind}`;
    fail(`a value in DynamoDB JSON is an object with exactly one type, e.g. {"S": "text"} or {"N": "12"}; found ${got}. (Plain JSON is the other mode.)`, path, node);
  }
  const entry = node.entries[0]!;
  if (!(TYPES as readonly string[]).includes(entry.key)) fail(`"${entry.key}" is not a DynamoDB type; use one of ${TYPES.join(', ')}`, path, node);
  return typed(entry.key as TypeName, entry.value, path, node.at);
}

/** DynamoDB JSON text → wire item; throws ItemEditError (or JsonSyntaxError) saying where and what to do. */
export function itemFromTypedText(text: string): WireItem {
  const node = readJson(text);
  if (node.kind !== 'object') fail('an item is a JSON object: {"PK": {"S": "…"}, …}', [], node);
  return membersOf(node, []);
}
