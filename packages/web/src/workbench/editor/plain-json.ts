/**
 * Items as plain JSON, losslessly. Types are read from the JSON: string → S,
 * number → N, true/false → BOOL, null → NULL, [..] → L, {..} → M. Numbers stay
 * number literals with their exact digits (the reader keeps the text, so
 * 12345678901234567890123456789012345678 is never rounded through a double).
 *
 * What plain JSON has no word for is written as an object with one tagged member:
 *   {"$SS": ["a", "b"]}  string set      {"$NS": [1, 2.5]}  number set
 *   {"$BS": ["AAE="]}    binary set      {"$B": "AAEC"}      binary (base64)
 * A map whose only member is named like a tag ($SS, $NS, $BS, $B or $M) is
 * wrapped in {"$M": {...}} so it reads back as a map.
 */
import type { WireAttributeValue, WireItem } from '@dynotable/core';
import { normalizeNumber } from '@dynotable/core';
import { ItemEditError } from './edit-error.js';
import { JSON_NUMBER, readJson, type JsonNode, type PathSegment } from '@dynotable/core';
import { checkedBase64, checkedNumber, checkedSet } from './value-checks.js';

const PLAIN_TAGS = ['$SS', '$NS', '$BS', '$B', '$M'] as const;
type Tag = (typeof PLAIN_TAGS)[number];

function isTag(name: string): name is Tag {
  return (PLAIN_TAGS as readonly string[]).includes(name);
}

/**
 * The number as a JSON number literal: its own text when JSON accepts it, else
 * the same value in canonical form; never through a JavaScript number (38
 * digits stay 38 digits).
 */
export function numberLiteral(text: string): string {
  return JSON_NUMBER.test(text) ? text : normalizeNumber(text);
}

function mapText(members: Record<string, WireAttributeValue>, indent: string | undefined, depth: number): string {
  const names = Object.keys(members);
  if (names.length === 0) return '{}';
  const wrap = names.length === 1 && isTag(names[0]!);
  const bodyDepth = wrap ? depth + 1 : depth;
  const body = objectText(
    names.map((name) => [name, valueText(members[name]!, indent, bodyDepth + 1)]),
    indent,
    bodyDepth,
  );
  return wrap ? objectText([['$M', body]], indent, depth) : body;
}

function objectText(entries: readonly (readonly [string, string])[], indent: string | undefined, depth: number): string {
  if (indent === undefined) return `{${entries.map(([name, text]) => `${JSON.stringify(name)}: ${text}`).join(', ')}}`;
  const inner = indent.repeat(depth + 1);
  return `{\n${entries.map(([name, text]) => `${inner}${JSON.stringify(name)}: ${text}`).join(',\n')}\n${indent.repeat(depth)}}`;
}

function listText(texts: readonly string[], indent: string | undefined, depth: number): string {
  if (texts.length === 0) return '[]';
  if (indent === undefined) return `[${texts.join(', ')}]`;
  const inner = indent.repeat(depth + 1);
  return `[\n${texts.map((text) => inner + text).join(',\n')}\n${indent.repeat(depth)}]`;
}

function tagged(tag: Tag, text: string): string {
  return `{${JSON.stringify(tag)}: ${text}}`;
}

/** One value as plain JSON; `indent` undefined for one line. */
export function valueText(value: WireAttributeValue, indent?: string, depth = 0): string {
  if ('S' in value) return JSON.stringify(value.S);
  if ('N' in value) return numberLiteral(value.N);
  if ('BOOL' in value) return value.BOOL ? 'true' : 'false';
  if ('NULL' in value) return 'null';
  if ('B' in value) return tagged('$B', JSON.stringify(value.B));
  // Sets stay on one line: they are flat and usually short.
  if ('SS' in value) return tagged('$SS', `[${value.SS.map((member) => JSON.stringify(member)).join(', ')}]`);
  if ('NS' in value) return tagged('$NS', `[${value.NS.map(numberLiteral).join(', ')}]`);
  if ('BS' in value) return tagged('$BS', `[${value.BS.map((member) => JSON.stringify(member)).join(', ')}]`);
  if ('L' in value) return listText(value.L.map((member) => valueText(member, indent, depth + 1)), indent, depth);
  return mapText(value.M, indent, depth);
}

/** A whole item as indented plain JSON. */
export function plainItemText(item: WireItem): string {
  const names = Object.keys(item);
  if (names.length === 0) return '{}';
  return objectText(
    names.map((name) => [name, valueText(item[name]!, '  ', 1)]),
    '  ',
    0,
  );
}

function fail(message: string, path: readonly PathSegment[], node: JsonNode): never {
  throw new ItemEditError(message, path, node.at);
}

function stringsOf(node: JsonNode, path: readonly PathSegment[], what: string): { value: string; at: number }[] {
  if (node.kind !== 'array') fail(`${what} takes a list: ${examples[what as keyof typeof examples] ?? ''}`, path, node);
  return node.items.map((member, index) => {
    if (member.kind !== 'string') fail(`each member of ${what} is a "string"`, [...path, index], member);
    return { value: member.value, at: member.at };
  });
}

const examples = {
  '$SS': '{"$SS": ["red", "blue"]}',
  '$BS': '{"$BS": ["AAE=", "Ag=="]}',
  '$NS': '{"$NS": [1, 2.5]}',
};

function taggedValue(tag: Tag, node: JsonNode, path: readonly PathSegment[], at: number): WireAttributeValue {
  const inner = [...path, tag];
  switch (tag) {
    case '$B':
      if (node.kind !== 'string') fail('$B takes base64 text: {"$B": "AAEC"}', inner, node);
      return { B: checkedBase64(node.value, path, node.at) };
    case '$SS':
      return checkedSet({ SS: stringsOf(node, inner, '$SS').map((member) => member.value) }, path, at);
    case '$BS':
      return checkedSet({ BS: stringsOf(node, inner, '$BS').map((member) => checkedBase64(member.value, inner, member.at)) }, path, at);
    case '$NS': {
      if (node.kind !== 'array') fail(`$NS takes a list of numbers: ${examples.$NS}`, inner, node);
      const members = node.items.map((member, index) => {
        if (member.kind !== 'number') fail('each member of $NS is a number literal, without quotes', [...inner, index], member);
        return checkedNumber(member.text, [...inner, index], member.at);
      });
      return checkedSet({ NS: members }, path, at);
    }
    case '$M':
      if (node.kind !== 'object') fail('$M wraps a map: {"$M": {"$B": "a map member named $B"}}', inner, node);
      return { M: membersOf(node, path) };
  }
}

function membersOf(node: Extract<JsonNode, { kind: 'object' }>, path: readonly PathSegment[]): Record<string, WireAttributeValue> {
  const members: Record<string, WireAttributeValue> = {};
  for (const entry of node.entries) {
    Object.defineProperty(members, entry.key, { value: plainValue(entry.value, [...path, entry.key]), enumerable: true, writable: true, configurable: true });
  }
  return members;
}

/** One plain JSON value as a DynamoDB value. */
function plainValue(node: JsonNode, path: readonly PathSegment[]): WireAttributeValue {
  switch (node.kind) {
    case 'string':
      return { S: node.value };
    case 'number':
      return { N: checkedNumber(node.text, path, node.at) };
    case 'boolean':
      return { BOOL: node.value };
    case 'null':
      return { NULL: true };
    case 'array':
      return { L: node.items.map((item, index) => plainValue(item, [...path, index])) };
    case 'object': {
      const only = node.entries.length === 1 ? node.entries[0]! : undefined;
      if (only !== undefined && isTag(only.key)) return taggedValue(only.key, only.value, path, node.at);
      return { M: membersOf(node, path) };
    }
  }
}

/** Plain JSON text → wire item; throws ItemEditError (or JsonSyntaxError) saying where and what to do. */
export function itemFromPlainText(text: string): WireItem {
  const node = readJson(text);
  if (node.kind !== 'object') fail('an item is a JSON object: {"PK": "…", "SK": "…", …}', [], node);
  const only = node.entries.length === 1 ? node.entries[0]! : undefined;
  if (only !== undefined && isTag(only.key)) fail(`an item's only attribute cannot be named ${only.key}: that name marks a set or binary value`, [only.key], node);
  return membersOf(node, []);
}
