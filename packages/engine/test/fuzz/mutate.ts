/**
 * Mutations of valid requests: structural ones on the parsed JSON (drop a
 * member, change a JSON type, bad attribute values, deep nesting, huge
 * values, unknown and prototype-named members, random enums, expressions and
 * integers) and textual ones on the body (truncation, stray bytes).
 */
import type { Random } from './random.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Slot {
  parent: Json[] | { [key: string]: Json };
  key: string | number;
  value: Json;
}

/** Every member and element of the tree, with where it sits. */
function slots(root: Json, into: Slot[] = []): Slot[] {
  if (Array.isArray(root)) {
    root.forEach((value, key) => {
      into.push({ parent: root, key, value });
      slots(value, into);
    });
  } else if (root !== null && typeof root === 'object') {
    for (const key of Object.keys(root)) {
      into.push({ parent: root, key, value: root[key]! });
      slots(root[key]!, into);
    }
  }
  return into;
}

function set(slot: Slot, value: Json): void {
  if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = value;
  else defineOwn(slot.parent, slot.key as string, value);
}

/** Sets an own member even when its name is `__proto__`. */
function defineOwn(target: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const TYPE_CODES = ['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS'];

const BAD_ATTRIBUTE_VALUES: (() => Json)[] = [
  () => ({}),
  () => ({ S: 'a', N: '1' }),
  () => ({ N: 'abc' }),
  () => ({ N: '' }),
  () => ({ N: '1e126' }),
  () => ({ N: '-1e-131' }),
  () => ({ N: '12345678901234567890123456789012345678901' }),
  () => ({ N: ' 1' }),
  () => ({ N: '0x10' }),
  () => ({ N: 'NaN' }),
  () => ({ N: 'Infinity' }),
  () => ({ N: 1 }),
  () => ({ B: '!!' }),
  () => ({ B: 'A' }),
  () => ({ B: '' }),
  () => ({ B: 5 }),
  () => ({ S: '' }),
  () => ({ S: 7 }),
  () => ({ SS: [] }),
  () => ({ SS: ['a', 'a'] }),
  () => ({ NS: ['1', '1.0'] }),
  () => ({ NS: ['x'] }),
  () => ({ BS: ['AQ==', 'AQ=='] }),
  () => ({ BS: ['%%'] }),
  () => ({ SS: 'a' }),
  () => ({ SS: [1] }),
  () => ({ L: 'x' }),
  () => ({ L: [{}] }),
  () => ({ M: [] }),
  () => ({ M: { a: { Q: 'x' } } }),
  () => ({ M: { '': { S: 'x' } } }),
  () => ({ NULL: false }),
  () => ({ NULL: 'true' }),
  () => ({ BOOL: 'true' }),
  () => ({ BOOL: null }),
  () => ({ S: null }),
  () => ({ X: 'y' }),
  () => ({ s: 'lower' }),
  () => [{ S: 'x' }],
  () => 'x',
  () => null,
];

const ENUM_STRINGS = [
  '', 'ALL', 'NONE', 'TOTAL', 'INDEXES', 'SIZE', 'ALL_OLD', 'ALL_NEW', 'UPDATED_OLD', 'UPDATED_NEW', 'COUNT',
  'SPECIFIC_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'ALL_ATTRIBUTES', 'PAY_PER_REQUEST', 'PROVISIONED', 'HASH',
  'RANGE', 'KEYS_ONLY', 'INCLUDE', 'EQ', 'NE', 'BETWEEN', 'IN', 'BEGINS_WITH', 'CONTAINS', 'NULL', 'NOT_NULL',
  'AND', 'OR', 'PUT', 'ADD', 'DELETE', 'S', 'N', 'B', 'all', 'none', 'Hash', 'NEW_IMAGE', 'KEYS_ONLY ',
  'STANDARD_INFREQUENT_ACCESS', 'gsi1', 'lsi1', 'nope', '\u0000', '😀', 'fz_main', 'fz_hash', '__proto__',
];

const EXPRESSION_TOKENS = [
  'SET', 'REMOVE', 'ADD', 'DELETE', 'AND', 'OR', 'NOT', 'BETWEEN', 'IN', '=', '<>', '<', '<=', '>', '>=', '(', ')', ',',
  '.', '[', ']', '[0]', '[99999999999]', '[-1]', '+', '-', 'size(', 'attribute_exists(', 'attribute_not_exists(',
  'attribute_type(', 'begins_with(', 'contains(', 'if_not_exists(', 'list_append(', '#c', '#n', '#p', '#k', '#zz',
  ':v', ':zero', ':one', ':p', ':a', ':b', ':x', 'pk', 'sk', 'color', 'count', 'tags', 'doc', 'gpk', 'gsk', 'lsk',
  '#__proto__', ':constructor', '__proto__', 'constructor', 'toString', '\u0000', '\uffff', '😀', '"', "'", '\\',
  '  ', '\n', '#', ':', '$', 'a'.repeat(300),
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

const EXTREME_NUMBERS = [
  0, -1, 1.5, -0.5, 2147483647, 2147483648, -2147483649, 4294967296, 2 ** 53 + 2, 1e20, -1e20, 1e308, 5e-324,
  1e300 * 10, 3.14159,
];

function randomScalar(rng: Random): Json {
  return rng.pick<Json>(['', 'x', 0, 1, -1, 1.5, true, false, null, [], {}, [1, 'a'], { a: 1 }, 'NaN']);
}

/** Another JSON type than `value`'s. */
function otherType(rng: Random, value: Json): Json {
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  const candidates = (['text', 42, -7.25, true, false, null, ['a'], [], { S: 'x' }, {}] as Json[]).filter((candidate) => {
    const candidateKind = Array.isArray(candidate) ? 'array' : candidate === null ? 'null' : typeof candidate;
    return candidateKind !== kind;
  });
  return rng.pick(candidates);
}

function nestedAttribute(depth: number, asList: boolean): Json {
  let value: Json = { S: 'bottom' };
  for (let i = 0; i < depth; i++) value = asList ? { L: [value] } : { M: { n: value } };
  return value;
}

function nestedJson(depth: number): Json {
  let value: Json = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function randomExpression(rng: Random): string {
  const length = rng.int(12) + 1;
  const parts: string[] = [];
  for (let i = 0; i < length; i++) parts.push(rng.pick(EXPRESSION_TOKENS));
  return parts.join(rng.chance(0.8) ? ' ' : '');
}

function hugeString(rng: Random): string {
  const unit = rng.pick(['a', 'é', '😀', '#', ':v ']);
  // Mostly moderate: a few big ones exercise the limits without making the run slow.
  return unit.repeat(rng.chance(0.9) ? rng.pick([1024, 4096]) : rng.pick([65_536, 140_000, 420_000]));
}

function attributeValueSlots(all: Slot[]): Slot[] {
  return all.filter(
    (slot) =>
      slot.value !== null &&
      typeof slot.value === 'object' &&
      !Array.isArray(slot.value) &&
      Object.keys(slot.value).length === 1 &&
      TYPE_CODES.includes(Object.keys(slot.value)[0]!),
  );
}

type Mutation = (rng: Random, root: { [key: string]: Json }, all: Slot[]) => void;

const MUTATIONS: Mutation[] = [
  // Delete a member or element.
  (rng, _root, all) => {
    if (all.length === 0) return;
    const slot = rng.pick(all);
    if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
    else delete slot.parent[slot.key as string];
  },
  // Change a member's JSON type.
  (rng, _root, all) => {
    if (all.length > 0) {
      const slot = rng.pick(all);
      set(slot, otherType(rng, slot.value));
    }
  },
  // A malformed attribute value where a well-formed one was.
  (rng, root, all) => {
    const values = attributeValueSlots(all);
    const slot = values.length > 0 ? rng.pick(values) : undefined;
    if (slot) set(slot, rng.pick(BAD_ATTRIBUTE_VALUES)());
    else defineOwn(root, 'Item', { a: rng.pick(BAD_ATTRIBUTE_VALUES)() });
  },
  // Attribute values nested past DynamoDB's 32 levels, or raw JSON nested very deep.
  (rng, root, all) => {
    const values = attributeValueSlots(all);
    const deep = rng.chance(0.8) ? nestedAttribute(rng.pick([31, 32, 33, 40, 100, 500]), rng.chance(0.5)) : nestedJson(rng.pick([40, 100, 200]));
    if (values.length > 0) set(rng.pick(values), deep);
    else defineOwn(root, 'Deep', deep);
  },
  // Huge strings and numbers.
  (rng, _root, all) => {
    if (all.length === 0) return;
    const slot = rng.pick(all);
    if (rng.chance(0.5)) set(slot, hugeString(rng));
    else set(slot, rng.chance(0.5) ? rng.pick(EXTREME_NUMBERS) : { N: '9'.repeat(rng.pick([38, 39, 200, 10_000])) });
  },
  // Unknown members, some with prototype names.
  (rng, root, all) => {
    const objects = all.filter((slot) => slot.value !== null && typeof slot.value === 'object' && !Array.isArray(slot.value));
    const target = objects.length > 0 && rng.chance(0.7) ? (rng.pick(objects).value as { [key: string]: Json }) : root;
    const name = rng.chance(0.6) ? rng.pick(PROTOTYPE_KEYS) : `Unknown${rng.int(5)}`;
    defineOwn(target, name, rng.chance(0.5) ? randomScalar(rng) : { S: 'x' });
  },
  // Rename a member to a prototype key (attribute names, placeholders, table names in maps).
  (rng, _root, all) => {
    const named = all.filter((slot) => !Array.isArray(slot.parent));
    if (named.length === 0) return;
    const slot = rng.pick(named);
    const parent = slot.parent as { [key: string]: Json };
    delete parent[slot.key as string];
    const prefix = typeof slot.key === 'string' && /^[#:]/.test(slot.key) ? slot.key[0]! : '';
    defineOwn(parent, prefix + rng.pick(PROTOTYPE_KEYS), slot.value);
  },
  // A random enum-like string where a string was.
  (rng, _root, all) => {
    const strings = all.filter((slot) => typeof slot.value === 'string');
    if (strings.length > 0) set(rng.pick(strings), rng.pick(ENUM_STRINGS));
  },
  // A random expression in an expression member (or a new one).
  (rng, root) => {
    const member = rng.pick(['ConditionExpression', 'UpdateExpression', 'ProjectionExpression', 'FilterExpression', 'KeyConditionExpression']);
    defineOwn(root, member, randomExpression(rng));
  },
  // Out-of-range integers in the integer members.
  (rng, root) => {
    const member = rng.pick(['Limit', 'Segment', 'TotalSegments', 'Limit', 'ReadCapacityUnits']);
    defineOwn(root, member, rng.chance(0.8) ? rng.pick(EXTREME_NUMBERS) : randomScalar(rng));
  },
  // A random placeholder map.
  (rng, root) => {
    const member = rng.chance(0.5) ? 'ExpressionAttributeNames' : 'ExpressionAttributeValues';
    const map: { [key: string]: Json } = {};
    defineOwn(map, rng.pick(['#c', ':v', '#__proto__', '__proto__', ':constructor', '', '#', ':']), member === 'ExpressionAttributeNames' ? rng.pick<Json>(['color', '', 1, null, {}]) : rng.pick(BAD_ATTRIBUTE_VALUES)());
    defineOwn(root, member, map);
  },
  // Duplicate an array element (duplicate keys in batches and transactions, duplicate key schema...).
  (rng, _root, all) => {
    const arrays = all.filter((slot) => Array.isArray(slot.value) && slot.value.length > 0);
    if (arrays.length === 0) return;
    const list = rng.pick(arrays).value as Json[];
    list.push(JSON.parse(JSON.stringify(rng.pick(list))) as Json);
  },
  // Blow up an array past its limit.
  (rng, _root, all) => {
    const arrays = all.filter((slot) => Array.isArray(slot.value) && slot.value.length > 0);
    if (arrays.length === 0) return;
    const list = rng.pick(arrays).value as Json[];
    const first = JSON.stringify(list[0]);
    // Small elements only, so the body stays within a few megabytes.
    const copies = first.length > 2000 ? 2 : rng.pick([30, 101, 1000]);
    for (let i = 0; i < copies; i++) list.push(JSON.parse(first) as Json);
  },
];

/** 1–3 structural mutations of a (deep-copied) valid request. */
export function mutateRequest(rng: Random, valid: Record<string, unknown>): { [key: string]: Json } {
  const root = JSON.parse(JSON.stringify(valid)) as { [key: string]: Json };
  const count = rng.int(3) + 1;
  for (let i = 0; i < count; i++) rng.pick(MUTATIONS)(rng, root, slots(root));
  return root;
}

/** Textual mutations of a serialized body. */
export function mutateText(rng: Random, body: string): string {
  const at = rng.int(body.length + 1);
  switch (rng.int(8)) {
    case 7: {
      // JSON nested far deeper than any structural mutation could build.
      const depth = rng.pick([900, 1001, 10_000, 100_000]);
      if (rng.chance(0.5)) {
        // Inside an attribute value, where the conversion recurses.
        const [open, close] = rng.pick([['{"L":[', ']}'], ['{"M":{"a":', '}}']]);
        return body.replace(/\{"S":"[^"]*"\}/, `${open.repeat(depth)}{"S":"x"}${close.repeat(depth)}`);
      }
      const open = rng.chance(0.5) ? '[' : '{"M":';
      const close = open === '[' ? ']' : '}';
      return body.replace(/:("[^"]*"|\d+|true|false)/, `:${open.repeat(depth)}1${close.repeat(depth)}`);
    }
    case 0:
      return body.slice(0, at);
    case 1:
      return body.slice(0, at) + rng.pick(['{', '}', '[', ']', ',', ':', '"', '\\', '\\u', '\\ud800', 'nul', '\u0000', '\ud800']) + body.slice(at);
    case 2:
      return body.replace(/"([A-Za-z]+)":/, '"$1":1,"$1":');
    case 3:
      return rng.pick(['', ' ', 'null', '[]', '1', '"x"', 'true', '{', '{}', '{"a":1}{"b":2}', '\ufeff{}']);
    case 4:
      return `${body} ${rng.pick(['', 'x', '{}', '//c'])}`;
    case 5:
      return body.replace(/"S":"/, '"S":"\\ud800');
    default:
      return body.replace(/"[^"]*"/, '"__proto__"');
  }
}

/** Bytes of a body with invalid UTF-8 spliced in (for the transports that carry bytes). */
export function invalidUtf8(rng: Random, body: string): Uint8Array {
  const bytes = Buffer.from(body, 'utf8');
  const bad = Buffer.from(rng.pick([[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc0, 0xaf], [0x80]]));
  // Inside a string, where a lenient decoder would let it through.
  const quote = bytes.indexOf(0x22, rng.int(bytes.length));
  const at = quote === -1 ? rng.int(bytes.length + 1) : quote + 1;
  return Buffer.concat([bytes.subarray(0, at), bad, bytes.subarray(at)]);
}
